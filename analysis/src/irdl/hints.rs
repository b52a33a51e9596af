//! Hints on IRDL definitions: what we cannot check, said once where it is defined rather
//! than at every use. An `irdl.c_pred` holds C++ (`::llvm::isa<...>($_self)`), which we do
//! not evaluate: its constraint accepts every value. (`mlir-opt` 22 itself crashes when it
//! verifies an op constrained by one.)

use mlir_syntax::SyntaxNode;

use crate::diagnostics::Diagnostic;
use crate::hir::ops::{self, op_name_range};

const C_PRED_HINT: &str =
    "C++ predicates are not evaluated: values are assumed to satisfy this `irdl.c_pred`";

/// A hint at each `irdl.c_pred` of the IRDL dialects among `top_level` (a chunk's
/// top-level ops and the ops of its top-level modules).
pub fn check(top_level: &[SyntaxNode]) -> Vec<Diagnostic> {
    let in_modules = top_level
        .iter()
        .filter(|op| crate::symbols::is_symbol_table(op))
        .flat_map(crate::symbols::table_ops);
    let candidates: Vec<SyntaxNode> = top_level.iter().cloned().chain(in_modules).collect();
    candidates
        .iter()
        .filter(|op| ops::op_named(op, &["irdl.dialect"]))
        .flat_map(|dialect| dialect.descendants().filter(ops::is_op))
        .filter(|op| ops::op_named(op, &["irdl.c_pred"]))
        .map(|op| Diagnostic::hint("irdl-c-pred", C_PRED_HINT, op_name_range(&op)))
        .collect()
}
