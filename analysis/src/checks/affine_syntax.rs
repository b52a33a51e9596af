//! The headers of `affine.for` and `affine.if` as their custom parsers read them (checks
//! stage): the induction variable, the loop bounds (one value, an integer, or an affine
//! map with its dimension and symbol operands), the step and the loop-carried values, and
//! the integer set of a condition with its operands. MLIR reports the first header error
//! and stops; so does this, and it says nothing where the header strays from what it
//! knows (the op's other checks are not modelled: the affine dialect has no spec here).

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{SyntaxKind, TextRange, TextSize};

use super::verifiers::{item_range, wrong_token_at};
use crate::diagnostics::Diagnostic;
use crate::types::{Attr, Lowering};

/// The first error the custom parser of `op` (named `name`) reports in its header.
pub(super) fn header_failure(
    op: &ast::CustomOp,
    name: &str,
    lowering: &mut Lowering<'_>,
) -> Option<Diagnostic> {
    let op_name = op
        .syntax()
        .children()
        .find(|c| c.kind() == SyntaxKind::OP_NAME)?;
    let mut header = Header {
        items: op.items().collect(),
        next: 0,
        name,
        name_range: op_name.text_range(),
        lowering,
    };
    let failure = match name {
        "affine.for" => header.for_op(),
        "affine.if" => header.if_op(),
        _ => return None,
    };
    match failure {
        Step::Failed(d) => Some(d),
        Step::Done | Step::Unknown => None,
    }
}

/// How reading a piece of the header went.
enum Step {
    Done,
    /// MLIR's parser stops here with this error.
    Failed(Diagnostic),
    /// Something this reader does not model: it says nothing of the op.
    Unknown,
}

/// Returns early unless the step read its piece.
macro_rules! read {
    ($step:expr) => {
        match $step {
            Step::Done => {}
            other => return other,
        }
    };
}

struct Header<'a, 'l> {
    items: Vec<CustomOpItem>,
    next: usize,
    name: &'a str,
    name_range: TextRange,
    lowering: &'a mut Lowering<'l>,
}

/// Which loop bound is read: the keyword that may precede it and the one it needs when
/// its map has several results.
#[derive(Clone, Copy)]
enum Bound {
    Lower,
    Upper,
}

impl Bound {
    fn prefix(self) -> &'static str {
        match self {
            Bound::Lower => "max",
            Bound::Upper => "min",
        }
    }
}

impl Header<'_, '_> {
    /// `%iv = lb to ub [step n] [iter_args(%a = %v, ...) -> types]`.
    fn for_op(&mut self) -> Step {
        read!(self.induction_variable());
        if !self.eat_token(SyntaxKind::EQ) {
            return self.wrong_token("expected '='");
        }
        read!(self.bound(Bound::Lower));
        if !self.eat_keyword("to") {
            let Some(at) = self.peek().map(item_range) else {
                return Step::Unknown;
            };
            return self.custom_error("expected 'to' between bounds", at);
        }
        read!(self.bound(Bound::Upper));
        if self.eat_keyword("step") {
            read!(self.step());
        }
        if self.eat_keyword("iter_args") {
            return self.loop_carried_values();
        }
        Step::Done
    }

    /// `#set(dims)[symbols]`.
    fn if_op(&mut self) -> Step {
        let Some(CustomOpItem::Attribute(attr)) = self.peek().cloned() else {
            return Step::Unknown;
        };
        let Attr::IntegerSet(set) = self.lowering.lower_attr(attr.syntax()) else {
            return Step::Unknown;
        };
        self.next += 1;
        let Some((dims, symbols)) = self.dim_and_symbol_operands() else {
            return Step::Unknown;
        };
        if set.num_dims as usize != dims {
            return self.name_error("dim operand count and integer set dim count must match");
        }
        if set.num_symbols as usize != symbols {
            return self.name_error("symbol operand count and integer set symbol count must match");
        }
        Step::Done
    }

