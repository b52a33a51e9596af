//! The error propagation of size and shape ops (`verify()` of `shape.add`, `mul`, `div`,
//! `get_extent`, `num_elements`, `rank`, `shape_of`, `broadcast`): an operand that may
//! hold an error (`!shape.size`, `!shape.shape`, `!shape.value_shape`) needs a result of
//! the dialect's error-carrying type, since `index` or an extent tensor cannot carry it.

use super::{Kind, Op, all_operands, is_shape, is_size, kind, kind_of};
use crate::diagnostic::Diagnostic;

/// A result that must be `!shape.size` when an operand may hold an error.
pub(super) fn size_result(op: &Op<'_>) -> Option<Diagnostic> {
    propagation_failure(op, Kind::Size, "size")
}

/// A result that must be `!shape.shape` when an operand may hold an error.
pub(super) fn shape_result(op: &Op<'_>) -> Option<Diagnostic> {
    propagation_failure(op, Kind::Shape, "shape")
}

fn propagation_failure(op: &Op<'_>, carrier: Kind, type_name: &str) -> Option<Diagnostic> {
    // The other result ODS allows: `index` beside `!shape.size`, an extent tensor beside
    // `!shape.shape`. Anything else failed ODS, or is a type we could not read.
    let plain = match kind_of(op.results.first())? {
        Kind::Index => carrier == Kind::Size,
        Kind::ExtentTensor(_) => carrier == Kind::Shape,
        _ => false,
    };
    if !plain || !operands_fit_ods(op) {
        return None;
    }
    let may_hold_error = op
        .operands
        .iter()
        .flatten()
        .any(|ty| matches!(kind(ty), Kind::Size | Kind::Shape | Kind::ValueShape));
    may_hold_error.then(|| {
        op.error(format!(
            "if at least one of the operands can hold error values then the result must be of type `{type_name}` to propagate them"
        ))
    })
}

/// Are the operands of the kinds ODS allows the op? An operand that is not fails ODS
/// first (see `all_operands`).
fn operands_fit_ods(op: &Op<'_>) -> bool {
    match op.name {
        "shape.add" | "shape.div" | "shape.mul" => all_operands(op, is_size),
        "shape.get_extent" => match op.operands {
            [Some(extents), Some(dim)] => is_shape(kind(extents)) && is_size(kind(dim)),
            _ => false,
        },
        "shape.broadcast" | "shape.num_elements" | "shape.rank" => all_operands(op, is_shape),
        // Any shaped value or `!shape.value_shape`: a value shape is all we look for.
        "shape.shape_of" => true,
        _ => false,
    }
}
