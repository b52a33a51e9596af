//! Op-specific verifiers (checks stage): what the C++ `verify()`, `verifyRegions()` and
//! custom parsers of upstream ops check beyond their ODS constraints, one file per
//! dialect. They run after the body's walk, when every value's type is known, and only
//! for ops that passed their ODS type checks (MLIR reports an op's first failure only).
//!
//! A dialect file exports `OPS` (the op names it verifies, so that other ops cost
//! nothing) and `verify(op, cx, out)`. A dialect whose custom parsers check more than
//! their format (arith, cf, func) also exports `PARSED_OPS` and `parse_check(op)`, which
//! runs during the walk before any verification of a custom-form op: a parse error
//! ends MLIR's file, so such an op reports nothing else.
//!
//! Every verifier takes an `Op` and a `Cx` (`op.rs`). A dialect's folder (`affine/`,
//! `arith/`, `func/`, `llvm/`, `memref/`, `pdl/`, `scf/`, `shape/`, `tensor/`, `vector/`)
//! is one concept, that dialect's verifiers: its file here dispatches to the files of its
//! folder and holds the helpers they share, so they import each other; no file outside a
//! dialect's folder is part of such a loop.
//! What several dialects share lives beside `op.rs`: `shaped.rs` for ops on shaped types.

mod affine;
mod arith;
mod builtin;
mod cf;
mod complex;
mod dense;
mod func;
mod gpu;
mod llvm;
pub(crate) use func::{arguments_failure, results_failure};
mod memref;
mod op;
mod pdl;
mod scf;
mod shape;
mod shaped;
mod spirv;
mod tensor;
mod vector;

pub(crate) use op::{Cx, Op};

use mlir_syntax::SyntaxNode;

use super::facts::{Facts, PendingOp};
use crate::diagnostic::Diagnostic;
use mlir_dialects::registry::{OpMatch, OpSpec, Registry};
use mlir_hir::Resolution;
use mlir_types::{Lowering, Type};

/// Does some dialect file verify the op named `name`?
pub(crate) fn wants(name: &str) -> bool {
    let ops: &[&str] = match name.split_once('.').map_or(name, |(d, _)| d) {
        "affine" => affine::OPS,
        "arith" => arith::OPS,
        "builtin" => builtin::OPS,
        "cf" => cf::OPS,
        "complex" => complex::OPS,
        "func" => func::OPS,
        "gpu" => gpu::OPS,
        "llvm" => llvm::OPS,
        "memref" => memref::OPS,
        "pdl" => pdl::OPS,
        "scf" => scf::OPS,
        "shape" => shape::OPS,
        "spirv" => spirv::OPS,
        "tensor" => tensor::OPS,
        "vector" => vector::OPS,
        _ => return false,
    };
    ops.contains(&name)
}

/// Does some dialect file check what the custom parser of the op named `name` checks
/// beyond its format (only these ops pay for `parse_failure`)?
pub(crate) fn wants_parse_check(name: &str, matched: bool) -> bool {
    let ops: &[&str] = match name.split_once('.').map_or(name, |(d, _)| d) {
        // An arith op whose syntax does not fit its format gets the parser's first error.
        "arith" if !matched => return true,
        "arith" => arith::PARSED_OPS,
        "cf" => cf::PARSED_OPS,
        "func" => func::PARSED_OPS,
        _ => return false,
    };
    ops.contains(&name)
}

/// The error the custom parser of a custom-form op reports, if any: a format its syntax
/// does not fit (`matched` is then `None`), or a parsed type its parser rejects.
pub(crate) fn parse_failure(
    node: &SyntaxNode,
    spec: &OpSpec,
    matched: Option<&OpMatch>,
    types: &super::op_types::OpTypes,
) -> Option<Diagnostic> {
    let operands: Vec<Option<Type>> = types.operands.iter().map(|(_, t)| t.clone()).collect();
    let op = Op {
        node,
        name: &spec.name,
        spec,
        matched,
        operands: &operands,
        results: &types.results,
        replayed_region_args: None,
        regions: std::cell::OnceCell::new(),
    };
    match op.name.split_once('.').map_or("", |(d, _)| d) {
        "arith" => arith::parse_check(&op),
        "cf" => cf::parse_check(&op),
        "func" => func::parse_check(&op),
        _ => None,
    }
}

/// Runs the verifier of every pending op of the body.
pub(crate) fn check(
    facts: &Facts,
    resolution: &Resolution,
    lowering: Lowering<'_>,
    registry: &Registry,
) -> Vec<Diagnostic> {
    let mut cx = Cx::new(facts, resolution, lowering, registry);
    let mut out = Vec::new();
    for pending in &facts.pending {
        verify(&Op::new(pending), &mut cx, &mut out);
    }
    out
}

fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    match op.name.split_once('.').map_or("", |(d, _)| d) {
        "affine" => affine::verify(op, cx, out),
        "arith" => arith::verify(op, cx, out),
        "builtin" => builtin::verify(op, cx, out),
        "cf" => cf::verify(op, cx, out),
        "complex" => complex::verify(op, cx, out),
        "func" => func::verify(op, cx, out),
        "gpu" => gpu::verify(op, cx, out),
        "llvm" => llvm::verify(op, cx, out),
        "memref" => memref::verify(op, cx, out),
        "pdl" => pdl::verify(op, cx, out),
        "scf" => scf::verify(op, cx, out),
        "shape" => shape::verify(op, cx, out),
        "spirv" => spirv::verify(op, cx, out),
        "tensor" => tensor::verify(op, cx, out),
        "vector" => vector::verify(op, cx, out),
        _ => {}
    }
}

/// Does the verifier of the pending custom-form op read nothing but the op itself (its
/// syntax, spec and types, and the file's aliases), not other values or the ops around
/// it? Ops of one shape then get one verdict.
pub(crate) fn reads_only_the_op(pending: &PendingOp) -> bool {
    let name = pending.spec.name.as_str();
    match name.split_once('.').map_or(name, |(d, _)| d) {
        "arith" => arith::SELF_CONTAINED_OPS.contains(&name),
        "cf" => cf::SELF_CONTAINED_OPS.contains(&name),
        "complex" => complex::OPS.contains(&name),
        "func" => func::SELF_CONTAINED_OPS.contains(&name),
        "gpu" => gpu::OPS.contains(&name) && !gpu::READS_AROUND.contains(&name),
        "llvm" => llvm::OPS.contains(&name) && !llvm::READS_AROUND.contains(&name),
        "memref" => memref::reads_only_the_op(&Op::new(pending)),
        "shape" => shape::OPS.contains(&name) && !shape::READS_AROUND.contains(&name),
        "spirv" => spirv::OPS.contains(&name),
        "tensor" => tensor::OPS.contains(&name) && !tensor::READS_AROUND.contains(&name),
        _ => false,
    }
}

/// Runs the verifier of a pending op that `reads_only_the_op` at once, during the walk
/// (the body's values need not be known yet): does it pass?
pub(crate) fn passes_alone(
    pending: &PendingOp,
    facts: &Facts,
    lowering: Lowering<'_>,
    registry: &Registry,
) -> bool {
    let nothing_resolved = Resolution {
        targets: Vec::new(),
        errors: Vec::new(),
    };
    let mut cx = Cx::new(facts, &nothing_resolved, lowering, registry);
    let mut out = Vec::new();
    verify(&Op::new(pending), &mut cx, &mut out);
    out.is_empty()
}
