//! `memref.load`, `memref.store`, `memref.prefetch` and `memref.atomic_rmw`: one index
//! per dimension of the memref, and the value type an atomic kind needs.

use super::ranked_memref;
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::Op;
use mlir_dialects::registry::AttrValue;
use mlir_types::Type;

/// Operands: the memref, then its indices.
pub(super) fn load(op: &Op<'_>) -> Option<Diagnostic> {
    let types = op.operand_types()?;
    let rank = ranked_memref(types.first())?.shape.len();
    let indices = types.len() - 1;
    (indices != rank).then(|| {
        op.error(format!(
            "incorrect number of indices for load, expected {rank} but got {indices}"
        ))
    })
}

/// Operands: the value, the memref, then its indices.
pub(super) fn store(op: &Op<'_>) -> Option<Diagnostic> {
    let types = op.operand_types()?;
    let rank = ranked_memref(types.get(1))?.shape.len();
    (types.len() != 2 + rank)
        .then(|| op.error("store index operand count not equal to memref rank"))
}

/// Operands: the memref, then its indices.
pub(super) fn prefetch(op: &Op<'_>) -> Option<Diagnostic> {
    let types = op.operand_types()?;
    let rank = ranked_memref(types.first())?.shape.len();
    (types.len() != 1 + rank).then(|| op.error("too few indices"))
}

/// Operands: the value, the memref, then its indices; the kind decides the value type.
pub(super) fn atomic_rmw(op: &Op<'_>) -> Option<Diagnostic> {
    let types = op.operand_types()?;
    let rank = ranked_memref(types.get(1))?.shape.len();
    if types.len() - 2 != rank {
        return Some(op.error("expects the number of subscripts to be equal to memref rank"));
    }
    let AttrValue::Keyword(kind) = &op.matched?.attribute("kind")?.value else {
        return None;
    };
    let value = types.first()?.as_ref()?;
    let (wants, matches) = match kind.as_str() {
        "addf" | "maximumf" | "minimumf" | "mulf" => ("a floating-point", value.is_float()),
        "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "xori" | "andi" => {
            ("an integer", value.is_integer())
        }
        _ => return None,
    };
    let known = !matches!(value, Type::Error);
    (known && !matches).then(|| op.error(format!("with kind '{kind}' expects {wants} type")))
}
