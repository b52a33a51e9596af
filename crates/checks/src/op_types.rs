//! The types an op gives its values (checks stage): a generic op's trailing function type,
//! or what a custom op's spec and syntax imply (written types, types shared by a trait,
//! and the types ODS's parsers build without their being written: the `i1` of
//! `cf.cond_br`'s condition, the `i1`s of `arith.cmpi`'s result).

use mlir_syntax::SyntaxToken;
use mlir_syntax::ast::{self, AstNode};

use mlir_dialects::registry::{OpMatch, OpSpec, Trait, TypeConstraint, ValueSpec, Variadicity};

use super::op_verify::{result_constraints, single_position, transform_type};

use mlir_types::{Lowering, Type};

/// What an op says about the types of its values; `None` where it says nothing we can read.
#[derive(Default)]
pub(super) struct OpTypes {
    /// Each operand's `%name` token with the result number it uses and its type.
    pub operands: Vec<(SyntaxToken, Option<Type>)>,
    /// The type of result #N.
    pub results: Vec<Option<Type>>,
    /// Region entry arguments the op's syntax declares, with their types.
    pub region_args: Vec<(SyntaxToken, Option<Type>)>,
}

/// The types of a generic op: its function type's inputs and results, if their counts
/// agree with the operands and results written (else the parser reports the op).
pub(super) fn generic_op_types(op: &ast::GenericOp, lowering: &mut Lowering<'_>) -> OpTypes {
    let mut out = OpTypes::default();
    let Some(function) = op.function_type() else {
        return out;
    };
    let uses: Vec<ast::ValueUse> = op.operands().collect();
    let inputs: Vec<ast::Type> = function.input_types().collect();
    if uses.len() == inputs.len() {
        for (value, ty) in uses.iter().zip(&inputs) {
            if let Some(token) = value.name_token() {
                out.operands
                    .push((token, Some(lowering.lower_type(ty.syntax()))));
            }
        }
    }
    out.results = function
        .result_types()
        .iter()
        .map(|ty| Some(lowering.lower_type(ty.syntax())))
        .collect();
    out
}

/// The types of a custom op matched onto its spec.
pub(super) fn custom_op_types(
    spec: &OpSpec,
    matched: &OpMatch,
    lowering: &mut Lowering<'_>,
) -> OpTypes {
    let operand_types: Vec<Option<Type>> = matched
        .operand_types
        .iter()
        .map(|t| t.as_ref().map(|t| t.lower(lowering)))
        .collect();
    let constraints = operand_constraints(spec, matched);
    let uses = matched.operands();
    let mut operand_types: Vec<Option<Type>> = (0..uses.len())
        .map(|i| {
            let written = operand_types.get(i).cloned().flatten();
            written.or_else(|| built_operand_type(&constraints.get(i)?.constraint))
        })
        .collect();
    let first_operand = operand_types.first().cloned().flatten();
    let result_constraints = result_constraints(spec, matched.result_types.len());
    let mut results: Vec<Option<Type>> = matched
        .result_types
        .iter()
        .enumerate()
        .map(|(i, t)| match t {
            Some(t) => Some(t.lower(lowering)),
            None => result_constraints
                .as_ref()
                .and_then(|c| built_result_type(&c.get(i)?.constraint))
                .or_else(|| implied_result_type(spec, first_operand.as_ref())),
        })
        .collect();
    derive_types(spec, &mut operand_types, &mut results);
    let operands = uses
        .iter()
        .zip(operand_types)
        .filter_map(|(value, ty)| Some((value.name_token()?, ty)))
        .collect::<Vec<_>>();
    let region_args = matched
        .region_args
        .iter()
        .filter_map(|arg| {
            let ty = arg.ty.as_ref().map(|t| t.lower(lowering));
            Some((arg.value.name_token()?, ty))
        })
        .collect();
    OpTypes {
        operands,
        results,
        region_args,
    }
}

/// The constraint of operand #N: each operand declaration's for the values bound to it.
pub(super) fn operand_constraints<'s>(spec: &'s OpSpec, matched: &OpMatch) -> Vec<&'s ValueSpec> {
    spec.operands
        .iter()
        .zip(&matched.operand_segments)
        .flat_map(|(decl, values)| std::iter::repeat_n(decl, values.len()))
        .collect()
}

/// The type ODS's parser gives an operand whose type is not written: a constraint that
/// allows one type only (`I1`, `Index`), or `i1` for a boolean condition (`arith.select`
/// writes the condition type only when it is a vector or tensor).
fn built_operand_type(constraint: &TypeConstraint) -> Option<Type> {
    match constraint {
        TypeConstraint::SignlessInt(width) => Some(Type::int(*width)),
        TypeConstraint::Index => Some(Type::Index),
        TypeConstraint::Float(kind) => Some(Type::Float(*kind)),
        TypeConstraint::BoolLike => Some(Type::int(1)),
        TypeConstraint::Imported(imported) => imported.built.clone(),
        _ => None,
    }
}

/// The type ODS's parser gives a result whose type is not written: a constraint that allows
/// one type only (`memref.dim`'s `index`).
fn built_result_type(constraint: &TypeConstraint) -> Option<Type> {
    match constraint {
        TypeConstraint::BoolLike => None,
        other => built_operand_type(other),
    }
}

