//! Ops of the vector and tensor dialects whose declarative format reads a trailing type of
//! one builtin class (`type($vector)` of a `VectorType` result): MLIR's parser rejects a
//! type of another class as soon as it reads it, before anything is verified.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use super::reader::{Reader, Step, failed, read, written_text};

/// What a type of the format must be: its class as MLIR names it.
#[derive(Clone, Copy)]
pub(super) enum Class {
    Any,
    /// `VectorType`.
    Vector,
    /// `RankedTensorType`.
    RankedTensor,
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
        read!(one_type(r, *class));
    }
    Step::Done
}

/// The type at the reader, which must be of `class`; consumed.
fn one_type(r: &mut Reader<'_, '_>, class: Class) -> Step {
    let Some(CustomOpItem::Type(ty)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    r.next += 1;
    let fits = match (class, &ty) {
        (Class::Any, _) => return Step::Done,
        // What an alias stands for is not read here.
        (_, ast::Type::Alias(_)) => return Step::Unknown,
        (Class::Vector, ast::Type::Vector(_)) => true,
        (Class::RankedTensor, ast::Type::Tensor(tensor)) => {
            tensor.dimension_list().is_some_and(|dims| {
                !dims
                    .syntax()
                    .children_with_tokens()
                    .any(|d| d.kind() == SyntaxKind::STAR)
            })
        }
        _ => false,
    };
    if fits {
        return Step::Done;
    }
    let Some(found) = written_text(ty.syntax()) else {
        return Step::Unknown;
    };
    let expected = match class {
        Class::Vector => "builtin.vector",
        _ => "builtin.tensor",
    };
    let message =
        format!("invalid kind of type specified: expected {expected}, but found '{found}'");
    failed(r.custom_error(&message, ty.syntax().text_range()))
}
