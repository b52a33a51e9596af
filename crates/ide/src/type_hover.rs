//! Hover on builtin types and attributes (issue 48): the canonical form MLIR prints, with
//! aliases expanded, then what it means in words (`words`, `attr_words`): a `memref`'s
//! shape, element type, layout and memory space, an affine map's dimensions and symbols,
//! a `dense<...>` literal's shape and element type. The innermost type or attribute under
//! the cursor is described: `f32` inside `memref<4xf32>` is `f32`, the `memref` keyword
//! or a dimension is the memref. A dialect's type or attribute shows its `.td`
//! definition (`dialect_defs`).

mod attr_words;
mod dialect_defs;
mod words;

use mlir_dialects::registry::Registry;
use mlir_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, TextSize};
use mlir_types::{AliasTable, Attr, Type, attr_of_node, type_of_node};

use super::hover_result::HoverResult;

/// The type and attribute nodes hover describes.
const TYPE_KINDS: [SyntaxKind; 7] = [
    BUILTIN_TYPE,
    FUNCTION_TYPE,
    COMPLEX_TYPE,
    TUPLE_TYPE,
    VECTOR_TYPE,
    TENSOR_TYPE,
    MEMREF_TYPE,
];
const ATTR_KINDS: [SyntaxKind; 9] = [
    LITERAL_ATTR,
    UNIT_ATTR,
    DENSE_ARRAY_ATTR,
    DENSE_ATTR,
    DENSE_RESOURCE_ATTR,
    SPARSE_ATTR,
    AFFINE_MAP_ATTR,
    AFFINE_SET_ATTR,
    STRIDED_ATTR,
];

/// Hover on the builtin type or attribute at `offset`, or on a dialect's type or
/// attribute that `registry` has the documentation of (from its `.td` files).
pub fn type_hover(root: &SyntaxNode, offset: TextSize, registry: &Registry) -> Option<HoverResult> {
    let token = root.token_at_offset(offset).right_biased()?;
    if token.kind().is_trivia() {
        return None;
    }
    let node = token
        .parent_ancestors()
        .take_while(|n| !n.kind().is_location_node() && n.kind() != LOCATION)
        .find(|n| {
            let kind = n.kind();
            TYPE_KINDS.contains(&kind) || ATTR_KINDS.contains(&kind) || is_dialect_def(kind)
        })?;
    if is_dialect_def(node.kind()) {
        // Without documentation, other hovers (IRDL dialects') may know it.
        let markdown = dialect_defs::dialect_def_docs(&node, registry)?;
        return Some(HoverResult {
            range: node.text_range(),
            markdown,
        });
    }
    let aliases = AliasTable::of_file(root);
    let lookup = aliases.lookup();
    let (canonical, words) = match TYPE_KINDS.contains(&node.kind()) {
        true => {
            let ty = type_of_node(&node, &lookup);
            (printed_type(&ty)?, words::type_words(&ty)?)
        }
        false => {
            let attr = attr_of_node(&node, &lookup);
            let ty = elements_type(&node, &lookup);
            let words = attr_words::attr_words(&attr, &node, ty.as_ref())?;
            (printed_attr(&attr, &node)?, words)
        }
    };
    Some(HoverResult {
        range: node.text_range(),
        markdown: format!("```mlir\n{canonical}\n```\n\n{words}"),
    })
}

fn is_dialect_def(kind: SyntaxKind) -> bool {
    matches!(kind, DIALECT_TYPE | DIALECT_ATTR)
}

/// Words for a type, for other hovers (an alias's expansion): the canonical form and
/// what it means.
pub(crate) fn describe_type(ty: &Type) -> Option<(String, String)> {
    Some((printed_type(ty)?, words::type_words(ty)?))
}

/// Words for an attribute node (see `describe_type`).
pub(crate) fn describe_attr(
    node: &SyntaxNode,
    aliases: &impl Fn(&str) -> Option<SyntaxNode>,
) -> Option<(String, String)> {
    let attr = attr_of_node(node, aliases);
    let ty = elements_type(node, aliases);
    let words = attr_words::attr_words(&attr, node, ty.as_ref())?;
    Some((printed_attr(&attr, node)?, words))
}

/// The type as MLIR prints it; `None` where part of it could not be read (an undefined
/// alias as a tensor's encoding is an error attribute inside a type that reads whole).
fn printed_type(ty: &Type) -> Option<String> {
    let text = ty.to_string();
    (!ty.contains_error() && !text.contains("<<error")).then_some(text)
}

/// The attribute as MLIR prints it; a literal MLIR does not reprint canonically yet
/// (`dense<...>`) as written.
fn printed_attr(attr: &Attr, node: &SyntaxNode) -> Option<String> {
    match attr {
        Attr::Error => None,
        Attr::Text(_) => Some(node.text().to_string()),
        _ => Some(attr.to_string()),
    }
}

/// The shaped type an elements attribute (`dense<...> : tensor<2xi32>`) is of.
fn elements_type(node: &SyntaxNode, aliases: &impl Fn(&str) -> Option<SyntaxNode>) -> Option<Type> {
    if !matches!(node.kind(), DENSE_ATTR | SPARSE_ATTR | DENSE_RESOURCE_ATTR) {
        return None;
    }
    let ty_node = node.children().find(|c| {
        TYPE_KINDS.contains(&c.kind()) || matches!(c.kind(), TYPE_ALIAS_REF | DIALECT_TYPE)
    })?;
    let ty = type_of_node(&ty_node, aliases);
    (!ty.contains_error()).then_some(ty)
}

#[cfg(test)]
mod tests;
