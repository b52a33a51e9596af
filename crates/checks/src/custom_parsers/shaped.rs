//! Ops of the vector dialect, which we have no spec for, whose declarative format reads a
//! trailing type of one builtin class (`type($vector)` of a `VectorType` result): MLIR's
//! parser rejects a type of another class as soon as it reads it, before anything is
//! verified (the registry's `type_kinds` says which, as it does for ops with specs).

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, CustomOpItem};

use super::reader::{Reader, Step, failed, read};
use mlir_dialects::registry::{TypeConstraint, WrittenType, type_kind_failure};

/// What a type of the format must be: `None` for any type, else the constraint whose C++
/// class MLIR's parser reads it as.
pub(super) type Class = Option<TypeConstraint>;

/// `VectorType`.
pub(super) fn vector() -> Class {
    Some(TypeConstraint::Vector(Box::new(TypeConstraint::Any)))
}

/// The types after the op's first `:`, one per class, separated by `to`.
pub(super) fn trailing_types(r: &mut Reader<'_, '_>, classes: &[Class]) -> Step {
    let Some(colon) = r.items.iter().position(|i| i.is_token(SyntaxKind::COLON)) else {
        return Step::Unknown;
    };
    r.next = colon + 1;
    for (i, class) in classes.iter().enumerate() {
        if i > 0 && !r.eat_keyword("to") {
            return Step::Unknown;
        }
        read!(one_type(r, class.as_ref()));
    }
    Step::Done
}

/// The type at the reader, which must be of `class`'s C++ class; consumed.
fn one_type(r: &mut Reader<'_, '_>, class: Option<&TypeConstraint>) -> Step {
    let Some(CustomOpItem::Type(ty)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    r.next += 1;
    let Some(class) = class else {
        return Step::Done;
    };
    // What an alias stands for is not read here: the reading stops.
    if matches!(ty, ast::Type::Alias(_)) {
        return Step::Unknown;
    }
    match type_kind_failure(class, &WrittenType::Node(ty)) {
        None => Step::Done,
        Some(failure) => failed(r.custom_error(&failure.message(), failure.range())),
    }
}
