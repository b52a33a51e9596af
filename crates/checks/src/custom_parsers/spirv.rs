//! The SPIR-V dialect's extended arithmetic ops (`spirv.IAddCarry`, `spirv.ISubBorrow`,
//! `spirv.SMulExtended`, `spirv.UMulExtended`): their shared custom parser reads the
//! operands, then a type that must be a `!spirv.struct` of two members (the result's low
//! and high halves), and says so at the type otherwise.

use mlir_syntax::SyntaxKind::*;
use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use super::reader::{Reader, Step, failed};

/// The ops read by `extended_binary`.
pub(super) const EXTENDED_OPS: &[&str] = &[
    "spirv.IAddCarry",
    "spirv.ISubBorrow",
    "spirv.SMulExtended",
    "spirv.UMulExtended",
];

/// `[{attrs}] %a, %b : type`.
pub(super) fn extended_binary(r: &mut Reader<'_, '_>) -> Step {
    r.eat_attr_dict();
    if r.value_list().is_none() || !r.eat_token(COLON) {
        return Step::Unknown;
    }
    let Some(CustomOpItem::Type(ty)) = r.peek().cloned() else {
        return Step::Unknown;
    };
    let members = match &ty {
        // What an alias stands for is not read here.
        ast::Type::Alias(_) => return Step::Unknown,
        ast::Type::Dialect(dialect) if is_struct(dialect) => match struct_members(dialect) {
            Some(count) => count,
            None => return Step::Unknown,
        },
        _ => 0,
    };
    if members == 2 {
        return Step::Done;
    }
    let message = "expected spirv.struct type with two members";
    failed(r.custom_error(message, ty.syntax().text_range()))
}

fn is_struct(ty: &ast::DialectType) -> bool {
    ty.syntax()
        .first_token()
        .is_some_and(|name| name.text() == "!spirv.struct")
}

/// How many members `<(T, T, ...) ...>` lists; `None` for a body not read here (an
/// identified struct, `<name, (...)>`).
fn struct_members(ty: &ast::DialectType) -> Option<usize> {
    let body = ty.syntax().children().find(|c| c.kind() == DIALECT_BODY)?;
    let mut tokens = body
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .map(|t| t.kind());
    if tokens.next()? != L_ANGLE || tokens.next()? != L_PAREN {
        return None;
    }
    let (mut depth, mut commas, mut empty) = (0usize, 0, true);
    for kind in tokens {
        match kind {
            R_PAREN if depth == 0 => return Some(if empty { 0 } else { commas + 1 }),
            L_PAREN | L_BRACK | L_BRACE | L_ANGLE => depth += 1,
            R_PAREN | R_BRACK | R_BRACE | R_ANGLE => depth = depth.checked_sub(1)?,
            COMMA if depth == 0 => commas += 1,
            _ => {}
        }
        empty = false;
    }
    None
}
