//! The whitespace between two tokens on one line: one space around `=` and `->`, after `,`
//! and `:`, before an op's own `:` (the one before its types) and before the `{` of a
//! region or an attribute dictionary; none before `,` nor inside `()`, `[]` and the `<>`
//! of types and attributes; anything else as written. Whitespace is only taken away where the two tokens would
//! still lex apart.

use mlir_syntax::{SyntaxKind, SyntaxToken, lex};

use super::lines::is_inside_kept;
use SyntaxKind::*;

/// The whitespace that goes between `previous` and `next`, on one line, where `old` is.
pub(super) fn between(previous: &SyntaxToken, next: &SyntaxToken, old: &str) -> String {
    if next.kind() == COMMENT || is_inside_kept(previous, next) {
        return old.to_string();
    }
    let wanted = match wanted(previous, next) {
        Some(wanted) => wanted,
        None => return old.to_string(),
    };
    if old.is_empty() && is_operator(previous.kind()) && is_operator(next.kind()) {
        // `=>`, `::`, `>=`: punctuation written together reads as one operator.
        return String::new();
    }
    if wanted.is_empty() && !old.is_empty() && !lexes_apart(previous.text(), next.text()) {
        return old.to_string();
    }
    wanted.to_string()
}

/// The spacing a rule asks for between the two tokens; `None` where none applies.
fn wanted(previous: &SyntaxToken, next: &SyntaxToken) -> Option<&'static str> {
    let (before, after) = (previous.kind(), next.kind());
    if after == COMMA || closes(next) {
        return Some("");
    }
    if opens(previous) {
        return Some("");
    }
    if before == ARROW || after == ARROW || before == EQ || after == EQ {
        return Some(" ");
    }
    if before == COMMA || (before == COLON && spaced_colon(previous)) {
        return Some(" ");
    }
    if (after == COLON && before != BARE_ID && is_op_type_colon(next))
        || opens_region_or_dictionary(next)
    {
        return Some(" ");
    }
    None
}

/// Is this the `:` an op writes before its types (`arith.addi %a, %b : i32`,
/// `"t.op"() : () -> ()`): a `:` of the op itself, outside any bracket of its syntax?
/// (A `:` right after a keyword, as in `offset: [0]`, is not asked: the caller leaves it.)
fn is_op_type_colon(colon: &SyntaxToken) -> bool {
    let Some(op) = colon
        .parent()
        .filter(|p| matches!(p.kind(), GENERIC_OP | CUSTOM_OP))
    else {
        return false;
    };
    if !spaced_colon(colon) {
        return false;
    }
    let mut depth = 0i32;
    for token in op.children_with_tokens().filter_map(|c| c.into_token()) {
        if token == *colon {
            return depth == 0;
        }
        match token.kind() {
            L_PAREN | L_BRACK | L_BRACE | L_ANGLE => depth += 1,
            R_PAREN | R_BRACK | R_BRACE | R_ANGLE => depth -= 1,
            _ => {}
        }
    }
    false
}

/// Is this the `{` of a region or of an attribute dictionary, which MLIR prints after a
/// space?
fn opens_region_or_dictionary(token: &SyntaxToken) -> bool {
    token.kind() == L_BRACE
        && token.parent().is_some_and(|p| {
            matches!(p.kind(), REGION | ATTR_DICT) && p.first_token().as_ref() == Some(token)
        })
}

/// Punctuation that custom syntaxes put together into operators.
fn is_operator(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        EQ | L_ANGLE | R_ANGLE | COLON | MINUS | PLUS | STAR | PIPE
    )
}

/// `(`, `[`, or the `<` that opens a type's or an attribute's parameters.
fn opens(token: &SyntaxToken) -> bool {
    match token.kind() {
        L_PAREN | L_BRACK => true,
        L_ANGLE => is_angle_delimiter(token),
        _ => false,
    }
}

/// `)`, `]`, or the `>` that closes a type's or an attribute's parameters.
fn closes(token: &SyntaxToken) -> bool {
    match token.kind() {
        R_PAREN | R_BRACK => true,
        R_ANGLE => is_angle_delimiter(token),
        _ => false,
    }
}

/// Is this `<` or `>` one of the pair that encloses its node's parameters (and not, say,
/// half of an op's own syntax)?
fn is_angle_delimiter(token: &SyntaxToken) -> bool {
    let Some(parent) = token.parent() else {
        return false;
    };
    if matches!(parent.kind(), GENERIC_OP | CUSTOM_OP | SOURCE_FILE | ERROR) {
        return false;
    }
    let children: Vec<SyntaxToken> = parent
        .children_with_tokens()
        .filter_map(|c| c.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect();
    let first_open = children.iter().find(|t| t.kind() == L_ANGLE);
    let last = children.last();
    match token.kind() {
        L_ANGLE => first_open == Some(token) && last.is_some_and(|l| l.kind() == R_ANGLE),
        _ => last == Some(token) && first_open.is_some(),
    }
}

/// Is this `:` one followed by a space: not the one of `%r:2` or of `@a::@b`?
fn spaced_colon(colon: &SyntaxToken) -> bool {
    let parent = colon.parent().map(|p| p.kind());
    !matches!(parent, Some(OP_RESULT | SYMBOL_REF | SYMBOL_REF_ATTR))
        && colon.next_token().is_none_or(|t| t.kind() != COLON)
        && colon.prev_token().is_none_or(|t| t.kind() != COLON)
}

/// Do `left` and `right`, written without a space, still lex as `left` then `right`?
fn lexes_apart(left: &str, right: &str) -> bool {
    let joined = format!("{left}{right}");
    let (tokens, _) = lex(&joined);
    tokens.first().is_some_and(|t| t.len as usize == left.len())
        && tokens.get(1).is_some_and(|t| t.len as usize == right.len())
}
