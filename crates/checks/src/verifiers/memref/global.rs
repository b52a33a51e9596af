//! `memref.global`: what its C++ custom parser rejects (a type that is not a statically
//! shaped memref, an initial value that is no elements attribute or whose literal has
//! another shape, a missing `@name`, a bad `alignment`), then what its verifier and the
//! `Symbol` interface reject (visibility, type, initial value against the type).

use mlir_syntax::ast::{self, AstNode, CustomOpItem};
use mlir_syntax::{SyntaxKind, SyntaxNode};

use super::{dense_literal, global_generic};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_dialects::registry::{AttrValue, OpMatch};
use mlir_types::exact;
use mlir_types::{Attr, Dim, Type};

pub(super) const ALIGNMENT_CONSTRAINT: &str = "64-bit signless integer attribute whose value is positive and whose value is a power of two > 0";

pub(super) fn global(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    match op.matched {
        Some(matched) => {
            custom_parse_error(op, matched, cx).or_else(|| custom_verify(op, matched, cx))
        }
        None if op.is_generic() => global_generic::generic_verify(op, cx),
        None => unmatched_custom_error(op, cx),
    }
}

/// The custom parser's errors, in its order: the type, the initial value, then the
/// inherent attributes of the attribute dictionary.
fn custom_parse_error(op: &Op<'_>, matched: &OpMatch, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let AttrValue::Node(type_node) = &matched.attribute("type")?.value else {
        return None;
    };
    let ty = cx.lower_type(type_node);
    if let Some(message) = not_static_memref(&ty) {
        return Some(op.parse_error(message, op.at()));
    }
    if let Some(initial) = matched.attribute("initial_value")
        && let AttrValue::Node(node) = &initial.value
        && let Some(error) = initial_value_parse_error(op, node, &ty, cx)
    {
        return Some(error);
    }
    let dict = matched.attr_dict.as_ref()?;
    let alignment = dict.entry("alignment")?.value()?;
    if bad_alignment(&cx.lower_attr(alignment.syntax())) {
        let message = format!(
            "'memref.global' op attribute 'alignment' failed to satisfy constraint: {ALIGNMENT_CONSTRAINT}"
        );
        let at = dict.syntax().first_token()?.text_range();
        return Some(op.parse_error(message, at));
    }
    None
}

/// `type should be static shaped memref, but got '...'`, when we can tell.
pub(super) fn not_static_memref(ty: &Type) -> Option<String> {
    let surely_not = match ty {
        Type::MemRef(_) => !ty.has_static_shape(),
        _ => exact(ty),
    };
    surely_not.then(|| format!("type should be static shaped memref, but got '{ty}'"))
}

/// The initial value of the custom form, parsed with the global's type as a tensor type:
/// it must be an elements attribute, and a `dense` literal must have that shape.
fn initial_value_parse_error(
    op: &Op<'_>,
    node: &SyntaxNode,
    ty: &Type,
    cx: &mut Cx<'_>,
) -> Option<Diagnostic> {
    let attribute = ast::Attribute::cast(node.clone())?;
    if let ast::Attribute::Dense(dense) = &attribute {
        let literal = dense_literal::dense_literal_shape(dense)?;
        let shape = ty.shape()?;
        let expected: Option<Vec<i64>> = shape
            .iter()
            .map(|d| match d {
                Dim::Static(size) => Some(*size),
                Dim::Dynamic => None,
            })
            .collect();
        let expected = expected?;
        // A single value (a splat) fills any shape.
        if literal.is_empty() || literal == expected {
            return None;
        }
        let message = format!(
            "inferred shape of elements literal ({}) does not match type ({})",
            dense_literal::shape_list(&literal),
            dense_literal::shape_list(&expected)
        );
        return Some(Diagnostic::error(
            "custom-syntax",
            message,
            node.text_range(),
        ));
    }
    let value = cx.lower_attr(node);
    surely_not_elements(&value).then(|| {
        op.parse_error(
            "initial value should be a unit or elements attribute",
            op.at(),
        )
    })
}

/// Attributes that are surely not elements attributes. Integers and floats are left out:
/// with the tensor type they are given, MLIR reports them otherwise.
pub(super) fn surely_not_elements(value: &Attr) -> bool {
    matches!(
        value,
        Attr::String(_)
            | Attr::Unit
            | Attr::Array(_)
            | Attr::Dictionary(_)
            | Attr::Type(_)
            | Attr::SymbolRef(_)
            | Attr::AffineMap(_)
            | Attr::IntegerSet(_)
            | Attr::Strided(_)
            | Attr::DenseArray(_)
    )
}

