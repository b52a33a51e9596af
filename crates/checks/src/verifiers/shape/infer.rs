//! `InferTypeOpInterface` of `shape.shape_of`, `shape.const_shape` and `shape.meet`: the
//! result type they infer from their operands or attribute, and whether the written one
//! is compatible with it. A failure is two errors: the mismatch (or the inference's own
//! message), then "failed to infer returned types".

use super::{Kind, Op, extent_tensor, is_shape, is_size, kind, result_types, shape_type};
use crate::diagnostic::Diagnostic;
use crate::verifiers::op::Cx;
use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::AstNode;
use mlir_types::{Dim, Type, exact};

/// `shape.shape_of`: `!shape.shape` of a `!shape.value_shape`, else an extent tensor of
/// the operand's rank (`?` if unranked); compatible with `!shape.shape` or an extent
/// tensor of a compatible size.
pub(super) fn shape_of(op: &Op<'_>) -> Option<[Diagnostic; 2]> {
    let operand = op.operands.first()?.as_ref()?;
    let inferred = match operand {
        Type::Opaque(_) if kind(operand) == Kind::ValueShape => shape_type("shape"),
        Type::RankedTensor(t) => rank_extents(t.shape.len()),
        Type::MemRef(m) => rank_extents(m.shape.len()),
        Type::Vector(v) => rank_extents(v.dims.len()),
        Type::UnrankedTensor(_) | Type::UnrankedMemRef(_) => extent_tensor(Dim::Dynamic),
        _ => return None,
    };
    let result = op.results.first()?.as_ref()?;
    if !is_shape(kind(result)) {
        return None;
    }
    mismatch(op, &inferred, result, shapes_compatible)
}

/// `shape.const_shape`: an extent tensor of as many extents as the attribute holds;
/// compatible with `!shape.shape` or exactly that tensor.
pub(super) fn const_shape(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<[Diagnostic; 2]> {
    let extents = extent_count(op, cx)?;
    let inferred = extent_tensor(Dim::Static(extents));
    let compatible =
        |inferred: &Type, result: &Type| kind(result) == Kind::Shape || inferred == result;
    let result = result_types(op, cx, SyntaxKind::COLON)
        .into_iter()
        .next()??;
    if !is_shape(kind(&result)) {
        return None;
    }
    mismatch(op, &inferred, &result, compatible)
}

/// `shape.meet` of two sizes or two shapes: sizes meet in `!shape.size` if one is,
/// shapes in `!shape.shape` if one is, extent tensors in one of a known size if they
/// agree. The result is compatible within its group (sizes with `index`, shapes with
/// extent tensors of a compatible size).
pub(super) fn meet(op: &Op<'_>) -> Option<[Diagnostic; 2]> {
    let lhs = op.operands.first()?.as_ref()?;
    let rhs = op.operands.get(1)?.as_ref()?;
    let result = op.results.first()?.as_ref()?;
    let any = |ty: &Type| is_size(kind(ty)) || is_shape(kind(ty));
    if !any(lhs) || !any(rhs) || !any(result) {
        return None;
    }
    let inferred = match met(lhs, rhs)? {
        Ok(inferred) => inferred,
        Err(message) => return Some([op.plain_error(message), failed_to_infer(op)]),
    };
    let compatible = |inferred: &Type, result: &Type| {
        is_size(kind(inferred)) && is_size(kind(result)) || shapes_compatible(inferred, result)
    };
    mismatch(op, &inferred, result, compatible)
}

/// The type two operands of `shape.meet` meet in, or the inference's error. `None`:
/// we cannot say (a type we could not read, or a pair MLIR does not handle soundly).
fn met(lhs: &Type, rhs: &Type) -> Option<Result<Type, &'static str>> {
    let all = "requires all sizes or shapes";
    // A size or shape comes first: it decides the group.
    let (first, second) = match kind(lhs) {
        Kind::Size | Kind::Shape => (lhs, rhs),
        _ => (rhs, lhs),
    };
    let found = match (kind(first), kind(second)) {
        (Kind::Other, _) | (_, Kind::Other) => return None,
        (Kind::Size, Kind::Size | Kind::Index) => Ok(first.clone()),
        (Kind::Index, Kind::Index) => Ok(second.clone()),
        (Kind::Shape, Kind::Shape | Kind::ExtentTensor(_)) => Ok(first.clone()),
        (Kind::Size | Kind::Index | Kind::Shape, _) => Err(all),
        // An unknown number of extents meets anything: MLIR looks no further.
        (Kind::ExtentTensor(Dim::Dynamic), _) => Ok(first.clone()),
        (Kind::ExtentTensor(_), Kind::ExtentTensor(Dim::Dynamic)) => Ok(second.clone()),
        (Kind::ExtentTensor(Dim::Static(m)), Kind::ExtentTensor(Dim::Static(n))) => {
            if m == n {
                Ok(first.clone())
            } else {
                Err("unequal shape cardinality")
            }
        }
        _ => return None,
    };
    Some(found)
}

