//! `vector.outerproduct`: `lhs x rhs` of two 1-d vectors is a 2-d result, `lhs x scalar`
//! (AXPY) a 1-d one, with the sizes the operands give and an accumulator of the
//! result's type.

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::VectorType;

use super::{known, trailing_types, vector};

pub(super) fn outerproduct(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if op.is_generic() {
        let lhs = vector(known(op.operands.first()))?;
        let rhs = known(op.operands.get(1))?;
        let result_type = known(op.results.first())?;
        let result = vector(Some(result_type))?;
        let message = shape_failure(lhs, vector(Some(rhs)), Some(result)).or_else(|| {
            let acc = known(op.operands.get(2))?;
            (acc != result_type)
                .then_some("expected operand #3 of same type as result type".to_string())
        })?;
        return Some(op.error(message));
    }
    // The custom form writes `lhs-type, rhs-type`; its parser infers the result from them.
    let types = trailing_types(op, cx)?;
    let [lhs, rhs] = types.as_slice() else {
        return None;
    };
    let message = shape_failure(vector(Some(lhs))?, vector(Some(rhs)), None)?;
    Some(op.error(message))
}

/// The ranks and sizes of operands and (a written) result; `rhs` is `None` for a scalar.
fn shape_failure(
    lhs: &VectorType,
    rhs: Option<&VectorType>,
    result: Option<&VectorType>,
) -> Option<String> {
    if lhs.dims.len() != 1 {
        return Some("expected 1-d vector for operand #1".to_string());
    }
    let Some(rhs) = rhs else {
        let result = result?;
        if result.dims.len() != 1 {
            return Some("expected 1-d vector result".to_string());
        }
        return (lhs.dims[0].size != result.dims[0].size)
            .then(|| "expected #1 operand dim to match result dim #1".to_string());
    };
    if rhs.dims.len() != 1 {
        return Some("expected 1-d vector for operand #2".to_string());
    }
    if let Some(result) = result {
        if result.dims.len() != 2 {
            return Some("expected 2-d vector result".to_string());
        }
        // Sizes are compared, not scalability.
        if lhs.dims[0].size != result.dims[0].size {
            return Some("expected #1 operand dim to match result dim #1".to_string());
        }
        if rhs.dims[0].size != result.dims[1].size {
            return Some("expected #2 operand dim to match result dim #2".to_string());
        }
    }
    (lhs.dims[0].scalable && !rhs.dims[0].scalable)
        .then(|| "expected either both or only #2 operand dim to be scalable".to_string())
}
