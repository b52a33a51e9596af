//! `memref.load` and `memref.store`: one index per dimension of the memref.

use super::{operand_types, ranked_memref};
use crate::checks::verifiers::Op;
use crate::diagnostics::Diagnostic;

/// Operands: the memref, then its indices.
pub(super) fn load(op: &Op<'_>) -> Option<Diagnostic> {
    let types = operand_types(op)?;
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
    let types = operand_types(op)?;
    let rank = ranked_memref(types.get(1))?.shape.len();
    (types.len() != 2 + rank)
        .then(|| op.error("store index operand count not equal to memref rank"))
}
