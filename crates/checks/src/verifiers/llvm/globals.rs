//! Module-level `llvm` ops: `llvm.mlir.global`'s alignment is a power of two, and
//! `llvm.mlir.global_ctors`/`global_dtors` give as many priorities and data as functions,
//! each data a symbol or `#llvm.zero`. (Their functions are looked up in the diagnostics
//! crate.)

use mlir_syntax::{SyntaxElement, SyntaxKind, SyntaxNode};

use super::{Cx, Op, group_pieces};
use crate::diagnostic::Diagnostic;
use mlir_types::Attr;

pub(super) fn global(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let alignment = match cx.lower_attr(&op.attr_node("alignment")?) {
        Attr::Integer(int) => int.value_i128()?,
        _ => return None,
    };
    let power_of_two = alignment > 0 && alignment & (alignment - 1) == 0;
    (!power_of_two).then(|| op.plain_error("alignment attribute is not a power of 2"))
}

/// `global_ctors` (`list` is `ctors`) or `global_dtors` (`dtors`).
pub(super) fn structors(op: &Op<'_>, cx: &mut Cx<'_>, list: &str) -> Option<Diagnostic> {
    let functions = elements(&op.attr_node(list)?, cx)?;
    let priorities = elements(&op.attr_node("priorities")?, cx)?;
    let data = elements(&op.attr_node("data")?, cx)?;
    if functions.len() != priorities.len() || functions.len() != data.len() {
        return Some(op.plain_error(format!(
            "{list}, priorities, and data must have the same number of elements"
        )));
    }
    data.contains(&Kind::Other)
        .then(|| op.plain_error("data element must be symbol or #llvm.zero"))
}

/// What an element of an array attribute is, as far as `data` cares.
#[derive(PartialEq, Eq)]
enum Kind {
    SymbolOrZero,
    Other,
    /// Something we cannot read (an alias of an attribute we keep as text).
    Unknown,
}

/// The kinds of the elements of an array attribute, as the custom form keeps it (a
/// bracketed group) or as a generic op writes it; `None` if it is not one we read.
fn elements(node: &SyntaxNode, cx: &mut Cx<'_>) -> Option<Vec<Kind>> {
    if node.kind() != SyntaxKind::BRACKET_GROUP {
        return match cx.lower_attr(node) {
            Attr::Array(items) => Some(items.iter().map(kind).collect()),
            _ => None,
        };
    }
    let pieces = group_pieces(node);
    if let [only] = pieces.as_slice()
        && only.is_empty()
    {
        return Some(Vec::new());
    }
    let kinds = pieces.iter().map(|piece| match piece.as_slice() {
        [SyntaxElement::Node(n)] if n.kind() == SyntaxKind::SYMBOL_REF => Kind::SymbolOrZero,
        [SyntaxElement::Node(n)] => kind(&cx.lower_attr(n)),
        // A number with its type (`0 : i32`) is no symbol.
        [SyntaxElement::Node(n), ..] if n.kind() == SyntaxKind::LITERAL_ATTR => Kind::Other,
        _ => Kind::Unknown,
    });
    Some(kinds.collect())
}

fn kind(attr: &Attr) -> Kind {
    match attr {
        Attr::SymbolRef(_) => Kind::SymbolOrZero,
        Attr::Opaque(o) if o.dialect == "llvm" && o.data == "zero" => Kind::SymbolOrZero,
        Attr::Opaque(o) if o.dialect != "llvm" => Kind::Unknown,
        Attr::Text(_) | Attr::Error => Kind::Unknown,
        _ => Kind::Other,
    }
}
