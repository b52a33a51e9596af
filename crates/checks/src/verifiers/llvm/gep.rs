//! `llvm.getelementptr`: the custom form's function type gives the op its results, of
//! which it must have one; and each `kDynamicIndex` (`INT32_MIN`) in a generic op's
//! `rawConstantIndices` stands for one index operand. (The custom form builds that list
//! from its indices, so it always fits.)

use mlir_syntax::SyntaxKind;

use super::{Cx, Op};
use crate::diagnostic::Diagnostic;
use mlir_types::Attr;

/// The marker of a dynamic index in `rawConstantIndices`.
const DYNAMIC_INDEX: i128 = i32::MIN as i128;

pub(super) fn getelementptr(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if !op.is_generic() {
        let results = custom_result_count(op)?;
        return (results != 1).then(|| op.error("requires one result"));
    }
    let Attr::DenseArray(array) = cx.lower_attr(&op.attr_node("rawConstantIndices")?) else {
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

/// How many result types the custom form's `: (operand types) -> results, element type`
/// writes: one type, or a parenthesised list of them (`-> ()`).
fn custom_result_count(op: &Op<'_>) -> Option<usize> {
    let mut parts = op
        .node
        .children_with_tokens()
        .filter(|e| !e.kind().is_trivia())
        .skip_while(|e| e.kind() != SyntaxKind::COLON)
        .skip(1);
    if parts.next()?.kind() != SyntaxKind::PAREN_GROUP || parts.next()?.kind() != SyntaxKind::ARROW
    {
        return None;
    }
    let results = parts.next()?.into_node()?;
    if results.kind().is_type_node() {
        return Some(1);
    }
    if results.kind() != SyntaxKind::PAREN_GROUP {
        return None;
    }
    // Only types and commas: anything else is not a type list we read.
    let mut count = 0;
    for element in results.children_with_tokens() {
        match element.kind() {
            kind if kind.is_type_node() => count += 1,
            SyntaxKind::L_PAREN | SyntaxKind::R_PAREN | SyntaxKind::COMMA => {}
            kind if kind.is_trivia() => {}
            _ => return None,
        }
    }
    Some(count)
}
