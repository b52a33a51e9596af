//! Verifiers of `scf` ops beyond their ODS constraints (see `checks::verifiers`): the
//! region shapes their traits demand, what `verify()`/`verifyRegions()` and the loop
//! interface check, and the header errors of the custom parsers of the loops.

mod branches;
mod loops;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxNode, TextRange};

use crate::diagnostic::{Diagnostic, Note};
use crate::verifiers::op::{Cx, Op, entry_arg_types, holds_ops, last_op, op_name, value_types};
use mlir_dialects::registry::{RegionConstraint, Registry};
use mlir_types::Type;
use mlir_types::surely_differ;

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "scf.for",
    "scf.if",
    "scf.parallel",
    "scf.reduce",
    "scf.reduce.return",
    "scf.while",
];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    out.extend(first_failure(op, cx));
}

/// MLIR stops at an op's first failure: so do we.
fn first_failure(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if !op.parsed() {
        return header_parse_error(op);
    }
    match op.name {
        "scf.for" => loops::verify_for(op, cx),
        "scf.parallel" => loops::verify_parallel(op, cx),
        "scf.reduce" => loops::verify_reduce(op, cx),
        "scf.reduce.return" => loops::verify_reduce_return(op, cx),
        "scf.if" => branches::verify_if(op, cx),
        "scf.while" => branches::verify_while(op),
        _ => None,
    }
}

/// The custom parser's error for a loop header whose lists disagree in length (which
/// stops MLIR's parse, so nothing else is said of the op).
fn header_parse_error(op: &Op<'_>) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let (message, at) = mlir_dialects::registry::scf_header_error(op.name, &custom)?;
    Some(op.parse_error(message, at))
}

/// What the region traits of an op require (checked before its ODS constraints).
struct Shape {
    /// `OneRegion`/`NRegions<n>`.
    regions: usize,
    /// `NoRegionArguments`.
    no_arguments: bool,
}

/// The first failure of the op's region-count, `SingleBlock`, `NoRegionArguments` and
/// `SizedRegion<1>` checks, in MLIR's order.
fn shape_failure(op: &Op<'_>, shape: Shape) -> Option<Diagnostic> {
    let regions = op.regions();
    // A custom form has as many regions as its spec whatever it writes (an `scf.if`
    // without `else` has an empty one).
    if op.is_generic() && regions.len() != shape.regions {
        return Some(op.error(match shape.regions {
            1 => "requires one region".to_string(),
            n => format!("expected {n} regions"),
        }));
    }
    // The custom parsers add a missing implicit terminator, so their blocks are never
    // empty, and a region written `{}` gets a block.
    let implicit = !op.is_generic() && op.spec.implicit_terminator().is_some();
    for (i, region) in regions.iter().enumerate() {
        let mut blocks = region.blocks();
        let first = blocks.next();
        if blocks.next().is_some() {
            return Some(op.error(format!("expects region #{i} to have 0 or 1 blocks")));
        }
        if !implicit && first.is_some_and(|b| !holds_ops(&b)) {
            return Some(op.error("expects a non-empty block"));
        }
    }
    if shape.no_arguments {
        for (i, region) in regions.iter().enumerate() {
            if region
                .entry_block()
                .is_some_and(|b| b.args().next().is_some())
            {
                return Some(op.error(format!("region #{i} should have no arguments")));
            }
        }
    }
    if implicit {
        return None;
    }
    for (i, (region, spec)) in regions.iter().zip(&op.spec.regions).enumerate() {
        if spec.constraint == RegionConstraint::Sized(1) && region.entry_block().is_none() {
            let name = &spec.name;
            let message =
                format!("region #{i} ('{name}') failed to verify constraint: region with 1 blocks");
            return Some(op.error(message));
        }
    }
    None
}

/// What ends a single-block region of an op whose custom form adds `implicit` when the
/// block does not end in a terminator.
enum End {
    /// The implicit terminator the custom parser adds (without operands).
    Implicit,
    /// An op, with its name.
    Op(SyntaxNode, String),
}

fn region_end(op: &Op<'_>, cx: &Cx<'_>, region: &ast::Region) -> Option<End> {
    let last = last_op(region);
    let known = |l: &SyntaxNode| is_known_terminator(l, cx.registry);
    if !op.is_generic() && last.as_ref().is_none_or(|l| !known(l)) {
        return Some(End::Implicit);
    }
    let last = last?;
    let name = op_name(&last)?;
    Some(End::Op(last, name))
}

/// Is the op one we know to be a terminator? An unknown op is not, as far as the custom
/// parsers' `ensureTerminator` is concerned.
fn is_known_terminator(op: &SyntaxNode, registry: &Registry) -> bool {
    mlir_syntax::green::op_name(&op.green())
        .and_then(|name| registry.op(name))
        .is_some_and(|spec| spec.is_terminator())
}

/// `'<op>' op <message>` with a `terminator here` note at the op ending the region (MLIR's
/// `verifyAndGetTerminator`).
fn wrong_terminator(op: &Op<'_>, message: &str, terminator: Option<&SyntaxNode>) -> Diagnostic {
    let mut d = op.error(message);
    if let Some(terminator) = terminator {
        d.notes.push(Note {
            range: mlir_hir::ops::op_name_range(terminator),
            message: "terminator here".to_string(),
        });
    }
    d
}

/// Both types known exactly and different: the pair, for the message.
fn differing<'t>(a: &'t Option<Type>, b: &'t Option<Type>) -> Option<(&'t Type, &'t Type)> {
    let (a, b) = (a.as_ref()?, b.as_ref()?);
    surely_differ(a, b).then_some((a, b))
}

/// The op's name, where a diagnostic of another op than the one verified goes.
fn name_range(op: &SyntaxNode) -> TextRange {
    mlir_hir::ops::op_name_range(op)
}
