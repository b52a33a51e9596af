//! Verifiers of `cf` ops beyond their ODS constraints (see `checks::verifiers`):
//! `cf.switch`'s custom parser of its cases, the syntax of `cf.br` and `cf.cond_br`, and
//! `cf.cond_br`'s branch weights.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

mod branch_syntax;

use crate::diagnostic::Diagnostic;
use crate::report::{item_range, wrong_token_at};
use crate::verifiers::op::{Cx, Op};
use mlir_dialects::registry::AttrValue;
use mlir_types::Attr;

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &["cf.cond_br"];

/// The ops whose verifier reads nothing but the op (`cond_br`'s branch weights).
pub(super) const SELF_CONTAINED_OPS: &[&str] = &["cf.cond_br"];

/// The ops whose custom parser this file checks.
pub(super) const PARSED_OPS: &[&str] = &["cf.br", "cf.cond_br", "cf.switch"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    if op.name == "cf.cond_br" {
        out.extend(branch_weights_failure(op, cx, 2));
    }
}

/// (The matcher takes any attribute for a case value, so a matched op is checked too.)
pub(super) fn parse_check(op: &Op<'_>) -> Option<Diagnostic> {
    if matches!(op.name, "cf.br" | "cf.cond_br") {
        return branch_syntax::branch_failure(op);
    }
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let cases = custom.items().find_map(|item| match item {
        CustomOpItem::Group(g) if g.delimiter() == GroupDelimiter::Bracket => Some(g),
        _ => None,
    })?;
    switch_cases_failure(op, &cases)
}

/// `[default: ^bb(...), 42: ^bb(...), ...]` as `cf.switch`'s parser reads it: the
/// `default` keyword first, then each case after a comma starting with an integer, and
/// nothing after the last case. Other deviations (a missing colon, ...) say nothing.
fn switch_cases_failure(op: &Op<'_>, cases: &ast::Group) -> Option<Diagnostic> {
    let items: Vec<CustomOpItem> = cases.items().collect();
    let mut i = 0;
    match items.first() {
        Some(CustomOpItem::Keyword(k)) if k.text().as_deref() == Some("default") => i += 1,
        Some(item) => return Some(op.parse_error("expected 'default'", item_range(item))),
        None => {
            let close = cases.syntax().last_token()?.text_range();
            return Some(op.parse_error("expected 'default'", close));
        }
    }
    i = case_destination(&items, i)?;
    while i < items.len() {
        if !items[i].is_token(SyntaxKind::COMMA) {
            let after = item_range(&items[i - 1]).end();
            let message = "expected ']'";
            let at = wrong_token_at(after);
            return Some(Diagnostic::error("custom-syntax", message, at));
        }
        i += 1;
        let value = items.get(i)?;
        if !is_integer(value) {
            return Some(op.parse_error("expected integer value", item_range(value)));
        }
        i = case_destination(&items, i + 1)?;
    }
    None
}

/// `: ^bb` and its optional `(%a : i32)` from `items[i]`; the index after them, or
/// `None` if they are not written so.
fn case_destination(items: &[CustomOpItem], mut i: usize) -> Option<usize> {
    if !items.get(i)?.is_token(SyntaxKind::COLON) {
        return None;
    }
    i += 1;
    let CustomOpItem::Successor(successor) = items.get(i)? else {
        return None;
    };
    i += 1;
    // The operands may be kept inside the successor node or as a group after it.
    let has_args = successor
        .syntax()
        .children()
        .any(|c| c.kind() == SyntaxKind::PAREN_GROUP);
    if !has_args
        && let Some(CustomOpItem::Group(g)) = items.get(i)
        && g.delimiter() == GroupDelimiter::Paren
    {
        i += 1;
    }
    Some(i)
}

/// An integer literal, possibly negative (`42`, `-1`, `0x10`).
fn is_integer(item: &CustomOpItem) -> bool {
    let CustomOpItem::Attribute(ast::Attribute::Literal(literal)) = item else {
        return false;
    };
    literal.ty().is_none()
        && literal
            .value_token()
            .is_some_and(|t| matches!(t.kind(), SyntaxKind::INT_NUMBER | SyntaxKind::HEX_NUMBER))
}

/// `WeightedBranchOpInterface`: as many weights as successors, not all zero.
fn branch_weights_failure(op: &Op<'_>, cx: &mut Cx<'_>, successors: usize) -> Option<Diagnostic> {
    let weights = branch_weights(op, cx)?;
    let message = if weights.len() != successors {
        format!(
            "expects number of branch weights to match number of successors: {} vs {successors}",
            weights.len()
        )
    } else if weights.iter().all(|w| *w == 0) {
        "branch weights cannot all be zero".to_string()
    } else {
        return None;
    };
    Some(Diagnostic::error("op-verify", message, op.at()))
}

/// The weights written (`weights([3, 1])`, or `branch_weights = array<i32: 3, 1>`);
/// `None` if absent or unreadable.
fn branch_weights(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Vec<i128>> {
    let node = match op.matched {
        Some(matched) => match &matched.attribute("branch_weights")?.value {
            AttrValue::Node(node) => node.clone(),
            _ => return None,
        },
        None => op.generic_attr("branch_weights")?.value()?.syntax().clone(),
    };
    if node.kind() == SyntaxKind::BRACKET_GROUP {
        return integer_list(&node);
    }
    let values = match cx.lower_attr(&node) {
        Attr::Array(items) => items.to_vec(),
        Attr::DenseArray(array) => array.1.clone(),
        _ => return None,
    };
    values
        .iter()
        .map(|v| match v {
            Attr::Integer(int) => int.value_i128(),
            _ => None,
        })
        .collect()
}

/// The integers of a `[1, -2, 3]` kept as a bracketed group of a custom op; `None` if
/// it holds anything else.
fn integer_list(group: &mlir_syntax::SyntaxNode) -> Option<Vec<i128>> {
    let mut values = Vec::new();
    let mut negative = false;
    let tokens = group
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia());
    for token in tokens {
        match token.kind() {
            SyntaxKind::L_BRACK | SyntaxKind::R_BRACK | SyntaxKind::COMMA => {}
            SyntaxKind::MINUS => negative = true,
            SyntaxKind::INT_NUMBER => {
                let value: i128 = token.text().parse().ok()?;
                values.push(if std::mem::take(&mut negative) {
                    -value
                } else {
                    value
                });
            }
            _ => return None,
        }
    }
    Some(values)
}
