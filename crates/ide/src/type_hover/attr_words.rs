//! Builtin attributes in words, for hover: affine maps and sets with their dimensions and
//! symbols, `dense<...>` elements with their shape and element type, strided layouts,
//! numbers with their type.

use std::fmt::Write;

use mlir_syntax::{SyntaxKind::*, SyntaxNode};
use mlir_types::{AffineMap, Attr, IntegerSet, Type};

use super::words::{strided_words, type_words};

/// An attribute in words; `node` is the attribute's node (for what the value does not
/// keep, such as how a `dense<...>` literal was written).
pub(crate) fn attr_words(attr: &Attr, node: &SyntaxNode, ty: Option<&Type>) -> Option<String> {
    let text = match attr {
        Attr::AffineMap(map) => map_words(map),
        Attr::IntegerSet(set) => set_words(set),
        Attr::Strided(strided) => format!("strided layout: {}", strided_words(strided)),
        Attr::Integer(int) if int.ty().is_signless_int(1) => {
            format!("boolean: `{}` (an `i1` integer)", int.value_text())
        }
        Attr::Integer(int) => format!("integer `{}` of type `{}`", int.value_text(), int.ty()),
        Attr::Float(float) => format!("floating-point number of type `{}`", float.kind.name()),
        Attr::String(string) => {
            let typed = string
                .ty
                .as_ref()
                .map_or(String::new(), |t| format!(" of type `{t}`"));
            format!("string of {} bytes{typed}", string.value.len())
        }
        Attr::Unit => "unit attribute: it means something by being present".to_string(),
        Attr::DenseArray(array) => {
            let (element, values) = (&array.0, &array.1);
            format!("dense array of {} `{element}` values", values.len())
        }
        Attr::Text(_) => return elements_words(node, ty?),
        Attr::Type(ty) => return type_words(ty),
        _ => return None,
    };
    Some(text)
}

fn names(prefix: char, n: u32) -> String {
    let names: Vec<String> = (0..n).map(|i| format!("`{prefix}{i}`")).collect();
    names.join(", ")
}

fn counted(n: u32, what: &str, prefix: char) -> String {
    let plural = if n == 1 { "" } else { "s" };
    match n {
        0 => format!("no {what}s"),
        _ => format!("{n} {what}{plural} ({})", names(prefix, n)),
    }
}

fn map_words(map: &AffineMap) -> String {
    let mut out = format!(
        "affine map: {}, {} → {} result{}",
        counted(map.num_dims, "dimension", 'd'),
        counted(map.num_symbols, "symbol", 's'),
        map.results.len(),
        if map.results.len() == 1 { "" } else { "s" }
    );
    if map.is_identity() {
        out.push_str(" (the identity)");
    }
    for (i, result) in map.results.iter().enumerate() {
        let _ = write!(out, "\n- result {i}: `{result}`");
    }
    out
}

fn set_words(set: &IntegerSet) -> String {
    let mut out = format!(
        "integer set: {}, {}, {} constraint{}",
        counted(set.num_dims, "dimension", 'd'),
        counted(set.num_symbols, "symbol", 's'),
        set.constraints.len(),
        if set.constraints.len() == 1 { "" } else { "s" }
    );
    for (expr, equality) in set.constraints.iter() {
        let relation = if *equality { "==" } else { ">=" };
        let _ = write!(out, "\n- `{expr} {relation} 0`");
    }
    out
}

/// `dense<...>`, `sparse<...>` and `dense_resource<...>` of a shaped type: how many
/// elements of what, and how the literal gives them.
fn elements_words(node: &SyntaxNode, ty: &Type) -> Option<String> {
    let element = ty.element_type()?;
    let count = ty
        .num_elements()
        .map_or("a dynamic number of".to_string(), |n| n.to_string());
    let shape = match ty.shape() {
        Some(shape) if !shape.is_empty() => {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!(", shape {}", dims.join(" × "))
        }
        _ => String::new(),
    };
    let how = match node.kind() {
        DENSE_ATTR => dense_literal_words(node),
        SPARSE_ATTR => "sparse: the listed indices hold the listed values, the rest zero",
        DENSE_RESOURCE_ATTR => "stored in a resource of the file's `{-# dialect_resources #-}`",
        _ => return None,
    };
    Some(format!(
        "elements attribute: {count} elements of `{element}`{shape}\n- {how}"
    ))
}

fn dense_literal_words(node: &SyntaxNode) -> &'static str {
    let literal = node.children().find(|c| c.kind() == TENSOR_LITERAL);
    let hex = node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .any(|t| t.kind() == STRING && t.text().starts_with("\"0x"));
    match (literal, hex) {
        (_, true) => "given as a hexadecimal blob of the elements' bytes",
        (Some(_), false) => "every element written out",
        (None, false) => "a splat: every element has the one value written",
    }
}
