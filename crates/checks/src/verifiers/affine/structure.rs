//! `affine.if`'s regions, `affine.delinearize_index`'s results and `affine.parallel`'s
//! bounds, steps and reductions.

use mlir_syntax::ast::{CustomOpItem, GroupDelimiter};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use crate::verifiers::shaped::integer;

use super::symbols;
use super::{custom_items, entries, group_at, trailing_types};

/// `NoRegionArguments`: neither the then nor the else region has block arguments.
pub(super) fn if_regions(op: &Op<'_>) -> Option<Diagnostic> {
    let (index, _) = op.regions().iter().enumerate().find(|(_, region)| {
        region
            .entry_block()
            .is_some_and(|block| block.args().next().is_some())
    })?;
    Some(op.error(format!("region #{index} should have no arguments")))
}

/// `affine.if #set(dims)[symbols]`: dimensions and symbols that can be.
pub(super) fn if_operands(op: &Op<'_>, cx: &Cx<'_>) -> Option<Diagnostic> {
    let items = custom_items(op)?;
    let mut operands = Vec::new();
    symbols::bound_operands(&items, 0, &mut operands);
    symbols::failure(op, cx, &operands)
}

/// `affine.for %i = [max] lower to [min] upper`: each bound's dimensions and symbols.
pub(super) fn for_bounds(op: &Op<'_>, cx: &Cx<'_>) -> Option<Diagnostic> {
    let items = custom_items(op)?;
    let equals = items
        .iter()
        .position(|i| i.is_token(mlir_syntax::SyntaxKind::EQ))?;
    let to = items.iter().position(|i| i.is_keyword("to"))?;
    let mut operands = Vec::new();
    for (start, prefix) in [(equals + 1, "max"), (to + 1, "min")] {
        let start = start + usize::from(items.get(start).is_some_and(|i| i.is_keyword(prefix)));
        symbols::bound_operands(&items, start, &mut operands);
    }
    symbols::failure(op, cx, &operands)
}

/// One result per basis element, and at most one more (the outermost, unbounded).
pub(super) fn delinearize(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let (basis, results) = match custom_items(op) {
        Some(items) => {
            let into = items.iter().position(|i| i.is_keyword("into"))?;
            let basis = entries(group_at(&items, into + 1, GroupDelimiter::Paren)?);
            (basis, trailing_types(op, cx)?.len())
        }
        None => {
            let value = op.generic_attr("static_basis")?.value()?;
            let basis = match cx.lower_attr(mlir_syntax::ast::AstNode::syntax(&value)) {
                mlir_types::Attr::DenseArray(array) => array.1.iter().map(integer).count(),
                _ => return None,
            };
            (basis, op.results.len())
        }
    };
    (results != basis && results != basis + 1).then(|| {
        op.error("should return an index for each basis element and up to one extra index")
    })
}

/// `affine.parallel (%i, ...) = (lower...) to (upper...) step (steps...) reduce (...)
/// -> (types)`: as many bounds and steps as induction variables, a reduction per result.
pub(super) fn parallel(op: &Op<'_>, cx: &Cx<'_>) -> Option<Diagnostic> {
    let items = custom_items(op)?;
    let ivs = group_at(&items, 0, GroupDelimiter::Paren)?;
    let args = ivs
        .items()
        .filter(|i| matches!(i, CustomOpItem::ValueUse(_)))
        .count();
    let after = |word: &str| {
        let at = items.iter().position(|i| i.is_keyword(word))?;
        group_at(&items, at + 1, GroupDelimiter::Paren).map(entries)
    };
    let equals = items
        .iter()
        .position(|i| i.is_token(mlir_syntax::SyntaxKind::EQ))?;
    let lower = entries(group_at(&items, equals + 1, GroupDelimiter::Paren)?);
    let upper = after("to")?;
    // Without `step`, every step is 1.
    let steps = match items.iter().any(|i| i.is_keyword("step")) {
        true => after("step")?,
        false => args,
    };
    if !(args == lower && lower == upper && upper == steps) {
        return Some(op.error(format!(
            "the number of region arguments ({args}) and the number of map groups for lower ({lower}) and upper bound ({upper}), and the number of steps ({steps}) must all match"
        )));
    }
    let reductions = match items.iter().any(|i| i.is_keyword("reduce")) {
        true => after("reduce")?,
        false => 0,
    };
    let results = result_types(&items)?;
    if reductions != results {
        return Some(op.error("a reduction must be specified for each output"));
    }
    let mut operands = Vec::new();
    let upper = items.iter().position(|i| i.is_keyword("to"))? + 1;
    for at in [equals + 1, upper] {
        symbols::parallel_bound_operands(
            group_at(&items, at, GroupDelimiter::Paren)?,
            &mut operands,
        );
    }
    symbols::failure(op, cx, &operands)
}

/// How many result types follow `->` (a parenthesised list or one type; none without).
fn result_types(items: &[CustomOpItem]) -> Option<usize> {
    let Some(arrow) = items
        .iter()
        .position(|i| i.is_token(mlir_syntax::SyntaxKind::ARROW))
    else {
        return Some(0);
    };
    match items.get(arrow + 1)? {
        CustomOpItem::Group(group) if group.delimiter() == GroupDelimiter::Paren => {
            Some(entries(group))
        }
        CustomOpItem::Type(_) => Some(1),
        _ => None,
    }
}
