//! Verifiers of `gpu` ops beyond their ODS constraints (see `checks::verifiers`):
//! `all_reduce`'s reduction (a kind or a body that combines two values and yields one),
//! `memcpy`'s operands and `memset`'s value.

use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op, block_last_op, holds_ops, op_name, trailing_types};
use mlir_types::{Type, exact};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &["gpu.all_reduce", "gpu.memcpy", "gpu.memset"];

/// The ops whose verifier reads something beyond the op itself: `all_reduce` reads its
/// body's arguments and yields.
pub(super) const READS_AROUND: &[&str] = &["gpu.all_reduce"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let found = match op.name {
        "gpu.all_reduce" => all_reduce(op, cx),
        "gpu.memcpy" => memcpy(op, cx),
        "gpu.memset" => memset(op, cx),
        _ => None,
    };
    out.extend(found);
}

/// `verifyRegions()`: a reduction kind or a body, not both; a body takes two values of the
/// result's type and each block ending in a `gpu.yield` yields one such value.
fn all_reduce(op: &Op<'_>, cx: &Cx<'_>) -> Option<Diagnostic> {
    let region = op.regions().first()?;
    let has_body = region
        .blocks()
        .any(|block| block.label().is_some() || holds_ops(&block));
    if has_body == has_kind(op) {
        return Some(op.plain_error("expected either an op attribute or a non-empty body"));
    }
    if !has_body {
        return None;
    }
    let result = &result_type(op, cx)?;
    let entry = region.entry_block()?;
    let args: Vec<Option<Type>> = entry
        .args()
        .map(|arg| cx.value_type(&arg.name_token()?))
        .collect();
    if args.len() != 2 {
        return Some(op.plain_error("expected two region arguments"));
    }
    if args
        .iter()
        .any(|ty| ty.as_ref().is_some_and(|t| exact(t) && t != result))
    {
        return Some(op.plain_error("incorrect region argument type"));
    }
    let mut yields = 0;
    for block in region.blocks() {
        let Some(last) = block_last_op(&block) else {
            continue;
        };
        if op_name(&last).as_deref() != Some("gpu.yield") {
            continue;
        }
        yields += 1;
        let operands = crate::verifiers::op::operand_uses(&last);
        if operands.len() != 1 {
            return Some(op.plain_error("expected one gpu.yield operand"));
        }
        let yielded = cx.use_type(&operands[0]);
        if yielded.is_some_and(|t| exact(&t) && t != *result) {
            return Some(op.plain_error("incorrect gpu.yield type"));
        }
    }
    (yields == 0).then(|| op.plain_error("expected gpu.yield op in region"))
}

/// Is the reduction kind given: `gpu.all_reduce add %x ...`, or a generic op's `op`?
fn has_kind(op: &Op<'_>) -> bool {
    let Some(custom) = ast::CustomOp::cast(op.node.clone()) else {
        return op.has_attr("op");
    };
    // The kind is the keyword before the value.
    let first = custom.items().next();
    matches!(first, Some(CustomOpItem::Keyword(_)))
}

/// `gpu.memcpy %dst, %src`: one element type, compatible shapes.
fn memcpy(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let [dst, src] = two_operand_types(op, cx)?;
    let (dst, src) = (&dst, &src);
    if !exact(dst) || !exact(src) {
        return None;
    }
    if dst.element_type() != src.element_type() {
        return Some(op.error("arguments have incompatible element type"));
    }
    crate::op_verify::shapes_differ(&[Some(dst), Some(src)])
        .then(|| op.error("arguments have incompatible shape"))
}

/// `gpu.memset %dst, %value`: ODS's `AllElementTypesMatch<["dst", "value"]>`.
fn memset(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let [dst, value] = two_operand_types(op, cx)?;
    let value = &value;
    let element = dst.element_type()?;
    (exact(element) && exact(value) && element != value)
        .then(|| op.error("failed to verify that all of {dst, value} have same element type"))
}

/// The result type: as ODS read it, else the reduced value's (ODS's `AllTypesMatch<["value",
/// "result"]>`).
fn result_type(op: &Op<'_>, cx: &Cx<'_>) -> Option<Type> {
    let known = op.results.first().cloned().flatten().or_else(|| {
        let value = crate::verifiers::op::operand_uses(op.node)
            .into_iter()
            .next()?;
        cx.use_type(&value)
    });
    known.filter(exact)
}

/// The types of the two operands after any async dependencies (`%dst, %src`): as ODS read
/// them, else the two types the custom form writes after its `:`.
fn two_operand_types(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<[Type; 2]> {
    let written = match op.operand_types() {
        Some(types) => types
            .iter()
            .rev()
            .take(2)
            .rev()
            .cloned()
            .collect::<Option<Vec<_>>>()?,
        None => trailing_types(op, cx)?,
    };
    <[Type; 2]>::try_from(written).ok()
}
