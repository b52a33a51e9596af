//! The types of a Linalg structured op in custom form (checks stage), which MLIR's C++
//! parser reads for the named ops (`linalg.matmul`, `linalg.fill`, ...) and for
//! `linalg.generic`: the typed groups of `ins(%a, %b : T, U)` and `outs(%c : V)`, and the
//! result types after `->`. With them, ODS's operand and result constraints are checked
//! as for a generic op (`'linalg.matmul' op operand #2 must be variadic of shaped of any
//! type values, but got 'f32'`).

use mlir_dialects::registry::{OpSpec, ValueSpec, Variadicity};
use mlir_syntax::SyntaxKind::{ARROW, COLON, COMMA};
use mlir_syntax::ast::{self, AstNode, CustomOpItem as Item, GroupDelimiter};
use mlir_types::{Lowering, Type};

/// The operand types (with the declaration of each) and result types of `op`, if its spec
/// is a structured op's (variadic `inputs` and `outputs`, variadic `result_tensors`, a C++
/// parser) and its groups read cleanly.
pub(crate) struct StructuredTypes<'s> {
    pub operands: Vec<Type>,
    pub constraints: Vec<&'s ValueSpec>,
    pub results: Vec<Type>,
}

impl<'s> StructuredTypes<'s> {
    pub(crate) fn of(
        op: &ast::CustomOp,
        spec: &'s OpSpec,
        lowering: &mut Lowering<'_>,
    ) -> Option<StructuredTypes<'s>> {
        let [inputs, outputs] = structured_operands(spec)?;
        let items: Vec<Item> = op.items().collect();
        let ins = typed_group_after(&items, "ins", lowering)?;
        let outs = typed_group_after(&items, "outs", lowering)?;
        let results = arrow_types(&items, lowering)?;
        let constraints = std::iter::repeat_n(inputs, ins.len())
            .chain(std::iter::repeat_n(outputs, outs.len()))
            .collect();
        Some(StructuredTypes {
            operands: ins.into_iter().chain(outs).collect(),
            constraints,
            results,
        })
    }
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

/// `items` as `x, y, z` of items that are `is_x`: the items, or `None`.
fn separated(items: &[Item], is_x: impl Fn(&Item) -> bool) -> Option<Vec<&Item>> {
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let fits = match i % 2 {
            0 => is_x(item),
            _ => item.is_token(COMMA),
        };
        if !fits {
            return None;
        }
        if i % 2 == 0 {
            out.push(item);
        }
    }
    (items.len() % 2 == 1 || items.is_empty()).then_some(out)
}

fn lower(item: &Item, lowering: &mut Lowering<'_>) -> Type {
    match item {
        Item::Type(ty) => lowering.lower_type(ty.syntax()),
        _ => Type::Error,
    }
}
