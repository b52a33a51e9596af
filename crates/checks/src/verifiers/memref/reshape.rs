//! `memref.reshape`, `memref.expand_shape` and `memref.collapse_shape`: element types and
//! layouts, the shape operand's length, and reassociation groups against both shapes.

use super::{identity_layout, memref_type, ranked_memref};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use crate::verifiers::shaped::{index_list, reassociation, static_size};
use mlir_types::{Layout, MemRefType, Type};
use mlir_types::{exact, surely_differ};

/// Operands: the source and the shape; one result.
pub(super) fn reshape(op: &Op<'_>) -> Option<Diagnostic> {
    let source = op.operands.first()?.as_ref()?;
    let shape = ranked_memref(op.operands.get(1))?;
    let result = op.results.first()?.as_ref()?;
    let (source_element, result_element) = (source.element_type()?, result.element_type()?);
    if source_element != result_element {
        return (exact(source_element) && exact(result_element)).then(|| {
            op.error("element types of source and destination memref types should be the same")
        });
    }
    if let Type::MemRef(source) = source
        && !identity_layout(source)?
    {
        return Some(op.error("source memref type should have identity affine map"));
    }
    let Type::MemRef(result) = result else {
        return None;
    };
    if !identity_layout(result)? {
        return Some(op.error("result memref type should have identity affine map"));
    }
    let length = static_size(shape.shape.first()?);
    match length {
        None => Some(op.error(
            "cannot use shape operand with dynamic length to reshape to statically-ranked memref type",
        )),
        Some(length) if length != result.shape.len() as i64 => {
            Some(op.error("length of shape operand differs from the result's memref rank"))
        }
        Some(_) => None,
    }
}

/// Source and result as ranked memrefs we read exactly, with the reassociation.
fn parts<'a>(
    op: &Op<'a>,
    cx: &mut Cx<'_>,
) -> Option<(&'a MemRefType, &'a MemRefType, Vec<Vec<i64>>)> {
    let source = ranked_memref(op.operands.first())?;
    let result = ranked_memref(op.results.first())?;
    let groups = reassociation(op, cx)?;
    Some((source, result, groups))
}

pub(super) fn expand_shape(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let (source, result, groups) = parts(op, cx)?;
    let (r0, r1) = (source.shape.len(), result.shape.len());
    if r0 > r1 {
        return Some(op.error(format!(
            "has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."
        )));
    }
    if let Some(message) = collapsed_shape_failure(source, result, &groups) {
        return Some(op.error(message));
    }
    // The expected type keeps the source's layout, computed here only for an identity one.
    let expected = same_type_but_shape(source, result)?;
    if let Some(error) = type_mismatch(op, "expanded", &expected, result) {
        return Some(error);
    }
    let output_shape = index_list(op, cx, "static_output_shape")?;
    if output_shape.len() != r1 {
        return Some(op.error(format!(
            "expected number of static shape bounds to be equal to the output rank ({r1}) but found {} inputs instead",
            output_shape.len()
        )));
    }
    let position = result
        .shape
        .iter()
        .zip(&output_shape)
        .position(|(dim, given)| static_size(dim).is_some_and(|size| Some(size) != *given))?;
    Some(op.error(format!("invalid output shape provided at pos {position}")))
}

pub(super) fn collapse_shape(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let (source, result, groups) = parts(op, cx)?;
    let (r0, r1) = (source.shape.len(), result.shape.len());
    if r0 < r1 {
        return Some(op.error(format!(
            "has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."
        )));
    }
    if let Some(message) = collapsed_shape_failure(result, source, &groups) {
        return Some(op.error(message));
    }
    let expected = same_type_but_shape(source, result)?;
    type_mismatch(op, "collapsed", &expected, result)
}

/// The source type with the result's shape, when the source has an identity layout (MLIR
/// computes a strided layout otherwise, which we leave alone).
fn same_type_but_shape(source: &MemRefType, result: &MemRefType) -> Option<Type> {
    if !identity_layout(source)? {
        return None;
    }
    Some(memref_type(&MemRefType {
        shape: result.shape.clone(),
        element: source.element.clone(),
        layout: Layout::Identity,
        memory_space: source.memory_space.clone(),
    }))
}

fn type_mismatch(
    op: &Op<'_>,
    what: &str,
    expected: &Type,
    result: &MemRefType,
) -> Option<Diagnostic> {
    let result = memref_type(result);
    surely_differ(expected, &result).then(|| {
        op.error(format!(
            "expected {what} type to be '{expected}' but found '{result}'"
        ))
    })
}

/// MLIR's check of a collapsed shape against an expanded one through the reassociation
/// groups (one group per collapsed dimension, consecutive in-bounds indices, dynamic
/// sizes matching, static sizes multiplying up).
fn collapsed_shape_failure(
    collapsed: &MemRefType,
    expanded: &MemRefType,
    groups: &[Vec<i64>],
) -> Option<String> {
    let collapsed = &collapsed.shape;
    let expanded = &expanded.shape;
    if collapsed.len() != groups.len() {
        return Some(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        ));
    }
    let mut next = 0i64;
    for (collapsed_dim, group) in groups.iter().enumerate() {
        let mut dynamic = false;
        let mut product = 1i64;
        for &dim in group {
            if dim != next {
                return Some("reassociation indices must be contiguous".to_string());
            }
            next += 1;
            let Some(size) = usize::try_from(dim).ok().and_then(|d| expanded.get(d)) else {
                return Some(format!("reassociation index {dim} is out of bounds"));
            };
            match static_size(size) {
                Some(size) => product = product.saturating_mul(size),
                None => dynamic = true,
            }
        }
        let collapsed_size = static_size(&collapsed[collapsed_dim]);
        if collapsed_size.is_none() != dynamic {
            return Some(format!(
                "collapsed dim ({collapsed_dim}) must be dynamic if and only if reassociation group is dynamic"
            ));
        }
        if let Some(size) = collapsed_size
            && size != product
        {
            return Some(format!(
                "collapsed dim size ({size}) must equal reassociation group size ({product})"
            ));
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|d| static_size(d) != Some(1)) {
            return Some("rank 0 memrefs can only be extended/collapsed with/from ones".into());
        }
    } else if next != expanded.len() as i64 {
        return Some(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        ));
    }
    None
}
