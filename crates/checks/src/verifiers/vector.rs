//! Verifiers of `vector` ops beyond their ODS constraints (see `checks::verifiers`), one
//! submodule per family of ops; this file dispatches and holds what they share.

mod broadcast;
mod outerproduct;
mod positions;
mod transfer;

use crate::diagnostic::Diagnostic;
pub(super) use crate::verifiers::op::trailing_types;
use crate::verifiers::op::{Cx, Op};
use mlir_types::{Attr, Type, VectorDim, VectorType, exact};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "vector.broadcast",
    "vector.extract",
    "vector.insert",
    "vector.outerproduct",
    "vector.shuffle",
    "vector.transfer_read",
    "vector.transfer_write",
];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let found = match op.name {
        "vector.broadcast" => broadcast::broadcast(op),
        "vector.shuffle" => broadcast::shuffle(op, cx),
        "vector.insert" => positions::insert(op, cx),
        "vector.extract" => positions::extract(op, cx),
        "vector.outerproduct" => outerproduct::outerproduct(op, cx),
        "vector.transfer_read" => transfer::transfer(op, cx, transfer::Direction::Read),
        "vector.transfer_write" => transfer::transfer(op, cx, transfer::Direction::Write),
        _ => None,
    };
    out.extend(found);
}

/// The vector type a value surely has, if we read it exactly.
fn vector(ty: Option<&Type>) -> Option<&VectorType> {
    match ty? {
        Type::Vector(vector) if exact(&vector.element) => Some(vector),
        _ => None,
    }
}

/// A known type we read exactly (nothing is said of the others).
fn known(ty: Option<&Option<Type>>) -> Option<&Type> {
    ty?.as_ref().filter(|t| exact(t))
}

/// A vector dimension as MLIR prints it in messages: `4`, or `[4]` when scalable.
fn dim_text(dim: VectorDim) -> String {
    if dim.scalable {
        format!("[{}]", dim.size)
    } else {
        dim.size.to_string()
    }
}

/// An element type differs from the result's (ODS's `PredOpTrait` "... have same element
/// type", which MLIR verifies before the op's own `verify()`); a scalar is its own element.
fn element_differs(value: &Type, result: &Type) -> bool {
    let element = |t: &Type| t.element_type().cloned().unwrap_or_else(|| t.clone());
    element(value) != element(result)
}

/// The attribute `name` of the op as written, lowered.
fn written_attr(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<Attr> {
    Some(cx.lower_attr(&op.attr_node(name)?))
}

/// The integers of the `DenseI64ArrayAttr` named `name`: `[0, 1]` in the custom form,
/// `array<i64: 0, 1>` in a generic op.
fn i64_list(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<Vec<i64>> {
    if op.matched.is_some() {
        return crate::verifiers::shaped::integer_list(op, cx, name);
    }
    match written_attr(op, cx, name)? {
        Attr::DenseArray(array) => array
            .1
            .iter()
            .map(crate::verifiers::shaped::integer)
            .collect(),
        _ => None,
    }
}
