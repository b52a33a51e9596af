//! `tensor.extract_slice` and `tensor.insert_slice`: the offset/size/stride lists (as
//! `OffsetSizeAndStrideOpInterface` checks them), the slice type against the one the sizes
//! give (or a rank-reduced version of it), and static slices within the static sizes of
//! the sliced tensor.

use super::{Cx, Op, ranked, tensor_type};
use crate::diagnostic::Diagnostic;
use crate::verifiers::shaped::{dim_of, index_list, offset_size_stride_failure};
use mlir_types::{Dim, RankedTensorType, Type, exact, surely_differ};

/// The three lists of a custom form.
struct Lists {
    offsets: Vec<Option<i64>>,
    sizes: Vec<Option<i64>>,
    strides: Vec<Option<i64>>,
}

fn lists(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Lists> {
    Some(Lists {
        offsets: index_list(op, cx, "static_offsets")?,
        sizes: index_list(op, cx, "static_sizes")?,
        strides: index_list(op, cx, "static_strides")?,
    })
}

/// Operands: the source (then the SSA entries of the lists); the result is the slice.
pub(super) fn extract_slice(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let lists = lists(op, cx)?;
    let source = ranked(op.operands.first())?;
    let slice = ranked(op.results.first())?;
    slice_failure(&lists, source, slice).map(|message| op.plain_error(message))
}

/// Operands: the slice and the destination; the result has the destination's type.
pub(super) fn insert_slice(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let lists = lists(op, cx)?;
    let slice = ranked(op.operands.first())?;
    let dest = ranked(op.results.first())?;
    slice_failure(&lists, dest, slice).map(|message| op.plain_error(message))
}

/// The checks both ops make of a slice of `whole`, in MLIR's order.
fn slice_failure(
    lists: &Lists,
    whole: &RankedTensorType,
    slice: &RankedTensorType,
) -> Option<String> {
    let Lists {
        offsets,
        sizes,
        strides,
    } = lists;
    // Each list has one entry per dimension of the sliced tensor.
    let rank = whole.shape.len();
    if let Some(message) = offset_size_stride_failure(offsets, sizes, strides, [rank; 3]) {
        return Some(message);
    }
    let shape = sizes.iter().map(|size| dim_of(*size)).collect();
    let expected = tensor_type(shape, &whole.element, whole.encoding.as_ref());
    // A failure we cannot word (a type we do not read exactly) ends the checks too.
    if let Err(failure) = rank_reduction(&expected, slice) {
        return failure;
    }
    out_of_bounds(&whole.shape, offsets, sizes, strides)
}

/// `isRankReducedType(expected, slice)` and its messages: the slice may drop dimensions
/// of size 1 of the expected type, and must have its element type (encodings are not
/// compared). `Err(None)`: it fails, in a way we cannot word.
fn rank_reduction(expected: &Type, slice: &RankedTensorType) -> Result<(), Option<String>> {
    let Type::RankedTensor(tensor) = expected else {
        return Err(None);
    };
    if slice.shape.len() > tensor.shape.len() {
        return Err(Some(
            "expected rank to be smaller or equal to the other rank. ".into(),
        ));
    }
    if !reduces_to(&tensor.shape, &slice.shape) {
        return Err(exact(expected).then(|| {
            format!("expected type to be '{expected}' or a rank-reduced version. (size mismatch) ")
        }));
    }
    if tensor.element != slice.element {
        return Err(surely_differ(&tensor.element, &slice.element)
            .then(|| format!("expected element type to be '{}'", tensor.element)));
    }
    Ok(())
}

/// `computeRankReductionMask`: can `reduced` be had from `original` by dropping sizes 1,
/// the others matching in order (a dynamic size matches only a dynamic one)?
fn reduces_to(original: &[Dim], reduced: &[Dim]) -> bool {
    let mut next = 0;
    for size in original {
        if reduced.get(next) == Some(size) {
            next += 1;
        } else if *size != Dim::Static(1) {
            return false;
        }
    }
    next == reduced.len()
}

/// `verifyInBoundsSlice`: a static offset within a static size of the sliced tensor, and
/// the last element a static slice reaches too.
fn out_of_bounds(
    shape: &[Dim],
    offsets: &[Option<i64>],
    sizes: &[Option<i64>],
    strides: &[Option<i64>],
) -> Option<String> {
    for (i, dim) in shape.iter().enumerate() {
        let (Dim::Static(bound), Some(offset)) = (*dim, offsets[i]) else {
            continue;
        };
        if offset >= bound {
            return Some(format!("offset {i} is out-of-bounds: {offset} >= {bound}"));
        }
        let (Some(size), Some(stride)) = (sizes[i], strides[i]) else {
            continue;
        };
        let last = size
            .checked_sub(1)
            .and_then(|n| n.checked_mul(stride))
            .and_then(|n| n.checked_add(offset))?;
        if last >= bound {
            return Some(format!(
                "slice along dimension {i} runs out-of-bounds: {last} >= {bound}"
            ));
        }
    }
    None
}
