//! Reading op nodes of the tree: whether a node is an op, its name, and where MLIR reports
//! it. Every stage after the parser asks these of ops, so they read the tree as cheaply
//! as they can (no allocation for the name token).

use crate::{SyntaxKind::*, SyntaxNode, SyntaxToken};

/// Is this node an operation (generic or custom form)?
pub fn is_op(node: &SyntaxNode) -> bool {
    is_op_kind(node.kind())
}

/// Is a node of this kind an op?
pub fn is_op_kind(kind: crate::SyntaxKind) -> bool {
    matches!(kind, GENERIC_OP | CUSTOM_OP)
}

/// The op name without quotes: `func.func`, `arith.addi`.
pub fn op_name(op: &SyntaxNode) -> Option<String> {
    // Read from the green node: formatting the name node's text would walk its tokens
    // through `fmt`, and the file checks ask this of every op that holds a region.
    crate::green::op_name(&op.green()).map(str::to_string)
}

/// The token that names an op (`OP_NAME`'s bare-id, or the generic op's string), found
/// without allocating: checks run on every op of million-line files.
pub fn op_name_token(op: &SyntaxNode) -> Option<SyntaxToken> {
    match op.kind() {
        CUSTOM_OP => op.first_child_by_kind(&|k| k == OP_NAME)?.first_token(),
        GENERIC_OP => op
            .first_child_or_token_by_kind(&|k| k == STRING)?
            .into_token(),
        _ => None,
    }
}

/// Where MLIR reports an op: its name (the whole op if it has none).
pub fn op_name_range(op: &SyntaxNode) -> crate::TextRange {
    op_name_token(op).map_or(op.text_range(), |t| t.text_range())
}

/// Is `op` named one of `names`?
pub fn op_named(op: &SyntaxNode, names: &[&str]) -> bool {
    crate::green::op_name(&op.green()).is_some_and(|name| names.contains(&name))
}

/// Does the op have a region of its own (not only inside its attributes)?
pub fn has_own_region(op: &SyntaxNode) -> bool {
    op.children()
        .any(|c| c.kind() == REGION || c.kind() == REGION_LIST)
}

/// Does a custom op name a symbol of its own before any operand (`vm.import @f(...)`),
/// like a declaration or definition does?
pub fn declares_symbol(op: &SyntaxNode) -> bool {
    for child in op.children() {
        match child.kind() {
            SYMBOL_REF => return true,
            PAREN_GROUP | VALUE_USE | REGION => return false,
            _ => {}
        }
    }
    false
}