/// An `alignment` that is surely not a positive power of two of type `i64`.
pub(super) fn bad_alignment(value: &Attr) -> bool {
    match value {
        Attr::Integer(int) => {
            let good = int.ty().is_signless_int(64)
                && int
                    .value_i128()
                    .is_some_and(|v| v > 0 && (v & (v - 1)) == 0);
            !good
        }
        Attr::Text(_) | Attr::Opaque(_) | Attr::Error => false,
        _ => true,
    }
}

/// The verifier, after a successful custom parse: the `Symbol` interface's visibility.
/// The parser already checked the type and the initial value against it.
fn custom_verify(op: &Op<'_>, matched: &OpMatch, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let AttrValue::Node(node) = &matched.attribute("sym_visibility")?.value else {
        return None;
    };
    bad_visibility(op, &cx.lower_attr(node))
}

pub(super) fn bad_visibility(op: &Op<'_>, value: &Attr) -> Option<Diagnostic> {
    let Attr::String(string) = value else {
        return None;
    };
    let text = String::from_utf8_lossy(&string.value);
    if matches!(text.as_ref(), "public" | "private" | "nested") {
        return None;
    }
    Some(op.error(format!(
        "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {value}"
    )))
}

/// A custom form that did not match: MLIR's parser takes an optional visibility string,
/// an optional `constant`, then wants the `@name`, `:` and the type; an initial value
/// our matcher does not take (an array) is no elements attribute.
fn unmatched_custom_error(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let mut items = custom.items().peekable();
    let is_string = |item: &CustomOpItem| match item {
        CustomOpItem::Attribute(ast::Attribute::Literal(lit)) => lit
            .value_token()
            .is_some_and(|t| t.kind() == SyntaxKind::STRING),
        _ => false,
    };
    let is_constant = |item: &CustomOpItem| match item {
        CustomOpItem::Keyword(keyword) => keyword.syntax().text() == "constant",
        _ => false,
    };
    items.next_if(is_string);
    items.next_if(is_constant);
    let next = items.next()?;
    if !matches!(next, CustomOpItem::SymbolRef(_)) {
        let at = match &next {
            CustomOpItem::Token(token) => token.text_range(),
            other => item_node(other)?.text_range(),
        };
        return Some(op.parse_error("expected valid '@'-identifier for symbol name", at));
    }
    let is_token = |item: Option<CustomOpItem>, text: &str| matches!(item, Some(CustomOpItem::Token(t)) if t.text() == text);
    if !is_token(items.next(), ":") {
        return None;
    }
    let Some(CustomOpItem::Type(ty)) = items.next() else {
        return None;
    };
    let ty = cx.lower_type(ty.syntax());
    if let Some(message) = not_static_memref(&ty) {
        return Some(op.parse_error(message, op.at()));
    }
    if !is_token(items.next(), "=") {
        return None;
    }
    let Some(CustomOpItem::Group(group)) = items.next() else {
        return None;
    };
    let array_of_attributes = group.delimiter() == ast::GroupDelimiter::Bracket
        && group.items().all(|item| match item {
            CustomOpItem::Attribute(_) => true,
            CustomOpItem::Token(t) => t.text() == ",",
            _ => false,
        });
    array_of_attributes.then(|| {
        op.parse_error(
            "initial value should be a unit or elements attribute",
            op.at(),
        )
    })
}

fn item_node(item: &CustomOpItem) -> Option<SyntaxNode> {
    Some(match item {
        CustomOpItem::ValueUse(n) => n.syntax().clone(),
        CustomOpItem::Successor(n) => n.syntax().clone(),
        CustomOpItem::SymbolRef(n) => n.syntax().clone(),
        CustomOpItem::Group(n) => n.syntax().clone(),
        CustomOpItem::Keyword(n) => n.syntax().clone(),
        CustomOpItem::Region(n) => n.syntax().clone(),
        CustomOpItem::Location(n) => n.syntax().clone(),
        CustomOpItem::Type(n) => n.syntax().clone(),
        CustomOpItem::Attribute(n) => n.syntax().clone(),
        CustomOpItem::Other(n) => n.clone(),
        CustomOpItem::Token(_) => return None,
    })
}
