//! Affine loads and stores: the value's type against the memref's element type, and in
//! generic form the map against the memref's rank and the subscripts.

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::{Type, exact};

use super::{generic_map, trailing_types};

/// A generic `affine.load`: its result is the element, at as many subscripts as the map
/// has inputs.
pub(super) fn load(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if !op.is_generic() {
        return None;
    }
    let memref = known_memref(op.operands.first())?;
    let result = known(op.results.first())?;
    if Some(result) != memref.element_type() {
        return Some(op.error("result type must match element type of memref"));
    }
    indexing_failure(op, cx, memref, op.operand_count()?.checked_sub(1)?)
}

/// A generic `affine.store %value, %memref[...]`.
pub(super) fn store(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if !op.is_generic() {
        return None;
    }
    let value = known(op.operands.first())?;
    let memref = known_memref(op.operands.get(1))?;
    if Some(value) != memref.element_type() {
        return Some(op.error("value to store must have the same type as memref element type"));
    }
    indexing_failure(op, cx, memref, op.operand_count()?.checked_sub(2)?)
}

/// `affine.vector_load %m[...] : memref-type, vector-type` (and `vector_store`): the
/// vector holds the memref's elements.
pub(super) fn vector_access(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let types = trailing_types(op, cx)?;
    let [memref, Type::Vector(vector)] = types.as_slice() else {
        return None;
    };
    let element = memref_element(memref)?;
    (exact(&vector.element) && *element != vector.element)
        .then(|| op.error("requires memref and vector types of the same elemental type"))
}

/// The map's results against the memref's rank, its inputs against the subscripts.
fn indexing_failure(
    op: &Op<'_>,
    cx: &mut Cx<'_>,
    memref: &Type,
    subscripts: usize,
) -> Option<Diagnostic> {
    let map = generic_map(op, cx, "map")?;
    if Some(map.results.len()) != memref.rank() {
        return Some(op.error("affine map num results must equal memref rank"));
    }
    let inputs = map.num_dims as usize + map.num_symbols as usize;
    (inputs != subscripts).then(|| op.error("expects as many subscripts as affine map inputs"))
}

fn known(ty: Option<&Option<Type>>) -> Option<&Type> {
    ty?.as_ref().filter(|t| exact(t))
}

fn known_memref(ty: Option<&Option<Type>>) -> Option<&Type> {
    known(ty).filter(|t| matches!(t, Type::MemRef(_)))
}

/// The element type of a ranked memref we read exactly.
fn memref_element(memref: &Type) -> Option<&Type> {
    match memref {
        Type::MemRef(m) if exact(memref) => Some(&m.element),
        _ => None,
    }
}
