//! `scf.for`, `scf.parallel` and the `scf.reduce` (and `scf.reduce.return`) ending the
//! body of `scf.parallel`.

use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{self, AstNode};

use super::{
    End, Shape, differing, entry_arg_types, name_range, op_name, region_end, shape_failure,
    value_types, wrong_terminator,
};
use crate::diagnostic::{Diagnostic, Note};
use crate::segment_sizes::operand_segment_sizes;
use crate::verifiers::op::{Cx, Op};
use mlir_types::exact;
use mlir_types::{Attr, Type};

const ONE_REGION: Shape = Shape {
    regions: 1,
    no_arguments: false,
};

/// `scf.for`: its traits, `verify()`, the loop interface, then `verifyRegions()`.
pub(super) fn verify_for(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if let Some(d) = shape_failure(op, ONE_REGION) {
        return Some(d);
    }
    let inits = op.operands.get(3..)?;
    if inits.len() != op.results.len() {
        return Some(op.error("mismatch in number of loop-carried values and defined values"));
    }
    let region = op.regions().first()?;
    // The yield the custom parser adds to a body without one stands at the op.
    let (yielded, yield_at) = match region_end(op, cx, region)? {
        End::Implicit => (Vec::new(), op.at()),
        End::Op(yield_op, name) if name == "scf.yield" => {
            (value_types(&yield_op, cx), name_range(&yield_op))
        }
        // MLIR reports the terminator (`expects regions to end with 'scf.yield'`).
        End::Op(..) => return None,
    };
    let args = entry_arg_types(op, cx, 0)?;
    if let Some(d) = loop_interface_failure(op, inits, &args, &yielded) {
        return Some(d);
    }
    // Yielding nothing to a body with iter_args is reported along the control flow edge
    // back into the body (`RegionBranchOpInterface`), before the induction variable.
    let iter_args = args.len().checked_sub(1)?;
    if yielded.len() != iter_args {
        let message = format!(
            "along control flow edge from Operation scf.yield to Region #0: region branch \
             point has {} operands, but region successor needs {iter_args} inputs",
            yielded.len()
        );
        let mut d = op.error(message);
        d.notes.push(Note {
            range: yield_at,
            message: "region branch point".to_string(),
        });
        return Some(d);
    }
    differing(args.first()?, op.operands.first()?)
        .map(|_| op.error("expected induction variable to be same type as bounds and step"))
}

/// `LoopLikeOpInterface`'s checks: the numbers, then the types, of the initial values,
/// the iter_args (the entry arguments after the induction variable), the yielded values
/// (when some are) and the results.
fn loop_interface_failure(
    op: &Op<'_>,
    inits: &[Option<Type>],
    args: &[Option<Type>],
    yielded: &[Option<Type>],
) -> Option<Diagnostic> {
    // Without any entry argument MLIR counts -1 iter_args, printed unsigned.
    let iter_count = (args.len() as u64).wrapping_sub(1);
    let counts = [
        ("inits and region iter_args", inits.len() as u64, iter_count),
        (
            "region iter_args and yielded values",
            iter_count,
            yielded.len() as u64,
        ),
        (
            "loop results and region iter_args",
            op.results.len() as u64,
            iter_count,
        ),
    ];
    for (i, (what, a, b)) in counts.into_iter().enumerate() {
        // The yielded values are compared only when there are some.
        let skipped = i == 1 && yielded.is_empty();
        if a != b && !skipped {
            return Some(op.error(format!("different number of {what}: {a} != {b}")));
        }
    }
    let iter_args = &args[1..];
    for (i, (init, arg)) in inits.iter().zip(iter_args).enumerate() {
        if let Some((a, b)) = differing(init, arg) {
            let message = format!(
                "{i}-th init and {i}-th region iter_arg have different type: '{a}' != '{b}'"
            );
            return Some(op.error(message));
        }
        if let Some((a, b)) = yielded.get(i).and_then(|y| differing(arg, y)) {
            let message = format!(
                "{i}-th region iter_arg and {i}-th yielded value have different type: '{a}' != '{b}'"
            );
            return Some(op.error(message));
        }
    }
    // MLIR 22 numbers every result mismatch 0: its counter is bumped after the loop.
    iter_args
        .iter()
        .zip(op.results)
        .find_map(|(arg, result)| differing(arg, result))
        .map(|(a, b)| {
            op.error(format!(
                "0-th region iter_arg and 0-th loop result have different type: '{a}' != '{b}'"
            ))
        })
}

/// `scf.parallel`: its traits, then `verify()`.
pub(super) fn verify_parallel(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if let Some(d) = shape_failure(op, ONE_REGION) {
        return Some(d);
    }
    let segments = parallel_segments(op, cx)?;
    let [_, _, steps, inits] = &segments;
    if steps.is_empty() {
        let message = "needs at least one tuple element for lowerBound, upperBound and step";
        return Some(op.error(message));
    }
    if steps
        .iter()
        .any(|step| constant_index(step, cx).is_some_and(|v| v <= 0))
    {
        return Some(op.error("constant step operand must be positive"));
    }
    let args = entry_arg_types(op, cx, 0)?;
    if args.len() != steps.len() {
        return Some(op.error(format!(
            "expects the same number of induction variables: {} as bound and step values: {}",
            args.len(),
            steps.len()
        )));
    }
    let not_index = |t: &Option<Type>| t.as_ref().is_some_and(|t| exact(t) && *t != Type::Index);
    if args.iter().any(not_index) {
        return Some(op.error("expects arguments for the induction variable to be of index type"));
    }
    let region = op.regions().first()?;
    let reduce = match region_end(op, cx, region) {
        Some(End::Implicit) => None,
        Some(End::Op(reduce, name)) if name == "scf.reduce" => Some(reduce),
        end => {
            let terminator = match &end {
                Some(End::Op(node, _)) => Some(node),
                _ => None,
            };
            let message = "expects body to terminate with 'scf.reduce'";
            return Some(wrong_terminator(op, message, terminator));
        }
    };
    reductions_failure(op, cx, reduce.as_ref(), inits.len())
}

