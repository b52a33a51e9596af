//! `memref.reinterpret_cast` (the offset/size/stride lists against each other and against
//! the result type) and `memref.transpose` (its permutation).

use super::{memory_spaces_differ, ranked_memref};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use crate::verifiers::shaped::{dim_text, index_list, offset_size_stride_failure, static_size};
use mlir_dialects::registry::AttrValue;
use mlir_types::surely_differ;
use mlir_types::{Dim, Layout, MemRefType, Type};

pub(super) fn reinterpret_cast(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let offsets = index_list(op, cx, "static_offsets")?;
    let sizes = index_list(op, cx, "static_sizes")?;
    let strides = index_list(op, cx, "static_strides")?;
    let result = ranked_memref(op.results.first())?;
    // One offset, and as many sizes and strides as the result has dimensions.
    let rank = result.shape.len();
    if let Some(message) = offset_size_stride_failure(&offsets, &sizes, &strides, [1, rank, rank]) {
        return Some(op.plain_error(message));
    }
    let source = op.operands.first()?.as_ref()?;
    let result_type = op.results.first()?.as_ref()?;
    if let Some(message) = source_mismatch(source, result, result_type) {
        return Some(op.plain_error(message));
    }
    result_type_failure(result, offsets[0], &sizes, &strides).map(|m| op.plain_error(m))
}

/// The source and result must share memory space and element type.
fn source_mismatch(source: &Type, result: &MemRefType, result_type: &Type) -> Option<String> {
    let (space, element) = match source {
        Type::MemRef(m) => (&m.memory_space, &m.element),
        Type::UnrankedMemRef(m) => (&m.memory_space, &m.element),
        _ => return None,
    };
    let what = if memory_spaces_differ(space, &result.memory_space) {
        "memory spaces"
    } else if surely_differ(element, &result.element) {
        "element types"
    } else {
        return None;
    };
    Some(format!(
        "different {what} specified for source type '{source}' and result memref type '{result_type}'"
    ))
}

/// The result type's sizes, offset and strides against the static values of the lists.
fn result_type_failure(
    result: &MemRefType,
    offset: Option<i64>,
    sizes: &[Option<i64>],
    strides: &[Option<i64>],
) -> Option<String> {
    for (i, (dim, expected)) in result.shape.iter().zip(sizes).enumerate() {
        if let Some(size) = static_size(dim)
            && Some(size) != *expected
        {
            return Some(format!(
                "expected result type with size = {} instead of {size} in dim = {i}",
                dim_text(*expected)
            ));
        }
    }
    let (result_strides, result_offset) = strides_and_offset(result)?;
    if let Some(actual) = static_size(&result_offset)
        && Some(actual) != offset
    {
        return Some(format!(
            "expected result type with offset = {} instead of {actual}",
            dim_text(offset)
        ));
    }
    for (i, (stride, expected)) in result_strides.iter().zip(strides).enumerate() {
        if let Some(actual) = static_size(stride)
            && Some(actual) != *expected
        {
            return Some(format!(
                "expected result type with stride = {} instead of {actual} in dim = {i}",
                dim_text(*expected)
            ));
        }
    }
    None
}

/// The strides and offset of a memref with an identity or strided layout (affine-map
/// layouts would need MLIR's map analysis, and are left alone).
fn strides_and_offset(memref: &MemRefType) -> Option<(Vec<Dim>, Dim)> {
    match &memref.layout {
        Layout::Strided(layout) => Some((layout.strides.clone(), layout.offset)),
        Layout::Identity => {
            let mut strides = vec![Dim::Static(1); memref.shape.len()];
            let mut running = Dim::Static(1);
            for (i, dim) in memref.shape.iter().enumerate().rev() {
                strides[i] = running;
                running = match (running, dim) {
                    (Dim::Static(a), Dim::Static(b)) => Dim::Static(a.checked_mul(*b)?),
                    _ => Dim::Dynamic,
                };
            }
            Some((strides, Dim::Static(0)))
        }
        Layout::AffineMap(_) | Layout::Other(_) => None,
    }
}

pub(super) fn transpose(op: &Op<'_>) -> Option<Diagnostic> {
    let AttrValue::Elements(parts) = &op.matched?.attribute("permutation")?.value else {
        return None;
    };
    let [dims, results] = parts.as_slice() else {
        return None;
    };
    let dims = names_in_parens(&dims.text().to_string())?;
    let results = names_in_parens(&results.text().to_string())?;
    // Only plain dimension names: an expression may simplify to one, and an unknown name
    // is a parse error.
    if dims.iter().chain(&results).any(|n| !is_identifier(n)) {
        return None;
    }
    if results.iter().any(|r| !dims.contains(r)) {
        return None;
    }
    let mut distinct = results.clone();
    distinct.sort();
    distinct.dedup();
    if dims.len() != results.len() || distinct.len() != results.len() {
        return Some(op.error("expected a permutation map"));
    }
    let input = ranked_memref(op.operands.first())?;
    (dims.len() != input.shape.len())
        .then(|| op.error("expected a permutation map of same rank as the input"))
}

/// The comma-separated entries of `(a, b)`, trimmed.
fn names_in_parens(text: &str) -> Option<Vec<String>> {
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    if inner.is_empty() {
        return Some(Vec::new());
    }
    Some(inner.split(',').map(|s| s.trim().to_string()).collect())
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}
