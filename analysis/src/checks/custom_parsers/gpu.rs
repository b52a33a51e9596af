//! The reductions of the GPU dialect (`gpu.all_reduce`, `gpu.subgroup_reduce`), whose
//! custom parser reads an optional reduction kind and rejects a word that names none, and
//! `gpu.launch_func`'s kernel symbol and kernel arguments.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

use super::reader::{Reader, Step, failed, is_keyword, plain_error};
use crate::checks::verifiers::{item_range, wrong_token_at};

/// The cases of MLIR's `gpu::AllReduceOperation`, as written.
const KINDS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
    "minimumf", "maximumf",
];

/// `[kind] %value ...`: a kind that is none of `KINDS` is reported where the parser
/// stands after reading it.
pub(super) fn reduction(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::Keyword(keyword)) = r.peek() else {
        return Step::Unknown;
    };
    let Some(word) = keyword.name_token() else {
        return Step::Unknown;
    };
    if KINDS.contains(&word.text()) {
        return Step::Done;
    }
    r.next += 1;
    match r.here() {
        Some(at) => failed(r.custom_error("invalid op kind", at)),
        None => Step::Unknown,
    }
}

/// `[async] [[deps]] @kernel blocks in (...) threads in (...) ... [args(%v : type, ...)]`:
/// the kernel is a symbol, not a string, and an argument is a value and its type only.
pub(super) fn launch_func(r: &mut Reader<'_, '_>) -> Step {
    r.eat_keyword("async");
    if let Some(CustomOpItem::Group(deps)) = r.peek()
        && deps.delimiter() == GroupDelimiter::Bracket
    {
        r.next += 1;
    }
    match r.peek() {
        Some(CustomOpItem::SymbolRef(_)) => {}
        Some(CustomOpItem::Attribute(ast::Attribute::Literal(literal)))
            if literal
                .syntax()
                .first_token()
                .is_some_and(|t| t.kind() == SyntaxKind::STRING) =>
        {
            let at = literal.syntax().text_range();
            return failed(r.custom_error("invalid kind of attribute specified", at));
        }
        _ => return Step::Unknown,
    }
    let Some(args) = r.items.iter().position(|i| is_keyword(i, "args")) else {
        return Step::Done;
    };
    match r.items.get(args + 1) {
        Some(CustomOpItem::Group(group)) if group.delimiter() == GroupDelimiter::Paren => {
            kernel_arguments(group)
        }
        _ => Step::Unknown,
    }
}

/// `%v : type, ...`: after a type, the list goes on or ends.
fn kernel_arguments(group: &ast::Group) -> Step {
    let items: Vec<CustomOpItem> = group.items().collect();
    let mut i = 0;
    while i < items.len() {
        let shape = (items.get(i), items.get(i + 1), items.get(i + 2));
        let (Some(CustomOpItem::ValueUse(_)), Some(colon), Some(ty @ CustomOpItem::Type(_))) =
            shape
        else {
            return Step::Unknown;
        };
        if !colon.is_token(SyntaxKind::COLON) {
            return Step::Unknown;
        }
        match items.get(i + 3) {
            None => return Step::Done,
            Some(comma) if comma.is_token(SyntaxKind::COMMA) => i += 4,
            Some(_) => {
                let at = wrong_token_at(item_range(ty).end());
                return failed(plain_error("expected ')' in argument list", at));
            }
        }
    }
    Step::Done
}
