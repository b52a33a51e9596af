//! The types an op gives its values (checks stage): a generic op's trailing function type,
//! or what a custom op's spec and syntax imply (written types, types shared by a trait,
//! and the types ODS's parsers build without their being written: the `i1` of
//! `cf.cond_br`'s condition, the `i1`s of `arith.cmpi`'s result).

use mlir_syntax::SyntaxToken;
use mlir_syntax::ast::{self, AstNode};

use crate::registry::{OpMatch, OpSpec, Trait, TypeConstraint, ValueSpec, Variadicity};

use super::op_verify::{result_constraints, single_position, transform_type};
use std::sync::Arc;

use crate::types::{Lowering, RankedTensorType, Type, VectorType};

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
    i1_same_shape(first_operand?)
}

/// `i1`, or a vector or tensor of `i1` of the shape of `ty` (MLIR's `getI1SameShape`).
pub(super) fn i1_same_shape(ty: &Type) -> Option<Type> {
    let i1 = Type::int(1);
    Some(match ty {
        Type::Vector(v) => Type::Vector(Arc::new(VectorType {
            dims: v.dims.clone(),
            element: i1,
        })),
        Type::RankedTensor(t) => Type::RankedTensor(Arc::new(RankedTensorType {
            shape: t.shape.clone(),
            element: i1,
            encoding: t.encoding.clone(),
        })),
        Type::UnrankedTensor(_) => Type::UnrankedTensor(Arc::new(i1)),
        Type::MemRef(_) | Type::UnrankedMemRef(_) | Type::Error => return None,
        _ => i1,
    })
}
