//! What name resolution asks of op nodes (hir stage): whether an op is isolated from
//! above, and what kind its regions are, read from the op's name (`known_ops`).

use mlir_syntax::{SyntaxKind::*, SyntaxNode};

pub use mlir_dialects::known_ops::{
    RegionKind, dialect_is_upstream, name_is_isolated, name_is_upstream, name_may_be_isolated,
    name_region_kind, split_dialect,
};
pub use mlir_syntax::op_nodes::{
    declares_symbol, has_own_region, is_op, is_op_kind, op_name, op_name_range, op_name_token,
    op_named,
};

/// Is the op known to be isolated from above?
pub fn is_isolated(node: &SyntaxNode) -> bool {
    is_op(node) && mlir_syntax::green::op_name(&node.green()).is_some_and(name_is_isolated)
}

/// An op that may be isolated although we do not know it: a `*.module` or `*.func` of
/// another dialect. Its names may shadow outer ones; lookups still see outer values.
pub fn may_be_isolated(node: &SyntaxNode) -> bool {
    op_name(node).is_some_and(|name| name_may_be_isolated(&name))
}

/// The kind of the regions of `op`.
pub fn region_kind(op: &SyntaxNode) -> RegionKind {
    op_name(op).map_or(RegionKind::Graph, |name| name_region_kind(&name))
}

/// The kind of the root scope of a body: the file's top level is a graph region.
pub fn body_region_kind(body_op: &SyntaxNode) -> RegionKind {
    if body_op.kind() == SOURCE_FILE {
        RegionKind::Graph
    } else {
        region_kind(body_op)
    }
}

/// Is the op of an upstream dialect (or a default-dialect short name such as `return`)?
/// Ops of other dialects may follow rules we cannot know, so they get no dominance errors.
pub fn is_upstream_op(op: &SyntaxNode) -> bool {
    op_name(op).is_some_and(|name| name_is_upstream(&name))
}
