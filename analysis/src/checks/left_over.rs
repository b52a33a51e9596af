//! A custom op whose items go on past the end of its assembly format (checks stage):
//! MLIR's parser ends the op where its format ends and reads a new statement from the
//! next item, which fails at once when that item cannot begin one.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{TextRange, TextSize};

use crate::diagnostics::Diagnostic;

/// The error of an op whose items go on past its format's end (`registry::Fit::LeftOver`),
/// when the `item` left, after what ends at `previous_end`, is an integer type
/// (`arith.constant 1 i32`): MLIR ends the op before it and reads a new op there, and an
/// integer type is no op name (a keyword or a word would be read as a custom op's name,
/// which this does not model).
pub(super) fn error(item: &ast::CustomOpItem, previous_end: TextSize) -> Option<Diagnostic> {
    let ast::CustomOpItem::Type(ast::Type::Builtin(ty)) = item else {
        return None;
    };
    if !mlir_syntax::is_integer_type(&ty.syntax().text().to_string()) {
        return None;
    }
    let at = TextRange::empty(previous_end);
    Some(Diagnostic::error(
        "custom-syntax",
        "expected operation name in quotes",
        at,
    ))
}
