//! `tensor.cast`: the source and result are cast compatible as `CastOp::areCastCompatible`
//! says (one element type, compatible shapes; encodings play no part).

use super::Op;
use crate::diagnostic::Diagnostic;
use mlir_types::{Dim, Type, exact};

pub(super) fn cast(op: &Op<'_>) -> Option<Diagnostic> {
    let source = op.operands.first()?.as_ref()?;
    let result = op.results.first()?.as_ref()?;
    // The types are printed and compared whole: only those we read exactly.
    if !exact(source) || !exact(result) {
        return None;
    }
    let compatible =
        source.element_type()? == result.element_type()? && compatible_shapes(source, result);
    (!compatible).then(|| {
        op.error(format!(
            "operand type '{source}' and result type '{result}' are cast incompatible"
        ))
    })
}

/// MLIR's `verifyCompatibleShape` of two tensor types: an unranked one fits any shape;
/// ranked ones need one rank and no dimension static in both with two sizes.
fn compatible_shapes(a: &Type, b: &Type) -> bool {
    let (Type::RankedTensor(a), Type::RankedTensor(b)) = (a, b) else {
        return true;
    };
    a.shape.len() == b.shape.len()
        && a.shape.iter().zip(&b.shape).all(|pair| match pair {
            (Dim::Static(m), Dim::Static(n)) => m == n,
            _ => true,
        })
}
