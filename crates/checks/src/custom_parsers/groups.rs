//! Typos in the typed groups of ops we know nothing else of: a comma or colon missing
//! in `(%a, %b : T, U)` or in the `(T, U) -> V` after a colon. Whatever the op, its
//! parser reads such a group with MLIR's list parsers (`parseOperandList`,
//! `parseColonTypeList`, a function type's inputs), which stop at the first item that
//! is not theirs, so the next token is MLIR's error: `expected ':'` after the values,
//! `expected ')'` after the types.

use mlir_syntax::SyntaxKind::{ARROW, COLON, COMMA};
use mlir_syntax::ast::{self, CustomOpItem as Item};

use crate::diagnostic::Diagnostic;
use crate::report::{item_range, wrong_token_at};

use super::reader::plain_error;

/// The first such typo among the op's own parenthesised groups.
pub(super) fn failure(op: &ast::CustomOp) -> Option<Diagnostic> {
    let items: Vec<Item> = op.items().collect();
    items.iter().enumerate().find_map(|(i, item)| {
        let Item::Group(group) = item else {
            return None;
        };
        if group.delimiter() != ast::GroupDelimiter::Paren || !group.is_closed() {
            return None;
        }
        let inner: Vec<Item> = group.items().collect();
        let after_colon = i > 0 && items[i - 1].is_token(COLON);
        let before_arrow = items.get(i + 1).is_some_and(|next| next.is_token(ARROW));
        if after_colon && before_arrow {
            type_list_failure(&inner)
        } else {
            value_group_failure(&inner)
        }
    })
}

/// `(T, U V)`: types that are not all separated by commas. Items that are neither
/// types nor commas (an attribute, a location) say nothing.
fn type_list_failure(items: &[Item]) -> Option<Diagnostic> {
    let is_type = |item: &Item| matches!(item, Item::Type(_));
    if !items
        .iter()
        .all(|item| is_type(item) || item.is_token(COMMA))
    {
        return None;
    }
    let pair = items
        .windows(2)
        .find(|pair| is_type(&pair[0]) && is_type(&pair[1]))?;
    Some(expected(")", &pair[0]))
}

/// `(%a, %b T)` (`expected ':'`) or `(%a, %b : T U)` (`expected ')'`): values separated
/// by commas, then a colon and types separated by commas. A group of another shape, or
/// whose values are followed by anything but a type or a colon, says nothing.
fn value_group_failure(items: &[Item]) -> Option<Diagnostic> {
    let mut i = 0;
    while matches!(items.get(i), Some(Item::ValueUse(_))) {
        match items.get(i + 1) {
            Some(comma) if comma.is_token(COMMA) => i += 2,
            _ => break,
        }
    }
    if !matches!(items.get(i), Some(Item::ValueUse(_))) {
        return None;
    }
    match items.get(i + 1)? {
        Item::Type(_) => Some(expected(":", &items[i])),
        colon if colon.is_token(COLON) => {
            let types = &items[i + 2..];
            matches!(types.first(), Some(Item::Type(_))).then_some(())?;
            type_list_failure(types)
        }
        _ => None,
    }
}

/// MLIR's wrong-token error, just after `item`.
fn expected(token: &str, item: &Item) -> Diagnostic {
    plain_error(
        &format!("expected '{token}'"),
        wrong_token_at(item_range(item).end()),
    )
}
