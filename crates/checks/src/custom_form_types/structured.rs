//! Linalg structured ops in custom form, which MLIR's C++ parser reads for the named
//! ops (`linalg.matmul`, `linalg.fill`, ...) and for `linalg.generic`: the typed groups of
//! `ins(%a, %b : T, U)` and `outs(%c : V)`, and the result types after `->`.

use mlir_dialects::registry::{OpSpec, ValueSpec, Variadicity};
use mlir_syntax::SyntaxKind::{ARROW, COLON};
use mlir_syntax::ast::{CustomOpItem as Item, GroupDelimiter};
use mlir_types::{Lowering, Type};

use super::{CustomFormTypes, lower, separated};

/// The types of `items` if `spec` is a structured op's (variadic `inputs` and `outputs`,
/// variadic `result_tensors`, a C++ parser) and its groups read cleanly.
pub(super) fn of<'s>(
    items: &[Item],
    spec: &'s OpSpec,
    lowering: &mut Lowering<'_>,
) -> Option<CustomFormTypes<'s>> {
    let [inputs, outputs] = structured_operands(spec)?;
    let ins = typed_group_after(items, "ins", lowering)?;
    let outs = typed_group_after(items, "outs", lowering)?;
    let results = arrow_types(items, lowering)?;
    let constraints = std::iter::repeat_n(inputs, ins.len())
        .chain(std::iter::repeat_n(outputs, outs.len()))
        .collect();
    Some(CustomFormTypes {
        operands: ins.into_iter().chain(outs).collect(),
        constraints,
        results,
    })
}

/// The `inputs` and `outputs` declarations of a structured op's spec.
fn structured_operands(spec: &OpSpec) -> Option<[&ValueSpec; 2]> {
    let variadic =
        |v: &ValueSpec, name: &str| v.name == name && v.variadicity == Variadicity::Variadic;
    let is_structured = spec.dialect == "linalg"
        && spec.format.is_none()
        && matches!(spec.results.as_slice(), [r] if variadic(r, "result_tensors"));
    match spec.operands.as_slice() {
        [inputs, outputs]
            if is_structured && variadic(inputs, "inputs") && variadic(outputs, "outputs") =>
        {
            Some([inputs, outputs])
        }
        _ => None,
    }
}

/// The types of `keyword(%a, %b : T, U)` among the op's top-level items: none without the
/// keyword; `None` if the group is not values, a colon and as many types.
fn typed_group_after(
    items: &[Item],
    keyword: &str,
    lowering: &mut Lowering<'_>,
) -> Option<Vec<Type>> {
    let Some(at) = items.iter().position(|item| item.is_keyword(keyword)) else {
        return Some(Vec::new());
    };
    let Some(Item::Group(group)) = items.get(at + 1) else {
        return None;
    };
    if group.delimiter() != GroupDelimiter::Paren || !group.is_closed() {
        return None;
    }
    let inner: Vec<Item> = group.items().collect();
    let colon = inner.iter().position(|item| item.is_token(COLON))?;
    let values = separated(&inner[..colon], |item| matches!(item, Item::ValueUse(_)))?;
    let types = separated(&inner[colon + 1..], |item| matches!(item, Item::Type(_)))?;
    if values.len() != types.len() {
        return None;
    }
    Some(
        types
            .into_iter()
            .map(|item| lower(item, lowering))
            .collect(),
    )
}

/// The types after the top-level `->`: one type or a parenthesised list; none without
/// an arrow. `None` for anything else after it.
fn arrow_types(items: &[Item], lowering: &mut Lowering<'_>) -> Option<Vec<Type>> {
    let Some(at) = items.iter().position(|item| item.is_token(ARROW)) else {
        return Some(Vec::new());
    };
    let mut after = &items[at + 1..];
    while let [rest @ .., Item::Location(_)] = after {
        after = rest;
    }
    let types = match after.first()? {
        Item::Group(group) if group.delimiter() == GroupDelimiter::Paren && group.is_closed() => {
            let inner: Vec<Item> = group.items().collect();
            if after.len() != 1 {
                return None;
            }
            separated(&inner, |item| matches!(item, Item::Type(_)))?
                .into_iter()
                .cloned()
                .collect()
        }
        _ => {
            let types = separated(after, |item| matches!(item, Item::Type(_)))?;
            types.into_iter().cloned().collect::<Vec<_>>()
        }
    };
    Some(types.iter().map(|item| lower(item, lowering)).collect())
}
