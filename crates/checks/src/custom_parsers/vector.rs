//! `vector.outerproduct`, whose custom parser counts its operands and wants a vector for
//! its first one once its syntax is read, and the trailing types of the transfers.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, CustomOpItem};

use super::reader::{Reader, Step, failed};

/// `%lhs, %rhs[, %acc] [attr-dict] : lhs-type, rhs-type`.
pub(super) fn outerproduct(r: &mut Reader<'_, '_>) -> Step {
    let mut operands = 0;
    while matches!(r.peek(), Some(CustomOpItem::ValueUse(_))) {
        r.next += 1;
        operands += 1;
        if !r.eat_token(SyntaxKind::COMMA) {
            break;
        }
    }
    r.eat_attr_dict();
    if !r.eat_token(SyntaxKind::COLON) {
        return Step::Unknown;
    }
    let Some(CustomOpItem::Type(lhs)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    r.next += 1;
    if !r.eat_token(SyntaxKind::COMMA) {
        // Where the op ends, MLIR wants the comma before the second type.
        if matches!(r.peek(), None | Some(CustomOpItem::Location(_))) {
            return failed(r.wrong_token("expected ','"));
        }
        return Step::Unknown;
    }
    if !matches!(r.peek(), Some(CustomOpItem::Type(_))) {
        return Step::Unknown;
    }
    r.next += 1;
    if operands < 2 {
        return failed(r.name_error("expected at least 2 operands"));
    }
    match lhs {
        ast::Type::Vector(_) | ast::Type::Alias(_) => Step::Done,
        _ => failed(r.name_error("expected vector type for operand #1")),
    }
}

/// `vector.transfer_read`/`transfer_write`: two trailing types (the source's and the
/// vector's), reported at the colon when there are more or fewer.
pub(super) fn transfer(r: &mut Reader<'_, '_>) -> Step {
    let Some(colon) = r.items.iter().position(|i| i.is_token(SyntaxKind::COLON)) else {
        return Step::Unknown;
    };
    r.next = colon + 1;
    let mut types = 0;
    loop {
        if !matches!(r.peek(), Some(CustomOpItem::Type(_))) {
            return Step::Unknown;
        }
        r.next += 1;
        types += 1;
        if !r.eat_token(SyntaxKind::COMMA) {
            break;
        }
    }
    if !matches!(r.peek(), None | Some(CustomOpItem::Location(_))) {
        return Step::Unknown;
    }
    if types == 2 {
        return Step::Done;
    }
    let at = crate::report::item_range(&r.items[colon]);
    failed(r.custom_error("requires two types", at))
}
