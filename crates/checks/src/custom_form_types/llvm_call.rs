//! `llvm.call` in its custom form: `callee(%args) [vararg(T)] [bundles] {attrs} :
//! [callee type,] (inputs) -> results`. The callee operands are the indirect callee (a
//! value, typed by the type before the comma) and the arguments (typed by the function
//! type's inputs); the results are the function type's.

use mlir_dialects::registry::OpSpec;
use mlir_syntax::SyntaxKind::{ARROW, COLON, COMMA};
use mlir_syntax::ast::{CustomOpItem as Item, GroupDelimiter};
use mlir_types::{Lowering, Type};

use super::{CustomFormTypes, lower, separated};

/// The types of an `llvm.call`'s items. The operands are left out (results only) when
/// operand bundles are written, as their segments are not spelled in the types; `None`
/// when the items do not read as the form above, or the types do not count the values.
pub(super) fn of<'s>(
    items: &[Item],
    spec: &'s OpSpec,
    lowering: &mut Lowering<'_>,
) -> Option<CustomFormTypes<'s>> {
    let callee_at = items
        .iter()
        .position(|i| matches!(i, Item::SymbolRef(_) | Item::ValueUse(_)))?;
    let indirect = matches!(items[callee_at], Item::ValueUse(_));
    let Some(Item::Group(arguments)) = items.get(callee_at + 1) else {
        return None;
    };
    if arguments.delimiter() != GroupDelimiter::Paren || !arguments.is_closed() {
        return None;
    }
    let argument_items: Vec<Item> = arguments.items().collect();
    let argument_count = separated(&argument_items, |i| matches!(i, Item::ValueUse(_)))?.len();
    let colon = items.iter().rposition(|i| i.is_token(COLON))?;
    let has_bundles = items[callee_at + 2..colon]
        .iter()
        .any(|i| matches!(i, Item::Group(g) if g.delimiter() == GroupDelimiter::Bracket));
    let mut trailing = &items[colon + 1..];
    while let [rest @ .., Item::Location(_)] = trailing {
        trailing = rest;
    }
    let mut operands = Vec::new();
    if indirect {
        let [callee_type @ Item::Type(_), comma, rest @ ..] = trailing else {
            return None;
        };
        if !comma.is_token(COMMA) {
            return None;
        }
        operands.push(lower(callee_type, lowering));
        trailing = rest;
    }
    let (inputs, results) = function_type(trailing, lowering)?;
    if inputs.len() != argument_count || results.len() > 1 {
        return None;
    }
    operands.extend(inputs);
    let callee_operands = spec.operands.iter().find(|o| o.name == "callee_operands")?;
    if has_bundles {
        operands.clear();
    }
    Some(CustomFormTypes {
        constraints: vec![callee_operands; operands.len()],
        operands,
        results,
    })
}

/// `(inputs) -> results` as items or as one function type: its inputs and results.
fn function_type(items: &[Item], lowering: &mut Lowering<'_>) -> Option<(Vec<Type>, Vec<Type>)> {
    match items {
        [ty @ Item::Type(_)] => match lower(ty, lowering) {
            Type::Function(f) => Some((f.inputs.clone(), f.results.clone())),
            _ => None,
        },
        [Item::Group(inputs), arrow, results] if arrow.is_token(ARROW) => Some((
            type_list(inputs, lowering)?,
            result_types(results, lowering)?,
        )),
        _ => None,
    }
}

/// A function type's results: one type, or a parenthesised list.
fn result_types(item: &Item, lowering: &mut Lowering<'_>) -> Option<Vec<Type>> {
    match item {
        Item::Group(group) => type_list(group, lowering),
        Item::Type(_) => Some(vec![lower(item, lowering)]),
        _ => None,
    }
}

/// The types of a closed `(T, U)` group; `None` if it holds anything else.
fn type_list(group: &mlir_syntax::ast::Group, lowering: &mut Lowering<'_>) -> Option<Vec<Type>> {
    if group.delimiter() != GroupDelimiter::Paren || !group.is_closed() {
        return None;
    }
    let items: Vec<Item> = group.items().collect();
    let types = separated(&items, |i| matches!(i, Item::Type(_)))?;
    Some(types.into_iter().map(|t| lower(t, lowering)).collect())
}
