//! The first traits ODS gives every op, checked of an op written in generic form: how many
//! regions, results, successors and operands it has against its spec's declarations, in
//! that order, with the messages of MLIR's `ZeroRegions`, `OneResult`, `NOperands<N>`,
//! `AtLeastNSuccessors<N>`, ... traits (`'index.add' op expected 2 operands, but found 1`).
//! They are verified before anything else of the op, its attributes included.

use mlir_dialects::registry::{OpSpec, Trait, ValueSpec};
use mlir_syntax::ast;

/// MLIR's error for the first count of `op` that its spec does not allow.
pub(super) fn count_failure(op: &ast::GenericOp, spec: &OpSpec) -> Option<String> {
    // Successors on an op that is no terminator end MLIR's parse ("successors in
    // non-terminator"), before any verification.
    if !spec.has_trait(&Trait::Terminator) && op.successors().next().is_some() {
        return None;
    }
    let regions = Declared::of(spec.regions.iter().map(|r| r.variadic));
    let results = Declared::of(spec.results.iter().map(is_variable));
    let successors = Declared::of(spec.successors.iter().map(|s| s.variadic));
    let operands = Declared::of(spec.operands.iter().map(is_variable));
    let message = regions
        .region_or_result_failure(op.regions().count(), "region")
        .or_else(|| results.region_or_result_failure(result_count(op)?, "result"))
        .or_else(|| successors.successor_failure(op.successors().count()))
        .or_else(|| operands.operand_failure(op.operand_list().map(|_| op.operands().count())?))?;
    Some(format!("'{}' op {message}", spec.name))
}

/// How many results the op's function type gives it (`None` without one: nothing to say).
fn result_count(op: &ast::GenericOp) -> Option<usize> {
    Some(op.function_type()?.result_types().len())
}

/// An optional or variadic value stands for any number of values.
fn is_variable(value: &ValueSpec) -> bool {
    !value.variadicity.is_single()
}

/// What a spec's declarations of one kind allow: exactly `fixed` entities, or at least
/// `fixed` when some declaration is variadic.
struct Declared {
    fixed: usize,
    variadic: bool,
}

impl Declared {
    fn of(variadic: impl Iterator<Item = bool>) -> Declared {
        let mut declared = Declared {
            fixed: 0,
            variadic: false,
        };
        for is_variadic in variadic {
            if is_variadic {
                declared.variadic = true;
            } else {
                declared.fixed += 1;
            }
        }
        declared
    }

    /// Does `found` fit the declarations?
    fn allows(&self, found: usize) -> bool {
        if self.variadic {
            found >= self.fixed
        } else {
            found == self.fixed
        }
    }

    /// Regions and results are worded alike: `requires zero regions`, `requires one
    /// result`, `expected 2 regions`, `expected 1 or more results`.
    fn region_or_result_failure(&self, found: usize, noun: &str) -> Option<String> {
        if self.allows(found) {
            return None;
        }
        Some(match (self.variadic, self.fixed) {
            (true, n) => format!("expected {n} or more {noun}s"),
            (false, 0) => format!("requires zero {noun}s"),
            (false, 1) => format!("requires one {noun}"),
            (false, n) => format!("expected {n} {noun}s"),
        })
    }

    fn successor_failure(&self, found: usize) -> Option<String> {
        if self.allows(found) {
            return None;
        }
        Some(match (self.variadic, self.fixed) {
            (true, n) => format!("requires at least {n} successors but found {found}"),
            (false, 1) => format!("requires 1 successor but found {found}"),
            (false, n) => format!("requires {n} successors but found {found}"),
        })
    }

    fn operand_failure(&self, found: usize) -> Option<String> {
        if self.allows(found) {
            return None;
        }
        Some(match (self.variadic, self.fixed) {
            (true, n) => format!("expected {n} or more operands, but found {found}"),
            (false, 0) => "requires zero operands".to_string(),
            (false, 1) => "requires a single operand".to_string(),
            (false, n) => format!("expected {n} operands, but found {found}"),
        })
    }
}
