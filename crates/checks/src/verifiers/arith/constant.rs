//! `arith.constant`'s value against its result: a typed attribute of the result's type,
//! a signless integer, and no element list for a scalable vector unless it is a splat.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

use super::{Cx, Op, value_node};
use crate::diagnostic::Diagnostic;
use crate::verifiers::dense::{elements_type_node, surely_not_splat};
use mlir_types::{Attr, Signedness, Type};
use mlir_types::{exact, surely_differ};

/// What we know of the type of a constant's value.
enum ValueType {
    /// A typed attribute of this type.
    Typed(Type),
    /// Not a typed attribute (an array, a symbol, `unit`, ...).
    Untyped,
    /// An attribute we do not read well enough to say.
    Unknown,
}

/// The checks of ODS (`value` present and typed, of the result's type), then of the op's
/// `verify()`, in MLIR's order; the first failure only.
pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let Some(node) = value_node(op) else {
        return op
            .is_generic()
            .then(|| op.error("requires attribute 'value'"));
    };
    let (value_type, attr) = match &node {
        // Elements attributes can be huge: their type is read, their text not lowered.
        Some(node) if elements_type_node(node).is_some() => {
            let ty = elements_type_node(node).map(|t| cx.lower_type(&t));
            (ty.map_or(ValueType::Unknown, ValueType::Typed), None)
        }
        Some(node) => {
            let attr = cx.lower_attr(node);
            (value_type(&attr), Some(attr))
        }
        None => (ValueType::Untyped, None),
    };
    if let ValueType::Untyped = value_type {
        // A property that is not a typed attribute fails its conversion instead.
        return (!op.in_properties("value")).then(|| {
            op.error("attribute 'value' failed to satisfy constraint: TypedAttr instance")
        });
    }
    let result = op.results.first()?.as_ref()?;
    // The custom form's `: type` types both the value and the result.
    if op.is_generic()
        && let ValueType::Typed(ty) = &value_type
        && surely_differ(ty, result)
    {
        return Some(op.error("failed to verify that all of {value, result} have same type"));
    }
    if matches!(result, Type::Integer(int) if int.signedness != Signedness::Signless) {
        return Some(op.error("integer return type must be signless"));
    }
    let node = node?;
    if attr.is_some_and(|attr| is_surely_not_number_or_elements(&node, &attr)) {
        return Some(op.error("value must be an integer, float, or elements attribute"));
    }
    if is_scalable_vector(result)
        && node.kind() == SyntaxKind::DENSE_ATTR
        && surely_not_splat(&node)
    {
        return Some(op.error(
            "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
        ));
    }
    None
}

/// The type of a lowered attribute, as MLIR's `TypedAttr` gives it.
fn value_type(attr: &Attr) -> ValueType {
    match attr {
        Attr::Integer(int) => ValueType::Typed(int.ty().clone()),
        Attr::Float(float) => ValueType::Typed(Type::Float(float.kind)),
        Attr::String(string) => ValueType::Typed(string.ty.clone().unwrap_or(Type::None)),
        Attr::Unit
        | Attr::Array(_)
        | Attr::Dictionary(_)
        | Attr::Type(_)
        | Attr::SymbolRef(_)
        | Attr::AffineMap(_)
        | Attr::IntegerSet(_)
        | Attr::Strided(_) => ValueType::Untyped,
        Attr::Text(_) | Attr::DenseArray(_) | Attr::Opaque(_) | Attr::Error => ValueType::Unknown,
    }
}

/// A typed attribute that is neither a number nor an elements attribute: a string.
/// (Dialect attributes may be elements attributes; we say nothing of them.)
fn is_surely_not_number_or_elements(node: &SyntaxNode, attr: &Attr) -> bool {
    matches!(attr, Attr::String(_)) && node.kind() != SyntaxKind::ATTR_ALIAS_REF
}

fn is_scalable_vector(ty: &Type) -> bool {
    matches!(ty, Type::Vector(v) if v.dims.iter().any(|d| d.scalable) && exact(ty))
}

/// The core parser's error for `arith.constant N : T` whose integer `N` does not fit the
/// integer or index type `T` (as `buildAttributeAPInt` decides), at the number.
pub(super) fn literal_range_failure(op: &Op<'_>) -> Option<Diagnostic> {
    let mlir_dialects::registry::AttrValue::Node(node) = &op.matched?.attribute("value")?.value
    else {
        return None;
    };
    let literal = ast::LiteralAttr::cast(node.clone())?;
    if literal.ty().is_some() {
        // A literal with its own type is checked by the syntax validation.
        return None;
    }
    let token = literal.value_token()?;
    let negative = literal.minus_token().is_some();
    let ty = op.results.first()?.as_ref()?;
    if let Some(error) = literal_kind_failure(&token, negative, ty) {
        return Some(error);
    }
    let magnitude = match token.kind() {
        SyntaxKind::INT_NUMBER => token.text().parse::<u128>().ok(),
        SyntaxKind::HEX_NUMBER => u128::from_str_radix(token.text().get(2..)?, 16).ok(),
        _ => return None,
    };
    let (width, signedness) = match ty {
        Type::Integer(int) => (int.width, int.signedness),
        Type::Index => (64, Signedness::Signed),
        _ => return None,
    };
    let message = if negative && signedness == Signedness::Unsigned {
        "negative integer literal not valid for unsigned integer type"
    } else if !fits(magnitude, negative, width, signedness)? {
        "integer constant out of range for attribute"
    } else {
        return None;
    };
    Some(Diagnostic::error(
        "custom-syntax",
        message,
        token.text_range(),
    ))
}

