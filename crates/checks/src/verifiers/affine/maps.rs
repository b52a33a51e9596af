//! `affine.min`, `affine.max` and `affine.apply`: a map applied to as many operands as it
//! has dimensions and symbols.

use mlir_syntax::ast::{AstNode, CustomOpItem};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::{AffineMap, Attr};

use super::{custom_items, dims_and_symbols, generic_map};

const COUNT_MISMATCH: &str = "operand count and affine map dimension and symbol count must match";

/// `affine.min #map (dims)[symbols]`: the operand count, then a map with a result.
pub(super) fn min_max(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let (map, operands) = map_and_operands(op, cx)?;
    if map.num_dims as usize + map.num_symbols as usize != operands {
        return Some(op.error(COUNT_MISMATCH));
    }
    map.results
        .is_empty()
        .then(|| op.error("affine map expect at least one result"))
}

/// A generic `affine.apply` (its custom parser checks the custom form itself).
pub(super) fn apply(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if !op.is_generic() {
        return None;
    }
    let (map, operands) = map_and_operands(op, cx)?;
    (map.num_dims as usize + map.num_symbols as usize != operands).then(|| op.error(COUNT_MISMATCH))
}

/// The op's map and how many operands it applies it to.
fn map_and_operands(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<(AffineMap, usize)> {
    let Some(items) = custom_items(op) else {
        return Some((generic_map(op, cx, "map")?, op.operand_count()?));
    };
    let CustomOpItem::Attribute(attr) = items.first()? else {
        return None;
    };
    let Attr::AffineMap(map) = cx.lower_attr(attr.syntax()) else {
        return None;
    };
    let (dims, symbols) = dims_and_symbols(&items, 1)?;
    Some((map, dims + symbols))
}
