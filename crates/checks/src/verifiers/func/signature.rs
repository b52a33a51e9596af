//! `func.func`'s signature: what its custom parser rejects (in the order it parses), and
//! what `FunctionOpInterface` verifies of argument and result attributes.

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{SyntaxKind, SyntaxNode};

use super::{Cx, Op, lists, signature_counts};
use crate::diagnostic::Diagnostic;
use crate::report::item_range;
use crate::report::wrong_token_at;
use mlir_dialects::registry::AttrValue;
use mlir_types::Attr;

/// Attributes the parser infers from the syntax, refused in `attributes {...}`, in the
/// order it looks for them.
const INFERRED: &[&str] = &["sym_visibility", "sym_name", "function_type"];

/// The first error of `func.func`'s parser: the `@name`, the argument list, the attribute
/// dictionary, the body.
pub(super) fn parse_failure(op: &Op<'_>, custom: &ast::CustomOp) -> Option<Diagnostic> {
    let mut items = custom.items().peekable();
    if let Some(CustomOpItem::Keyword(keyword)) = items.peek()
        && matches!(
            keyword.text().as_deref(),
            Some("private" | "public" | "nested")
        )
    {
        items.next();
    }
    let name = items.next()?;
    if !matches!(name, CustomOpItem::SymbolRef(_)) {
        let message = "expected valid '@'-identifier for symbol name";
        return Some(op.parse_error(message, item_range(&name)));
    }
    let arguments = match items.next() {
        Some(CustomOpItem::Group(group)) if group.delimiter() == GroupDelimiter::Paren => group,
        // The argument list is read as a comma-separated list in parentheses, whose `(`
        // is a wrong-token error (no op name in it): `@f) -> i32`, `@f%a: i32)`.
        _ => {
            let at = wrong_token_at(item_range(&name).end());
            return Some(Diagnostic::error("custom-syntax", "expected '('", at));
        }
    };
    if let Some(error) = lists::arguments_failure(op.name, &arguments) {
        return Some(error);
    }
    let rest: Vec<CustomOpItem> = items.collect();
    lists::results_failure(&rest)
        .or_else(|| attributes_without_dictionary(&rest))
        .or_else(|| inferred_attribute(op, &rest))
        .or_else(|| empty_body(op, &rest))
        .or_else(|| stray_token(&arguments, &rest))
}

/// `attributes` not followed by a dictionary: MLIR wants its `{` just after the keyword.
fn attributes_without_dictionary(rest: &[CustomOpItem]) -> Option<Diagnostic> {
    let at = rest.iter().position(is_attributes_keyword)?;
    if matches!(
        rest.get(at + 1),
        Some(CustomOpItem::Attribute(ast::Attribute::Dict(_)))
    ) {
        return None;
    }
    let message = "expected '{' in attribute dictionary";
    let range = wrong_token_at(item_range(&rest[at]).end());
    Some(Diagnostic::error("custom-syntax", message, range))
}

/// What stands after the signature, its attributes and its body, if it is punctuation
/// (`) - i32 {`, an arrow missing its `>`): MLIR's parser has ended the function before
/// it and wants a new op there, whose name no punctuation can be.
fn stray_token(arguments: &ast::Group, rest: &[CustomOpItem]) -> Option<Diagnostic> {
    let mut next = 0;
    if rest
        .first()
        .is_some_and(|arrow| arrow.is_token(SyntaxKind::ARROW))
    {
        next = 2;
    }
    if rest.get(next).is_some_and(is_attributes_keyword) {
        next += 2;
    }
    if matches!(rest.get(next), Some(CustomOpItem::Region(_))) {
        next += 1;
    }
    let CustomOpItem::Token(token) = rest.get(next)? else {
        return None;
    };
    if token.kind().is_trivia() {
        return None;
    }
    let previous_end = match next.checked_sub(1) {
        Some(previous) => item_range(rest.get(previous)?).end(),
        None => arguments.syntax().text_range().end(),
    };
    let message = "expected operation name in quotes";
    Some(Diagnostic::error(
        "custom-syntax",
        message,
        wrong_token_at(previous_end),
    ))
}

fn is_attributes_keyword(item: &CustomOpItem) -> bool {
    matches!(item, CustomOpItem::Keyword(k) if k.text().as_deref() == Some("attributes"))
}

/// `attributes {sym_name = ...}`: an attribute the syntax gives is refused, at the
/// `attributes` keyword.
fn inferred_attribute(op: &Op<'_>, rest: &[CustomOpItem]) -> Option<Diagnostic> {
    let at = rest.iter().position(
        |item| matches!(item, CustomOpItem::Keyword(k) if k.text().as_deref() == Some("attributes")),
    )?;
    let Some(CustomOpItem::Attribute(ast::Attribute::Dict(dict))) = rest.get(at + 1) else {
        return None;
    };
    let name = INFERRED.iter().find(|name| dict.entry(name).is_some())?;
    let message = format!(
        "'{name}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
    );
    Some(op.parse_error(message, item_range(&rest[at])))
}

