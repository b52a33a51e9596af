//! Bodies (stage: semantic model). A body is one isolated-from-above op (a function, a
//! module, or a file chunk's top level) seen without the isolated ops nested in it. Its
//! value and block names are listed in walk order, each with what it is (definition, use,
//! maybe-definition), its scope and its position among the ops of its block — and no text
//! offsets, so a body is equal after an edit elsewhere in the file (DESIGN §3.5).

use mlir_syntax::green_walk::Children;
use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, WalkEvent};
use rowan::{GreenNodeData, NodeOrToken};

use mlir_syntax::green::{kind_of_raw, node_kind};

use super::ops::{self, RegionKind};

/// What a name token does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// `%x` in a result list or a block argument.
    ValueDef,
    /// A region entry argument written before the region: `%i` in `scf.for %i = ...`.
    EntryArgDef,
    /// A value a custom op writes where it could be an argument declaration (`%a : i32`):
    /// a use if the name is visible, else a definition for the op's regions.
    DefOrUse,
    ValueUse,
    BlockDef,
    BlockUse,
}

/// One `%name` or `^name` token of a body.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Name {
    /// Where the name's text (`%x`, `^bb1`) is in `Body::texts`. Copying the few bytes
    /// of a name costs less than sharing the tree's token: its count would be updated
    /// atomically, on a line the other threads' bodies update too.
    pub text_start: u32,
    pub text_len: u32,
    pub kind: NameKind,
    /// The scope the name is defined in (defs) or looked up from (uses).
    pub scope: u32,
    /// `%x:2` defines 2 results (1 otherwise).
    pub result_count: u32,
    /// `%x#1` uses result 1.
    pub result_index: Option<u32>,
    /// When the definition takes effect, in name indices: an op's results count as defined
    /// after everything inside the op (MLIR binds them once the op is parsed).
    pub def_order: u32,
    /// The index of the innermost block around the name in its region.
    pub block: u32,
    /// The op (in walk order) this name belongs to, for dominance and messages; `u32::MAX`
    /// for block arguments and names of the body op itself.
    pub op: u32,
}

/// A region (or an op's header, holding its entry arguments) and what encloses it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scope {
    pub parent: Option<u32>,
    /// Whether uses in this region must be dominated by their definitions.
    pub kind: RegionKind,
    /// The header of an op that may be isolated from above although we cannot know it
    /// (an unknown `*.module`, `*.func`): names inside may shadow outer ones.
    pub opaque: bool,
    /// An op header whose names the op's regions may define again.
    pub shadowable: bool,
}

/// An op of the body: where it stands, for dominance checks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Op {
    /// The scope of the region the op is in.
    pub scope: u32,
    /// The block of that region (0 = entry), and the op's index in it.
    pub block: u32,
    pub index: u32,
    /// The enclosing op in the same body, if any.
    pub parent: Option<u32>,
    /// Of an upstream dialect: only such ops get dominance errors.
    pub upstream: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Body {
    pub scopes: Vec<Scope>,
    pub names: Vec<Name>,
    pub ops: Vec<Op>,
    /// The texts of the names, one after another.
    pub texts: String,
    /// The dialects of the body's ops that are not upstream ones, sorted: the IRDL
    /// dialects that matter to the body are among them.
    pub dialects: Vec<String>,
}

impl Body {
    /// The text of a name of this body.
    pub fn text(&self, name: &Name) -> &str {
        let start = name.text_start as usize;
        &self.texts[start..start + name.text_len as usize]
    }
}

/// Nodes whose names are not the body's: broken code (`ERROR`, which gets no name errors
/// on top of its syntax error), and types, attributes (but for dictionaries, whose
/// entries may hold broken code) and locations, which hold no `%` or `^` names in valid
/// IR. Skipping them also spares the walks most of the tree.
pub fn holds_no_names(kind: mlir_syntax::SyntaxKind) -> bool {
    kind == ERROR
        || kind.is_type_node()
        || kind.is_location_node()
        || kind.is_attribute_node() && !matches!(kind, ATTR_DICT | ATTR_ENTRY)
}

/// The name tokens of a body in walk order: what `Body::names` indexes. Nested isolated
/// ops are skipped whole.
pub fn name_tokens(body_op: &SyntaxNode) -> Vec<SyntaxToken> {
    let mut out = Vec::new();
    let mut walk = body_op.preorder_with_tokens();
    while let Some(event) = walk.next() {
        let WalkEvent::Enter(element) = event else {
            continue;
        };
        match element {
            NodeOrToken::Node(node) => {
                if node != *body_op && ops::is_isolated(&node) || holds_no_names(node.kind()) {
                    walk.skip_subtree();
                }
            }
            NodeOrToken::Token(token) => {
                if matches!(token.kind(), VALUE_ID | CARET_ID) {
                    out.push(token);
                }
            }
        }
    }
    out
}

/// Where each name of a body is (the ranges of `name_tokens`, in the same order) and the
/// result number it uses (`%x#1`: 1, else 0), read from green nodes without cursors.
pub fn name_ranges(body_op: &SyntaxNode) -> Vec<(TextRange, u32)> {
    let green = body_op.green();
    let mut out = Vec::new();
    let mut stack = vec![Children::new(&green, body_op.text_range().start())];
    while let Some(top) = stack.last_mut() {
        let Some((child, at)) = top.next_child() else {
            stack.pop();
            continue;
        };
        match child {
            NodeOrToken::Node(node) => {
                let kind = node_kind(node);
                let isolated = matches!(kind, GENERIC_OP | CUSTOM_OP)
                    && mlir_syntax::green::op_name(node).is_some_and(ops::name_is_isolated);
                if !isolated && !holds_no_names(kind) {
                    stack.push(Children::new(node, at));
                }
            }
            NodeOrToken::Token(token) => {
                let kind = kind_of_raw(token.kind());
                if matches!(kind, VALUE_ID | CARET_ID) {
                    let result = if kind == VALUE_ID {
                        result_number(top.green)
                    } else {
                        0
                    };
                    out.push((TextRange::at(at, token.text_len()), result));
                }
            }
        }
    }
    out
}

/// The `N` of the `#N` of a `VALUE_USE` node (0 for other nodes and for no `#N`).
fn result_number(parent: &GreenNodeData) -> u32 {
    if node_kind(parent) != VALUE_USE {
        return 0;
    }
    parent
        .children()
        .filter_map(|c| c.into_token())
        .find(|t| kind_of_raw(t.kind()) == HASH_ID)
        .and_then(|t| t.text()[1..].parse().ok())
        .unwrap_or(0)
}
