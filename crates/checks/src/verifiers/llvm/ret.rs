//! `llvm.return` against the `llvm.func` around it (in its body or deeper): no operand when the function
//! returns nothing (`!llvm.void`), else one of the function's result type; a note points
//! at the function.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode};

use super::types::{LType, function_result};
use super::{Cx, Op, ltype};
use crate::diagnostic::{Diagnostic, Note};
use mlir_hir::ops::{is_op, op_name, op_name_range};
use mlir_types::{Attr, Type};

pub(super) fn ret(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    // The nearest `llvm.func` around the return, through the regions of other ops too.
    let function = op
        .node
        .ancestors()
        .skip(1)
        .filter(is_op)
        .find(|a| op_name(a).as_deref() == Some("llvm.func"))?;
    let result = result_type(&function, cx)?;
    let count = op.operand_count()?;
    let message = match (&result, count) {
        (LType::Void, 0) => return None,
        (LType::Void, _) => "expected no operands",
        (_, 0) => "expected 1 operand",
        (result, 1) => {
            let operand = ltype(op.operands.first());
            if !(operand.printable() && result.printable()) || operand == *result {
                return None;
            }
            "mismatching result types"
        }
        _ => return None,
    };
    let mut error = op.error(message);
    error.notes.push(Note {
        range: op_name_range(&function),
        message: "when returning from function".into(),
    });
    Some(error)
}

/// The result type of an `llvm.func` (`Void` when it returns nothing), as its custom
/// signature (`@f(...) -> T`) or its generic `function_type` gives it.
fn result_type(function: &SyntaxNode, cx: &mut Cx<'_>) -> Option<LType> {
    if let Some(generic) = ast::GenericOp::cast(function.clone()) {
        let dicts = [
            generic.properties().and_then(|p| p.attr_dict()),
            generic.attr_dict(),
        ];
        let entry = dicts
            .iter()
            .flatten()
            .find_map(|d| d.entry("function_type"))?;
        return match cx.lower_attr(entry.value()?.syntax()) {
            Attr::Type(Type::Opaque(o)) if o.dialect == "llvm" => function_result(&o.data),
            _ => None,
        };
    }
    let mut parts = function
        .children_with_tokens()
        .filter(|e| !e.kind().is_trivia())
        .skip_while(|e| e.kind() != SyntaxKind::SYMBOL_REF)
        .skip(1);
    if parts.next()?.kind() != SyntaxKind::PAREN_GROUP {
        return None;
    }
    if parts.next().map(|e| e.kind()) != Some(SyntaxKind::ARROW) {
        return Some(LType::Void);
    }
    let result = parts.next()?.into_node()?;
    let result = match result.kind() {
        // `-> (T {attrs})`: one type in parentheses.
        SyntaxKind::PAREN_GROUP => {
            let mut types = result.children().filter(|c| c.kind().is_type_node());
            let only = types.next()?;
            types.next().is_none().then_some(only)?
        }
        kind if kind.is_type_node() => result,
        _ => return None,
    };
    Some(LType::of(&cx.lower_type(&result)))
}
