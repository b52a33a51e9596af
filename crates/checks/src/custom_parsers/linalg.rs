//! `linalg.generic`'s custom parser: the leading attribute dictionary must give
//! `iterator_types` as an array of `"parallel"` and `"reduction"` (the parser turns those
//! strings into enum cases before anything is verified), and the operands are followed by
//! the op's region.

use mlir_syntax::SyntaxKind::{COMMA, EQ};
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{TextRange, TextSize};

use super::reader::{Reader, Step, failed, read};

/// The iterator types the parser knows, as written.
const ITERATOR_TYPES: &[&str] = &["parallel", "reduction"];

/// `{attrs} [ins(...)] [outs(...)] [attrs = {...}] {region} ...`.
pub(super) fn generic(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::Attribute(ast::Attribute::Dict(dict))) = r.peek().cloned() else {
        return Step::Unknown;
    };
    r.next += 1;
    read!(iterator_types(r, &dict));
    for keyword in ["ins", "outs"] {
        read!(operands(r, keyword));
    }
    if r.eat_keyword("attrs") && !(r.eat_token(EQ) && r.eat_attr_dict()) {
        return Step::Unknown;
    }
    match r.peek() {
        Some(CustomOpItem::Region(_)) => Step::Done,
        None => failed(r.wrong_token("expected '{' to begin a region")),
        Some(_) => Step::Unknown,
    }
}

/// The dictionary's `iterator_types`: an array attribute (reported at the dictionary's
/// `{`), whose strings each name an iterator type (reported where the parser stands, at
/// the item after the dictionary). An alias, or an element that is no string, is not
/// judged.
fn iterator_types(r: &Reader<'_, '_>, dict: &ast::AttrDict) -> Step {
    let open = TextRange::at(dict.syntax().text_range().start(), TextSize::of('{'));
    let not_an_array =
        || failed(r.custom_error("expected \"iterator_types\" array attribute", open));
    let Some(entry) = dict.entry("iterator_types") else {
        return not_an_array();
    };
    let mut value = entry.value_items();
    let names = match (value.next(), value.next()) {
        (Some(CustomOpItem::Group(array)), None)
            if array.delimiter() == GroupDelimiter::Bracket =>
        {
            string_elements(&array)
        }
        (Some(CustomOpItem::Attribute(ast::Attribute::Alias(_))) | None, _) => None,
        _ => return not_an_array(),
    };
    let Some(names) = names else {
        return Step::Unknown;
    };
    let unknown = names
        .into_iter()
        .find(|name| !ITERATOR_TYPES.contains(&name.as_str()));
    match (unknown, r.here()) {
        (None, _) => Step::Done,
        (Some(name), Some(at)) => {
            failed(r.custom_error(&format!("unexpected iterator_type ({name})"), at))
        }
        (Some(_), None) => Step::Unknown,
    }
}

/// `keyword(...)`, if the keyword is there: its parenthesised operands and types.
fn operands(r: &mut Reader<'_, '_>, keyword: &str) -> Step {
    if !r.eat_keyword(keyword) {
        return Step::Done;
    }
    match r.peek() {
        Some(CustomOpItem::Group(group)) if group.delimiter() == GroupDelimiter::Paren => {
            r.next += 1;
            Step::Done
        }
        _ => Step::Unknown,
    }
}

/// The strings of `["a", "b"]`; `None` if it holds anything else.
fn string_elements(array: &ast::Group) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for (i, item) in array.items().enumerate() {
        match item {
            CustomOpItem::Attribute(ast::Attribute::Literal(literal)) if i % 2 == 0 => {
                names.push(literal.string_value()?);
            }
            ref comma if i % 2 == 1 && comma.is_token(COMMA) => {}
            _ => return None,
        }
    }
    Some(names)
}
