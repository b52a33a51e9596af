//! `vector.transfer_read` and `transfer_write` in custom form: one index per dimension of
//! the source, and a `permutation_map` from the source's dimensions onto the vector's
//! that is a projected permutation (each result one dimension, used once, or `0`).

use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_types::{AffineExpr, AffineMap, Attr, Type};

use super::{trailing_types, written_attr};

/// Which transfer: the order of its trailing types differs.
#[derive(Clone, Copy)]
pub(super) enum Direction {
    /// `: source-type, vector-type`.
    Read,
    /// `: vector-type, source-type`.
    Write,
}

pub(super) fn transfer(op: &Op<'_>, cx: &mut Cx<'_>, direction: Direction) -> Option<Diagnostic> {
    if op.is_generic() {
        return None;
    }
    let types = trailing_types(op, cx)?;
    let (source, vector) = match (direction, types.as_slice()) {
        (Direction::Read, [source, vector]) | (Direction::Write, [vector, source]) => {
            (source, vector)
        }
        _ => return None,
    };
    // Without a vector type the custom parser fails first ("requires vector type").
    let Type::Vector(_) = vector else {
        return None;
    };
    let rank = source_rank(source)?;
    let indices = index_count(op)?;
    if indices != rank {
        return Some(op.error(format!("requires {rank} indices")));
    }
    let Some(Attr::AffineMap(map)) = written_attr(op, cx, "permutation_map") else {
        return None;
    };
    let vector_rank = vector_rank(source, vector)?;
    map_failure(&map, rank, vector_rank).map(|message| op.error(message))
}

/// The rank of a ranked memref or tensor source.
fn source_rank(source: &Type) -> Option<usize> {
    match source {
        Type::MemRef(_) | Type::RankedTensor(_) => source.rank(),
        _ => None,
    }
}

/// The dimensions the map must give: the vector's, less those of a vector element type of
/// the source (a `memref<?xvector<4xf32>>` moves whole `vector<4xf32>`s).
fn vector_rank(source: &Type, vector: &Type) -> Option<usize> {
    let Type::Vector(vector) = vector else {
        return None;
    };
    let element_rank = match source.element_type()? {
        Type::Vector(element) => element.dims.len(),
        _ => 0,
    };
    vector.dims.len().checked_sub(element_rank)
}

/// How many indices the `[...]` after the source holds.
fn index_count(op: &Op<'_>) -> Option<usize> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let group = custom.items().find_map(|item| match item {
        CustomOpItem::Group(group) => Some(group),
        _ => None,
    })?;
    let count = group
        .items()
        .filter(|item| matches!(item, CustomOpItem::ValueUse(_)))
        .count();
    Some(count)
}

fn map_failure(map: &AffineMap, rank: usize, vector_rank: usize) -> Option<&'static str> {
    if map.num_symbols != 0 {
        return Some("requires permutation_map without symbols");
    }
    if map.num_dims as usize != rank {
        return Some(
            "requires a permutation_map with input dims of the same rank as the source type",
        );
    }
    if map.results.len() != vector_rank {
        return Some(
            "requires a permutation_map with result dims of the same rank as the vector type",
        );
    }
    let projected = map
        .results
        .iter()
        .all(|e| matches!(e, AffineExpr::Dim(_) | AffineExpr::Constant(0)));
    if !projected {
        return Some(
            "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)",
        );
    }
    let mut seen = vec![false; rank];
    for expr in map.results.iter() {
        if let AffineExpr::Dim(d) = expr
            && std::mem::replace(seen.get_mut(*d as usize)?, true)
        {
            return Some(
                "requires a permutation_map that is a permutation (found one dim used more than once)",
            );
        }
    }
    None
}
