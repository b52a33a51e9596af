//! Hand-written directives of the legacy `std` dialect (registry stage): the pieces of
//! 2019-era op syntax that no declarative format of ours spells, registered in the hook
//! table of `hooks`.

use mlir_syntax::ast::{AstNode, CustomOpItem};

use super::atoms::Atom;
use super::format::Element;
use super::matched::AttrValue;
use super::matcher::Matcher;

/// The legacy `constant`'s value: an attribute (`42 : i32`) or a function's `@name`,
/// then, if written, `: type`, the type of the result (a function type for `@name`).
/// Args: the value attribute, the result's type.
pub(super) fn constant_value(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    let symbol = m.cursor.eat_with(|atom| match atom {
        Atom::Item(CustomOpItem::SymbolRef(symbol)) => Some(symbol.clone()),
        _ => None,
    });
    let value = match symbol {
        Some(symbol) => AttrValue::Symbol(symbol),
        None => AttrValue::Node(m.attribute_node()?.syntax().clone()),
    };
    let ty = m.attribute_type();
    let range = m.range_since(start);
    m.bind_attr(args.first()?.var_name()?, value, range);
    if let Some(ty) = ty {
        m.bind_types(args.get(1)?, vec![ty])?;
    }
    Some(())
}
