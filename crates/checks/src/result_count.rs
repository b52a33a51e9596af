//! Result lists against the results an op has (checks stage): `%a, %b:2 = ...` must bind
//! as many results as the op defines, which MLIR's parser reports for generic and custom
//! ops alike (code `result-count`).

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use crate::diagnostic::Diagnostic;

/// A generic op binds as many results as its function type has.
pub fn result_count_check(op: &SyntaxNode) -> Option<Diagnostic> {
    let function_type = op.children().find(|c| c.kind() == FUNCTION_TYPE)?;
    let result_types = function_type.children().nth(1);
    let defined = match &result_types {
        Some(list) if list.kind() == TYPE_LIST => list.children().count() as u64,
        Some(_) => 1,
        None => return None,
    };
    result_binding_check(op, defined)
}

/// The op's result list (`%a, %b:2 =`) binds `defined` results, as many as the op has:
/// MLIR's parser reports it otherwise, for generic and custom ops alike.
pub fn result_binding_check(op: &SyntaxNode, defined: u64) -> Option<Diagnostic> {
    let results = op.children().find(|c| c.kind() == OP_RESULT_LIST)?;
    // Counts are read as u32 (a larger one is a syntax error); their sum may not fit.
    let bound: u64 = results
        .children()
        .filter(|r| r.kind() == OP_RESULT)
        .map(|r| {
            r.children_with_tokens()
                .find(|e| e.kind() == INT_NUMBER)
                .and_then(|t| t.as_token()?.text().parse::<u32>().ok())
                .map_or(1, u64::from)
        })
        .sum();
    let at = results.text_range();
    let at = TextRange::at(at.start(), results.first_token()?.text_range().len());
    if defined == 0 {
        return Some(Diagnostic::error(
            "result-count",
            "cannot name an operation with no results",
            at,
        ));
    }
    (defined != bound).then(|| {
        let message =
            format!("operation defines {defined} results but was provided {bound} to bind");
        Diagnostic::error("result-count", message, at)
    })
}