/// The core parser's error for a literal of a kind its type cannot hold (as
/// `parseFloatAttr` and `parseDecOrHexAttr` decide): a float literal of a type that is no
/// float, reported at the token after the type, where the parser stands; an integer of a
/// type that is neither integer nor float; a hexadecimal float bit pattern that is
/// negative or too wide. (A decimal integer of a float type is MLIR's error too, but
/// xDSL writes `arith.constant 0 : f32`, and its files must stay clean.)
fn literal_kind_failure(token: &SyntaxToken, negative: bool, ty: &Type) -> Option<Diagnostic> {
    let error = |message, at| Some(Diagnostic::error("custom-syntax", message, at));
    // A dialect type may be a float type; only builtin types are sure.
    if !exact(ty) {
        return None;
    }
    match (token.kind(), ty) {
        (SyntaxKind::FLOAT_NUMBER, Type::Float(_)) => None,
        (SyntaxKind::FLOAT_NUMBER, _) => error(
            "floating point value not valid for specified type",
            token_after_type(token)?,
        ),
        (SyntaxKind::INT_NUMBER | SyntaxKind::HEX_NUMBER, Type::Integer(_) | Type::Index) => None,
        (SyntaxKind::HEX_NUMBER, Type::Float(_)) if negative => error(
            "hexadecimal float literal should not have a leading minus",
            token.text_range(),
        ),
        (SyntaxKind::HEX_NUMBER, Type::Float(kind))
            if hex_bits(token.text())? > kind.bit_width() =>
        {
            error(
                "hexadecimal float constant out of range for type",
                token.text_range(),
            )
        }
        (SyntaxKind::INT_NUMBER | SyntaxKind::HEX_NUMBER, Type::Float(_)) => None,
        (SyntaxKind::INT_NUMBER | SyntaxKind::HEX_NUMBER, _) => error(
            "integer literal not valid for specified type",
            token.text_range(),
        ),
        _ => None,
    }
}

/// How many bits the value of a hexadecimal literal (`0x7FC0`) needs.
fn hex_bits(text: &str) -> Option<u32> {
    let digits = text.get(2..)?.trim_start_matches('0');
    let Some(first) = digits.chars().next() else {
        return Some(0);
    };
    let first_bits = u32::BITS - first.to_digit(16)?.leading_zeros();
    Some(4 * (digits.len() as u32 - 1) + first_bits)
}

/// The first token after the `: type` that follows a constant's literal (the end of the
/// file if none): where MLIR's parser stands once it has read the type.
fn token_after_type(literal: &SyntaxToken) -> Option<TextRange> {
    let attr = literal
        .parent_ancestors()
        .find(|n| n.kind() == SyntaxKind::LITERAL_ATTR)?;
    let ty = attr
        .siblings(rowan::Direction::Next)
        .find(|n| ast::Type::can_cast(n.kind()))?;
    let mut next = ty.last_token()?.next_token();
    while let Some(token) = next.as_ref().filter(|t| t.kind().is_trivia()) {
        next = token.next_token();
    }
    Some(match next {
        Some(token) => token.text_range(),
        None => TextRange::empty(ty.ancestors().last()?.text_range().end()),
    })
}

/// Does a magnitude (`None`: beyond `u128`), negated or not, fit `width` bits? `None`
/// when we cannot tell (very wide types, `-0`).
fn fits(
    magnitude: Option<u128>,
    negative: bool,
    width: u32,
    signedness: Signedness,
) -> Option<bool> {
    if width == 0 || width > 120 {
        return None;
    }
    let Some(magnitude) = magnitude else {
        return Some(false);
    };
    let limit = |bits: u32| 1u128 << bits;
    Some(match (negative, signedness) {
        (true, _) if magnitude == 0 => return None,
        (true, _) => magnitude <= limit(width - 1),
        (false, Signedness::Signed) => magnitude < limit(width - 1),
        (false, _) => magnitude < limit(width),
    })
}

/// The type after a constant's value that MLIR's attribute parser cannot start to read
/// (`dense<0> : <vector 4 x f32>`): it says so just after the colon. Items that may begin a type
/// (a keyword, a parenthesised group) say nothing.
pub(super) fn value_type_failure(op: &Op<'_>) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let mut items = custom.items();
    let (Some(ast::CustomOpItem::Attribute(_)), Some(colon)) = (items.next(), items.next()) else {
        return None;
    };
    if !colon.is_token(SyntaxKind::COLON) {
        return None;
    }
    let reads_no_type = match items.next()? {
        ast::CustomOpItem::Group(g) => g.delimiter() != ast::GroupDelimiter::Paren,
        ast::CustomOpItem::ValueUse(_) => true,
        ast::CustomOpItem::Attribute(a) => matches!(a, ast::Attribute::Literal(_)),
        _ => false,
    };
    // MLIR's wrong-token error: just after the colon.
    let colon_end = crate::report::item_range(&colon).end();
    reads_no_type.then(|| {
        Diagnostic::error(
            "custom-syntax",
            "expected non-function type",
            crate::report::wrong_token_at(colon_end),
        )
    })
}
