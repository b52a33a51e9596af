//! `tensor.extract` and `tensor.insert`: one index per dimension of the tensor.

use super::{Op, ranked};
use crate::diagnostic::Diagnostic;

/// Operands: the tensor, then its indices.
pub(super) fn extract(op: &Op<'_>) -> Option<Diagnostic> {
    let types = op.operand_types()?;
    let rank = ranked(types.first())?.shape.len();
    (types.len() - 1 != rank).then(|| op.error("incorrect number of indices for extract_element"))
}

/// Operands: the scalar, the destination, then its indices.
pub(super) fn insert(op: &Op<'_>) -> Option<Diagnostic> {
    let types = op.operand_types()?;
    let rank = ranked(types.get(1))?.shape.len();
    (types.len() - 2 != rank).then(|| op.error("incorrect number of indices"))
}
