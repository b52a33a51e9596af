//! `shape.reduce`: its body takes the extent's index, the extent (`!shape.size` over a
//! `!shape.shape`, `index` over an extent tensor) and one argument per initial value of
//! that value's type; the `shape.yield` ending it gives back as many values as the op
//! has results, of their types (that is `YieldOp::verify`, reported at the yield).

use super::{Kind, Op, kind, result_types, surely_differ};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, entry_arg_types, last_op, op_name, value_types};
use mlir_syntax::SyntaxKind;
use mlir_types::Type;

/// `ReduceOp::verify`, then the verifier of the yield ending its body.
pub(super) fn reduce(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let results = result_types(op, cx, SyntaxKind::ARROW);
    if !op.is_generic() && !parses(op, cx, &results) {
        return None;
    }
    if let Some(error) = body_failure(op, cx) {
        return Some(error);
    }
    yield_failure(op, cx, &results)
}

/// Does MLIR's parser of the custom form accept the op? Its `->` types are those of the
/// initial values (a use of another type is a parse error), and as many results must be
/// bound as they give. The framework checks neither for this hand-written parser.
fn parses(op: &Op<'_>, cx: &Cx<'_>, results: &[Option<Type>]) -> bool {
    let operands = value_types(op.node, cx);
    let inits = operands.get(1..).unwrap_or_default();
    if inits.len() != results.len() {
        return false;
    }
    let same_types = inits.iter().zip(results).all(|pair| match pair {
        (Some(a), Some(b)) => !surely_differ(a, b),
        _ => true,
    });
    same_types && bound_results(op).is_none_or(|bound| bound == results.len())
}

/// How many results the op's `%r:N =` list binds, if it has one.
fn bound_results(op: &Op<'_>) -> Option<usize> {
    let list = op
        .node
        .children()
        .find(|n| n.kind() == SyntaxKind::OP_RESULT_LIST)?;
    let mut count = 0;
    for result in list
        .children()
        .filter(|n| n.kind() == SyntaxKind::OP_RESULT)
    {
        let text = result.text().to_string();
        count += match text.split_once(':') {
            Some((_, n)) => n.trim().parse::<usize>().ok()?,
            None => 1,
        };
    }
    Some(count)
}

fn body_failure(op: &Op<'_>, cx: &Cx<'_>) -> Option<Diagnostic> {
    let operands = value_types(op.node, cx);
    let (shape, inits) = operands.split_first()?;
    let args = entry_arg_types(op, cx, 0)?;
    let expected = inits.len() + 2;
    if args.len() != expected {
        return Some(op.error(format!(
            "ReduceOp body is expected to have {expected} arguments"
        )));
    }
    if !is_index(args.first()?.as_ref()?)? {
        return Some(op.error("argument 0 of ReduceOp body is expected to be of IndexType"));
    }
    let extent = args.get(1)?.as_ref()?;
    match kind(shape.as_ref()?) {
        Kind::Shape if known(extent) && kind(extent) != Kind::Size => {
            return Some(op.error(
                "argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType",
            ));
        }
        Kind::ExtentTensor(_) if known(extent) && kind(extent) != Kind::Index => {
            return Some(op.error(
                "argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor",
            ));
        }
        Kind::Shape | Kind::ExtentTensor(_) => {}
        _ => return None,
    }
    for (i, (init, arg)) in inits.iter().zip(&args[2..]).enumerate() {
        if surely_differ(arg.as_ref()?, init.as_ref()?) {
            let n = i + 2;
            return Some(op.error(format!(
                "type mismatch between argument {n} of ReduceOp body and initial value {i}"
            )));
        }
    }
    None
}

/// `YieldOp::verify` of the yield ending the body: as many operands as the op has
/// results, of the same types.
fn yield_failure(op: &Op<'_>, cx: &Cx<'_>, results: &[Option<Type>]) -> Option<Diagnostic> {
    let last = last_op(op.regions().first()?)?;
    if op_name(&last).as_deref() != Some("shape.yield") {
        return None;
    }
    let yielded = value_types(&last, cx);
    let at = mlir_hir::ops::op_name_range(&last);
    let error = |message: &str| {
        let message = format!("'shape.yield' op {message}");
        Some(Diagnostic::error("op-verify", message, at))
    };
    if yielded.len() != results.len() {
        return error("number of operands does not match number of results of its parent");
    }
    let mismatch = yielded.iter().zip(results).any(|pair| match pair {
        (Some(a), Some(b)) => surely_differ(a, b),
        _ => false,
    });
    if mismatch {
        return error("types mismatch between yield op and its parent");
    }
    None
}

/// Is a known type `index`? `None` for a type we could not read.
fn is_index(ty: &Type) -> Option<bool> {
    known(ty).then_some(*ty == Type::Index)
}

/// A type we read well enough to tell it apart from the shape dialect's.
fn known(ty: &Type) -> bool {
    !ty.is_error() && (mlir_types::exact(ty) || kind(ty) != Kind::Other)
}
