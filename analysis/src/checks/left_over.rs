//! A custom op whose items go on past the end of its assembly format (checks stage):
//! MLIR's parser ends the op where its format ends and reads a new statement from the
//! next item, which fails at once when that item cannot begin one.

use mlir_syntax::TextRange;
use mlir_syntax::ast::{self, AstNode};

use crate::diagnostics::Diagnostic;
use crate::registry::{self, OpSpec};

/// A custom op whose items go on past its format's end, when what is left begins with an
/// integer type (`arith.constant 1 i32`): MLIR ends the op before it and reads a new op
/// there, and an integer type is no op name (a keyword or a word would be read as a
/// custom op's name, which this does not model).
pub(super) fn error(op: &ast::CustomOp, spec: &OpSpec) -> Option<Diagnostic> {
    let (item, previous_end) = registry::left_over(op, spec)?;
    let ast::CustomOpItem::Type(ast::Type::Builtin(ty)) = item else {
        return None;
    };
    if !is_integer_type(&ty.syntax().text().to_string()) {
        return None;
    }
    let at = TextRange::empty(previous_end);
    Some(Diagnostic::error(
        "custom-syntax",
        "expected operation name in quotes",
        at,
    ))
}

/// `i32`, `si8`, `ui64`: the words MLIR's lexer reads as integer types, not identifiers.
fn is_integer_type(word: &str) -> bool {
    let digits = word
        .strip_prefix("si")
        .or_else(|| word.strip_prefix("ui"))
        .or_else(|| word.strip_prefix('i'));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}
