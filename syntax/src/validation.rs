//! Syntax validation (stage 3, after parsing): the errors upstream MLIR's parser reports on
//! builtin attributes and types that are grammatically well formed — typed literals,
//! `dense`/`sparse` elements, dense arrays, affine maps, builtin type rules, the file
//! metadata block, the `quant` dialect's uniform types and the GPU dialect's MMA matrix
//! types — with MLIR's messages and positions (DESIGN §3.4).
//!
//! Every check first requires its node to be complete, so a construct the parser already
//! reported as broken gets no second error, and every check gives up (reports nothing)
//! where upstream's answer would depend on something it cannot see, such as a dialect
//! type or an alias defined in another chunk: an error on valid IR is the worst outcome.
//!
//! A node's errors depend only on its own subtree, the token after it, and the alias
//! definitions at the top level of its `// -----` chunk. So one subtree can be validated
//! alone (`validate_subtree`), which incremental reparsing does for the region it reparsed.

mod affine;
mod context;
mod elements;
mod generic_op;
mod gpu;
mod int;
mod literal;
mod metadata;
mod quant;
mod sparse;
mod ty;
mod types;

#[cfg(test)]
mod tests;

pub(crate) use context::{MAX_ERRORS, split_markers};

use crate::SyntaxKind::{self, *};
use crate::{SyntaxError, SyntaxNode, TextSize};

/// What validating a whole tree found, kept with its parse so that a reparse can redo one
/// region's part: the errors in the order found (tree order, at most `MAX_ERRORS`) and
/// where the `// -----` markers are, which decide the chunk of every alias and alias use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ValidationLog {
    pub(crate) errors: Vec<SyntaxError>,
    pub(crate) markers: Vec<TextSize>,
}

/// Extra syntax errors of a parsed tree, in tree order.
pub fn validate(root: &SyntaxNode) -> Vec<SyntaxError> {
    validate_log(root).errors
}

/// `validate`, also keeping the split markers it found.
pub(crate) fn validate_log(root: &SyntaxNode) -> ValidationLog {
    validate_log_with(root, split_markers(root))
}

/// `validate_log`, given the offsets of the tree's split markers (which the lexer found).
pub(crate) fn validate_log_with(root: &SyntaxNode, markers: Vec<TextSize>) -> ValidationLog {
    let mut cx = context::Context::for_range(root, root.text_range(), markers.clone());
    check_all(&mut cx, root);
    ValidationLog {
        errors: cx.into_errors(),
        markers,
    }
}

/// The errors `validate(root)` reports on the nodes of `node`'s subtree (`node` included),
/// in the same order, as long as neither reaches the error cap. `node` must be a node of
/// the tree of `root`. Finding the split markers walks the whole tree (without checking
/// it); `validate_subtree_with` takes them from an earlier validation instead.
pub fn validate_subtree(root: &SyntaxNode, node: &SyntaxNode) -> Vec<SyntaxError> {
    validate_subtree_with(root, node, split_markers(root))
}

/// `validate_subtree`, given the offsets of the tree's split markers.
pub(crate) fn validate_subtree_with(
    root: &SyntaxNode,
    node: &SyntaxNode,
    markers: Vec<TextSize>,
) -> Vec<SyntaxError> {
    // Only the aliases of the chunks the subtree spans can be used in it.
    let mut cx = context::Context::for_range(root, node.text_range(), markers);
    check_all(&mut cx, node);
    cx.into_errors()
}

/// The errors `validate(root)` reports on the subtrees of `parent`'s child nodes in
/// `children` (indices among all children, tokens included), in order; the file has no
/// split markers. Threads validate parts of one block this way, passing each child node
/// to `visit` once it is validated.
pub(crate) fn validate_children(
    root: &SyntaxNode,
    parent: &SyntaxNode,
    children: std::ops::Range<usize>,
    visit: crate::StatementVisit<'_>,
) -> Vec<SyntaxError> {
    let nodes: Vec<SyntaxNode> = parent
        .children_with_tokens()
        .skip(children.start)
        .take(children.len())
        .filter_map(|c| c.into_node())
        .collect();
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return Vec::new();
    };
    let range = first.text_range().cover(last.text_range());
    let mut cx = context::Context::for_range(root, range, Vec::new());
    for node in &nodes {
        check_all(&mut cx, node);
        visit(&node.green());
    }
    cx.into_errors()
}

/// Is `kind` a node that validation checks, reading its whole subtree? (Never one that
/// holds only tokens: the walk passes over those.)
pub(crate) fn is_checked(kind: SyntaxKind) -> bool {
    check_of(kind).is_some()
}

/// A check of one node.
type Check = fn(&mut context::Context, &SyntaxNode);

/// The check of nodes of kind `kind`, if they have one.
fn check_of(kind: SyntaxKind) -> Option<Check> {
    let check: Check = match kind {
        LITERAL_ATTR => literal::check,
        DENSE_ATTR => elements::check_dense,
        DENSE_RESOURCE_ATTR => elements::check_resource,
        SPARSE_ATTR => sparse::check,
        DENSE_ARRAY_ATTR => literal::check_array,
        AFFINE_MAP_ATTR | AFFINE_SET_ATTR => affine::check,
        VECTOR_TYPE | TENSOR_TYPE | MEMREF_TYPE | COMPLEX_TYPE => types::check,
        FILE_METADATA => metadata::check,
        GENERIC_OP => generic_op::check,
        DIALECT_TYPE => dialect_type,
        _ => return None,
    };
    Some(check)
}

