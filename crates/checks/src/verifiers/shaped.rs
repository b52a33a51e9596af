//! What the verifiers of ops on shaped types share (`memref`, `tensor`): the static lists
//! of their custom forms (`[4, %n]` lists, reassociation groups), the lengths
//! `OffsetSizeAndStrideOpInterface` requires of offset/size/stride lists, and sizes as
//! MLIR prints them.

use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use crate::verifiers::op::{Cx, Op};
use mlir_dialects::registry::AttrValue;
use mlir_types::{Attr, Dim};

/// The entries of a `[4, %n, -1]` list that a `DynamicIndexList` directive bound to the
/// attribute `name`: `Some(value)` for a constant, `None` for an SSA value.
pub(crate) fn index_list(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<Vec<Option<i64>>> {
    let AttrValue::Node(node) = &op.matched?.attribute(name)?.value else {
        return None;
    };
    let group = ast::Group::cast(node.clone())?;
    group
        .items()
        .filter(|item| !matches!(item, CustomOpItem::Token(_)))
        .map(|item| match item {
            CustomOpItem::ValueUse(_) => Some(None),
            CustomOpItem::Attribute(attr) => Some(Some(integer(&cx.lower_attr(attr.syntax()))?)),
            _ => None,
        })
        .collect()
}

/// The integers of a custom form's `[1, 2]` (a bracketed group the matcher kept as items,
/// or an array attribute), as a `DenseI64ArrayAttr` like `gather_dims` is written.
pub(crate) fn integer_list(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<Vec<i64>> {
    let AttrValue::Node(node) = &op.matched?.attribute(name)?.value else {
        return None;
    };
    match ast::Group::cast(node.clone()) {
        Some(group) => items_except_commas(&group)
            .map(|item| integer_item(&item, cx))
            .collect(),
        None => match cx.lower_attr(node) {
            Attr::Array(items) => items.iter().map(integer).collect(),
            Attr::DenseArray(array) => array.1.iter().map(integer).collect(),
            _ => None,
        },
    }
}

/// The reassociation groups of a custom form: `[[0, 1], [2]]`, which the matcher keeps as
/// a bracketed group of items (or, written otherwise, an array attribute).
pub(crate) fn reassociation(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Vec<Vec<i64>>> {
    let AttrValue::Node(node) = &op.matched?.attribute("reassociation")?.value else {
        return None;
    };
    match ast::Group::cast(node.clone()) {
        Some(group) => items_except_commas(&group)
            .map(|item| match item {
                CustomOpItem::Group(inner) => items_except_commas(&inner)
                    .map(|item| integer_item(&item, cx))
                    .collect(),
                _ => None,
            })
            .collect(),
        None => match cx.lower_attr(node) {
            Attr::Array(groups) => groups.iter().map(integer_array).collect(),
            _ => None,
        },
    }
}

fn items_except_commas(group: &ast::Group) -> impl Iterator<Item = CustomOpItem> + use<> {
    group
        .items()
        .filter(|item| !matches!(item, CustomOpItem::Token(t) if t.text() == ","))
}

fn integer_item(item: &CustomOpItem, cx: &mut Cx<'_>) -> Option<i64> {
    match item {
        CustomOpItem::Attribute(attr) => integer(&cx.lower_attr(attr.syntax())),
        _ => None,
    }
}

/// An integer attribute's value, if it fits an `int64_t`.
pub(crate) fn integer(attr: &Attr) -> Option<i64> {
    match attr {
        Attr::Integer(int) => i64::try_from(int.value_i128()?).ok(),
        _ => None,
    }
}

fn integer_array(attr: &Attr) -> Option<Vec<i64>> {
    match attr {
        Attr::Array(items) => items.iter().map(integer).collect(),
        _ => None,
    }
}

/// `OffsetSizeAndStrideOpInterface`'s checks of an op's three lists, against the longest
/// each may be (`getArrayAttrMaxRanks`): offsets as many as sizes (or a single one where
/// one is the most), sizes as many as strides, each list as long as its maximum, and no
/// negative constant offset or size.
pub(crate) fn offset_size_stride_failure(
    offsets: &[Option<i64>],
    sizes: &[Option<i64>],
    strides: &[Option<i64>],
    max_ranks: [usize; 3],
) -> Option<String> {
    let (o, s, t) = (offsets.len(), sizes.len(), strides.len());
    if !(o == 1 && max_ranks[0] == 1) && o != s {
        return Some(format!(
            "expected mixed offsets rank to match mixed sizes rank ({o} vs {s}) so the rank of the result type is well-formed."
        ));
    }
    if s != t {
        return Some(format!(
            "expected mixed sizes rank to match mixed strides rank ({s} vs {t}) so the rank of the result type is well-formed."
        ));
    }
    for (name, len, max) in [
        ("offset", o, max_ranks[0]),
        ("size", s, max_ranks[1]),
        ("stride", t, max_ranks[2]),
    ] {
        if len != max {
            return Some(format!("expected {max} {name} values, got {len}"));
        }
    }
    for (name, list) in [("offsets", offsets), ("sizes", sizes)] {
        if let Some(value) = list.iter().flatten().find(|v| **v < 0) {
            return Some(format!(
                "expected {name} to be non-negative, but got {value}"
            ));
        }
    }
    None
}

/// A dimension as MLIR prints a static value or `ShapedType::kDynamic` in messages.
pub(crate) fn dim_text(dim: Option<i64>) -> String {
    dim.map_or_else(|| "dynamic".to_string(), |value| value.to_string())
}

/// A static size of a shape, `None` for `?`.
pub(crate) fn static_size(dim: &Dim) -> Option<i64> {
    match dim {
        Dim::Static(size) => Some(*size),
        Dim::Dynamic => None,
    }
}

/// A list entry as a dimension: a constant is static, an SSA value dynamic.
pub(crate) fn dim_of(entry: Option<i64>) -> Dim {
    entry.map_or(Dim::Dynamic, Dim::Static)
}
