//! `scf.if` and `scf.while`: the shape of their two regions and what ends them.

use super::{Shape, last_op, op_name, shape_failure, wrong_terminator};
use crate::checks::verifiers::Op;
use crate::diagnostics::Diagnostic;

/// `scf.if`: its traits, then `verify()`.
pub(super) fn verify_if(op: &Op<'_>) -> Option<Diagnostic> {
    let shape = Shape {
        regions: 2,
        no_arguments: true,
    };
    if let Some(d) = shape_failure(op, shape) {
        return Some(d);
    }
    let has_else = op
        .regions()
        .get(1)
        .is_some_and(|r| r.entry_block().is_some());
    (!op.results.is_empty() && !has_else)
        .then(|| op.error("must have an else block if defining values"))
}

/// `scf.while`: its traits, then `verify()`: "before" ends in `scf.condition` and
/// "after" in `scf.yield`.
pub(super) fn verify_while(op: &Op<'_>) -> Option<Diagnostic> {
    let shape = Shape {
        regions: 2,
        no_arguments: false,
    };
    if let Some(d) = shape_failure(op, shape) {
        return Some(d);
    }
    let regions = op.regions();
    let ends = [("before", "scf.condition"), ("after", "scf.yield")];
    for (region, (which, terminator)) in regions.iter().zip(ends) {
        let last = last_op(region);
        if last.as_ref().and_then(op_name).as_deref() != Some(terminator) {
            let message = format!("expects the '{which}' region to terminate with '{terminator}'");
            return Some(wrong_terminator(op, &message, last.as_ref()));
        }
    }
    None
}
