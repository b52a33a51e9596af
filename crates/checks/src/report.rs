//! Where and how MLIR's custom parsers report what they find wrong in an op's text
//! (checks stage): the verifiers, the custom-parser checks and the leftover-text check
//! all word and place their errors so.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{TextRange, TextSize};

use crate::diagnostic::Diagnostic;

/// `custom op '<op_name>' <message>` at `at`: how MLIR words the error a custom parser
/// emits (`emitError` of its `OpAsmParser`).
pub(crate) fn custom_op_error(
    op_name: &str,
    message: impl std::fmt::Display,
    at: TextRange,
) -> Diagnostic {
    let message = format!("custom op '{op_name}' {message}");
    Diagnostic::error("custom-syntax", message, at)
}

pub(crate) fn item_range(item: &ast::CustomOpItem) -> TextRange {
    use ast::CustomOpItem as Item;
    match item {
        Item::ValueUse(n) => n.syntax().text_range(),
        Item::Successor(n) => n.syntax().text_range(),
        Item::SymbolRef(n) => n.syntax().text_range(),
        Item::Group(n) => n.syntax().text_range(),
        Item::Keyword(n) => n.syntax().text_range(),
        Item::Region(n) => n.syntax().text_range(),
        Item::Location(n) => n.syntax().text_range(),
        Item::Type(n) => n.syntax().text_range(),
        Item::Attribute(n) => n.syntax().text_range(),
        Item::Token(t) => t.text_range(),
        Item::Other(n) => n.text_range(),
    }
}

/// Where the item before `items[i]` ends (`start` for the first item): where a wrong token
/// at `items[i]` is reported.
pub(crate) fn end_before(items: &[ast::CustomOpItem], i: usize, start: TextSize) -> TextSize {
    i.checked_sub(1)
        .and_then(|previous| items.get(previous))
        .map_or(start, |item| item_range(item).end())
}

/// Where MLIR reports a wrong token: just after the token before it, which ends at
/// `after` (its `emitWrongTokenError` backs up over blanks and line breaks).
pub(crate) fn wrong_token_at(after: TextSize) -> TextRange {
    TextRange::empty(after)
}
