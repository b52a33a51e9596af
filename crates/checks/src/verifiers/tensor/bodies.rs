//! The ops with a body computing an element: `tensor.generate` (its dynamic sizes, one
//! `index` argument per dimension, the element type yielded) and `tensor.pad` (the
//! padded type the low and high lists give, the body's arguments and yielded type).

use super::{Cx, Op, dynamic_sizes, ranked, tensor_type};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{entry_arg_types, last_op, op_name, value_types};
use crate::verifiers::shaped::index_list;
use mlir_types::{Dim, RankedTensorType, Type, exact, surely_differ};

/// `verify()`, then `verifyRegions()`.
pub(super) fn generate(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if let Some(error) = dynamic_sizes(op, 0) {
        return Some(error);
    }
    let result = ranked(op.results.first())?;
    let args = entry_arg_types(op, cx, 0)?;
    // The arguments span the index space: all `index`, one per dimension.
    if !all_index(&args)? {
        return Some(op.plain_error("all body arguments must be index"));
    }
    if args.len() != result.shape.len() {
        return Some(op.plain_error("must have one body argument per input dimension"));
    }
    yields_other_than(op, cx, &result.element).then(|| {
        op.error("body must be terminated with a `yield` operation of the tensor element type")
    })
}

/// `verify()`, then `verifyRegions()`.
pub(super) fn pad(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let source = ranked(op.operands.first())?;
    let result = ranked(op.results.first())?;
    let low = index_list(op, cx, "static_low")?;
    let high = index_list(op, cx, "static_high")?;
    if let Some(message) = padded_type_failure(source, result, &low, &high) {
        return message.map(|m| op.plain_error(m));
    }
    let args = entry_arg_types(op, cx, 0)?;
    let rank = result.shape.len();
    if args.len() != rank {
        return Some(op.plain_error(format!("expected the block to have {rank} arguments")));
    }
    for (i, arg) in args.iter().enumerate() {
        match arg.as_ref()? {
            Type::Index => {}
            Type::Error => return None,
            _ => {
                let n = i + 1;
                return Some(op.error(format!("expected block argument {n} to be an index")));
            }
        }
    }
    yields_other_than(op, cx, &result.element)
        .then(|| op.error("expected yield type to match shape element type"))
}

/// `PadOp::verify`: the result against `inferResultType` (the source's sizes plus the
/// static paddings, dynamic where any of them is). `Some(None)`: it fails, in a way we
/// cannot word.
fn padded_type_failure(
    source: &RankedTensorType,
    result: &RankedTensorType,
    low: &[Option<i64>],
    high: &[Option<i64>],
) -> Option<Option<String>> {
    let print = |tensor: &RankedTensorType| {
        tensor_type(
            tensor.shape.clone(),
            &tensor.element,
            tensor.encoding.as_ref(),
        )
    };
    let (source_type, result_type) = (print(source), print(result));
    let printable = exact(&source_type) && exact(&result_type);
    let rank = source.shape.len();
    if low.len() != rank || high.len() != rank {
        return Some(printable.then(|| {
            format!(
                "failed to infer expectedType from sourceType '{source_type}', specified resultType is '{result_type}'"
            )
        }));
    }
    let mut shape = Vec::with_capacity(rank);
    for (i, size) in source.shape.iter().enumerate() {
        shape.push(match (size, low[i], high[i]) {
            (Dim::Static(size), Some(l), Some(h)) => {
                Dim::Static(size.checked_add(l)?.checked_add(h)?)
            }
            _ => Dim::Dynamic,
        });
    }
    // A dimension fits where the result has the inferred size, or the inferred one is
    // dynamic; a dynamic result size does not fit a static inferred one.
    let fits = result.shape.len() == rank
        && shape
            .iter()
            .zip(&result.shape)
            .all(|(inferred, given)| inferred == given || *inferred == Dim::Dynamic);
    if fits {
        return None;
    }
    // The inferred type has the source's element type and no encoding.
    let expected = tensor_type(shape, &source.element, None);
    Some(printable.then(|| {
        format!("specified type '{result_type}' does not match the inferred type '{expected}'")
    }))
}

/// Are all these types `index`? `None` when one is unknown before any surely is not.
fn all_index(types: &[Option<Type>]) -> Option<bool> {
    for ty in types {
        match ty.as_ref()? {
            Type::Index => {}
            Type::Error => return None,
            _ => return Some(false),
        }
    }
    Some(true)
}

/// Does the op's body end in a `tensor.yield` of a value whose type surely is not
/// `element`? (A body ending otherwise fails in the terminator's own verifier first.)
fn yields_other_than(op: &Op<'_>, cx: &Cx<'_>, element: &Type) -> bool {
    let Some(last) = op.regions().first().and_then(last_op) else {
        return false;
    };
    if op_name(&last).as_deref() != Some("tensor.yield") {
        return false;
    }
    match value_types(&last, cx).as_slice() {
        [Some(yielded)] => surely_differ(yielded, element),
        _ => false,
    }
}