    /// The induction variable: a value name without a result number, and its location.
    fn induction_variable(&mut self) -> Step {
        let Some(CustomOpItem::ValueUse(value)) = self.peek() else {
            return self.wrong_token("expected SSA operand");
        };
        let number = value
            .syntax()
            .children_with_tokens()
            .find(|t| t.kind() == SyntaxKind::HASH_ID);
        if let Some(number) = number {
            let message = "result number not allowed in argument list";
            return Step::Failed(plain_error(message, number.text_range()));
        }
        self.next += 1;
        // An argument may say where it is (`%i loc("iv")`).
        if matches!(self.peek(), Some(CustomOpItem::Location(_))) {
            self.next += 1;
        }
        Step::Done
    }

    /// A loop bound: `[max|min]` then one value, an integer, or a map with its operands.
    fn bound(&mut self, bound: Bound) -> Step {
        let prefixed = self.eat_keyword(bound.prefix());
        if matches!(self.peek(), Some(CustomOpItem::ValueUse(_))) {
            self.next += 1;
            if self.eat_token(SyntaxKind::COMMA) {
                return self.name_error("expected only one loop bound operand");
            }
            return Step::Done;
        }
        let attr = match self.peek() {
            Some(CustomOpItem::Attribute(attr)) => attr.clone(),
            Some(CustomOpItem::Token(t)) if t.kind() == SyntaxKind::MINUS => {
                return self.after_minus(t.text_range().end());
            }
            _ => return self.wrong_token("expected attribute value"),
        };
        let at = attr.syntax().text_range();
        self.next += 1;
        if let Some(d) = integer_failure(attr.syntax(), at) {
            return Step::Failed(d);
        }
        match self.lowering.lower_attr(attr.syntax()) {
            Attr::Integer(_) => Step::Done,
            Attr::AffineMap(map) => {
                let Some((dims, symbols)) = self.dim_and_symbol_operands() else {
                    return Step::Unknown;
                };
                if map.num_dims as usize != dims {
                    return self
                        .name_error("dim operand count and affine map dim count must match");
                }
                if map.num_symbols as usize != symbols {
                    let message = "symbol operand count and affine map symbol count must match";
                    return self.name_error(message);
                }
                if map.results.len() > 1 && !prefixed {
                    let (which, prefix) = match bound {
                        Bound::Lower => ("lower", "max"),
                        Bound::Upper => ("upper", "min"),
                    };
                    let message = format!(
                        "{which} loop bound affine map with multiple results requires '{prefix}' prefix"
                    );
                    return self.custom_error(&message, at);
                }
                Step::Done
            }
            Attr::String(_) | Attr::Array(_) | Attr::Dictionary(_) | Attr::Unit => {
                self.name_error("expected valid affine map representation for loop bounds")
            }
            _ => Step::Unknown,
        }
    }

    /// `step n`: a positive integer.
    fn step(&mut self) -> Step {
        let literal = match self.peek() {
            Some(CustomOpItem::Attribute(attr @ ast::Attribute::Literal(_))) => attr.clone(),
            Some(CustomOpItem::Token(t)) if t.kind() == SyntaxKind::MINUS => {
                return self.after_minus(t.text_range().end());
            }
            Some(CustomOpItem::Attribute(_)) => return Step::Unknown,
            _ => return self.wrong_token("expected attribute value"),
        };
        self.next += 1;
        let at = literal.syntax().text_range();
        if let Some(d) = integer_failure(literal.syntax(), at) {
            return Step::Failed(d);
        }
        if literal
            .syntax()
            .text()
            .to_string()
            .trim_start()
            .starts_with('-')
        {
            let message = "expected step to be representable as a positive signed integer";
            return self.custom_error(message, at);
        }
        Step::Done
    }

