//! Verifiers of `complex` ops beyond their ODS constraints (see `checks::verifiers`):
//! `complex.constant`'s value, an array of a real and an imaginary part of the complex
//! type's element type.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::{Attr, Type, exact};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &["complex.constant"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    if op.name == "complex.constant" {
        out.extend(constant(op, cx));
    }
}

fn constant(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let Type::Complex(element) = op.results.first()?.as_ref()? else {
        return None;
    };
    let parts = part_types(op, cx)?;
    let [real, imaginary] = &parts[..] else {
        return Some(op.error(
            "requires 'value' to be a complex constant, represented as array of two values",
        ));
    };
    let (Some(real), Some(imaginary)) = (real, imaginary) else {
        return Some(op.error("requires attribute's elements to be float or integer attributes"));
    };
    let differ = exact(element) && (real != &**element || imaginary != &**element);
    differ.then(|| {
        op.error(format!(
            "requires attribute's element types ('{real}', '{imaginary}') to match the element type of the op's return type ('{element}')"
        ))
    })
}

/// The type of each part of the `value` array (`None` for a part that is no number), as
/// the custom form writes it or a generic op holds it; `None` if we cannot tell.
fn part_types(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Vec<Option<Type>>> {
    let node = op.attr_node("value")?;
    // A custom form's `[1.0 : f32, 2.0 : f32]` may be kept as a group of items, where a
    // part's `: type` is items of its own.
    let Some(group) = ast::Group::cast(node.clone()) else {
        let Attr::Array(parts) = cx.lower_attr(&node) else {
            return None;
        };
        return parts.iter().map(part_type).collect();
    };
    let items: Vec<CustomOpItem> = group.items().collect();
    let mut types = Vec::new();
    for entry in items.split(|i| i.is_token(SyntaxKind::COMMA)) {
        let ty = match entry {
            [CustomOpItem::Attribute(attr)] => part_type(&cx.lower_attr(attr.syntax()))?,
            [CustomOpItem::Attribute(_), colon, CustomOpItem::Type(ty)]
                if colon.is_token(SyntaxKind::COLON) =>
            {
                Some(cx.lower_type(ty.syntax()))
            }
            _ => return None,
        };
        types.push(ty);
    }
    Some(types)
}

/// The type of a part: `Some(None)` for an attribute that is no number, `None` for one we
/// could not read.
fn part_type(part: &Attr) -> Option<Option<Type>> {
    match part {
        Attr::Float(float) => Some(Some(Type::Float(float.kind))),
        Attr::Integer(int) => Some(Some(int.ty().clone())),
        Attr::Text(_) | Attr::Opaque(_) | Attr::Error => None,
        _ => Some(None),
    }
}
