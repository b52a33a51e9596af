//! Syntax validation (stage 3, after parsing): the errors upstream MLIR's parser reports on
//! builtin attributes and types that are grammatically well formed — typed literals,
//! `dense`/`sparse` elements, dense arrays, affine maps, builtin type rules and the file
//! metadata block — with MLIR's messages and positions (DESIGN §3.4).
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
mod int;
mod literal;
mod metadata;
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
/// split markers. Threads validate parts of one block this way.
pub(crate) fn validate_children(
    root: &SyntaxNode,
    parent: &SyntaxNode,
    children: std::ops::Range<usize>,
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
    }
    cx.into_errors()
}

/// Is `kind` a node that validation checks, reading its whole subtree?
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
        kind => is_checked(kind),
    }
}

/// Checks `node` and every node under it, in tree order.
fn check_all(cx: &mut context::Context, node: &SyntaxNode) {
    let checked = crate::green_walk::find_nodes(node, may_fail);
    for node in checked {
        if let Some(check) = check_of(node.kind()) {
            check(cx, &node);
        }
    }
}