/// The results against the reductions of the `scf.reduce` ending the body (none when the
/// parser added it) and the initial values.
fn reductions_failure(
    op: &Op<'_>,
    cx: &Cx<'_>,
    reduce: Option<&SyntaxNode>,
    inits: usize,
) -> Option<Diagnostic> {
    let results = op.results.len();
    let reductions = reduce.map_or(0, |r| crate::facts::regions_of(r).count());
    if results != reductions {
        return Some(op.error(format!(
            "expects number of results: {results} to be the same as number of reductions: {reductions}"
        )));
    }
    if results != inits {
        return Some(op.error(format!(
            "expects number of results: {results} to be the same as number of initial values: {inits}"
        )));
    }
    let reduce = reduce?;
    let operands = value_types(reduce, cx);
    let (i, (a, b)) = operands
        .iter()
        .zip(op.results)
        .enumerate()
        .find_map(|(i, (operand, result))| Some((i, differing(operand, result)?)))?;
    let message = format!(
        "'scf.reduce' op expects type of {i}-th reduction operand: '{a}' to be the same as the {i}-th result type: '{b}'"
    );
    Some(Diagnostic::error("op-verify", message, name_range(reduce)))
}

/// The value uses of `scf.parallel`'s four operand segments (bounds, steps, initial
/// values): as its custom header lists them, or as `operandSegmentSizes` splits a generic
/// op's operands.
fn parallel_segments(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<[Vec<ast::ValueUse>; 4]> {
    if let Some(matched) = op.matched {
        return matched.operand_segments.clone().try_into().ok();
    }
    let generic = ast::GenericOp::cast(op.node.clone())?;
    let sizes: [usize; 4] = operand_segment_sizes(&generic, &mut |node| cx.lower_attr(node))?
        .try_into()
        .ok()?;
    let mut operands = generic.operands();
    let mut segments: [Vec<ast::ValueUse>; 4] = Default::default();
    for (segment, size) in segments.iter_mut().zip(sizes) {
        for _ in 0..size {
            segment.push(operands.next()?);
        }
    }
    operands.next().is_none().then_some(segments)
}

/// The value of the `index` constant a step is (`arith.constant 0 : index`); steps are
/// `index` values, so only the width of the literal matters.
fn constant_index(value: &ast::ValueUse, cx: &mut Cx<'_>) -> Option<i128> {
    let def = cx.defining_op(&value.name_token()?)?;
    if op_name(&def)? != "arith.constant" {
        return None;
    }
    let attr = match ast::GenericOp::cast(def.clone()) {
        Some(generic) => generic
            .attr_dict()?
            .entry("value")?
            .value()?
            .syntax()
            .clone(),
        None => {
            let custom = ast::CustomOp::cast(def)?;
            custom.items().find_map(|item| match item {
                ast::CustomOpItem::Attribute(a) => Some(a.syntax().clone()),
                _ => None,
            })?
        }
    };
    // The custom form writes the type after the value (`0 : index`), so the literal
    // alone reads as an `i64`: its value is the same.
    match cx.lower_attr(&attr) {
        Attr::Integer(i) if i.width() == 64 => i.value_i128(),
        _ => None,
    }
}

/// `scf.reduce`'s `verifyRegions()`: each region takes two arguments of its operand's
/// type and ends in `scf.reduce.return`.
pub(super) fn verify_reduce(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    for (i, region) in op.regions().iter().enumerate() {
        let ty = op.operands.get(i)?.as_ref()?;
        let block = region.entry_block()?;
        let args: Vec<Option<Type>> = block
            .args()
            .map(|arg| cx.value_type(&arg.name_token()?))
            .collect();
        let wrong_arg = args
            .iter()
            .any(|arg| arg.as_ref().is_some_and(|a| super::surely_differ(a, ty)));
        if (args.len() != 2 || wrong_arg) && exact(ty) {
            return Some(op.error(format!(
                "expected two block arguments with type '{ty}' in the {i}-th reduction region"
            )));
        }
        let last = super::last_op(region)?;
        if op_name(&last)? != "scf.reduce.return" {
            let message = "reduction bodies must be terminated with an 'scf.reduce.return' op";
            return Some(op.error(message));
        }
    }
    None
}

/// `scf.reduce.return`: its operand has the type of the operand of `scf.reduce` its
/// region reduces.
pub(super) fn verify_reduce_return(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let region = op.node.ancestors().find_map(ast::Region::cast)?;
    let reduce = region
        .syntax()
        .ancestors()
        .skip(1)
        .find(mlir_hir::ops::is_op)?;
    let index = crate::facts::regions_of(&reduce).position(|r| r == region)?;
    let input = value_types(&reduce, cx).get(index)?.clone();
    let (expected, _) = differing(&input, op.operands.first()?)?;
    Some(op.error(format!(
        "must have type '{expected}' (the type of the reduction inputs)"
    )))
}
