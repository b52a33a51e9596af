//! `memref.global` in generic form (`"memref.global"() <{...}>`): no custom parser runs,
//! so the op's verifier sees the type and initial value as written, and words its errors
//! as an op's.

use mlir_syntax::ast::{self, AstNode};

use super::global::{
    ALIGNMENT_CONSTRAINT, bad_alignment, bad_visibility, not_static_memref, surely_not_elements,
};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::exact;
use mlir_types::{Attr, Dim, Type};

/// A generic `"memref.global"() <{...}>`: the attribute constraint on `alignment`, the
/// visibility, then `GlobalOp::verify`.
pub(super) fn generic_verify(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let generic = ast::GenericOp::cast(op.node.clone())?;
    let entry = |name: &str| -> Option<ast::Attribute> {
        let in_properties = generic
            .properties()
            .and_then(|p| p.attr_dict())
            .and_then(|d| d.entry(name));
        let entry = in_properties.or_else(|| {
            let dict = op.node.children().find_map(ast::AttrDict::cast)?;
            dict.entry(name)
        })?;
        entry.value()
    };
    if let Some(alignment) = entry("alignment")
        && bad_alignment(&cx.lower_attr(alignment.syntax()))
    {
        return Some(op.error(format!(
            "attribute 'alignment' failed to satisfy constraint: {ALIGNMENT_CONSTRAINT}"
        )));
    }
    if let Some(visibility) = entry("sym_visibility")
        && let Some(error) = bad_visibility(op, &cx.lower_attr(visibility.syntax()))
    {
        return Some(error);
    }
    let Attr::Type(ty) = cx.lower_attr(entry("type")?.syntax()) else {
        return None;
    };
    if let Some(message) = not_static_memref(&ty) {
        return Some(op.error(message));
    }
    let initial = entry("initial_value")?;
    initial_value_error(op, &initial, &ty, cx)
}

/// `GlobalOp::verify`'s checks of the initial value against the memref type.
fn initial_value_error(
    op: &Op<'_>,
    initial: &ast::Attribute,
    ty: &Type,
    cx: &mut Cx<'_>,
) -> Option<Diagnostic> {
    let tensor_type = match initial {
        ast::Attribute::Dense(dense) => dense.ty()?,
        _ => {
            let value = cx.lower_attr(initial.syntax());
            if !surely_not_elements(&value) || matches!(value, Attr::Unit) {
                return None;
            }
            return Some(op.error(format!(
                "initial value should be a unit or elements attribute, but got {value}"
            )));
        }
    };
    let tensor = cx.lower_type(tensor_type.syntax());
    let (Some(init_element), Some(element)) = (tensor.element_type(), ty.element_type()) else {
        return None;
    };
    if init_element != element {
        if !exact(init_element) || !exact(element) {
            return None;
        }
        return Some(op.error(format!(
            "initial value element expected to be of type '{element}', but was of type '{init_element}'"
        )));
    }
    let (Some(init_shape), Some(shape)) = (tensor.shape(), ty.shape()) else {
        return None;
    };
    (init_shape != shape).then(|| {
        op.error(format!(
            "initial value shape expected to be {} but was {}",
            dims(&shape),
            dims(&init_shape)
        ))
    })
}

/// `1, 2`, as a shape is streamed into a diagnostic.
fn dims(shape: &[Dim]) -> String {
    let items: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    items.join(", ")
}
