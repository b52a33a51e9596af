//! The types an op gives its values (checks stage): a generic op's trailing function type,
//! or what a custom op's spec and syntax imply (written types, types shared by a trait,
//! and the types ODS's parsers build without their being written: the `i1` of
//! `cf.cond_br`'s condition, the `i1`s of `arith.cmpi`'s result).

use mlir_syntax::SyntaxToken;
use mlir_syntax::ast::{self, AstNode};

use crate::registry::{OpMatch, OpSpec, TypeConstraint, Variadicity};
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
    let operands = matched
        .operands()
        .iter()
        .enumerate()
        .filter_map(|(i, value)| {
            let written = operand_types.get(i).cloned().flatten();
            let ty = written.or_else(|| built_operand_type(constraints.get(i)?));
            Some((value.name_token()?, ty))
        })
        .collect::<Vec<_>>();
    let first_operand = operands.first().and_then(|(_, t)| t.clone());
    let results = matched
        .result_types
        .iter()
        .map(|t| match t {
            Some(t) => Some(t.lower(lowering)),
            None => implied_result_type(spec, first_operand.as_ref()),
        })
        .collect();
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
pub(super) fn operand_constraints<'s>(
    spec: &'s OpSpec,
    matched: &OpMatch,
) -> Vec<&'s TypeConstraint> {
    spec.operands
        .iter()
        .zip(&matched.operand_segments)
        .flat_map(|(decl, values)| std::iter::repeat_n(&decl.constraint, values.len()))
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
fn i1_same_shape(ty: &Type) -> Option<Type> {
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
