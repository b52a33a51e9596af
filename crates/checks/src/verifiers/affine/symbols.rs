//! Dimension and symbol operands of `affine.for`'s bounds, `affine.if`'s set and
//! `affine.parallel`'s bounds: MLIR's `isValidDim`/`isValidSymbol`, where we can be sure.
//! A symbol is fixed within its affine scope (a function): a loop's induction variable is
//! none, nor a pure op of one computed inside a loop; such a value is no dimension either
//! unless it is an affine loop's induction variable. What we cannot be sure of (other
//! ops, values at the scope's top level) passes.

use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{self, CustomOpItem, GroupDelimiter};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op, op_name};

/// How an operand is used.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Role {
    Dim,
    Symbol,
}

/// The first operand that surely cannot play its role, in MLIR's operand order.
pub(super) fn failure(
    op: &Op<'_>,
    cx: &Cx<'_>,
    operands: &[(ast::ValueUse, Role)],
) -> Option<Diagnostic> {
    let (_, role) = operands
        .iter()
        .find(|(value, role)| surely_invalid(cx, op.node, value, *role))?;
    Some(op.error(match role {
        Role::Dim => "operand cannot be used as a dimension id",
        Role::Symbol => "operand cannot be used as a symbol",
    }))
}

/// The operands of a `#map(dims)[symbols]`, a bare `%v` (a symbol) or an integer bound,
/// starting at item `at`; the items read.
pub(super) fn bound_operands(
    items: &[CustomOpItem],
    at: usize,
    out: &mut Vec<(ast::ValueUse, Role)>,
) -> usize {
    match items.get(at) {
        Some(CustomOpItem::ValueUse(value)) => {
            out.push((value.clone(), Role::Symbol));
            1
        }
        Some(CustomOpItem::Attribute(_)) => {
            let mut read = 1;
            for (delimiter, role) in [
                (GroupDelimiter::Paren, Role::Dim),
                (GroupDelimiter::Bracket, Role::Symbol),
            ] {
                if let Some(group) = super::group_at(items, at + read, delimiter) {
                    out.extend(values(group).map(|v| (v, role)));
                    read += 1;
                }
            }
            read
        }
        _ => 0,
    }
}

/// The operands of an `affine.parallel` bound list: values are dimensions, those inside
/// `symbol(...)` symbols; MLIR puts each list's dimensions before its symbols.
pub(super) fn parallel_bound_operands(group: &ast::Group, out: &mut Vec<(ast::ValueUse, Role)>) {
    let mut symbols = Vec::new();
    collect_parallel(group, false, out, &mut symbols);
    out.extend(symbols.into_iter().map(|v| (v, Role::Symbol)));
}

fn collect_parallel(
    group: &ast::Group,
    in_symbol: bool,
    dims: &mut Vec<(ast::ValueUse, Role)>,
    symbols: &mut Vec<ast::ValueUse>,
) {
    let mut symbol_next = false;
    for item in group.items() {
        match item {
            CustomOpItem::ValueUse(value) if in_symbol => symbols.push(value),
            CustomOpItem::ValueUse(value) => dims.push((value, Role::Dim)),
            CustomOpItem::Keyword(_) => symbol_next = item.is_keyword("symbol"),
            CustomOpItem::Group(inner) => {
                collect_parallel(&inner, in_symbol || symbol_next, dims, symbols);
                symbol_next = false;
            }
            _ => symbol_next = false,
        }
    }
}

fn values(group: &ast::Group) -> impl Iterator<Item = ast::ValueUse> + use<> {
    group.items().filter_map(|item| match item {
        CustomOpItem::ValueUse(value) => Some(value),
        _ => None,
    })
}

/// Ops whose regions' arguments are loop induction variables, never symbols.
const LOOPS: &[&str] = &["affine.for", "affine.parallel", "scf.for", "scf.parallel"];
/// Ops whose regions are not an affine scope's top level.
const NESTING: &[&str] = &[
    "affine.for",
    "affine.parallel",
    "affine.if",
    "scf.for",
    "scf.parallel",
    "scf.if",
    "scf.while",
];
/// How deep a chain of pure ops is followed back (the answer is "not sure" beyond).
const MAX_DEPTH: u32 = 8;

/// Is `value`, used by `user`, surely no valid dimension or symbol? Only values defined
/// within `user`'s affine scope are asked about, and we know that scope only while every
/// op between the two is one of `NESTING` (any other op may be a scope of its own, as
/// `func.func` is).
fn surely_invalid(cx: &Cx<'_>, user: &SyntaxNode, value: &ast::ValueUse, role: Role) -> bool {
    let Some(token) = value.name_token() else {
        return false;
    };
    if let Some(owner) = cx.argument_owner(&token) {
        return role == Role::Symbol && is_loop(&owner) && encloses_within_scope(&owner, user);
    }
    // A pure op's result is a symbol (and so a dimension) when its operands are symbols.
    cx.defining_op(&token)
        .is_some_and(|op| pure_of_non_symbol(cx, user, &op, MAX_DEPTH))
}

/// Is `op` an `arith` op nested in a loop or condition of `user`'s scope, not a constant,
/// with an operand that is surely no symbol there?
fn pure_of_non_symbol(cx: &Cx<'_>, user: &SyntaxNode, op: &SyntaxNode, depth: u32) -> bool {
    let name = op_name(op).unwrap_or_default();
    if depth == 0 || !name.starts_with("arith.") || name == "arith.constant" {
        return false;
    }
    let Some(parent) = op.ancestors().skip(1).find(mlir_hir::ops::is_op) else {
        return false;
    };
    if !is_nesting(&parent) || !encloses_within_scope(&parent, user) {
        return false;
    }
    crate::verifiers::op::operand_uses(op)
        .iter()
        .any(|operand| {
            let Some(token) = operand.name_token() else {
                return false;
            };
            match cx.argument_owner(&token) {
                Some(owner) => is_loop(&owner) && encloses_within_scope(&owner, user),
                None => cx
                    .defining_op(&token)
                    .is_some_and(|def| pure_of_non_symbol(cx, user, &def, depth - 1)),
            }
        })
}

/// Is `outer` an ancestor of `user` with only `NESTING` ops between them (`outer` one of
/// them too)?
fn encloses_within_scope(outer: &SyntaxNode, user: &SyntaxNode) -> bool {
    for ancestor in user.ancestors().skip(1).filter(mlir_hir::ops::is_op) {
        if !is_nesting(&ancestor) {
            return false;
        }
        if ancestor == *outer {
            return true;
        }
    }
    false
}

fn is_loop(op: &SyntaxNode) -> bool {
    op_name(op).is_some_and(|name| LOOPS.contains(&name.as_str()))
}

fn is_nesting(op: &SyntaxNode) -> bool {
    op_name(op).is_some_and(|name| NESTING.contains(&name.as_str()))
}
