//! Verifiers of `scf` ops beyond their ODS constraints (see `checks::verifiers`).

use super::{Cx, Op};
use crate::diagnostics::Diagnostic;

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let _ = (op, cx, out);
}
