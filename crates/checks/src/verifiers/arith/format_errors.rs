//! The first error of an ODS-generated parser on an `arith` op whose syntax does not fit
//! its format: the format's leading operands, commas, colon, optional keyword groups
//! and attribute dictionary are walked over the op's items. Past anything else (a type,
//! an attribute, a keyword group that is written) we cannot follow the parser and say
//! nothing.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use super::Op;
use crate::diagnostic::Diagnostic;
use crate::report::{end_before, wrong_token_at};
use mlir_dialects::registry::{Element, Variadicity};

/// What one format element found.
enum Step {
    /// It matched; go on.
    Matched,
    /// The parser reports this.
    Failed(Diagnostic),
    /// We cannot tell how the parser goes on.
    Unsure,
}

pub(super) fn format_failure(op: &Op<'_>) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let format = op.spec.format.as_ref()?;
    let items: Vec<CustomOpItem> = custom.items().collect();
    let mut next = 0;
    for element in &format.elements {
        match step(op, element, &items, &mut next) {
            Step::Matched => {}
            Step::Failed(error) => return Some(error),
            Step::Unsure => return None,
        }
    }
    None
}

fn step(op: &Op<'_>, element: &Element, items: &[CustomOpItem], next: &mut usize) -> Step {
    // At the end of the op the parser reads whatever follows; we leave that alone.
    let Some(item) = items.get(*next) else {
        return Step::Unsure;
    };
    match element {
        Element::Space => Step::Matched,
        Element::Var(name) => match op.spec.operand(name) {
            Some((_, operand)) if operand.variadicity == Variadicity::Single => {
                expect(op, items, next, "expected SSA operand", |item| {
                    matches!(item, CustomOpItem::ValueUse(_))
                })
            }
            _ => Step::Unsure,
        },
        Element::Literal(text) if matches!(text.as_str(), "," | ":") => {
            let kind = if text == "," {
                SyntaxKind::COMMA
            } else {
                SyntaxKind::COLON
            };
            let message = format!("expected '{text}'");
            expect(op, items, next, &message, |item| item.is_token(kind))
        }
        Element::AttrDict {
            with_keyword: false,
        } => {
            if matches!(item, CustomOpItem::Attribute(ast::Attribute::Dict(_))) {
                *next += 1;
            }
            Step::Matched
        }
        // `(`keyword` ...)?`: absent when its keyword is not written.
        Element::Optional { then, .. } => match then.first() {
            Some(Element::Literal(keyword))
                if keyword.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
                    && !item.is_keyword(keyword) =>
            {
                Step::Matched
            }
            _ => Step::Unsure,
        },
        _ => Step::Unsure,
    }
}

/// The item at `next` must pass `fits`; else the parser reports `message` there.
fn expect(
    op: &Op<'_>,
    items: &[CustomOpItem],
    next: &mut usize,
    message: &str,
    fits: impl Fn(&CustomOpItem) -> bool,
) -> Step {
    let item = &items[*next];
    if fits(item) {
        *next += 1;
        return Step::Matched;
    }
    let at = wrong_token_at(end_before(items, *next, op.at().end()));
    Step::Failed(Diagnostic::error("custom-syntax", message, at))
}
