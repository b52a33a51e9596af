//! LLVM dialect ops whose custom parsers check what they read: `alloca`'s trailing
//! function type and alignment, `getelementptr`'s functional type against its operands,
//! `call`'s trailing types, and the predicate of `icmp`/`fcmp`.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

use super::reader::{Reader, Step, failed, plain_error, read, written_text};
use mlir_types::Attr;

/// `[inalloca] %size x type [attr-dict] : (size type) -> result type`.
pub(super) fn alloca(r: &mut Reader<'_, '_>) -> Step {
    r.eat_keyword("inalloca");
    read!(item(r, |i| matches!(i, CustomOpItem::ValueUse(_))));
    if !r.eat_keyword("x") {
        return Step::Unknown;
    }
    read!(item(r, |i| matches!(i, CustomOpItem::Type(_))));
    let dict = match r.peek() {
        Some(CustomOpItem::Attribute(ast::Attribute::Dict(dict))) => Some(dict.clone()),
        _ => None,
    };
    r.next += usize::from(dict.is_some());
    if !r.eat_token(SyntaxKind::COLON) {
        return Step::Unknown;
    }
    let Some(trailing) = r.here() else {
        return Step::Unknown;
    };
    if let Some(alignment) = dict.and_then(|d| d.entry("alignment")) {
        let integer = alignment
            .value()
            .is_some_and(|v| matches!(r.lowering.lower_attr(v.syntax()), Attr::Integer(_)));
        if !integer {
            return failed(r.name_error("expected integer alignment"));
        }
    }
    let message = "expected trailing function type with one argument and one result";
    match r.function_type() {
        Some((inputs, results)) if inputs.len() == 1 && results.len() == 1 => Step::Done,
        Some(_) => failed(r.custom_error(message, trailing)),
        None if matches!(r.peek(), Some(CustomOpItem::Type(_))) => {
            failed(r.custom_error(message, trailing))
        }
        None => Step::Unknown,
    }
}

/// `[inbounds] %base[indices] [attr-dict] : (operand types) -> result, element type`:
/// one input type per operand (the base and the indices that are values).
pub(super) fn getelementptr(r: &mut Reader<'_, '_>) -> Step {
    r.eat_keyword("inbounds");
    read!(item(r, |i| matches!(i, CustomOpItem::ValueUse(_))));
    let Some(CustomOpItem::Group(indices)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    if indices.delimiter() != GroupDelimiter::Bracket {
        return Step::Unknown;
    }
    r.next += 1;
    let operands = 1 + indices
        .items()
        .filter(|i| matches!(i, CustomOpItem::ValueUse(_)))
        .count();
    r.eat_attr_dict();
    if !r.eat_token(SyntaxKind::COLON) {
        return Step::Unknown;
    }
    if let Some((inputs, _)) = r.function_type() {
        if inputs.len() == operands {
            return Step::Done;
        }
        let message = format!(
            "number of operands and types do not match: got {operands} operands and {} types",
            inputs.len()
        );
        return failed(r.name_error(&message));
    }
    let Some(CustomOpItem::Type(ty)) = r.peek() else {
        return Step::Unknown;
    };
    let at = ty.syntax().text_range();
    match written_text(ty.syntax()) {
        Some(text) => {
            let message = format!(
                "invalid kind of type specified: expected builtin.function, but found '{text}'"
            );
            failed(r.custom_error(&message, at))
        }
        None => Step::Unknown,
    }
}

/// `(@callee | %ptr)(args) [vararg(type)] [attr-dict] : [ptr type,] function type`: a
/// direct call has one trailing type, an indirect one two, and the function type returns
/// at most one value, not `!llvm.void`.
pub(super) fn call(r: &mut Reader<'_, '_>) -> Step {
    let direct = match r.peek() {
        Some(CustomOpItem::SymbolRef(_)) => true,
        Some(CustomOpItem::ValueUse(_)) => false,
        _ => return Step::Unknown,
    };
    r.next += 1;
    if r.value_group(GroupDelimiter::Paren).is_none() {
        return Step::Unknown;
    }
    if r.eat_keyword("vararg") {
        read!(item(r, |i| matches!(i, CustomOpItem::Group(_))));
    }
    r.eat_attr_dict();
    let Some(colon) = r.here() else {
        return Step::Unknown;
    };
    if !r.eat_token(SyntaxKind::COLON) {
        return Step::Unknown;
    }
    // MLIR reports the trailing types at the colon.
    let at = colon;
    if !direct {
        // The callee's pointer type, then a comma.
        if r.function_type().is_none() {
            read!(item(r, |i| matches!(i, CustomOpItem::Type(_))));
        }
        if !r.eat_token(SyntaxKind::COMMA) {
            let message = "expected indirect call to have 2 trailing types";
            return failed(r.custom_error(message, at));
        }
    }
    let before_function = r.end_of_previous();
    let Some((_, results)) = r.function_type() else {
        if !matches!(r.peek(), Some(CustomOpItem::Type(_))) {
            return Step::Unknown;
        }
        // MLIR's parser first says it wanted the function type's `(`.
        let wanted = plain_error(
            "expected '('",
            crate::report::wrong_token_at(before_function),
        );
        let message = match direct {
            true => "expected direct call to have 1 trailing types",
            false => "expected trailing function type",
        };
        return Step::Failed(vec![wanted, r.custom_error(message, at)]);
    };
    if results.len() > 1 {
        return failed(r.custom_error("expected function with 0 or 1 result", at));
    }
    let void = results
        .first()
        .and_then(|ty| match ty {
            CustomOpItem::Type(ty) => written_text(ty.syntax()),
            _ => None,
        })
        .is_some_and(|text| text == "!llvm.void");
    if void {
        return failed(r.custom_error("expected a non-void result type", at));
    }
    Step::Done
}

/// `"predicate" %lhs, %rhs : type`: the predicate is a string naming one of the op's.
pub(super) fn compare(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::Attribute(attr)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    let at = attr.syntax().text_range();
    let predicates: &[&str] = match r.name() {
        "llvm.icmp" => &[
            "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
        ],
        _ => &[
            "_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
            "ule", "une", "uno", "_true",
        ],
    };
    match r.lowering.lower_attr(attr.syntax()) {
        Attr::String(s) if s.ty.is_none() => {
            let value = String::from_utf8_lossy(&s.value).into_owned();
            if predicates.contains(&value.as_str()) {
                return Step::Done;
            }
            let message = format!("'{value}' is an incorrect value of the 'predicate' attribute");
            failed(r.custom_error(&message, at))
        }
        Attr::Integer(_) | Attr::Float(_) => {
            failed(r.custom_error("invalid kind of attribute specified", at))
        }
        _ => Step::Unknown,
    }
}

/// The item at the reader must pass `fits`; consumed. Else the op is not one we follow.
fn item(r: &mut Reader<'_, '_>, fits: impl Fn(&CustomOpItem) -> bool) -> Step {
    if !r.peek().is_some_and(fits) {
        return Step::Unknown;
    }
    r.next += 1;
    Step::Done
}
