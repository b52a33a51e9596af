//! `memref.alloc`, `memref.alloca`, `memref.realloc` and `memref.view`: the size (and
//! symbol) operands a result type needs, and the layouts and memory spaces they allow.

use super::{identity_layout, memory_spaces_differ, memref_type, ranked_memref};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::Op;
use mlir_types::surely_differ;
use mlir_types::{Dim, Layout, MemRefType};

fn dynamic_dims(memref: &MemRefType) -> usize {
    memref
        .shape
        .iter()
        .filter(|d| matches!(d, Dim::Dynamic))
        .count()
}

/// The number of symbols of the layout's affine map, when we know it.
fn layout_symbols(memref: &MemRefType) -> Option<usize> {
    match &memref.layout {
        Layout::Identity => Some(0),
        Layout::AffineMap(map) => Some(map.num_symbols as usize),
        // A strided layout's map has a symbol per dynamic entry; keep to static ones.
        Layout::Strided(strided) => {
            let all_static = std::iter::once(&strided.offset)
                .chain(&strided.strides)
                .all(|d| matches!(d, Dim::Static(_)));
            all_static.then_some(0)
        }
        Layout::Other(_) => None,
    }
}

/// The size operands against the result's `?` dimensions, which an interface of the
/// op checks before its own verifier.
fn dynamic_sizes_failure(op: &Op<'_>, sizes: usize, memref: &MemRefType) -> Option<Diagnostic> {
    let expected = dynamic_dims(memref);
    (sizes != expected).then(|| {
        op.error(format!(
            "incorrect number of dynamic sizes, has {sizes}, expected {expected}"
        ))
    })
}

/// Operands: the dynamic sizes, then the layout's symbols (custom form only, where the
/// two lists are told apart).
pub(super) fn alloc(op: &Op<'_>) -> Option<Diagnostic> {
    alloc_like(op, false)
}

/// As `alloc`, but between the two checks an enclosing op must be an automatic
/// allocation scope; only the scopes we know are trusted.
pub(super) fn alloca(op: &Op<'_>) -> Option<Diagnostic> {
    alloc_like(op, true)
}

fn alloc_like(op: &Op<'_>, needs_scope: bool) -> Option<Diagnostic> {
    let memref = ranked_memref(op.results.first())?;
    let [sizes, symbols] = op.matched?.operand_segments.as_slice() else {
        return None;
    };
    if let Some(error) = dynamic_sizes_failure(op, sizes.len(), memref) {
        return Some(error);
    }
    if needs_scope && !in_known_allocation_scope(op) {
        return None;
    }
    let expected = layout_symbols(memref)?;
    (symbols.len() != expected).then(|| {
        op.error(format!(
            "symbol operand count does not equal memref symbol count: expected {expected}, got {}",
            symbols.len()
        ))
    })
}

/// Would `alloca`'s verdict be the same inside an allocation scope and outside one? The
/// scope decides only whether the symbol operands are counted against the layout.
pub(super) fn scope_decides_nothing(op: &Op<'_>) -> bool {
    let Some(memref) = ranked_memref(op.results.first()) else {
        return true;
    };
    let Some([_, symbols]) = op.matched.map(|m| m.operand_segments.as_slice()) else {
        return true;
    };
    layout_symbols(memref).is_none_or(|expected| expected == symbols.len())
}

fn in_known_allocation_scope(op: &Op<'_>) -> bool {
    op.node
        .ancestors()
        .skip(1)
        .filter(mlir_hir::ops::is_op)
        .filter_map(|a| mlir_hir::ops::op_name(&a))
        .any(|name| matches!(name.as_str(), "func.func" | "memref.alloca_scope"))
}

/// Operands: the source and an optional dynamic result size.
pub(super) fn realloc(op: &Op<'_>) -> Option<Diagnostic> {
    let source = ranked_memref(op.operands.first())?;
    let result = ranked_memref(op.results.first())?;
    let with_size = op.operand_count()? == 2;
    let failure = layout_or_space_failure(source, result, &REALLOC)
        .or_else(|| element_failure(source, result))
        .or_else(|| match (dynamic_dims(result) > 0, with_size) {
            (true, false) => Some(format!(
                "missing dimension operand for result type '{}'",
                memref_type(result)
            )),
            (false, true) => Some(format!(
                "unnecessary dimension operand for result type '{}'",
                memref_type(result)
            )),
            _ => None,
        })?;
    Some(op.plain_error(failure))
}

/// Operands: the byte buffer, the byte shift, then one size per dynamic dimension.
pub(super) fn view(op: &Op<'_>) -> Option<Diagnostic> {
    let base = ranked_memref(op.operands.first())?;
    let result = ranked_memref(op.results.first())?;
    let sizes = op.operand_count()?.checked_sub(2)?;
    if let Some(error) = dynamic_sizes_failure(op, sizes, result) {
        return Some(error);
    }
    let failure = layout_or_space_failure(base, result, &VIEW)?;
    Some(op.plain_error(failure))
}

/// How `realloc` and `view` word their layout and memory-space errors.
struct Wording {
    unsupported: &'static str,
    from: &'static str,
    to: &'static str,
}

const REALLOC: Wording = Wording {
    unsupported: "layout",
    from: "source",
    to: "result",
};

const VIEW: Wording = Wording {
    unsupported: "map",
    from: "base",
    to: "view",
};

/// Both types need an identity layout and the same memory space.
fn layout_or_space_failure(from: &MemRefType, to: &MemRefType, words: &Wording) -> Option<String> {
    let unsupported = words.unsupported;
    for (memref, name) in [(from, words.from), (to, words.to)] {
        if !identity_layout(memref)? {
            return Some(format!(
                "unsupported {unsupported} for {name} memref type '{}'",
                memref_type(memref)
            ));
        }
    }
    memory_spaces_differ(&from.memory_space, &to.memory_space).then(|| {
        format!(
            "different memory spaces specified for {} memref type '{}' and {} memref type '{}'",
            words.from,
            memref_type(from),
            words.to,
            memref_type(to)
        )
    })
}

fn element_failure(source: &MemRefType, result: &MemRefType) -> Option<String> {
    surely_differ(&source.element, &result.element).then(|| {
        format!(
            "different element types specified for source memref type '{}' and result memref type '{}'",
            memref_type(source),
            memref_type(result)
        )
    })
}
