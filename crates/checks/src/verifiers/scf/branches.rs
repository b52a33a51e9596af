//! `scf.if` and `scf.while`: the shape of their two regions and what ends them.

use super::{
    End, Shape, differing, last_op, op_name, region_end, shape_failure, value_types,
    wrong_terminator,
};
use crate::diagnostic::{Diagnostic, Note};
use crate::verifiers::op::{Cx, Op};

/// `scf.if`: its traits, `verify()`, then `RegionBranchOpInterface`'s control flow edges.
pub(super) fn verify_if(op: &Op<'_>, cx: &Cx<'_>) -> Option<Diagnostic> {
    let shape = Shape {
        regions: 2,
        no_arguments: true,
    };
    if let Some(d) = shape_failure(op, shape) {
        return Some(d);
    }
    // In custom form the parser gives a written `else {}` a block (ending in the yield
    // it adds).
    let has_else = op
        .regions()
        .get(1)
        .is_some_and(|r| r.entry_block().is_some() || !op.is_generic());
    if !op.results.is_empty() && !has_else {
        return Some(op.error("must have an else block if defining values"));
    }
    op.regions()
        .iter()
        .find_map(|region| yield_to_parent_failure(op, cx, region))
}

/// The edge from the `scf.yield` ending a region to the op's results: as many values,
/// of the same types. The yield the custom parser adds to a region without one yields
/// nothing, and stands at the op.
fn yield_to_parent_failure(
    op: &Op<'_>,
    cx: &Cx<'_>,
    region: &mlir_syntax::ast::Region,
) -> Option<Diagnostic> {
    let (yielded, at) = match region_end(op, cx, region)? {
        End::Implicit => (Vec::new(), op.at()),
        End::Op(yield_op, name) if name == "scf.yield" => (
            value_types(&yield_op, cx),
            mlir_hir::ops::op_name_range(&yield_op),
        ),
        // MLIR reports the terminator.
        End::Op(..) => return None,
    };
    let edge = "along control flow edge from Operation scf.yield to parent";
    let message = if yielded.len() != op.results.len() {
        format!(
            "{edge}: region branch point has {} operands, but region successor needs {} inputs",
            yielded.len(),
            op.results.len()
        )
    } else {
        let (i, (a, b)) = yielded
            .iter()
            .zip(op.results)
            .enumerate()
            .find_map(|(i, (a, b))| Some((i, differing(a, b)?)))?;
        format!(
            "{edge}: successor operand type #{i} '{a}' should match successor input type #{i} '{b}'"
        )
    };
    let mut d = op.error(message);
    d.notes.push(Note {
        range: at,
        message: "region branch point".to_string(),
    });
    Some(d)
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
