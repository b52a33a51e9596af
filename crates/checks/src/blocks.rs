//! Block structure (checks stage), with the messages of MLIR's verifier: blocks that must
//! end in a terminator, entry blocks that something branches to, and branches whose
//! operands do not fit the arguments of the block they go to.

use mlir_syntax::TextRange;
use rustc_hash::FxHashSet;

use crate::diagnostic::Diagnostic;
use mlir_hir::Resolution;

use super::facts::{Branch, Facts, RegionFacts};
use mlir_types::surely_differ;

/// What the block checks found. A missing terminator comes with its block's range: MLIR
/// verifies a block's ops before it asks for the terminator, and stops at the first that
/// fails, so the caller drops it where an op of the block failed.
pub(super) struct BlockFindings {
    pub others: Vec<Diagnostic>,
    pub missing_terminators: Vec<(Diagnostic, TextRange)>,
}

pub(super) fn check(facts: &Facts, resolution: &Resolution) -> BlockFindings {
    let mut out = Vec::new();
    let mut missing_terminators = Vec::new();
    let referenced = referenced_entry_labels(facts, resolution);
    for region in &facts.regions {
        let (empty, missing) = terminators(region);
        out.extend(empty);
        missing_terminators.extend(missing);
        out.extend(entry_predecessors(region, &referenced));
    }
    for branch in &facts.branches {
        out.extend(branch_operands(facts, resolution, branch));
    }
    BlockFindings {
        others: out,
        missing_terminators,
    }
}

/// MLIR's verifier requires a terminator at the end of every block, except in a
/// single-block region of an op that needs none (or that it does not know). Only ops we
/// have specs for are surely not terminators. Gives the empty block's error, and each
/// block lacking a terminator with the block's range.
fn terminators(region: &RegionFacts) -> (Option<Diagnostic>, Vec<(Diagnostic, TextRange)>) {
    let mut missing = Vec::new();
    if region.blocks.len() < 2 && !region.needs_terminator {
        return (None, missing);
    }
    // The op's own `SingleBlock` error comes first, and MLIR stops there.
    let not_single = region.blocks.len() > 1 || region.blocks.iter().any(|b| b.last_op.is_none());
    if region.single_block_verified && not_single {
        return (None, missing);
    }
    for block in &region.blocks {
        match &block.last_op {
            None => {
                let message = "empty block: expect at least a terminator";
                let empty = Diagnostic::error("terminator", message, region.owner);
                // MLIR stops verifying the region at its first such block.
                return (Some(empty), missing);
            }
            Some(last) if last.known_non_terminator => {
                let message = format!("block with no terminator, has {}", last.text());
                let block_range = last.node.parent().map_or(last.range, |b| b.text_range());
                let error = Diagnostic::error("terminator", message, last.range);
                missing.push((error, block_range));
            }
            Some(_) => {}
        }
    }
    (None, missing)
}

/// The labels of entry blocks that some name refers to, computed once for all regions.
/// Entry blocks are rarely labelled, and then only their labels are looked for: a set of
/// every name referred to would take each value use of the body.
fn referenced_entry_labels(facts: &Facts, resolution: &Resolution) -> FxHashSet<u32> {
    let labels: FxHashSet<u32> = facts
        .regions
        .iter()
        .filter_map(|region| region.blocks.first()?.label)
        .collect();
    if labels.is_empty() {
        return labels;
    }
    resolution
        .targets
        .iter()
        .enumerate()
        .filter_map(|(name, target)| target.filter(|t| *t != name as u32))
        .filter(|target| labels.contains(target))
        .collect()
}

/// The entry block of a region cannot be the target of a branch.
fn entry_predecessors(region: &RegionFacts, referenced: &FxHashSet<u32>) -> Option<Diagnostic> {
    let entry = region.blocks.first()?.label?;
    let targeted = referenced.contains(&entry);
    let message = "entry block of region may not have predecessors";
    targeted.then(|| Diagnostic::error("entry-block", message, region.owner))
}

/// A branch passes one operand per argument of its target block, of the argument's type.
fn branch_operands(facts: &Facts, resolution: &Resolution, branch: &Branch) -> Vec<Diagnostic> {
    let Some(Some(target)) = resolution.targets.get(branch.target as usize) else {
        return Vec::new();
    };
    let Some(args) = facts.block_args.get(target) else {
        return Vec::new();
    };
    let successor = branch.successor;
    if branch.operands.len() != args.len() {
        let message = format!(
            "branch has {} operands for successor #{successor}, but target block has {}",
            branch.operands.len(),
            args.len()
        );
        return vec![Diagnostic::error("successor", message, branch.op)];
    }
    let mismatch =
        branch
            .operands
            .iter()
            .zip(args)
            .position(|(operand, arg)| match (operand, arg) {
                (Some(operand), Some(arg)) => surely_differ(operand, arg),
                _ => false,
            });
    mismatch
        .map(|i| {
            let message = format!("type mismatch for bb argument #{i} of successor #{successor}");
            Diagnostic::error("successor", message, branch.op)
        })
        .into_iter()
        .collect()
}
