//! `tensor.reshape` (element types, element counts, the shape operand's length) and
//! `tensor.expand_shape`/`tensor.collapse_shape` (the output shape list, and the
//! reassociation groups against both shapes, as `verifyReshapeLikeTypes` checks them).

use super::{Cx, Op, ranked, tensor_type};
use crate::diagnostic::Diagnostic;
use crate::verifiers::shaped::{index_list, reassociation};
use mlir_types::{Dim, RankedTensorType, Type, exact};

/// Operands: the source and the shape; one result.
pub(super) fn reshape(op: &Op<'_>) -> Option<Diagnostic> {
    let source = op.operands.first()?.as_ref()?;
    let shape = ranked(op.operands.get(1))?;
    let result = op.results.first()?.as_ref()?;
    let (source_element, result_element) = (source.element_type()?, result.element_type()?);
    if source_element != result_element {
        return (exact(source_element) && exact(result_element)).then(|| {
            op.error("element types of source and destination tensor types should be the same")
        });
    }
    // Only a ranked result is checked further.
    let Type::RankedTensor(result) = result else {
        return None;
    };
    if let Type::RankedTensor(source) = source
        && let (Some(a), Some(b)) = (element_count(source), element_count(result))
        && a != b
    {
        return Some(
            op.error("source and destination tensor should have the same number of elements"),
        );
    }
    match *shape.shape.first()? {
        Dim::Dynamic => Some(op.error(
            "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type",
        )),
        Dim::Static(length) if length != result.shape.len() as i64 => {
            Some(op.error("length of shape operand differs from the result's tensor rank"))
        }
        Dim::Static(_) => None,
    }
}

/// The number of elements of a static shape (`None` when dynamic, or past `i64`).
fn element_count(tensor: &RankedTensorType) -> Option<i64> {
    tensor.shape.iter().try_fold(1i64, |count, dim| match dim {
        Dim::Static(size) => count.checked_mul(*size),
        Dim::Dynamic => None,
    })
}

pub(super) fn expand_shape(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let source = ranked(op.operands.first())?;
    let result = ranked(op.results.first())?;
    let output_shape = index_list(op, cx, "static_output_shape")?;
    let rank = result.shape.len();
    if output_shape.len() != rank {
        return Some(op.error(format!(
            "expected number of static shape dims to be equal to the output rank ({rank}) but found {} inputs instead",
            output_shape.len()
        )));
    }
    let groups = reassociation(op, cx)?;
    reshape_failure(op, result, source, &groups)
}

pub(super) fn collapse_shape(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let source = ranked(op.operands.first())?;
    let result = ranked(op.results.first())?;
    let groups = reassociation(op, cx)?;
    reshape_failure(op, source, result, &groups)
}

/// `verifyTensorReshapeOp`: the ranks, the groups (one per collapsed dimension, together
/// the expanded dimensions in order), each collapsed size against its group's, and the
/// collapsed type against the one the groups infer from the expanded type.
fn reshape_failure(
    op: &Op<'_>,
    expanded: &RankedTensorType,
    collapsed: &RankedTensorType,
    groups: &[Vec<i64>],
) -> Option<Diagnostic> {
    let print = |tensor: &RankedTensorType| {
        tensor_type(
            tensor.shape.clone(),
            &tensor.element,
            tensor.encoding.as_ref(),
        )
    };
    let (expanded_type, collapsed_type) = (print(expanded), print(collapsed));
    let (e, c) = (expanded.shape.len(), collapsed.shape.len());
    if e < c {
        return (exact(&expanded_type) && exact(&collapsed_type)).then(|| {
            op.error(format!(
                "expected the expanded type, '{expanded_type}' to have a higher (or same) rank than the collapsed type, '{collapsed_type}'."
            ))
        });
    }
    if c != groups.len() {
        return Some(op.error(format!(
            "expected collapsed rank ({c}) to equal the number of reassociation maps ({}).",
            groups.len()
        )));
    }
    // MLIR builds one affine map a group, all with as many dimensions as the largest
    // index says; an empty group or a negative index breaks that (assertions), so we
    // leave such groups alone.
    if groups
        .iter()
        .any(|g| g.is_empty() || g.iter().any(|i| *i < 0))
    {
        return None;
    }
    if let Some(largest) = groups.iter().flatten().max() {
        let dims = largest + 1;
        if dims != e as i64 {
            return Some(op.error(format!(
                "expected reassociation map #0 to have size equal to the expanded rank ({e}), but it is  {dims}."
            )));
        }
    }
    if let Some(invalid) = invalid_group(groups, e) {
        return Some(op.error(format!(
            "expected reassociation map #{invalid} to be valid and contiguous."
        )));
    }
    if let Some(message) = incompatible_sizes(&collapsed.shape, &expanded.shape, groups) {
        return Some(op.error(message));
    }
    // Sizes now agree: the inferred type differs only by its element type (encodings
    // are not compared).
    if expanded.element == collapsed.element || !exact(&expanded.element) || !exact(&collapsed_type)
    {
        return None;
    }
    let expected = tensor_type(collapsed.shape.clone(), &expanded.element, None);
    Some(op.error(format!(
        "expected collapsed type to be '{expected}', but got '{collapsed_type}'"
    )))
}

/// `isReassociationValid`: the index of the first group that does not continue the
/// expanded dimensions in order, or the last one when they do not reach `rank`.
fn invalid_group(groups: &[Vec<i64>], rank: usize) -> Option<usize> {
    let mut next = 0i64;
    for (index, group) in groups.iter().enumerate() {
        for &dim in group {
            if dim != next {
                return Some(index);
            }
            next += 1;
        }
    }
    (!groups.is_empty() && next != rank as i64).then(|| groups.len() - 1)
}

/// `reshapeLikeShapesAreCompatible`: a collapsed size is dynamic where its group holds a
/// dynamic size, else the product of the group's sizes.
fn incompatible_sizes(collapsed: &[Dim], expanded: &[Dim], groups: &[Vec<i64>]) -> Option<String> {
    let mut start = 0;
    for (i, group) in groups.iter().enumerate() {
        let band = expanded.get(start..start + group.len())?;
        start += group.len();
        let mut product = Some(1i64);
        for dim in band {
            product = match (product, dim) {
                (Some(p), Dim::Static(size)) => Some(p.checked_mul(*size)?),
                _ => None,
            };
        }
        match (product, collapsed[i]) {
            (None, Dim::Static(_)) => {
                return Some(format!(
                    "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                ));
            }
            (Some(product), size) if size != Dim::Static(product) => {
                return Some(format!(
                    "expected dimension {i} of collapsed type to be static value of {product}"
                ));
            }
            _ => {}
        }
    }
    None
}
