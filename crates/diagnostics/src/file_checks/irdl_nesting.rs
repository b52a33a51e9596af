//! Where IRDL ops may stand (issue: IRDL, part 3; checks stage), with the messages of
//! `mlir-opt` 22: definitions directly in an `irdl.dialect`, constraints and the lists of
//! a definition directly in it, and `irdl.dialect` itself in a symbol table. Called for
//! each `irdl.*` op the outline finds, wherever it stands, so an op misplaced deep in a
//! function costs nothing more than the outline's walk.

use mlir_syntax::SyntaxNode;

use mlir_checks::diagnostic::Diagnostic;
use mlir_hir::ops::{self, op_name_range};

/// The ops each kind of IRDL op must be directly in, as `mlir-opt` names them.
const DEFINITION_PARENTS: &str = "'irdl.dialect'";
const CONSTRAINT_PARENTS: &str = "to be one of 'irdl.type, irdl.attribute, irdl.operation'";
const OP_PART_PARENTS: &str = "'irdl.operation'";
const PARAMETERS_PARENTS: &str = "to be one of 'irdl.attribute, irdl.type'";

/// The error of an `irdl.*` op standing where MLIR does not allow it.
pub(crate) fn check(op: &SyntaxNode) -> Option<Diagnostic> {
    let name = ops::op_name_token(op)?.text().trim_matches('"').to_string();
    let parent = parent_op(op);
    let parent_name = parent.as_ref().and_then(ops::op_name_token);
    let parent_name = parent_name.as_ref().map(|t| t.text().trim_matches('"'));
    let message = match name.as_str() {
        "irdl.dialect" => {
            // A dialect is a symbol: its parent must be a symbol table. Only ops we know
            // are none count; an unknown dialect's op may well be one.
            let known_non_table = parent.as_ref().is_some_and(|p| {
                ops::op_name(p)
                    .is_some_and(|n| mlir_dialects::known_ops::name_is_known_non_table(&n))
                    || is_irdl_non_table(p)
            });
            if !known_non_table {
                return None;
            }
            "symbol's parent must have the SymbolTable trait".to_string()
        }
        _ => {
            let (allowed, expected) = allowed_parents(&name)?;
            if parent_name.is_some_and(|p| allowed.contains(&p)) {
                return None;
            }
            format!("expects parent op {expected}")
        }
    };
    let message = format!("'{name}' op {message}");
    Some(Diagnostic::error("irdl", message, op_name_range(op)))
}

/// The parents an IRDL op may have, and how `mlir-opt` words them (`None`: any parent).
fn allowed_parents(name: &str) -> Option<(&'static [&'static str], &'static str)> {
    const DEFINITIONS: &[&str] = &["irdl.type", "irdl.attribute", "irdl.operation"];
    Some(match name {
        "irdl.operation" | "irdl.type" | "irdl.attribute" => {
            (&["irdl.dialect"], DEFINITION_PARENTS)
        }
        // Not `irdl.c_pred`: MLIR 22 accepts it anywhere (measured with `mlir-opt`).
        "irdl.any" | "irdl.is" | "irdl.base" | "irdl.parametric" | "irdl.any_of"
        | "irdl.all_of" => (DEFINITIONS, CONSTRAINT_PARENTS),
        "irdl.operands" | "irdl.results" | "irdl.attributes" | "irdl.regions" | "irdl.region" => {
            (&["irdl.operation"], OP_PART_PARENTS)
        }
        "irdl.parameters" => (&["irdl.attribute", "irdl.type"], PARAMETERS_PARENTS),
        _ => return None,
    })
}

/// IRDL ops with a region that are no symbol tables (only `irdl.dialect` is one).
fn is_irdl_non_table(op: &SyntaxNode) -> bool {
    ops::op_named(op, &["irdl.operation", "irdl.type", "irdl.attribute"])
}

/// The op whose region holds `op` (`None` at a file's top level: the implicit module).
fn parent_op(op: &SyntaxNode) -> Option<SyntaxNode> {
    op.ancestors().skip(1).find(ops::is_op)
}
