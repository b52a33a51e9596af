//! Verifiers of `affine` ops beyond their ODS constraints (see `checks::verifiers`), one
//! submodule per family of ops; this file dispatches and holds what they share: reading
//! the custom forms' maps and operand groups, which MLIR's C++ parsers read.

mod maps;
mod memory;
mod structure;
mod symbols;

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

use crate::diagnostic::Diagnostic;
pub(super) use crate::verifiers::op::trailing_types;
use crate::verifiers::op::{Cx, Op};
use mlir_types::{AffineMap, Attr};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "affine.apply",
    "affine.delinearize_index",
    "affine.for",
    "affine.if",
    "affine.load",
    "affine.max",
    "affine.min",
    "affine.parallel",
    "affine.store",
    "affine.vector_load",
    "affine.vector_store",
];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let found = match op.name {
        "affine.min" | "affine.max" => maps::min_max(op, cx),
        "affine.apply" => maps::apply(op, cx),
        "affine.load" => memory::load(op, cx),
        "affine.store" => memory::store(op, cx),
        "affine.vector_load" | "affine.vector_store" => memory::vector_access(op, cx),
        "affine.if" => structure::if_regions(op).or_else(|| structure::if_operands(op, cx)),
        "affine.for" => structure::for_bounds(op, cx),
        "affine.delinearize_index" => structure::delinearize(op, cx),
        "affine.parallel" => structure::parallel(op, cx),
        _ => None,
    };
    out.extend(found);
}

/// The items of a custom-form op (`None` for a generic one).
fn custom_items(op: &Op<'_>) -> Option<Vec<CustomOpItem>> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    Some(custom.items().collect())
}

/// The affine map attribute `name` of a generic op.
fn generic_map(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<AffineMap> {
    let value = op.generic_attr(name)?.value()?;
    match cx.lower_attr(value.syntax()) {
        Attr::AffineMap(map) => Some(map),
        _ => None,
    }
}

/// The entries of a group separated by its top-level commas (`(0, max(%a, 1))` has two);
/// an empty group has none.
fn entries(group: &ast::Group) -> usize {
    let items: Vec<CustomOpItem> = group.items().collect();
    if items.is_empty() {
        return 0;
    }
    1 + items
        .iter()
        .filter(|i| i.is_token(SyntaxKind::COMMA))
        .count()
}

/// The group with this delimiter at item `at`, if there is one.
fn group_at(items: &[CustomOpItem], at: usize, delimiter: GroupDelimiter) -> Option<&ast::Group> {
    match items.get(at)? {
        CustomOpItem::Group(group) if group.delimiter() == delimiter => Some(group),
        _ => None,
    }
}

/// How many values a `(dims)[symbols]` pair at item `at` names.
fn dims_and_symbols(items: &[CustomOpItem], at: usize) -> Option<(usize, usize)> {
    let dims = group_at(items, at, GroupDelimiter::Paren)?;
    let symbols = group_at(items, at + 1, GroupDelimiter::Bracket).map_or(0, entries);
    Some((entries(dims), symbols))
}
