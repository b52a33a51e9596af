//! What the verifier of an op we have a spec for checks of its types (checks stage), with
//! ODS's messages: each operand's and result's type constraint, then the traits that tie
//! types together. Like MLIR, only an op's first failure is reported.

use crate::diagnostic::Diagnostic;
use mlir_dialects::registry::matcher::Segments;
use mlir_dialects::registry::{OpSpec, Trait, TypeTransform, ValueSpec, Variadicity};
use mlir_types::{Dim, Type};

use mlir_types::{exact, surely_differ};

/// The types of an op's operands and results as far as we know them (`None`: unknown).
pub(super) struct KnownTypes<'t> {
    pub operands: Vec<Option<&'t Type>>,
    pub results: Vec<Option<&'t Type>>,
    /// The declaration of each operand (as many as `operands`), if the segments are known.
    pub operand_constraints: Option<Vec<&'t ValueSpec>>,
}

/// The first failure of the op's type checks, as MLIR words it (at the op's name).
pub(super) fn verify(spec: &OpSpec, known: &KnownTypes<'_>) -> Option<String> {
    let op = &spec.name;
    if let Some(constraints) = &known.operand_constraints
        && let Some(message) = constraint_failure("operand", &known.operands, constraints)
    {
        return Some(format!("'{op}' op {message}"));
    }
    if let Some(constraints) = result_constraints(spec, known.results.len())
        && let Some(message) = constraint_failure("result", &known.results, &constraints)
    {
        return Some(format!("'{op}' op {message}"));
    }
    if let Some(message) = trait_failure(spec, known) {
        return Some(format!("'{op}' op {message}"));
    }
    match (known.operands.as_slice(), known.results.as_slice()) {
        ([Some(input)], [Some(output)]) if exact(input) && exact(output) => {
            super::casts::cast_failure(op, input, output)
        }
        _ => None,
    }
}

/// The declaration of each of `count` values declared by `declarations`, if their
/// variadic segments can be told apart.
pub(super) fn value_constraints(
    declarations: &[ValueSpec],
    count: usize,
) -> Option<Vec<&ValueSpec>> {
    let segments = Segments::of(declarations.iter().map(|d| d.variadicity), count)?;
    Some(
        declarations
            .iter()
            .flat_map(|d| std::iter::repeat_n(d, segments.size(d.variadicity)))
            .collect(),
    )
}

/// The constraint of each of `count` results, as `value_constraints` gives them, with the
/// variadic results of one length under `SameVariadicResultSize`.
pub(super) fn result_constraints(spec: &OpSpec, count: usize) -> Option<Vec<&ValueSpec>> {
    if !spec.has_trait(&Trait::SameVariadicResultSize) {
        return value_constraints(&spec.results, count);
    }
    let kinds: Vec<_> = spec.results.iter().map(|d| d.variadicity).collect();
    let sizes = mlir_dialects::registry::matcher::even_segment_sizes(&kinds, count)?;
    Some(
        spec.results
            .iter()
            .zip(sizes)
            .flat_map(|(d, size)| std::iter::repeat_n(d, size))
            .collect(),
    )
}

fn constraint_failure(
    what: &str,
    types: &[Option<&Type>],
    declarations: &[&ValueSpec],
) -> Option<String> {
    types
        .iter()
        .zip(declarations)
        .enumerate()
        .find_map(|(i, (ty, declaration))| {
            let ty = (*ty)?;
            let constraint = &declaration.constraint;
            let fails = match exact(ty) {
                true => !constraint.matches(ty),
                false => constraint.rejects_dialect_type(ty),
            };
            // ODS's summary of `Variadic<T>` is T's with `variadic of ` before it.
            let variadic = match declaration.variadicity {
                Variadicity::Variadic | Variadicity::VariadicOfVariadic => "variadic of ",
                Variadicity::Single | Variadicity::Optional => "",
            };
            fails.then(|| {
                format!(
                    "{what} #{i} must be {variadic}{}, but got '{ty}'",
                    constraint.describe()
                )
            })
        })
}

/// Traits that require values to share a type.
fn trait_failure(spec: &OpSpec, known: &KnownTypes<'_>) -> Option<String> {
    spec.traits.iter().find_map(|t| match t {
        Trait::SameOperandsAndResultType
            if differ(known.operands.iter().chain(&known.results).copied()) =>
        {
            Some("requires the same type for all operands and results".to_string())
        }
        Trait::SameTypeOperands if differ(known.operands.iter().copied()) => {
            Some("requires all operands to have the same type".to_string())
        }
        Trait::AllTypesMatch(names)
            if differ(names.iter().flat_map(|n| named_types(spec, known, n))) =>
        {
            let list = names.join(", ");
            Some(format!(
                "failed to verify that all of {{{list}}} have same type"
            ))
        }
        Trait::AllElementTypesMatch(names)
            if differ(
                names
                    .iter()
                    .flat_map(|n| named_types(spec, known, n))
                    .map(|t| t.map(element_or_self)),
            ) =>
        {
            let list = names.join(", ");
            Some(format!(
                "failed to verify that all of {{{list}}} have same element type"
            ))
        }
        Trait::TypesMatchWith {
            summary,
            from,
            to,
            transform,
        } => {
            let from = named_types(spec, known, from)
                .into_iter()
                .flatten()
                .next()?;
            let to = named_types(spec, known, to).into_iter().flatten().next()?;
            let derived = transform_type(*transform, from)?;
            surely_differ(&derived, to).then(|| format!("failed to verify that {summary}"))
        }
        Trait::SameOperandsElementType
            if differ(known.operands.iter().map(|t| t.map(element_or_self))) =>
        {
            Some("requires the same element type for all operands".to_string())
        }
        Trait::SameInputOutputTensorDims if dims_differ(&known.operands, &known.results) => {
            Some("failed to verify that input and output have the same tensor dimensions".into())
        }
        Trait::SameOperandsShape if shapes_differ(&known.operands) => {
            Some("requires the same shape for all operands".to_string())
        }
        Trait::SameOperandsAndResultShape
            if shapes_differ(&[known.operands.as_slice(), &known.results].concat()) =>
        {
            Some("requires the same shape for all operands and results".to_string())
        }
        _ => None,
    })
}