/// Could the check of this green node report anything? Read from green data, so that the
/// millions of untyped literals of a large array (`[1, 2, ...]`) need no cursor each.
fn may_fail(green: &rowan::GreenNodeData) -> bool {
    match crate::green_walk::green_kind(green) {
        // Only a literal with its own `: type` (its last child) is checked.
        LITERAL_ATTR => green
            .children()
            .last()
            .is_some_and(|c| c.as_node().is_some()),
        // Of the dialect types, only those of upstream dialects whose parser is modelled.
        DIALECT_TYPE => {
            dialect_type_named(green, quant::UNIFORM) || dialect_type_named(green, gpu::MMA_MATRIX)
        }
        kind => is_checked(kind),
    }
}

/// The dialect types of upstream dialects whose type parser and verifier are modelled:
/// `!quant.uniform` and `!gpu.mma_matrix`.
fn dialect_type(cx: &mut context::Context, node: &SyntaxNode) {
    quant::check(cx, node);
    gpu::check(cx, node);
}

/// Does this green dialect type start with the name token `name`? Read from green data,
/// so that other dialect types need no cursor.
fn dialect_type_named(green: &rowan::GreenNodeData, name: &str) -> bool {
    green
        .children()
        .next()
        .and_then(|c| c.into_token())
        .is_some_and(|t| t.text() == name)
}

/// Checks `node` and every node under it, in tree order.
fn check_all(cx: &mut context::Context, node: &SyntaxNode) {
    let mut clean = CleanTypes::default();
    crate::green_walk::walk_nodes(node, |mut met| {
        if !may_fail(met.green) {
            return;
        }
        // Where the node starts matters only to tell its chunk, if there are several.
        let chunk = if cx.has_chunks() {
            cx.chunk_of(met.start())
        } else {
            0
        };
        let remembered = clean.read_key(met.green, chunk);
        if remembered && clean.was_clean() {
            return;
        }
        let Some(node) = met.node() else {
            return;
        };
        let Some(check) = check_of(node.kind()) else {
            return;
        };
        let before = cx.error_count();
        check(cx, &node);
        if remembered && cx.error_count() == before && before < MAX_ERRORS {
            clean.remember();
        }
    });
}

/// The builtin types of one walk that were checked and found clean, by their chunk and
/// text. A type's check reads only its own subtree and the aliases of its chunk, so a
/// type written the same way in the same chunk is clean too; IR repeats a few types
/// (`memref<?x?xf32>`) hundreds of thousands of times. Only clean outcomes are
/// remembered, as an error's place depends on where the type stands.
#[derive(Default)]
struct CleanTypes {
    seen: rustc_hash::FxHashSet<Box<[u8]>>,
    /// The key last read: the chunk's number, then the kinds and texts of the subtree.
    key: Vec<u8>,
}

/// Longer types are checked each time: they rarely repeat.
const MAX_TYPE_KEY: usize = 256;
// Bytes that end a token's text and a node in a key: neither occurs in UTF-8 text, and
// kinds (two bytes each) stay below them.
const TEXT_END: u8 = 0xFF;
const NODE_END: u8 = 0xFE;
const _: () = assert!((__LAST as u16) < NODE_END as u16);

impl CleanTypes {
    /// Reads the key of `green` in chunk `chunk`; `false` if such a node is not
    /// remembered (not a builtin type, too long, or holding broken code).
    fn read_key(&mut self, green: &rowan::GreenNodeData, chunk: usize) -> bool {
        let kind = crate::green_walk::green_kind(green);
        if !matches!(kind, VECTOR_TYPE | TENSOR_TYPE | MEMREF_TYPE | COMPLEX_TYPE) {
            return false;
        }
        self.key.clear();
        self.key.extend_from_slice(&(chunk as u64).to_le_bytes());
        self.push_subtree(green)
    }

    fn push_subtree(&mut self, green: &rowan::GreenNodeData) -> bool {
        let kind = crate::green_walk::green_kind(green);
        if kind == ERROR || self.key.len() > MAX_TYPE_KEY {
            return false;
        }
        self.key.extend_from_slice(&(kind as u16).to_le_bytes());
        for child in green.children() {
            match child {
                rowan::NodeOrToken::Node(node) => {
                    if !self.push_subtree(node) {
                        return false;
                    }
                }
                rowan::NodeOrToken::Token(token) => {
                    self.key.extend_from_slice(&token.kind().0.to_le_bytes());
                    self.key.extend_from_slice(token.text().as_bytes());
                    self.key.push(TEXT_END);
                }
            }
        }
        self.key.extend_from_slice(&[NODE_END, NODE_END]);
        true
    }

    fn was_clean(&self) -> bool {
        self.seen.contains(self.key.as_slice())
    }

    fn remember(&mut self) {
        self.seen.insert(self.key.as_slice().into());
    }
}