/// A body written `{}`: the parser wants a block.
fn empty_body(op: &Op<'_>, rest: &[CustomOpItem]) -> Option<Diagnostic> {
    let CustomOpItem::Region(region) = rest.last()? else {
        return None;
    };
    if region.blocks().next().is_some() {
        return None;
    }
    let at = region.l_brace_token()?.text_range();
    Some(op.parse_error("expected non-empty function body", at))
}

/// `FunctionOpInterface`'s checks of `arg_attrs` and then `res_attrs`: one dictionary
/// per argument (result), whose names all have a dialect prefix.
pub(super) fn attribute_failure(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let (inputs, results) = signature_counts(op, cx)?;
    let mut seen_dialect_attr = false;
    for (name, count, what) in [
        ("arg_attrs", inputs, "argument"),
        ("res_attrs", results, "result"),
    ] {
        let Some(dicts) = attribute_dicts(op, cx, name) else {
            continue;
        };
        if let Some(dicts) = &dicts.explicit
            && dicts.len() != count
        {
            return Some(op.error(format!(
                "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {count}",
                dicts.len()
            )));
        }
        for dict in dicts.explicit.iter().flatten().chain(&dicts.written) {
            let Attr::Dictionary(entries) = dict else {
                return None;
            };
            for (entry, _) in entries.iter() {
                if entry.contains('.') {
                    // A dialect may verify its attribute and fail first; say nothing
                    // past one whose dialect could.
                    seen_dialect_attr |= may_verify(entry);
                    continue;
                }
                if seen_dialect_attr {
                    return None;
                }
                let plural = if what == "argument" {
                    "arguments"
                } else {
                    "results"
                };
                return Some(op.error(format!("{plural} may only have dialect attributes")));
            }
        }
    }
    None
}

/// The attribute dictionaries of arguments or results: an explicit array (generic form,
/// or `attributes {arg_attrs = [...]}`), or those the signature writes (as many as
/// written, since the parser fills in the others empty).
struct AttributeDicts {
    explicit: Option<Vec<Attr>>,
    written: Vec<Attr>,
}

fn attribute_dicts(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<AttributeDicts> {
    let explicit_node: Option<SyntaxNode> = match op.matched {
        Some(matched) => {
            if let Some(attr) = matched.attribute(name) {
                let AttrValue::Elements(dicts) = &attr.value else {
                    return None;
                };
                let written = dicts.iter().map(|d| cx.lower_attr(d)).collect();
                // The signature's dictionaries replace any array in `attributes {...}`.
                return Some(AttributeDicts {
                    explicit: None,
                    written,
                });
            }
            let entry = matched.attr_dict.as_ref()?.entry(name)?;
            if entry.value().is_none() {
                // In a custom op, `[{}]` may be kept as a group of regions.
                return Some(AttributeDicts {
                    explicit: Some(group_dicts(&entry, cx)?),
                    written: Vec::new(),
                });
            }
            Some(entry.value()?.syntax().clone())
        }
        None => Some(op.generic_attr(name)?.value()?.syntax().clone()),
    };
    match cx.lower_attr(&explicit_node?) {
        Attr::Array(items) => Some(AttributeDicts {
            explicit: Some(items.to_vec()),
            written: Vec::new(),
        }),
        _ => None,
    }
}

/// The dictionaries of an entry `name = [{...}, ...]` kept as a bracketed group of
/// items: one per comma-separated element; an empty `{}` read as a region is an empty
/// dictionary, and anything else unreadable (`Attr::Error`).
fn group_dicts(entry: &ast::AttrEntry, cx: &mut Cx<'_>) -> Option<Vec<Attr>> {
    let items: Vec<CustomOpItem> = entry.value_items().collect();
    let [CustomOpItem::Group(group)] = items.as_slice() else {
        return None;
    };
    if group.delimiter() != GroupDelimiter::Bracket {
        return None;
    }
    let mut dicts = Vec::new();
    let mut pending: Option<Attr> = None;
    for item in group.items() {
        match &item {
            CustomOpItem::Token(t) if t.kind() == SyntaxKind::COMMA => {
                dicts.push(pending.take().unwrap_or(Attr::Error));
                continue;
            }
            CustomOpItem::Attribute(ast::Attribute::Dict(dict)) if pending.is_none() => {
                pending = Some(cx.lower_attr(dict.syntax()));
            }
            CustomOpItem::Region(region)
                if pending.is_none() && region.blocks().next().is_none() =>
            {
                pending = Some(Attr::Dictionary(Vec::new().into()));
            }
            _ => pending = Some(Attr::Error),
        }
    }
    dicts.extend(pending);
    Some(dicts)
}

/// Could the dialect that owns the attribute `name` verify it on an argument or result
/// (and fail before MLIR gets to a later attribute)? Dialects outside MLIR's tree (and
/// the test dialect, but for its one refused attribute) verify nothing there.
fn may_verify(name: &str) -> bool {
    let dialect = name.split_once('.').map_or(name, |(d, _)| d);
    dialect != "test" && mlir_hir::ops::dialect_is_upstream(dialect) || name == "test.invalid_attr"
}
