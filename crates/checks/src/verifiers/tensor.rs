//! Verifiers of `tensor` ops beyond their ODS constraints (see `checks::verifiers`), one
//! submodule per family of ops; this file dispatches and holds what they share.

mod access;
mod bodies;
mod cast;
mod concat;
mod gather;
mod reshape;
mod slices;

use std::sync::Arc;

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::{Attr, Dim, RankedTensorType, Type};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "tensor.cast",
    "tensor.collapse_shape",
    "tensor.concat",
    "tensor.empty",
    "tensor.expand_shape",
    "tensor.extract",
    "tensor.extract_slice",
    "tensor.gather",
    "tensor.generate",
    "tensor.insert",
    "tensor.insert_slice",
    "tensor.pad",
    "tensor.reshape",
    "tensor.splat",
];

/// The ops whose verifier reads something beyond the op itself (its syntax, spec and
/// types, and the file's aliases): `generate` and `pad` read the types of their block
/// arguments and yielded value.
pub(super) const READS_AROUND: &[&str] = &["tensor.generate", "tensor.pad"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let found = match op.name {
        "tensor.cast" => cast::cast(op),
        "tensor.concat" => concat::concat(op, cx),
        "tensor.extract" => access::extract(op),
        "tensor.insert" => access::insert(op),
        // The operands are the dynamic sizes; a splat's follow its scalar.
        "tensor.empty" => dynamic_sizes(op, 0),
        "tensor.splat" => dynamic_sizes(op, 1),
        "tensor.generate" => bodies::generate(op, cx),
        "tensor.pad" => bodies::pad(op, cx),
        "tensor.reshape" => reshape::reshape(op),
        "tensor.expand_shape" => reshape::expand_shape(op, cx),
        "tensor.collapse_shape" => reshape::collapse_shape(op, cx),
        "tensor.extract_slice" => slices::extract_slice(op, cx),
        "tensor.insert_slice" => slices::insert_slice(op, cx),
        "tensor.gather" => gather::gather(op, cx),
        _ => None,
    };
    out.extend(found);
}

/// The ranked tensor an operand or result surely has, if we know it (ODS has checked the
/// kind of type; an unknown or unread one says nothing).
fn ranked(ty: Option<&Option<Type>>) -> Option<&RankedTensorType> {
    match ty?.as_ref()? {
        Type::RankedTensor(tensor) => Some(tensor),
        _ => None,
    }
}

/// `RankedTensorType::get(shape, element, encoding)`, to print.
fn tensor_type(shape: Vec<Dim>, element: &Type, encoding: Option<&Attr>) -> Type {
    Type::RankedTensor(Arc::new(RankedTensorType {
        shape,
        element: element.clone(),
        encoding: encoding.cloned(),
    }))
}

/// How many dimensions of the shape are dynamic (`getNumDynamicDims`).
fn dynamic_dims(shape: &[Dim]) -> usize {
    shape.iter().filter(|d| **d == Dim::Dynamic).count()
}

/// `verify()` of an op whose operands past the first `leading` give the result's dynamic
/// sizes (`tensor.empty`, `tensor.splat`, `tensor.generate`): one per `?`.
fn dynamic_sizes(op: &Op<'_>, leading: usize) -> Option<Diagnostic> {
    let given = op.operand_count()?.checked_sub(leading)?;
    let expected = dynamic_dims(&ranked(op.results.first())?.shape);
    (given != expected).then(|| {
        op.error(format!(
            "incorrect number of dynamic sizes, has {given}, expected {expected}"
        ))
    })
}

/// The value of integer attribute `name`, as the custom form writes it or a generic op's
/// properties or attributes hold it.
fn integer_attr(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<i64> {
    crate::verifiers::shaped::integer(&cx.lower_attr(&op.attr_node(name)?))
}
