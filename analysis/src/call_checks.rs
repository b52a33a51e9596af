//! A call against its callee (checks stage): `func.call @f` must pass as many operands and
//! take as many results as `func.func @f` declares, of the same types, with the messages
//! of `func.call`'s verifier. Types are compared only where both are read exactly.

use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{self, AstNode};

use crate::diagnostics::{Diagnostic, Note};
use crate::registry::{AttrValue, Registry};
use crate::types::{AliasTable, Lowering, Type};

/// The first mismatch between the call op `call` and the function op `callee`.
pub(crate) fn check(
    call: &SyntaxNode,
    callee: &SyntaxNode,
    chunk: &[SyntaxNode],
) -> Option<Diagnostic> {
    if crate::hir::ops::op_name(callee).as_deref() != Some("func.func") {
        return None;
    }
    let aliases = AliasTable::of_nodes(chunk.iter().cloned());
    let lookup = aliases.lookup();
    let mut lowering = Lowering::new(&lookup);
    let (inputs, results) = function_type(callee, &mut lowering)?;
    let (operands, call_results) = call_types(call, &mut lowering)?;
    let at = crate::file_checks::op_name_range(call);
    let error =
        |message: String| Diagnostic::error("call", format!("'func.call' op {message}"), at);
    if inputs.len() != operands.len() {
        return Some(error("incorrect number of operands for callee".into()));
    }
    for (i, (want, got)) in inputs.iter().zip(&operands).enumerate() {
        if let Some(got) = got
            && crate::checks::surely_differ(got, want)
        {
            return Some(error(format!(
                "operand type mismatch: expected operand type '{want}', but provided '{got}' for operand number {i}"
            )));
        }
    }
    if results.len() != call_results.len() {
        return Some(error("incorrect number of results for callee".into()));
    }
    let mismatch = results.iter().zip(&call_results).position(|(want, got)| {
        got.as_ref()
            .is_some_and(|got| crate::checks::surely_differ(got, want))
    })?;
    let mut d = error(format!("result type mismatch at index {mismatch}"));
    let list = |types: Vec<String>| types.join(", ");
    d.notes.push(Note {
        range: at,
        message: format!(
            "      op result types: {}",
            list(
                call_results
                    .iter()
                    .map(|t| t.as_ref().map_or("?".into(), quoted))
                    .collect()
            )
        ),
    });
    d.notes.push(Note {
        range: at,
        message: format!(
            "function result types: {}",
            list(results.iter().map(quoted).collect())
        ),
    });
    Some(d)
}

/// The input and result types of a `func.func`'s signature.
fn function_type(func: &SyntaxNode, lowering: &mut Lowering<'_>) -> Option<(Vec<Type>, Vec<Type>)> {
    let op = ast::CustomOp::cast(func.clone())?;
    let (_, matched) = Registry::builtin().match_custom_op(&op, None)?;
    let AttrValue::Signature { inputs, results } = &matched.attribute("function_type")?.value
    else {
        return None;
    };
    let lower = |types: &[crate::registry::WrittenType], l: &mut Lowering<'_>| {
        types.iter().map(|t| t.lower(l)).collect::<Vec<_>>()
    };
    Some((lower(inputs, lowering), lower(results, lowering)))
}

/// Types of values, each `None` where it cannot be read.
type Types = Vec<Option<Type>>;

/// The operand and result types a call op writes (custom or generic form).
fn call_types(call: &SyntaxNode, lowering: &mut Lowering<'_>) -> Option<(Types, Types)> {
    if let Some(op) = ast::GenericOp::cast(call.clone()) {
        let function = op.function_type()?;
        let operands = function
            .input_types()
            .map(|t| Some(lowering.lower_type(t.syntax())))
            .collect();
        let results = function
            .result_types()
            .iter()
            .map(|t| Some(lowering.lower_type(t.syntax())))
            .collect();
        return Some((operands, results));
    }
    let op = ast::CustomOp::cast(call.clone())?;
    let (_, matched) = Registry::builtin().match_custom_op(&op, Some("func"))?;
    let lower = |types: &[Option<crate::registry::WrittenType>], l: &mut Lowering<'_>| {
        types
            .iter()
            .map(|t| t.as_ref().map(|t| t.lower(l)))
            .collect::<Vec<_>>()
    };
    Some((
        lower(&matched.operand_types, lowering),
        lower(&matched.result_types, lowering),
    ))
}

/// A type as MLIR's diagnostics print it: `'i32'`.
fn quoted(ty: &Type) -> String {
    format!("'{ty}'")
}
