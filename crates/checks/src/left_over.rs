//! A custom op whose items stray from its assembly format (checks stage): items past the
//! format's end, where MLIR's parser ends the op and reads a new statement from the next
//! item, which fails at once when that item cannot begin one; and a literal (`:`, `(`,
//! `to`) or a type of the format missing where MLIR's parser wants it.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{TextRange, TextSize};

use crate::diagnostic::Diagnostic;
use crate::report::wrong_token_at;
use mlir_dialects::registry::{Missing, Wanted};

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

/// MLIR's error where an op lacks a piece of its format (`registry::Fit::Expected`). A
/// missing literal: punctuation is a wrong token, `expected ':'` just after what was read
/// before it; a keyword is asked of the custom parser, `custom op '<name>' expected 'to'`
/// on the item found instead. A missing type, where a word stands: `tensor` without its
/// `<` (`expected '<' in tensor type`, just after it), or a word that is no type
/// (`expected non-function type`, just after what was read before it). `None` where MLIR's error would stand past the
/// op's end, or on something not modelled.
pub(crate) fn missing_piece(op_name: &str, missing: &Missing) -> Option<Diagnostic> {
    let (message, at) = match &missing.wanted {
        Wanted::Literal(literal) if !is_word(literal) => (
            format!("expected '{literal}'"),
            wrong_token_at(missing.previous_end),
        ),
        Wanted::Literal(literal) => (
            format!("custom op '{op_name}' expected '{literal}'"),
            missing.found?,
        ),
        Wanted::Type => {
            let (word, found) = (missing.found_word.as_deref()?, missing.found?);
            if mlir_syntax::is_shaped_keyword(word) {
                let message = format!("expected '<' in {word} type");
                (message, wrong_token_at(found.end()))
            } else {
                let at = wrong_token_at(missing.previous_end);
                ("expected non-function type".to_string(), at)
            }
        }
    };
    Some(Diagnostic::error("custom-syntax", message, at))
}

fn is_word(literal: &str) -> bool {
    literal.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}
