//! `llvm.mlir.constant`'s value against its result type: a string is an `i8` array of its
//! length, an array attribute fills a struct (or an array of structs), an integer or
//! float fits its scalar type, and an elements attribute has the vector's or array's
//! element count and a compatible element type. MLIR's order; the first failure only.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxElement, SyntaxKind, SyntaxNode};

use super::types::LType;
use super::{Cx, Op, group_pieces};
use crate::diagnostic::Diagnostic;
use crate::verifiers::dense::{elements_type_node, surely_not_splat};
use mlir_types::{Attr, FloatKind, Type};

/// A constant's value or a part of it, as far as its verifier tells kinds apart.
enum Item {
    /// An integer attribute of this type.
    Integer(LType),
    Float(FloatKind),
    /// A string of this many bytes.
    String(usize),
    Array(Vec<Item>),
    Elements(Elements),
    /// `#llvm.zero` or `#llvm.undef`, which may stand for a struct in an array.
    ZeroOrUndef,
    /// An attribute that is none of these (a symbol, `unit`, `#llvm.poison`, ...).
    Unsupported,
    /// An attribute we cannot tell (an alias of one we keep as text, another dialect's).
    Unknown,
}

/// An elements attribute (`dense`, `sparse`, `dense_resource`): its shaped type's element
/// count and element kind, and the literal (for the splat check).
struct Elements {
    count: Option<u64>,
    element: ElementKind,
    node: SyntaxNode,
}

enum ElementKind {
    Integer,
    Float(FloatKind),
    /// Complex numbers, strings, ...: their element type is not checked.
    Other,
}

pub(super) fn constant(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let value = match ast::CustomOp::cast(op.node.clone()) {
        Some(custom) => {
            let group = custom
                .syntax()
                .children()
                .find(|c| c.kind() == SyntaxKind::PAREN_GROUP)?;
            custom_item(&group_pieces(&group).into_iter().next()?, cx)
        }
        None => attr_item(&op.attr_node("value")?, cx),
    };
    let result = match op.results.first() {
        Some(Some(ty)) => LType::of(ty),
        Some(None) => return None,
        None => LType::of(&custom_result_type(op, cx)?),
    };
    if !result.known() || matches!(value, Item::Unknown) {
        return None;
    }
    if let Item::String(length) = value {
        let fits = matches!(&result, LType::Array(n, e) if *n == length as u64 && matches!(**e, LType::Int(8, _)));
        return (!fits).then(|| {
            op.error(format!(
                "expected array type of {length} i8 elements for the string constant"
            ))
        });
    }
    if let LType::Struct(body) = &result {
        let Item::Array(items) = &value else {
            return Some(op.error("expected array attribute for struct type"));
        };
        return struct_failure(op, body.as_ref()?, items);
    }
    match value {
        Item::Unsupported | Item::ZeroOrUndef => {
            Some(op.error("only supports integer, float, string or elements attributes"))
        }
        Item::Integer(_) => {
            (!matches!(result, LType::Int(..))).then(|| op.error("expected integer type"))
        }
        Item::Float(kind) => float_failure(op, kind, &result),
        Item::Array(items) => array_failure(op, &result, &items),
        Item::Elements(elements) => elements_failure(op, &elements, &result),
        Item::String(_) | Item::Unknown => None,
    }
}

