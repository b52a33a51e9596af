//! `affine.for` and `affine.if` headers: the induction variable, the loop bounds (one
//! value, an integer, or an affine map with its dimension and symbol operands), the step
//! and the loop-carried values, and the integer set of a condition with its operands.

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{SyntaxKind, TextRange, TextSize};

use super::reader::{Reader, Step, failed, plain_error, read};
use mlir_types::Attr;

/// Which loop bound is read.
#[derive(Clone, Copy)]
enum Bound {
    Lower,
    Upper,
}

/// `%iv = lb to ub [step n] [iter_args(%a = %v, ...) -> types]`.
pub(super) fn for_op(r: &mut Reader<'_, '_>) -> Step {
    read!(induction_variable(r));
    if !r.eat_token(SyntaxKind::EQ) {
        return failed(r.wrong_token("expected '='"));
    }
    read!(bound(r, Bound::Lower));
    if !r.eat_keyword("to") {
        let Some(at) = r.here() else {
            return Step::Unknown;
        };
        return failed(r.custom_error("expected 'to' between bounds", at));
    }
    read!(bound(r, Bound::Upper));
    if r.eat_keyword("step") {
        read!(step(r));
    }
    if r.eat_keyword("iter_args") {
        return loop_carried_values(r);
    }
    body(r)
}

/// The loop's body, which must follow its header.
fn body(r: &mut Reader<'_, '_>) -> Step {
    match r.peek() {
        Some(CustomOpItem::Region(_)) => Step::Done,
        // Whatever `{...}` the grammar made of it, MLIR reads a region there.
        Some(CustomOpItem::Attribute(ast::Attribute::Dict(_))) => Step::Unknown,
        Some(CustomOpItem::Group(g)) if g.delimiter() == GroupDelimiter::Brace => Step::Unknown,
        _ => failed(r.wrong_token("expected '{' to begin a region")),
    }
}

/// `#set(dims)[symbols]`.
pub(super) fn if_op(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::Attribute(attr)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    let Attr::IntegerSet(set) = r.lowering.lower_attr(attr.syntax()) else {
        return Step::Unknown;
    };
    r.next += 1;
    let Some((dims, symbols)) = dim_and_symbol_operands(r) else {
        return Step::Unknown;
    };
    if set.num_dims as usize != dims {
        return failed(r.name_error("dim operand count and integer set dim count must match"));
    }
    if set.num_symbols as usize != symbols {
        let message = "symbol operand count and integer set symbol count must match";
        return failed(r.name_error(message));
    }
    Step::Done
}

/// `affine.load %m[...]` and the like: the memref's subscripts are an affine map of
/// values in brackets. `stored` ops (`affine.store %v, %m[...]`) name the value first.
pub(super) fn access(r: &mut Reader<'_, '_>, stored: bool) -> Step {
    if stored {
        if !matches!(r.peek(), Some(CustomOpItem::ValueUse(_))) {
            return Step::Unknown;
        }
        r.next += 1;
        if !r.eat_token(SyntaxKind::COMMA) {
            return Step::Unknown;
        }
    }
    if !matches!(r.peek(), Some(CustomOpItem::ValueUse(_))) {
        return Step::Unknown;
    }
    r.next += 1;
    match r.peek() {
        Some(CustomOpItem::Group(g)) if g.delimiter() == GroupDelimiter::Bracket => Step::Done,
        _ => failed(r.wrong_token("expected '[' in affine map")),
    }
}

/// The induction variable: a value name without a result number, and its location.
fn induction_variable(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::ValueUse(value)) = r.peek() else {
        return failed(r.wrong_token("expected SSA operand"));
    };
    let number = value
        .syntax()
        .children_with_tokens()
        .find(|t| t.kind() == SyntaxKind::HASH_ID);
    if let Some(number) = number {
        let message = "result number not allowed in argument list";
        return failed(plain_error(message, number.text_range()));
    }
    r.next += 1;
    // An argument may say where it is (`%i loc("iv")`).
    if matches!(r.peek(), Some(CustomOpItem::Location(_))) {
        r.next += 1;
    }
    Step::Done
}

