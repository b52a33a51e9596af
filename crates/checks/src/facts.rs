//! What one walk over a body found (checks stage): the types of value definitions and
//! uses, the blocks of each region with their arguments and last ops, the successor
//! operands of branches, and the ops waiting for their verifiers. `gather` makes them;
//! the checks (`value_types`, `blocks`, `verifiers`) read them.

use mlir_dialects::registry::{OpMatch, OpSpec};
use mlir_hir::ops;
use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};
use mlir_types::Type;
use rustc_hash::FxHashMap;

use crate::diagnostic::Diagnostic;

/// The types of a definition's results, shared between the facts and the memo.
pub(crate) type SharedTypes = std::sync::Arc<[Option<Type>]>;

/// What a value definition says about its types.
pub(crate) struct DefTypes {
    /// One per result the name stands for (`%x:2` has two).
    /// Shared: ops replayed from the memo of op shapes take their types from it.
    pub types: SharedTypes,
    /// Where MLIR's parser binds it: after the op for results, at the name for arguments.
    pub at: TextSize,
}

/// A use of a value with the type its op gives it.
pub(crate) struct TypedUse {
    pub name: u32,
    pub ty: Type,
}

pub(crate) struct RegionFacts {
    /// Where errors about the region go: its op's name.
    pub owner: TextRange,
    /// Must each block end in a terminator even when the region has one block?
    pub needs_terminator: bool,
    /// Does the op's verifier report a region of several blocks or an empty block
    /// (`SingleBlock`, which MLIR checks before the blocks themselves)?
    pub single_block_verified: bool,
    pub blocks: Vec<BlockFacts>,
}

pub(crate) struct BlockFacts {
    /// The name index of the block's label.
    pub label: Option<u32>,
    pub last_op: Option<LastOp>,
}

/// The last op of a block, if it surely is not a terminator.
pub(crate) struct LastOp {
    pub node: SyntaxNode,
    pub range: TextRange,
    /// (Told only where a region's terminators are checked: a region of several blocks,
    /// or of an op that needs them.)
    pub known_non_terminator: bool,
}

impl LastOp {
    /// The op's first line, for messages that show the op. A nested isolated op (another
    /// body, whose text may change without this body being checked again) shows its name.
    pub fn text(&self) -> String {
        if ops::is_isolated(&self.node) {
            let name = ops::op_name(&self.node).unwrap_or_default();
            return format!("\"{name}\"");
        }
        first_line(&self.node.text().to_string())
    }
}

/// The values a branch passes to one of its successors.
pub(crate) struct Branch {
    pub op: TextRange,
    pub successor: usize,
    /// The name index of the `^bb` use.
    pub target: u32,
    pub operands: Vec<Option<Type>>,
}

pub(crate) struct Facts {
    pub body_op: SyntaxNode,
    /// The range of each name of the body, by name index.
    pub name_ranges: Vec<TextRange>,
    /// The result number each name uses (`%x#1`: 1; 0 for all other names).
    pub result_numbers: Vec<u32>,
    /// What each definition says about its types, by name index.
    pub defs: Vec<Option<DefTypes>>,
    pub uses: Vec<TypedUse>,
    /// The argument types of each block, by the name index of its label.
    pub block_args: FxHashMap<u32, Vec<Option<Type>>>,
    pub regions: Vec<RegionFacts>,
    pub branches: Vec<Branch>,
    pub errors: Vec<Diagnostic>,
    /// Ops whose dialect-specific verifiers run once the walk is done.
    pub pending: Vec<PendingOp>,
}

impl Facts {
    /// The text of name `name` (`%x`), for messages.
    pub fn text(&self, name: u32) -> String {
        let range = self.name_ranges[name as usize] - self.body_op.text_range().start();
        self.body_op.text().slice(range).to_string()
    }
}

/// An op waiting for its verifier, with what the body's walk learnt of it.
pub(crate) struct PendingOp {
    pub node: SyntaxNode,
    pub spec: std::sync::Arc<OpSpec>,
    /// How its custom form maps onto its spec; `None` for a generic op, or a custom op
    /// whose syntax did not match (its verifier may report the parse error).
    pub matched: Option<OpMatch>,
    pub operands: Vec<Option<Type>>,
    pub results: Vec<Option<Type>>,
    /// For an op replayed from the memo of op shapes (which keeps no match): where the
    /// names of the region arguments its header declares start.
    pub replayed_region_args: Option<Vec<TextSize>>,
}

/// The regions an op holds itself (not inside its attributes), in order.
pub(crate) fn regions_of(op: &SyntaxNode) -> impl Iterator<Item = ast::Region> + use<> {
    op.children()
        .by_kind(|k| matches!(k, SyntaxKind::REGION | SyntaxKind::REGION_LIST))
        .flat_map(|child| match child.kind() {
            SyntaxKind::REGION => vec![child],
            _ => child
                .children()
                .by_kind(|k| k == SyntaxKind::REGION)
                .collect(),
        })
        .filter_map(ast::Region::cast)
}

/// The first line of an op's text, for messages that show the op.
fn first_line(text: &str) -> String {
    let line = text.trim().lines().next().unwrap_or("");
    // A trailing comment is trivia inside the op's last token's node, not part of the op.
    let code = line.split_once("//").map_or(line, |(code, _)| code);
    code.trim_end().to_string()
}
