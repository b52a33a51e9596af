//! What the verifier of an op we have a spec for checks of its types (checks stage), with
//! ODS's messages: each operand's and result's type constraint, then the traits that tie
//! types together. Like MLIR, only an op's first failure is reported.

use crate::diagnostics::Diagnostic;
use crate::registry::{OpSpec, Trait, TypeConstraint, ValueSpec};
use crate::types::Type;

use super::value_types::surely_differ;

/// The types of an op's operands and results as far as we know them (`None`: unknown).
pub(super) struct KnownTypes<'t> {
    pub operands: Vec<Option<&'t Type>>,
    pub results: Vec<Option<&'t Type>>,
    /// The constraint of each operand (as many as `operands`), if the segments are known.
    pub operand_constraints: Option<Vec<&'t TypeConstraint>>,
}

/// The first failure of the op's type checks, as MLIR words it (at the op's name).
pub(super) fn verify(spec: &OpSpec, known: &KnownTypes<'_>) -> Option<String> {
    let op = &spec.name;
    if let Some(constraints) = &known.operand_constraints
        && let Some(message) = constraint_failure("operand", &known.operands, constraints)
    {
        return Some(format!("'{op}' op {message}"));
    }
    if let Some(constraints) = value_constraints(&spec.results, known.results.len())
        && let Some(message) = constraint_failure("result", &known.results, &constraints)
    {
        return Some(format!("'{op}' op {message}"));
    }
    trait_failure(spec, known).map(|message| format!("'{op}' op {message}"))
}

/// The constraint of each of `count` values declared by `declarations`, if their
/// variadic segments can be told apart.
pub(super) fn value_constraints(
    declarations: &[ValueSpec],
    count: usize,
) -> Option<Vec<&TypeConstraint>> {
    let kinds: Vec<_> = declarations.iter().map(|d| d.variadicity).collect();
    let sizes = crate::registry::matcher::segment_sizes(&kinds, count)?;
    Some(
        declarations
            .iter()
            .zip(sizes)
            .flat_map(|(d, size)| std::iter::repeat_n(&d.constraint, size))
            .collect(),
    )
}

fn constraint_failure(
    what: &str,
    types: &[Option<&Type>],
    constraints: &[&TypeConstraint],
) -> Option<String> {
    types
        .iter()
        .zip(constraints)
        .enumerate()
        .find_map(|(i, (ty, constraint))| {
            let ty = (*ty)?;
            let fails = super::value_types::exact(ty) && !constraint.matches(ty);
            fails.then(|| {
                format!(
                    "{what} #{i} must be {}, but got '{ty}'",
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
        _ => None,
    })
}

/// Do two of the known types surely differ?
fn differ<'t>(types: impl Iterator<Item = Option<&'t Type>>) -> bool {
    let known: Vec<&Type> = types.flatten().collect();
    known.windows(2).any(|w| surely_differ(w[0], w[1]))
}

/// The type of the operand or result declared as `name`, if it and every declaration
/// before it are single (so its position is known).
fn named_types<'t>(spec: &OpSpec, known: &KnownTypes<'t>, name: &str) -> Vec<Option<&'t Type>> {
    let single = |list: &[ValueSpec]| list.iter().all(|v| v.variadicity.is_single());
    if let Some((i, _)) = spec.operand(name)
        && single(&spec.operands[..=i])
    {
        return vec![known.operands.get(i).copied().flatten()];
    }
    if let Some((i, _)) = spec.result(name)
        && single(&spec.results[..=i])
    {
        return vec![known.results.get(i).copied().flatten()];
    }
    Vec::new()
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
