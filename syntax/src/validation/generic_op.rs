//! Generic ops (checklist §2, G-03): the trailing function type gives one type per operand
//! written, which upstream's parser checks as soon as it has read the type.

use super::context::{Context, ends_with, first_token};
use crate::SyntaxKind::*;
use crate::SyntaxNode;
use crate::ast::{AstNode, GenericOp};

pub(super) fn check(cx: &mut Context, node: &SyntaxNode) {
    let Some(op) = GenericOp::cast(node.clone()) else {
        return;
    };
    let Some(function) = op.function_type() else {
        return;
    };
    let Some(inputs) = function.inputs() else {
        return;
    };
    // A list left open is already a syntax error, and its count means nothing.
    let operands_closed = op
        .operand_list()
        .is_none_or(|list| ends_with(list.syntax(), R_PAREN));
    if !operands_closed || !ends_with(inputs.syntax(), R_PAREN) {
        return;
    }
    let written = op.operands().count();
    let typed = inputs.types().count();
    if written != typed
        && let Some(at) = first_token(function.syntax())
    {
        // MLIR 22 writes a NUL byte for the plural's missing `s` (`1 operand type\0 but`);
        // ours reads the same without it.
        let noun = if written == 1 { "type" } else { "types" };
        let message = format!("expected {written} operand {noun} but had {typed}");
        cx.error(message, at.text_range());
    }
}