/// Is the result `!shape.shape`, or an extent tensor whose size fits the inferred one's
/// (or the inferred type `!shape.shape`)?
fn shapes_compatible(inferred: &Type, result: &Type) -> bool {
    match (kind(inferred), kind(result)) {
        (Kind::Shape, Kind::Shape | Kind::ExtentTensor(_)) => true,
        (Kind::ExtentTensor(_), Kind::Shape) => true,
        (Kind::ExtentTensor(m), Kind::ExtentTensor(n)) => {
            m == n || m == Dim::Dynamic || n == Dim::Dynamic
        }
        _ => false,
    }
}

/// The two errors of a result type not `compatible` with the inferred one.
fn mismatch(
    op: &Op<'_>,
    inferred: &Type,
    result: &Type,
    compatible: impl Fn(&Type, &Type) -> bool,
) -> Option<[Diagnostic; 2]> {
    // Printed whole: only a type we print as MLIR does.
    if !exact_or_shape(result) || compatible(inferred, result) {
        return None;
    }
    let mismatch = op.error(format!(
        "inferred type(s) '{inferred}' are incompatible with return type(s) of operation '{result}'"
    ));
    Some([mismatch, failed_to_infer(op)])
}

/// What `verifyInferredResultTypes` adds to any failure of the inference.
fn failed_to_infer(op: &Op<'_>) -> Diagnostic {
    op.error("failed to infer returned types")
}

/// A type we can print as MLIR does: one we read exactly, or a `!shape.` type.
fn exact_or_shape(ty: &Type) -> bool {
    exact(ty) || kind(ty) != Kind::Other
}

/// `tensor<Nxindex>` for a rank `N`.
fn rank_extents(rank: usize) -> Type {
    extent_tensor(i64::try_from(rank).map_or(Dim::Dynamic, Dim::Static))
}

/// How many extents `shape.const_shape` holds: the entries of its custom form's list, or
/// the size of its generic `shape` attribute's tensor type.
fn extent_count(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<i64> {
    if op.is_generic() {
        let value = op.generic_attr("shape")?.value()?;
        let ty = value
            .syntax()
            .descendants()
            .find(|n| n.kind() == SyntaxKind::TENSOR_TYPE)?;
        return match cx.lower_type(&ty) {
            Type::RankedTensor(t) => match t.shape.as_slice() {
                [Dim::Static(n)] => Some(*n),
                _ => None,
            },
            _ => None,
        };
    }
    let list = op
        .node
        .children()
        .find(|n| n.kind() == SyntaxKind::BRACKET_GROUP)?;
    let mut inside = list.children_with_tokens().filter(|e| {
        !e.kind().is_trivia() && !matches!(e.kind(), SyntaxKind::L_BRACK | SyntaxKind::R_BRACK)
    });
    let mut count = 0;
    if inside.next().is_some() {
        // `[4, 5, 6]`: one more extent than commas.
        count = 1 + inside.filter(|e| e.kind() == SyntaxKind::COMMA).count();
    }
    i64::try_from(count).ok()
}
