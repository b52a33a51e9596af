//! `memref.dma_start` and `memref.dma_wait`. `dma_start` keeps all its operands in one
//! variadic list, whose parts (source, destination, tag and their indices) follow from
//! the ranks of its memrefs; MLIR checks them one after the other, stopping at the first
//! failure, and so do we, stopping silently at the first type we do not know.

use super::{Kind, all_index, kind, ranked_memref};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::Op;
use mlir_types::Type;

/// Is the memref operand at `at` a ranked memref, and of which rank? `Err` carries the
/// error when it surely is not; `Ok(None)` when we do not know.
fn memref_rank(
    op: &Op<'_>,
    types: &[Option<Type>],
    at: usize,
    what: &str,
) -> Result<Option<usize>, Diagnostic> {
    match kind(types.get(at)) {
        Some(Kind::MemRef(memref)) => Ok(Some(memref.shape.len())),
        Some(Kind::Other) => Err(op.error(format!("expected {what} to be of memref type"))),
        None => Ok(None),
    }
}

/// A failure found, or the end of what we can check.
type Step<T> = Result<T, Option<Diagnostic>>;

fn rank_of(op: &Op<'_>, types: &[Option<Type>], at: usize, what: &str) -> Step<usize> {
    match memref_rank(op, types, at, what) {
        Ok(Some(rank)) => Ok(rank),
        Ok(None) => Err(None),
        Err(error) => Err(Some(error)),
    }
}

fn at_least(op: &Op<'_>, count: usize, expected: usize) -> Step<()> {
    if count < expected {
        return Err(Some(
            op.error(format!("expected at least {expected} operands")),
        ));
    }
    Ok(())
}

/// The indices `types[range]` must all be `index`.
fn indices(op: &Op<'_>, types: &[Option<Type>], what: &str) -> Step<()> {
    match all_index(types) {
        Some(true) => Ok(()),
        Some(false) => Err(Some(
            op.error(format!("expected {what} indices to be of index type")),
        )),
        None => Err(None),
    }
}

pub(super) fn dma_start(op: &Op<'_>) -> Option<Diagnostic> {
    let count = op.operand_count()?;
    if count < 4 {
        return Some(op.error("expected at least 4 operands"));
    }
    let types = op.operand_types()?;
    dma_start_steps(op, types).err().flatten()
}

fn dma_start_steps(op: &Op<'_>, types: &[Option<Type>]) -> Step<()> {
    let count = types.len();
    let src_rank = rank_of(op, types, 0, "source")?;
    at_least(op, count, src_rank + 4)?;
    indices(op, &types[1..1 + src_rank], "source")?;
    let dst = 1 + src_rank;
    let dst_rank = rank_of(op, types, dst, "destination")?;
    let mut expected = src_rank + dst_rank + 4;
    at_least(op, count, expected)?;
    indices(op, &types[dst + 1..dst + 1 + dst_rank], "destination")?;
    let num_elements = dst + 1 + dst_rank;
    match all_index(&types[num_elements..=num_elements]) {
        Some(true) => {}
        Some(false) => {
            return Err(Some(op.error("expected num elements to be of index type")));
        }
        None => return Err(None),
    }
    let tag = num_elements + 1;
    let tag_rank = rank_of(op, types, tag, "tag")?;
    expected += tag_rank;
    at_least(op, count, expected)?;
    indices(op, &types[tag + 1..tag + 1 + tag_rank], "tag")?;
    if count != expected && count != expected + 2 {
        return Err(Some(op.error("incorrect number of operands")));
    }
    if count == expected + 2 && all_index(&types[expected..]) == Some(false) {
        return Err(Some(op.error(
            "expected stride and num elements per stride to be of type index",
        )));
    }
    Ok(())
}

/// Operands: the tag memref, its indices, the number of elements.
pub(super) fn dma_wait(op: &Op<'_>) -> Option<Diagnostic> {
    let types = op.operand_types()?;
    let rank = ranked_memref(types.first())?.shape.len();
    let indices = types.len().checked_sub(2)?;
    (indices != rank).then(|| {
        op.error(format!(
            "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {rank}, but got {indices}"
        ))
    })
}
