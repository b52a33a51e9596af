//! `sparse<indices, values> : type` (B-A11): both literals, the type, the elements of each
//! literal (indices as `i64`), then upstream's SparseElementsAttr verifier: 1-d values,
//! matching shapes, and every index inside the type's shape.

use rowan::TextRange;

use super::context::{Context, first_element_range, significant_children, token_of};
use super::elements::{
    ElementsLiteral, Unread, angle_body, elements_error, literal_type, read_literal,
};
use super::literal::Signed;
use super::ty::{Shaped, ShapedKind, Sign, Ty, trailing_type, type_of};
use crate::SyntaxKind::*;
use crate::{SyntaxElement, SyntaxError, SyntaxNode};

/// Checks one SPARSE_ATTR node.
pub(super) fn check(cx: &mut Context, node: &SyntaxNode) {
    if let Some(error) = sparse_error(cx, node) {
        cx.push(error);
    }
}

/// The two literals of a sparse attribute, with where each starts.
struct Literals {
    indices: ElementsLiteral,
    indices_at: TextRange,
    values: ElementsLiteral,
    values_at: TextRange,
}

fn sparse_error(cx: &Context, node: &SyntaxNode) -> Option<SyntaxError> {
    let children = significant_children(node);
    let loc = token_of(children.first()?, BARE_ID)?.text_range();
    let literals = match read_literals(angle_body(&children)?) {
        Ok(literals) => literals,
        Err(Unread::Error(error)) => return Some(error),
        Err(Unread::Broken) => return None,
    };
    let ty = type_of(cx, &trailing_type(node)?)?;
    match literal_type(&ty, loc) {
        Ok(shaped) => literals_error(&literals?, shaped, loc),
        Err(error) => error,
    }
}

/// The indices as an `i64` tensor, the values as a 1-d tensor of the element type, then
/// the attribute's verifier.
fn literals_error(literals: &Literals, ty: &Shaped, loc: TextRange) -> Option<SyntaxError> {
    let i64_ = Ty::Int(64, Sign::Signless);
    let indices_ty = tensor(indices_shape(&literals.indices, ty)?, i64_);
    if let Some(error) = elements_error(&literals.indices, &indices_ty, literals.indices_at) {
        return Some(error);
    }
    let values_shape = values_shape(&literals.values, &indices_ty)?;
    let values_ty = tensor(values_shape, (*ty.elem).clone());
    if let Some(error) = elements_error(&literals.values, &values_ty, literals.values_at) {
        return Some(error);
    }
    let message = verify(&literals.indices, &indices_ty, &values_ty, ty)?;
    Some(SyntaxError::new(message, loc))
}

/// Splits `indices, values` at the comma between them; `None` for `sparse<>`.
fn read_literals(body: &[SyntaxElement]) -> Result<Option<Literals>, Unread> {
    if body.is_empty() {
        return Ok(None);
    }
    let comma = body
        .iter()
        .position(|e| e.kind() == COMMA)
        .ok_or(Unread::Broken)?;
    let (indices, values) = (&body[..comma], &body[comma + 1..]);
    let indices_at = first_element_range(indices).ok_or(Unread::Broken)?;
    let values_at = first_element_range(values).ok_or(Unread::Broken)?;
    Ok(Some(Literals {
        indices: read_literal(indices, false)?,
        indices_at,
        values: read_literal(values, true)?,
        values_at,
    }))
}

fn tensor(dims: Vec<u64>, elem: Ty) -> Shaped {
    Shaped {
        kind: ShapedKind::Tensor,
        dims: Some(dims.into_iter().map(|d| d as i64).collect()),
        scalable: Vec::new(),
        elem: Box::new(elem),
        attrs: Vec::new(),
    }
}

fn dims_of(ty: &Shaped) -> Vec<u64> {
    ty.dims.iter().flatten().map(|&d| d as u64).collect()
}

/// A splat index stands for one index of the type's rank.
fn indices_shape(indices: &ElementsLiteral, ty: &Shaped) -> Option<Vec<u64>> {
    if indices.shape.is_empty() {
        return Some(vec![1, ty.dims.as_ref()?.len() as u64]);
    }
    Some(indices.shape.clone())
}

/// Splat values stand for one value per index.
fn values_shape(values: &ElementsLiteral, indices_ty: &Shaped) -> Option<Vec<u64>> {
    if values.shape.is_empty() {
        return Some(vec![*dims_of(indices_ty).first()?]);
    }
    Some(values.shape.clone())
}

/// Upstream's SparseElementsAttr::verify, reported at `sparse`.
fn verify(
    indices: &ElementsLiteral,
    indices_ty: &Shaped,
    values_ty: &Shaped,
    ty: &Shaped,
) -> Option<String> {
    let (index_dims, value_dims, dims) = (dims_of(indices_ty), dims_of(values_ty), dims_of(ty));
    if value_dims.len() != 1 {
        return Some("expected 1-d tensor for sparse element values".into());
    }
    let rank = dims.len() as u64;
    let shapes_agree = match index_dims.as_slice() {
        [count, width] => *width == rank && *count == value_dims[0],
        [count] => rank == 1 && *count == value_dims[0],
        _ => false,
    };
    if !shapes_agree {
        let (t, i, v) = (join(&dims), join(&index_dims), join(&value_dims));
        return Some(format!(
            "expected shape ([{t}]); inferred shape of indices literal ([{i}]); inferred shape of values literal ([{v}])"
        ));
    }
    index_error(indices, index_dims[0], &dims, ty)
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first index outside the shape. Upstream reads indices as unsigned 64-bit values;
/// a splat index stands for `[v, v, ...]`.
fn index_error(indices: &ElementsLiteral, count: u64, dims: &[u64], ty: &Shaped) -> Option<String> {
    let values: Vec<u64> = indices
        .storage
        .iter()
        .map(index_value)
        .collect::<Option<_>>()?;
    let rank = dims.len();
    let all: Vec<Vec<u64>> = if indices.shape.is_empty() {
        vec![vec![*values.first()?; rank]]
    } else if rank == 0 {
        Vec::new()
    } else {
        values
            .chunks(rank)
            .take(usize::try_from(count).ok()?)
            .map(<[u64]>::to_vec)
            .collect()
    };
    let outside = |index: &Vec<u64>| index.iter().zip(dims).any(|(x, d)| x >= d);
    let (i, index) = all.iter().enumerate().find(|(_, index)| outside(index))?;
    let ty = Ty::Shaped(ty.clone()).print();
    Some(format!(
        "sparse index #{i} is not contained within the value shape, with index=[{}], and type='{ty}'",
        join(index)
    ))
}

/// An index element as upstream's `getValues<uint64_t>` sees it (negatives wrap).
fn index_value(e: &Signed) -> Option<u64> {
    let text = e.token.text();
    let value = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok()?,
        None => text.parse::<u64>().ok()?,
    };
    Some(if e.negative {
        value.wrapping_neg()
    } else {
        value
    })
}