/// A loop bound: `[max|min]` then one value, an integer, or a map with its operands.
fn bound(r: &mut Reader<'_, '_>, bound: Bound) -> Step {
    let (which, prefix) = match bound {
        Bound::Lower => ("lower", "max"),
        Bound::Upper => ("upper", "min"),
    };
    let prefixed = r.eat_keyword(prefix);
    if matches!(r.peek(), Some(CustomOpItem::ValueUse(_))) {
        r.next += 1;
        if r.eat_token(SyntaxKind::COMMA) {
            return failed(r.name_error("expected only one loop bound operand"));
        }
        return Step::Done;
    }
    let attr = match r.peek() {
        Some(CustomOpItem::Attribute(attr)) => attr.clone(),
        Some(CustomOpItem::Token(t)) if t.kind() == SyntaxKind::MINUS => {
            return after_minus(t.text_range().end());
        }
        _ => return failed(r.wrong_token("expected attribute value")),
    };
    let at = attr.syntax().text_range();
    r.next += 1;
    if let Some(d) = integer_failure(attr.syntax(), at) {
        return failed(d);
    }
    match r.lowering.lower_attr(attr.syntax()) {
        Attr::Integer(_) => Step::Done,
        Attr::AffineMap(map) => {
            let Some((dims, symbols)) = dim_and_symbol_operands(r) else {
                return Step::Unknown;
            };
            if map.num_dims as usize != dims {
                let message = "dim operand count and affine map dim count must match";
                return failed(r.name_error(message));
            }
            if map.num_symbols as usize != symbols {
                let message = "symbol operand count and affine map symbol count must match";
                return failed(r.name_error(message));
            }
            if map.results.len() > 1 && !prefixed {
                let message = format!(
                    "{which} loop bound affine map with multiple results requires '{prefix}' prefix"
                );
                return failed(r.custom_error(&message, at));
            }
            Step::Done
        }
        Attr::String(_) | Attr::Array(_) | Attr::Dictionary(_) | Attr::Unit => {
            failed(r.name_error("expected valid affine map representation for loop bounds"))
        }
        _ => Step::Unknown,
    }
}

/// `step n`: a positive integer.
fn step(r: &mut Reader<'_, '_>) -> Step {
    let literal = match r.peek() {
        Some(CustomOpItem::Attribute(attr @ ast::Attribute::Literal(_))) => attr.clone(),
        Some(CustomOpItem::Token(t)) if t.kind() == SyntaxKind::MINUS => {
            return after_minus(t.text_range().end());
        }
        Some(CustomOpItem::Attribute(_)) => return Step::Unknown,
        _ => return failed(r.wrong_token("expected attribute value")),
    };
    r.next += 1;
    let at = literal.syntax().text_range();
    if let Some(d) = integer_failure(literal.syntax(), at) {
        return failed(d);
    }
    if literal
        .syntax()
        .text()
        .to_string()
        .trim_start()
        .starts_with('-')
    {
        let message = "expected step to be representable as a positive signed integer";
        return failed(r.custom_error(message, at));
    }
    Step::Done
}

/// `(%a = %v, ...) -> types`: as many loop-carried values as results.
fn loop_carried_values(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::Group(assignments)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    r.next += 1;
    if !r.eat_token(SyntaxKind::ARROW) {
        return Step::Unknown;
    }
    let values = assignments
        .items()
        .filter(|i| i.is_token(SyntaxKind::EQ))
        .count();
    let results = match r.peek() {
        Some(CustomOpItem::Group(g)) if g.delimiter() == GroupDelimiter::Paren => g
            .items()
            .filter(|i| matches!(i, CustomOpItem::Type(_)))
            .count(),
        Some(CustomOpItem::Type(_)) => 1,
        _ => return Step::Unknown,
    };
    if values != results {
        let message = "mismatch between the number of loop-carried values and results";
        return failed(r.name_error(message));
    }
    Step::Done
}

/// `(dims)[symbols]` after a map or set: how many of each; `None` if not plain values.
fn dim_and_symbol_operands(r: &mut Reader<'_, '_>) -> Option<(usize, usize)> {
    let dims = r.value_group(GroupDelimiter::Paren)?;
    let symbols = match r.peek() {
        Some(CustomOpItem::Group(g)) if g.delimiter() == GroupDelimiter::Bracket => {
            r.value_group(GroupDelimiter::Bracket)?
        }
        _ => 0,
    };
    Some((dims, symbols))
}

/// A `-` the parser did not join to a number: MLIR wants the number right after it.
fn after_minus(end: TextSize) -> Step {
    let message = "expected constant integer or floating point value";
    failed(plain_error(message, crate::report::wrong_token_at(end)))
}

/// An integer literal (a bound or a step, of type `index`) that does not fit in 64 bits.
/// Decimal literals only: other literals say nothing.
fn integer_failure(
    literal: &mlir_syntax::SyntaxNode,
    at: TextRange,
) -> Option<crate::diagnostic::Diagnostic> {
    let text: String = literal
        .children_with_tokens()
        .filter(|t| !t.kind().is_trivia())
        .map(|t| t.to_string())
        .collect();
    let digits = text.strip_prefix('-').unwrap_or(&text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fits = text.parse::<i64>().is_ok();
    // MLIR points at the number, after any `-`.
    let start = at.end() - TextSize::of(digits);
    (!fits).then(|| {
        plain_error(
            "integer constant out of range for attribute",
            TextRange::new(start, at.end()),
        )
    })
}
