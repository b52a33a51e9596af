//! `llvm.getelementptr`'s constant indices: each `kDynamicIndex` (`INT32_MIN`) in
//! `rawConstantIndices` stands for one index operand, so a generic op must pass as many.
//! (The custom form builds the list from its indices, so it always fits.)

use super::{Cx, Op, attr_node};
use crate::diagnostic::Diagnostic;
use mlir_types::Attr;

/// The marker of a dynamic index in `rawConstantIndices`.
const DYNAMIC_INDEX: i128 = i32::MIN as i128;

pub(super) fn getelementptr(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if !op.is_generic() {
        return None;
    }
    let Attr::DenseArray(array) = cx.lower_attr(&attr_node(op, "rawConstantIndices")?) else {
        return None;
    };
    let mut dynamic = 0;
    for value in &array.1 {
        match value {
            Attr::Integer(int) if int.value_i128()? == DYNAMIC_INDEX => dynamic += 1,
            Attr::Integer(_) => {}
            _ => return None,
        }
    }
    // The first operand is the base.
    let indices = op.operand_count()?.checked_sub(1)?;
    (indices != dynamic)
        .then(|| op.error("expected as many dynamic indices as specified in 'rawConstantIndices'"))
}
