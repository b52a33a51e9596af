//! `llvm.call`'s own verifier: a call names its callee or passes it as its first operand,
//! which must be a pointer. (The direct callee's signature is checked where symbols are
//! looked up, in the diagnostics crate.)

use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use super::types::LType;
use super::{Cx, Op, type_text};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::operand_uses;

pub(super) fn call(op: &Op<'_>, cx: &Cx<'_>) -> Option<Diagnostic> {
    if is_direct(op) {
        return None;
    }
    let uses = operand_uses(op.node);
    let Some(callee) = uses.first() else {
        return Some(op.error("must have either a `callee` attribute or at least an operand"));
    };
    let ty = cx.use_type(callee)?;
    let read = LType::of(&ty);
    (read.llvm_compatible() && !matches!(read, LType::Ptr(_))).then(|| {
        op.error(format!(
            "indirect call expects a pointer as callee: '{}'",
            type_text(&ty)
        ))
    })
}

/// Does the call name its callee (`llvm.call @f(...)`, a generic op's `callee`)?
fn is_direct(op: &Op<'_>) -> bool {
    match ast::CustomOp::cast(op.node.clone()) {
        Some(custom) => matches!(custom.items().next(), Some(CustomOpItem::SymbolRef(_))),
        None => op.has_attr("callee"),
    }
}
