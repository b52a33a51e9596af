//! `llvm.load` and `llvm.store` as atomic accesses: a syncscope only on an atomic
//! access, and an atomic one of a type LLVM can access atomically, with an ordering the
//! access allows and an explicit alignment.

use super::types::LType;
use super::{Cx, Op, type_text};
use crate::diagnostic::Diagnostic;
use mlir_dialects::registry::AttrValue;
use mlir_types::{Attr, FloatKind, Type};

pub(super) fn load(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    access_failure(
        op,
        cx,
        op.results.first()?.as_ref()?,
        &["release", "acq_rel"],
    )
}

pub(super) fn store(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    access_failure(
        op,
        cx,
        op.operands.first()?.as_ref()?,
        &["acquire", "acq_rel"],
    )
}

/// The checks of an access of a `ty` value, whose ordering must not be one of
/// `refused`; in MLIR's order.
fn access_failure(op: &Op<'_>, cx: &mut Cx<'_>, ty: &Type, refused: &[&str]) -> Option<Diagnostic> {
    // A custom form our format matcher did not take says nothing of its attributes.
    if !op.parsed() {
        return None;
    }
    let ordering = ordering(op, cx)?;
    if ordering == "not_atomic" {
        return op
            .has_attr("syncscope")
            .then(|| op.error("expected syncscope to be null for non-atomic access"));
    }
    if surely_not_atomic_type(&LType::of(ty)) {
        return Some(op.error(format!(
            "unsupported type '{}' for atomic access",
            type_text(ty)
        )));
    }
    if refused.contains(&ordering) {
        return Some(op.error(format!("unsupported ordering '{ordering}'")));
    }
    (!op.has_attr("alignment")).then(|| op.error("expected alignment for atomic access"))
}

/// The access's ordering by its keyword (`not_atomic` when not written); `None` when we
/// cannot read it.
fn ordering(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<&'static str> {
    if let Some(matched) = op.matched
        && let Some(AttrValue::Keyword(keyword)) = matched.attribute("ordering").map(|a| &a.value)
    {
        return ORDERINGS
            .iter()
            .map(|(_, name)| *name)
            .find(|n| n == keyword);
    }
    if !op.has_attr("ordering") {
        return Some("not_atomic");
    }
    let value = match cx.lower_attr(&op.attr_node("ordering")?) {
        Attr::Integer(int) => int.value_i128()?,
        _ => return None,
    };
    ORDERINGS
        .iter()
        .find(|(number, _)| *number == value)
        .map(|(_, name)| *name)
}

/// `AtomicOrdering`'s cases: the number a generic op holds and the keyword.
const ORDERINGS: &[(i128, &str)] = &[
    (0, "not_atomic"),
    (1, "unordered"),
    (2, "monotonic"),
    (4, "acquire"),
    (5, "release"),
    (6, "acq_rel"),
    (7, "seq_cst"),
];

/// A type LLVM surely cannot access atomically: an integer narrower than a byte or of a
/// width that is no power of two, `f80`, or an aggregate or vector. (Pointers and the
/// other floats are fine; a type we do not read says nothing.)
fn surely_not_atomic_type(ty: &LType) -> bool {
    match ty {
        LType::Int(width, _) => *width < 8 || !width.is_power_of_two(),
        LType::Float(kind) => !matches!(
            kind,
            FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64 | FloatKind::F128
        ),
        LType::Array(..) | LType::Struct(_) | LType::Vector(..) => true,
        LType::Ptr(_) | LType::Void | LType::LlvmOther | LType::Other | LType::Unknown => false,
    }
}