/// The type a `TypesMatchWith` trait derives from `ty`, if it applies to `ty`.
pub(super) fn transform_type(transform: TypeTransform, ty: &Type) -> Option<Type> {
    match transform {
        TypeTransform::ElementType => ty.element_type().cloned(),
        TypeTransform::I1SameShape => mlir_types::i1_same_shape(ty),
    }
}

/// MLIR's `getElementTypeOrSelf`.
fn element_or_self(ty: &Type) -> &Type {
    ty.element_type().unwrap_or(ty)
}

/// Do two known types surely have incompatible shapes (MLIR's `verifyCompatibleShape`:
/// ranks differ, or two static sizes of a dimension)? Unranked types and types we do not
/// read exactly are compatible with anything.
pub(crate) fn shapes_differ(types: &[Option<&Type>]) -> bool {
    let known: Vec<&Type> = types
        .iter()
        .flatten()
        .copied()
        .filter(|t| exact(t))
        .collect();
    // A scalar and a shaped value never have the same shape.
    if known.iter().any(|t| t.is_shaped()) && known.iter().any(|t| !t.is_shaped()) {
        return true;
    }
    let shapes: Vec<Vec<Dim>> = known.iter().filter_map(|t| t.shape()).collect();
    shapes.windows(2).any(|w| {
        w[0].len() != w[1].len()
            || w[0].iter().zip(&w[1]).any(|pair| match pair {
                (Dim::Static(a), Dim::Static(b)) => a != b,
                _ => false,
            })
    })
}

/// Do a single operand and result surely have different tensor dimensions (a ranked
/// tensor's shape, none for other types, vectors included)? Unranked tensors and inexact
/// types say nothing.
fn dims_differ(operands: &[Option<&Type>], results: &[Option<&Type>]) -> bool {
    let ([Some(input)], [Some(output)]) = (operands, results) else {
        return false;
    };
    let dims = |ty: &Type| match ty {
        Type::RankedTensor(tensor) => Some(tensor.shape.clone()),
        Type::UnrankedTensor(_) => None,
        _ => Some(Vec::new()),
    };
    match (dims(input), dims(output)) {
        (Some(a), Some(b)) => exact(input) && exact(output) && a != b,
        _ => false,
    }
}

/// Do two of the known types surely differ?
fn differ<'t>(types: impl Iterator<Item = Option<&'t Type>>) -> bool {
    let known: Vec<&Type> = types.flatten().collect();
    known.windows(2).any(|w| surely_differ(w[0], w[1]))
}

/// The type of the operand or result declared as `name`, if it is a single value whose
/// place among the op's values is known.
fn named_types<'t>(spec: &OpSpec, known: &KnownTypes<'t>, name: &str) -> Vec<Option<&'t Type>> {
    if let Some(i) = single_position(&spec.operands, name, known.operands.len()) {
        return vec![known.operands.get(i).copied().flatten()];
    }
    if let Some(i) = single_position(&spec.results, name, known.results.len()) {
        return vec![known.results.get(i).copied().flatten()];
    }
    Vec::new()
}

/// Where the value of the single declaration `name` is among `count` values declared by
/// `declarations`, if the variadic segments can be told apart.
pub(super) fn single_position(
    declarations: &[ValueSpec],
    name: &str,
    count: usize,
) -> Option<usize> {
    let i = declarations.iter().position(|d| d.name == name)?;
    if !declarations[i].variadicity.is_single() {
        return None;
    }
    let segments = Segments::of(declarations.iter().map(|d| d.variadicity), count)?;
    Some(
        declarations[..i]
            .iter()
            .map(|d| segments.size(d.variadicity))
            .sum(),
    )
}

/// `func.return` (or the legacy `std.return`, named `op`) against the function around it.
pub(super) fn return_check(
    op: &str,
    function: &str,
    expected: &[Option<Type>],
    returned: &[Option<&Type>],
) -> Option<String> {
    if expected.len() != returned.len() {
        return Some(format!(
            "'{op}' op has {} operands, but enclosing function (@{function}) returns {}",
            returned.len(),
            expected.len()
        ));
    }
    expected
        .iter()
        .zip(returned)
        .enumerate()
        .find_map(|(i, (want, got))| {
            let (want, got) = (want.as_ref()?, (*got)?);
            surely_differ(got, want).then(|| {
                format!(
                    "type of return operand {i} ('{got}') doesn't match function result type ('{want}') in function @{function}"
                )
            })
        })
}

/// The diagnostic of a failure at the op's name.
pub(super) fn error(message: String, at: mlir_syntax::TextRange) -> Diagnostic {
    Diagnostic::error("op-verify", message, at)
}