/// The type after a custom form's `(value) [attr-dict] :`, read from the syntax: our
/// format matcher does not take a value with its own `: type` inside the parentheses
/// (`(dense<1.0> : tensor<2xf32>)`), and then leaves the results untyped.
fn custom_result_type(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Type> {
    let mut parts = op
        .node
        .children_with_tokens()
        .filter(|e| !e.kind().is_trivia())
        .skip_while(|e| e.kind() != SyntaxKind::PAREN_GROUP)
        .skip(1)
        .filter(|e| e.kind() != SyntaxKind::ATTR_DICT);
    if parts.next()?.kind() != SyntaxKind::COLON {
        return None;
    }
    let ty = parts
        .next()?
        .into_node()
        .filter(|n| n.kind().is_type_node())?;
    parts.next().is_none().then(|| cx.lower_type(&ty))
}

/// An attribute written whole (a generic op's value, or one node of a custom form).
fn attr_item(node: &SyntaxNode, cx: &mut Cx<'_>) -> Item {
    if let Some(ty) = elements_type_node(node) {
        // Elements attributes can be huge: their type is read, their text not lowered.
        return elements(cx.lower_type(&ty), node.clone()).map_or(Item::Unknown, Item::Elements);
    }
    lowered_item(&cx.lower_attr(node))
}

fn lowered_item(attr: &Attr) -> Item {
    match attr {
        Attr::Integer(int) => Item::Integer(LType::of(int.ty())),
        Attr::Float(float) => Item::Float(float.kind),
        Attr::String(string) => Item::String(string.value.len()),
        Attr::Array(items) => Item::Array(items.iter().map(lowered_item).collect()),
        Attr::Opaque(o) if o.dialect == "llvm" && matches!(o.data.as_str(), "zero" | "undef") => {
            Item::ZeroOrUndef
        }
        Attr::Opaque(o) if o.dialect == "llvm" => Item::Unsupported,
        Attr::Unit
        | Attr::Dictionary(_)
        | Attr::Type(_)
        | Attr::SymbolRef(_)
        | Attr::AffineMap(_)
        | Attr::IntegerSet(_)
        | Attr::Strided(_)
        | Attr::DenseArray(_) => Item::Unsupported,
        Attr::Opaque(_) | Attr::Text(_) | Attr::Error => Item::Unknown,
    }
}

/// One piece of a custom form's value: an attribute node with the `: type` written after
/// it, or a bracketed group of pieces.
fn custom_item(piece: &[SyntaxElement], cx: &mut Cx<'_>) -> Item {
    let (node, ty) = match piece {
        [SyntaxElement::Node(node)] => (node, None),
        [SyntaxElement::Node(node), colon, SyntaxElement::Node(ty)]
            if colon.kind() == SyntaxKind::COLON && ty.kind().is_type_node() =>
        {
            (node, Some(ty))
        }
        _ => return Item::Unknown,
    };
    match (node.kind(), ty) {
        (SyntaxKind::BRACKET_GROUP, None) => {
            let pieces = group_pieces(node);
            // `[]` is one empty piece.
            let items = match pieces.as_slice() {
                [only] if only.is_empty() => Vec::new(),
                _ => pieces.iter().map(|p| custom_item(p, cx)).collect(),
            };
            Item::Array(items)
        }
        (SyntaxKind::KEYWORD, None) if node.text() == "unit" => Item::Unsupported,
        (SyntaxKind::SYMBOL_REF, None) => Item::Unsupported,
        (
            SyntaxKind::DENSE_ATTR | SyntaxKind::SPARSE_ATTR | SyntaxKind::DENSE_RESOURCE_ATTR,
            Some(ty),
        ) => elements(cx.lower_type(ty), node.clone()).map_or(Item::Unknown, Item::Elements),
        (SyntaxKind::LITERAL_ATTR, Some(ty)) => typed_literal(node, &cx.lower_type(ty)),
        (_, None) => attr_item(node, cx),
        _ => Item::Unknown,
    }
}

/// A literal written with a type (`1.0 : f16`, `"s" : i32`, `7 : index`).
fn typed_literal(node: &SyntaxNode, ty: &Type) -> Item {
    let Some(token) = ast::LiteralAttr::cast(node.clone()).and_then(|l| l.value_token()) else {
        return Item::Unknown;
    };
    match (token.kind(), ty) {
        (SyntaxKind::STRING, _) => Item::String(ast::string_bytes(token.text()).len()),
        (_, Type::Float(kind)) => Item::Float(*kind),
        (SyntaxKind::FLOAT_NUMBER, _) => Item::Unknown,
        (_, Type::Integer(_) | Type::Index) => Item::Integer(LType::of(ty)),
        _ => Item::Unknown,
    }
}

/// An elements attribute of shaped type `ty`.
fn elements(ty: Type, node: SyntaxNode) -> Option<Elements> {
    let (shape, element): (Vec<Option<u64>>, &Type) = match &ty {
        Type::RankedTensor(t) => {
            let shape = t.shape.iter().map(|d| match d {
                mlir_types::Dim::Static(n) => u64::try_from(*n).ok(),
                mlir_types::Dim::Dynamic => None,
            });
            (shape.collect(), &t.element)
        }
        Type::Vector(v) => (
            v.dims.iter().map(|d| u64::try_from(d.size).ok()).collect(),
            &v.element,
        ),
        _ => return None,
    };
    let count = shape.into_iter().try_fold(1u64, |n, d| n.checked_mul(d?));
    let element = match element {
        Type::Integer(_) | Type::Index => ElementKind::Integer,
        Type::Float(kind) => ElementKind::Float(*kind),
        Type::Opaque(_) | Type::Error => return None,
        _ => ElementKind::Other,
    };
    Some(Elements {
        count,
        element,
        node,
    })
}

/// A float fits an integer type of its width or a float type of its semantics; MLIR
/// checks no other type.
fn float_failure(op: &Op<'_>, kind: FloatKind, ty: &LType) -> Option<Diagnostic> {
    match ty {
        LType::Int(width, _) if *width != kind.bit_width() => Some(op.error(format!(
            "expected integer type of width {}",
            kind.bit_width()
        ))),
        LType::Float(other) if *other != kind => {
            Some(op.error("attribute and type have different float semantics"))
        }
        _ => None,
    }
}

/// An array attribute for a struct: one integer or float attribute per field, each of
/// its field's type, and only integer and float fields.
fn struct_failure(op: &Op<'_>, body: &[LType], items: &[Item]) -> Option<Diagnostic> {
    if items.len() != body.len() {
        return Some(op.error(format!("expected array attribute of size {}", body.len())));
    }
    if !body
        .iter()
        .all(|t| matches!(t, LType::Int(..) | LType::Float(_)))
    {
        return Some(
            op.error("expected struct element types to be floating point type or integer type"),
        );
    }
    for (index, (item, field)) in items.iter().zip(body).enumerate() {
        let item_type = match item {
            Item::Integer(ty) => ty.clone(),
            Item::Float(kind) => LType::Float(*kind),
            Item::Unknown => return None,
            _ => {
                return Some(
                    op.error("expected element of array attribute to be floating point or integer"),
                );
            }
        };
        if item_type != *field {
            return Some(op.error(format!("struct element at index {index} is of wrong type")));
        }
    }
    None
}

/// An array attribute for anything but a struct: an array of structs, nested as the
/// array type nests, each struct an array attribute (or `#llvm.zero`/`#llvm.undef`) of the
/// struct's size.
fn array_failure(op: &Op<'_>, ty: &LType, items: &[Item]) -> Option<Diagnostic> {
    let LType::Array(..) = ty else {
        return Some(op.error("expected array or struct type for array attribute"));
    };
    let mut leaf = ty;
    while let LType::Array(_, element) = leaf {
        leaf = element;
    }
    match leaf {
        LType::Struct(Some(_)) => nested_failure(op, ty, items, 0),
        LType::Struct(None) => None,
        _ => Some(op.error("for array with an array attribute must have a struct element type")),
    }
}

/// `array_failure` of the array attribute `items` against array type `ty`, the
/// `dimension`th of the constant's type, depth first.
fn nested_failure(op: &Op<'_>, ty: &LType, items: &[Item], dimension: usize) -> Option<Diagnostic> {
    let LType::Array(size, element) = ty else {
        return None;
    };
    if items.len() as u64 != *size {
        return Some(op.error(format!(
            "array attribute size does not match array type size in dimension {dimension}: {} vs. {size}",
            items.len()
        )));
    }
    for (index, item) in items.iter().enumerate() {
        let nested = match item {
            Item::Array(nested) => nested,
            Item::ZeroOrUndef => continue,
            Item::Unknown => return None,
            _ => {
                let what = match **element {
                    LType::Array(..) => format!("sub-array in dimension {dimension}"),
                    _ => "struct element".to_string(),
                };
                return Some(op.error(format!(
                    "nested attribute for {what} at index {index} must be a zero, or undef, or array attribute"
                )));
            }
        };
        let found = match &**element {
            LType::Array(..) => nested_failure(op, element, nested, dimension + 1),
            LType::Struct(Some(body)) if nested.len() != body.len() => Some(op.error(format!(
                "nested array attribute size for struct element at index {index} must match struct size: {} vs. {}",
                nested.len(),
                body.len()
            ))),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// An elements attribute for a vector or array: as many elements (a scalable vector
/// needs a splat instead), integers for an integer element type, floats of the element
/// type's semantics or width.
fn elements_failure(op: &Op<'_>, elements: &Elements, ty: &LType) -> Option<Diagnostic> {
    if !matches!(ty, LType::Vector(..) | LType::Array(..)) {
        return Some(op.error("expected vector or array type"));
    }
    if ty.is_scalable_vector() {
        let not_splat =
            elements.node.kind() == SyntaxKind::DENSE_ATTR && surely_not_splat(&elements.node);
        return not_splat.then(|| op.error("scalable vector type requires a splat attribute"));
    }
    let (count, leaf) = flattened(ty)?;
    if let Some(attr_count) = elements.count
        && attr_count != count
    {
        return Some(op.error(format!(
            "type and attribute have a different number of elements: {count} vs. {attr_count}"
        )));
    }
    match elements.element {
        ElementKind::Integer if !matches!(leaf, LType::Int(..)) => {
            Some(op.error("expected integer element type for integer elements attribute"))
        }
        ElementKind::Float(kind) => float_failure(op, kind, leaf),
        _ => None,
    }
}

/// How many scalars an array or vector type holds through its nested arrays and vectors
/// (a struct counts as one), and the type of those scalars.
fn flattened(ty: &LType) -> Option<(u64, &LType)> {
    match ty {
        LType::Array(size, element) => {
            let (count, leaf) = flattened(element)?;
            Some((size.checked_mul(count)?, leaf))
        }
        LType::Vector(dims, element) => {
            let count = dims.iter().try_fold(1u64, |n, (d, _)| n.checked_mul(*d))?;
            Some((count, &**element))
        }
        leaf => Some((1, leaf)),
    }
}
