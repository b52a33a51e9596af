//! `tensor.concat`: inputs of the result's rank and element type, a dimension within that
//! rank, inputs agreeing on every other dimension, and a result shape that fits the one
//! the inputs give.

use super::{Cx, Op, integer_attr, ranked, tensor_type};
use crate::diagnostic::Diagnostic;
use mlir_types::{Dim, RankedTensorType, exact, surely_differ};

pub(super) fn concat(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let inputs = op.operand_types()?;
    if inputs.is_empty() {
        return Some(op.error("requires at least one input"));
    }
    let inputs: Vec<&RankedTensorType> = inputs
        .iter()
        .map(|ty| ranked(Some(ty)))
        .collect::<Option<_>>()?;
    let result = ranked(op.results.first())?;
    let rank = result.shape.len();
    if inputs.iter().any(|input| input.shape.len() != rank) {
        return Some(op.error("rank of concatenated inputs must match result rank"));
    }
    if inputs
        .iter()
        .any(|input| surely_differ(&input.element, &result.element))
    {
        return Some(op.error("inputs and result element type must match"));
    }
    // An element type we do not read exactly may differ unseen: MLIR would stop there.
    if inputs.iter().any(|input| input.element != result.element) {
        return None;
    }
    let dim = integer_attr(op, cx, "dim")?;
    // A negative dimension passes MLIR's check and is then undefined: say nothing.
    let dim = usize::try_from(dim).ok()?;
    if dim >= rank {
        return Some(op.error("concatenation dim must be less than the tensor rank"));
    }
    let mut sizes = Vec::with_capacity(rank);
    for i in 0..rank {
        if i == dim {
            // Dynamic as soon as one input is; the sum otherwise.
            let mut sum = Dim::Static(0);
            for input in &inputs {
                sum = match (sum, input.shape[i]) {
                    (Dim::Static(a), Dim::Static(b)) => Dim::Static(a.checked_add(b)?),
                    _ => Dim::Dynamic,
                };
            }
            sizes.push(sum);
            continue;
        }
        // The inputs' static sizes of another dimension must all be one.
        let mut size = Dim::Dynamic;
        for input in &inputs {
            match (size, input.shape[i]) {
                (_, Dim::Dynamic) => {}
                (Dim::Dynamic, known) => size = known,
                (known, other) if known != other => {
                    return Some(op.error(format!(
                        "static concatenation size mismatch along non-concatenated dimension {i}"
                    )));
                }
                _ => {}
            }
        }
        sizes.push(size);
    }
    let mismatch = sizes.iter().zip(&result.shape).any(|pair| match pair {
        (Dim::Static(a), Dim::Static(b)) => a != b,
        _ => false,
    });
    let result_type = op.results.first()?.as_ref()?;
    if !mismatch || !exact(result_type) {
        return None;
    }
    // The inferred type takes the first input's element type and no encoding.
    let inferred = tensor_type(sizes, &inputs[0].element, None);
    Some(op.error(format!(
        "result type '{result_type}'does not match inferred shape '{inferred}' static sizes"
    )))
}