    /// `(%a = %v, ...) -> types`: as many loop-carried values as results.
    fn loop_carried_values(&mut self) -> Step {
        let Some(CustomOpItem::Group(assignments)) = self.peek().cloned() else {
            return Step::Unknown;
        };
        self.next += 1;
        if !self.eat_token(SyntaxKind::ARROW) {
            return Step::Unknown;
        }
        let values = assignments
            .items()
            .filter(|i| i.is_token(SyntaxKind::EQ))
            .count();
        let results = match self.peek() {
            Some(CustomOpItem::Group(g)) if g.delimiter() == GroupDelimiter::Paren => g
                .items()
                .filter(|i| matches!(i, CustomOpItem::Type(_)))
                .count(),
            Some(CustomOpItem::Type(_)) => 1,
            _ => return Step::Unknown,
        };
        if values != results {
            return self
                .name_error("mismatch between the number of loop-carried values and results");
        }
        Step::Done
    }

    /// `(dims)[symbols]` after a map or set: how many of each; `None` if not plain values.
    fn dim_and_symbol_operands(&mut self) -> Option<(usize, usize)> {
        let dims = self.value_group(GroupDelimiter::Paren)?;
        let symbols = match self.peek() {
            Some(CustomOpItem::Group(g)) if g.delimiter() == GroupDelimiter::Bracket => {
                self.value_group(GroupDelimiter::Bracket)?
            }
            _ => 0,
        };
        Some((dims, symbols))
    }

    /// A group of comma-separated values, consumed; how many.
    fn value_group(&mut self, delimiter: GroupDelimiter) -> Option<usize> {
        let Some(CustomOpItem::Group(group)) = self.peek() else {
            return None;
        };
        if group.delimiter() != delimiter || !group.is_closed() {
            return None;
        }
        let mut count = 0;
        for (i, item) in group.items().enumerate() {
            let fits = match item {
                CustomOpItem::ValueUse(_) => i % 2 == 0,
                ref token => i % 2 == 1 && token.is_token(SyntaxKind::COMMA),
            };
            if !fits {
                return None;
            }
            count += usize::from(i % 2 == 0);
        }
        self.next += 1;
        Some(count)
    }

    /// A `-` the parser did not join to a number: MLIR wants the number right after it.
    fn after_minus(&self, end: TextSize) -> Step {
        let message = "expected constant integer or floating point value";
        Step::Failed(plain_error(message, wrong_token_at(end)))
    }

    fn peek(&self) -> Option<&CustomOpItem> {
        self.items.get(self.next)
    }

    fn eat_token(&mut self, kind: SyntaxKind) -> bool {
        let found = self.peek().is_some_and(|i| i.is_token(kind));
        self.next += usize::from(found);
        found
    }

    fn eat_keyword(&mut self, word: &str) -> bool {
        let found = matches!(self.peek(), Some(CustomOpItem::Keyword(k))
            if k.name_token().is_some_and(|t| t.text() == word));
        self.next += usize::from(found);
        found
    }

    /// A wrong-token error of MLIR's own parser: just after what was read last.
    fn wrong_token(&self, message: &str) -> Step {
        let end = match self.next.checked_sub(1) {
            Some(previous) => item_range(&self.items[previous]).end(),
            None => self.name_range.end(),
        };
        Step::Failed(plain_error(message, wrong_token_at(end)))
    }

    /// `custom op '<name>' <message>` at `at`, as the custom parser's `emitError` words it.
    fn custom_error(&self, message: &str, at: TextRange) -> Step {
        let message = format!("custom op '{}' {message}", self.name);
        Step::Failed(plain_error(&message, at))
    }

    /// `custom_error` at the op's name (the parser's `getNameLoc()`).
    fn name_error(&self, message: &str) -> Step {
        self.custom_error(message, self.name_range)
    }
}

fn plain_error(message: &str, at: TextRange) -> Diagnostic {
    Diagnostic::error("custom-syntax", message, at)
}

/// An integer literal (a bound or a step, of type `index`) that does not fit in 64 bits.
/// Decimal literals only: other literals say nothing.
fn integer_failure(literal: &mlir_syntax::SyntaxNode, at: TextRange) -> Option<Diagnostic> {
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
