//! Verifiers of `cf` ops beyond their ODS constraints (see `checks::verifiers`).

use super::{Cx, Op};
use crate::diagnostics::Diagnostic;

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let _ = (op, cx, out);
}

/// The ops whose custom parser this file checks.
pub(super) const PARSED_OPS: &[&str] = &[];

pub(super) fn parse_check(op: &Op<'_>) -> Option<Diagnostic> {
    let _ = op;
    None
}
