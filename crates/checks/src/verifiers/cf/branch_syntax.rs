//! `cf.br` and `cf.cond_br` whose syntax does not fit their format: the first error of
//! their parsers, as far as the items let us follow them (the condition and its comma,
//! each destination and its `(%v, ... : T, ...)`). Upstream's parser reports a wrong
//! token just after the token before it (across blank space and line breaks).

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{SyntaxKind, TextSize};

use crate::diagnostic::Diagnostic;
use crate::report::{end_before, wrong_token_at};
use crate::verifiers::op::Op;

pub(crate) fn branch_failure(op: &Op<'_>) -> Option<Diagnostic> {
    if op.matched.is_some() {
        return None;
    }
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let items: Vec<CustomOpItem> = custom.items().collect();
    let after_name = op.at().end();
    let mut i = 0;
    let destinations = if op.name == "cf.cond_br" {
        // A condition that is no value is beyond what we follow.
        if !matches!(items.first()?, CustomOpItem::ValueUse(_)) {
            return None;
        }
        i = match expect_comma(&items, 1, after_name)? {
            Ok(next) => next,
            Err(error) => return Some(error),
        };
        2
    } else {
        1
    };
    for destination in 0..destinations {
        if destination > 0 {
            i = match expect_comma(&items, i, after_name)? {
                Ok(next) => next,
                Err(error) => return Some(error),
            };
        }
        let CustomOpItem::Successor(successor) = items.get(i)? else {
            return Some(wrong_token(
                "expected block name",
                end_before(&items, i, after_name),
            ));
        };
        i += 1;
        // The operands are kept in the successor, or as a group after it.
        let group = match successor.operand_group() {
            Some(group) => Some(group),
            None => match items.get(i) {
                Some(CustomOpItem::Group(g)) if g.delimiter() == GroupDelimiter::Paren => {
                    i += 1;
                    Some(g.clone())
                }
                _ => None,
            },
        };
        if let Some(error) = group.and_then(|g| operands_failure(&g)) {
            return Some(error);
        }
    }
    None
}

/// The comma at `items[i]`: the index after it, or the parser's error; `None` at the end.
fn expect_comma(
    items: &[CustomOpItem],
    i: usize,
    after_name: TextSize,
) -> Option<Result<usize, Diagnostic>> {
    let item = items.get(i)?;
    Some(if item.is_token(SyntaxKind::COMMA) {
        Ok(i + 1)
    } else {
        Err(wrong_token(
            "expected ','",
            end_before(items, i, after_name),
        ))
    })
}

/// `(%a, %b : T, U)`: values, a colon, a type per entry.
fn operands_failure(group: &ast::Group) -> Option<Diagnostic> {
    let items: Vec<CustomOpItem> = group.items().collect();
    let open_end = group.syntax().first_token()?.text_range().end();
    let mut i = 0;
    if matches!(items.first(), Some(CustomOpItem::ValueUse(_))) {
        i = 1;
        while items.get(i).is_some_and(|c| c.is_token(SyntaxKind::COMMA))
            && matches!(items.get(i + 1), Some(CustomOpItem::ValueUse(_)))
        {
            i += 2;
        }
    }
    // The closing bracket is a wrong token too; an unclosed group is a syntax error.
    if i == items.len() && !group.is_closed() {
        return None;
    }
    if !items.get(i).is_some_and(|c| c.is_token(SyntaxKind::COLON)) {
        return Some(wrong_token("expected ':'", end_before(&items, i, open_end)));
    }
    i += 1;
    loop {
        match items.get(i)? {
            CustomOpItem::Type(_) => i += 1,
            _ => {
                let at = end_before(&items, i, open_end);
                return Some(wrong_token("expected non-function type", at));
            }
        }
        if !items.get(i).is_some_and(|c| c.is_token(SyntaxKind::COMMA)) {
            return None;
        }
        i += 1;
    }
}

fn wrong_token(message: &str, after: TextSize) -> Diagnostic {
    Diagnostic::error("custom-syntax", message, wrong_token_at(after))
}
