//! `vector.insert` and `vector.extract`: the position's length against the ranks, and each
//! constant index within its dimension (`-1` is poison, allowed).

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::VectorType;

use super::{i64_list, known, vector};

/// `vector.insert %v, %dest[pos]`: a vector `%v` fills the dimensions the position leaves.
pub(super) fn insert(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let source = known(op.operands.first())?;
    let dest = vector(known(op.operands.get(1)))?;
    let position = position(op, cx)?;
    let rank_failure = match source.rank() {
        // A 0-d vector is refused otherwise ("expected a scalar instead of a 0-d vector").
        Some(0) => return None,
        Some(rank) if position.len() + rank != dest.dims.len() => {
            Some("expected position attribute rank + source rank to match dest vector rank")
        }
        None if position.len() != dest.dims.len() => {
            Some("expected position attribute rank to match the dest vector rank")
        }
        _ => None,
    };
    if let Some(message) = rank_failure {
        return Some(op.error(message));
    }
    let at = out_of_range(&position, dest)?;
    Some(op.error(format!(
        "expected position attribute #{at} to be a non-negative integer smaller than the corresponding dest vector dimension"
    )))
}

/// `vector.extract %v[pos]`.
pub(super) fn extract(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let source = vector(known(op.operands.first()))?;
    let position = position(op, cx)?;
    if position.len() > source.dims.len() {
        return Some(op.error("expected position attribute of rank no greater than vector rank"));
    }
    let at = out_of_range(&position, source)?;
    Some(op.error(format!(
        "expected position attribute #{at} to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)"
    )))
}

/// The position: a constant index, or `None` for an SSA value. A generic op's
/// `static_position` marks those with `ShapedType::kDynamic` (`i64::MIN`).
fn position(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Vec<Option<i64>>> {
    if op.matched.is_some() {
        return crate::verifiers::shaped::index_list(op, cx, "static_position");
    }
    let list = i64_list(op, cx, "static_position")?;
    Some(
        list.into_iter()
            .map(|index| (index != i64::MIN).then_some(index))
            .collect(),
    )
}

/// The number (from 1) of the first constant index outside its dimension.
fn out_of_range(position: &[Option<i64>], vector: &VectorType) -> Option<usize> {
    let at = position
        .iter()
        .zip(&vector.dims)
        .position(|(index, dim)| index.is_some_and(|i| i != -1 && !(0..dim.size).contains(&i)))?;
    Some(at + 1)
}
