//! `tensor.gather`: its `gather_dims` against the source and the indices, and the result
//! type the gather infers, with or without the gathered dimensions.

use super::{Cx, Op, ranked, tensor_type};
use crate::diagnostic::Diagnostic;
use crate::verifiers::shaped::integer_list;
use mlir_types::{Dim, RankedTensorType, Type, exact};

/// Operands: the source and the indices; one result.
pub(super) fn gather(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let source = ranked(op.operands.first())?;
    let indices = ranked(op.operands.get(1))?;
    let dims = integer_list(op, cx, "gather_dims")?;
    if let Some(message) = dims_failure(&dims, &indices.shape, source.shape.len()) {
        return Some(op.error(format!("gather_{message}")));
    }
    let result = op.results.first()?.as_ref()?;
    let full = inferred(source, indices, &dims, false);
    let reduced = inferred(source, indices, &dims, true);
    if !exact(&full) || !exact(result) || *result == full || *result == reduced {
        return None;
    }
    Some(op.error(format!(
        "result type mismatch: expected '{full}' or its rank-reduced variant '{reduced}' (got: '{result}')"
    )))
}

/// `verifyGatherOrScatterDims` (after the `gather` its messages start with): some
/// dimensions, no more than the source has, as many as the indices' last size, each in
/// range, strictly increasing.
fn dims_failure(dims: &[i64], indices: &[Dim], rank: usize) -> Option<String> {
    if dims.is_empty() {
        return Some("dims must be non-empty".into());
    }
    let count = dims.len();
    if count > rank {
        return Some("dims overflow source rank".into());
    }
    if indices.last() != Some(&Dim::Static(count as i64)) {
        return Some("dims length must match the size of last dimension of indices".into());
    }
    for &dim in dims {
        if dim < 0 {
            return Some("dims value must be non-negative".into());
        }
        if dim >= rank as i64 {
            return Some("dims value must be smaller than source rank".into());
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Some("dims values must be strictly increasing".into());
    }
    None
}

/// `GatherOp::inferResultType`: the indices' leading sizes, then the source's, a gathered
/// dimension as 1 or (rank-reduced) dropped; the source's element type and encoding.
fn inferred(
    source: &RankedTensorType,
    indices: &RankedTensorType,
    dims: &[i64],
    rank_reduced: bool,
) -> Type {
    let mut shape = indices.shape[..indices.shape.len() - 1].to_vec();
    for (i, size) in source.shape.iter().enumerate() {
        if dims.contains(&(i as i64)) {
            if !rank_reduced {
                shape.push(Dim::Static(1));
            }
        } else {
            shape.push(*size);
        }
    }
    tensor_type(shape, &source.element, source.encoding.as_ref())
}