/// Fills the types that `TypesMatchWith` traits derive from known ones (`memref.load`'s
/// result is the element type of its memref), where nothing else gave them.
fn derive_types(spec: &OpSpec, operands: &mut [Option<Type>], results: &mut [Option<Type>]) {
    for t in &spec.traits {
        let Trait::TypesMatchWith {
            from,
            to,
            transform,
            ..
        } = t
        else {
            continue;
        };
        let (operand_count, result_count) = (operands.len(), results.len());
        let source = match single_position(&spec.operands, from, operand_count) {
            Some(i) => operands.get(i),
            None => single_position(&spec.results, from, result_count).and_then(|i| results.get(i)),
        };
        let Some(derived) = source
            .cloned()
            .flatten()
            .and_then(|ty| transform_type(*transform, &ty))
        else {
            continue;
        };
        let target = match single_position(&spec.operands, to, operand_count) {
            Some(i) => operands.get_mut(i),
            None => {
                single_position(&spec.results, to, result_count).and_then(|i| results.get_mut(i))
            }
        };
        if let Some(slot @ None) = target {
            *slot = Some(derived);
        }
    }
}

/// The type of a result left unwritten and untied to other values: a single boolean result
/// is `i1` shaped like the first operand (`arith.cmpi`, `arith.cmpf`).
fn implied_result_type(spec: &OpSpec, first_operand: Option<&Type>) -> Option<Type> {
    let [result] = spec.results.as_slice() else {
        return None;
    };
    if result.variadicity != Variadicity::Single || result.constraint != TypeConstraint::BoolLike {
        return None;
    }
    mlir_types::i1_same_shape(first_operand?)
}

/// What an op of a dialect we have no spec for says of its operands' types: each
/// parenthesised group of value uses with their types, `ins(%a, %b : T, U)` or
/// `args(%a : T, %b : U)`. Whatever the op, its parser reads such a group as operands
/// resolved to the types written (MLIR's `parseOperandList` and `parseColonTypeList`,
/// then `resolveOperands`), so a use there must have its value's type. Groups of any
/// other shape, or with fewer types than values, say nothing.
pub(super) fn group_operand_types(op: &ast::CustomOp, lowering: &mut Lowering<'_>) -> OpTypes {
    let mut out = OpTypes::default();
    for item in op.items() {
        if let ast::CustomOpItem::Group(group) = item
            && group.delimiter() == ast::GroupDelimiter::Paren
            && let Some(pairs) = typed_uses(&group.items().collect::<Vec<_>>())
        {
            for (value, ty) in pairs {
                let ty = lowering.lower_type(ty.syntax());
                out.operands
                    .extend(value.name_token().map(|t| (t, Some(ty))));
            }
        }
    }
    out
}

/// The uses of `%a, %b : T, U` or of `%a : T, %b : U`, each with its type.
fn typed_uses(items: &[ast::CustomOpItem]) -> Option<Vec<(ast::ValueUse, ast::Type)>> {
    use ast::CustomOpItem::{Type as TypeItem, ValueUse};
    use mlir_syntax::SyntaxKind::COLON;
    let colon = items.iter().position(|i| i.is_token(COLON))?;
    let values = comma_separated(&items[..colon], |i| match i {
        ValueUse(v) => Some(v.clone()),
        _ => None,
    });
    let types = comma_separated(&items[colon + 1..], |i| match i {
        TypeItem(t) => Some(t.clone()),
        _ => None,
    });
    match (values, types) {
        (Some(values), Some(types)) => {
            (values.len() == types.len()).then(|| values.into_iter().zip(types).collect())
        }
        _ => each_typed(items),
    }
}

/// The items of `part` picked out, if they are all `pick`'s kind separated by commas.
fn comma_separated<T>(
    part: &[ast::CustomOpItem],
    pick: impl Fn(&ast::CustomOpItem) -> Option<T>,
) -> Option<Vec<T>> {
    let mut commas = part.iter().skip(1).step_by(2);
    if part.len().is_multiple_of(2) || !commas.all(|i| i.is_token(mlir_syntax::SyntaxKind::COMMA)) {
        return None;
    }
    part.iter().step_by(2).map(pick).collect()
}

/// `%a : T, %b : U`: uses each followed by its own type.
fn each_typed(items: &[ast::CustomOpItem]) -> Option<Vec<(ast::ValueUse, ast::Type)>> {
    use ast::CustomOpItem::{Type as TypeItem, ValueUse};
    use mlir_syntax::SyntaxKind::{COLON, COMMA};
    let mut pairs = Vec::new();
    for (i, chunk) in items.chunks(4).enumerate() {
        let last = (i + 1) * 4 >= items.len();
        match chunk {
            [ValueUse(v), colon, TypeItem(t), comma]
                if colon.is_token(COLON) && comma.is_token(COMMA) && !last =>
            {
                pairs.push((v.clone(), t.clone()));
            }
            [ValueUse(v), colon, TypeItem(t)] if colon.is_token(COLON) && last => {
                pairs.push((v.clone(), t.clone()));
            }
            _ => return None,
        }
    }
    (!pairs.is_empty()).then_some(pairs)
}
