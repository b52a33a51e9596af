//! `vector.broadcast` (the source's shape must stretch to the result's) and
//! `vector.shuffle` (ranks, trailing sizes and the mask against both operands).

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::VectorType;

use super::{dim_text, element_differs, i64_list, known, vector};

/// The element types first (ODS's trait), then MLIR's `isBroadcastableTo`: a scalar goes
/// anywhere; a vector's trailing dimensions must equal the result's, or be a fixed 1.
pub(super) fn broadcast(op: &Op<'_>) -> Option<Diagnostic> {
    let source = known(op.operands.first())?;
    let result_type = known(op.results.first())?;
    let result = vector(Some(result_type))?;
    if element_differs(source, result_type) {
        return Some(
            op.error("failed to verify that source operand and result have same element type"),
        );
    }
    if source.is_int_or_index_or_float() {
        return None;
    }
    let Some(source) = vector(Some(source)) else {
        return Some(op.error("source type is not a vector"));
    };
    if source.dims.len() > result.dims.len() {
        return Some(op.error("source rank higher than destination rank"));
    }
    let lead = result.dims.len() - source.dims.len();
    let mismatch = source
        .dims
        .iter()
        .zip(&result.dims[lead..])
        // A fixed 1 stretches to any size.
        .find(|(from, to)| (from.scalable || from.size != 1) && from != to)?;
    Some(op.error(format!(
        "dimension mismatch ({} vs. {})",
        dim_text(*mismatch.0),
        dim_text(*mismatch.1)
    )))
}

/// `vector.shuffle %a, %b [mask]`: both operands of one rank and one trailing shape, and
/// a mask of indices into their concatenated leading dimension (`-1` is poison). The
/// custom form infers the result; a generic one writes it, and it must fit.
pub(super) fn shuffle(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let v1 = vector(known(op.operands.first()))?;
    let v2 = vector(known(op.operands.get(1)))?;
    let result = if op.is_generic() {
        vector(known(op.results.first()))
    } else {
        None
    };
    // The custom form's result takes v1's element type.
    let result_element = result.map_or(&v1.element, |r| &r.element);
    for (which, operand) in [("first operand v1", v1), ("second operand v2", v2)] {
        if operand.element != *result_element {
            return Some(op.error(format!(
                "failed to verify that {which} and result have same element type"
            )));
        }
    }
    let mask = i64_list(op, cx, "mask")?;
    shape_failure(v1, v2, result, mask.len())
        .map(str::to_string)
        .or_else(|| mask_failure(v1, v2, &mask))
        .map(|message| op.error(message))
}

/// Ranks and trailing sizes of the operands and the written result.
fn shape_failure(
    v1: &VectorType,
    v2: &VectorType,
    result: Option<&VectorType>,
    mask_len: usize,
) -> Option<&'static str> {
    let rank = v1.dims.len();
    // 0-d operands give a 1-d result.
    let result_rank_differs = result.is_some_and(|r| r.dims.len() != rank.max(1));
    if v2.dims.len() != rank || result_rank_differs {
        return Some("rank mismatch");
    }
    let trailing_differs = (1..rank)
        .any(|r| v1.dims[r] != v2.dims[r] || result.is_some_and(|res| res.dims[r] != v1.dims[r]));
    if trailing_differs {
        return Some("dimension mismatch");
    }
    if mask_len == 0 {
        return Some("invalid mask length");
    }
    let leading = result.and_then(|r| r.dims.first());
    leading
        .is_some_and(|d| d.size != mask_len as i64)
        .then_some("mask length mismatch")
}

/// The first mask index outside both operands' leading dimensions (numbered from 1).
fn mask_failure(v1: &VectorType, v2: &VectorType, mask: &[i64]) -> Option<String> {
    let leading = |v: &VectorType| v.dims.first().map_or(1, |d| d.size);
    let size = leading(v1).saturating_add(leading(v2));
    let (at, _) = mask
        .iter()
        .enumerate()
        .find(|(_, index)| **index != -1 && !(0..size).contains(*index))?;
    Some(format!("mask index #{} out of range", at + 1))
}
