//! A `pdl.pattern` verified as MLIR does: each op of it in turn (its `verify()` on the
//! way in, `pdl.rewrite`'s region verifier on the way out) up to the first failure, then
//! the pattern's own region verifier (a body ending in `pdl.rewrite`, only `pdl` ops,
//! some `pdl.operation`, and matcher ops forming one connected component).

use mlir_syntax::ast::AstNode;
use mlir_syntax::{SyntaxNode, TextRange, WalkEvent};
use rustc_hash::FxHashSet;

use super::{Uses, Verdict, full_name, operation_parts, ops};
use crate::diagnostic::{Diagnostic, Note};
use crate::verifiers::op::{Cx, Op, operand_uses};

/// The pattern's first failure, with the start of the op that reports it.
pub(super) fn first_failure(pattern: &SyntaxNode, cx: &mut Cx<'_>) -> Verdict {
    let pending = cx.pending_op(pattern)?;
    let uses = Uses::of_pattern(pattern, cx);
    for event in pattern.preorder() {
        let (node, entering) = match event {
            WalkEvent::Enter(node) => (node, true),
            WalkEvent::Leave(node) => (node, false),
        };
        if node == *pattern || !mlir_hir::ops::is_op(&node) {
            continue;
        }
        let Some(name) = full_name(&node).filter(|n| n.starts_with("pdl.")) else {
            // Another dialect's op says what is wrong with it itself.
            continue;
        };
        // The region verifier of `pdl.rewrite` runs once its ops passed; no other op of
        // a pattern holds a region.
        if entering == (name == "pdl.rewrite") {
            continue;
        }
        // A `pdl` op not queued for its verifier failed before it: MLIR stops there.
        let op = Op::new(cx.pending_op(&node)?);
        if let Some(error) = ops::failure(&op, cx, Some(&uses)) {
            return Some((node.text_range().start(), error));
        }
    }
    let op = Op::new(pending);
    let error = region_failure(&op, pattern, cx, &uses)?;
    Some((pattern.text_range().start(), error))
}

/// `PatternOp::verifyRegions`.
fn region_failure(
    op: &Op<'_>,
    pattern: &SyntaxNode,
    cx: &mut Cx<'_>,
    uses: &Uses,
) -> Option<Diagnostic> {
    let body = op.regions().first()?.entry_block()?;
    let last = crate::verifiers::op::last_op(op.regions().first()?)?;
    if full_name(&last).as_deref() != Some("pdl.rewrite") {
        if surely_not_terminator(&last, cx) {
            // MLIR reports the block's missing terminator instead (not us).
            return None;
        }
        return Some(with_note(
            op.error("expected body to terminate with `pdl.rewrite`"),
            &last,
            "see terminator defined here",
        ));
    }
    let foreign = pattern
        .descendants()
        .filter(|n| *n != *pattern && mlir_hir::ops::is_op(n))
        .find(|n| full_name(n).is_none_or(|name| !name.starts_with("pdl.")));
    if let Some(foreign) = foreign {
        return Some(with_note(
            op.error("expected only `pdl` operations within the pattern body"),
            &foreign,
            "see non-`pdl` operation defined here",
        ));
    }
    let block_ops: Vec<SyntaxNode> = body
        .syntax()
        .children()
        .filter(mlir_hir::ops::is_op)
        .collect();
    let is_operation = |n: &SyntaxNode| full_name(n).as_deref() == Some("pdl.operation");
    if !block_ops.iter().any(is_operation) {
        return Some(op.error("the pattern must contain at least one `pdl.operation`"));
    }
    let disconnected = disconnected_op(&block_ops, &last, cx, uses)?;
    Some(with_note(
        op.error("the operations must form a connected component"),
        &disconnected,
        "see a disconnected value / operation here",
    ))
}

/// Is the op one whose spec says it is no terminator?
fn surely_not_terminator(op: &SyntaxNode, cx: &Cx<'_>) -> bool {
    full_name(op)
        .and_then(|name| cx.registry.op(&name))
        .is_some_and(|spec| !spec.is_terminator())
}

fn with_note(mut error: Diagnostic, at: &SyntaxNode, message: &str) -> Diagnostic {
    error.notes.push(Note {
        range: mlir_hir::ops::op_name_range(at),
        message: message.to_string(),
    });
    error
}

/// The matcher ops that must be connected: operands, results and operations the rewrite
/// uses (the `pdl.rewrite` op itself or an op in its region).
fn must_connect(block_ops: &[SyntaxNode], rewrite: TextRange, uses: &Uses) -> Vec<SyntaxNode> {
    let kinds = [
        "pdl.operand",
        "pdl.operands",
        "pdl.operation",
        "pdl.result",
        "pdl.results",
    ];
    block_ops
        .iter()
        .filter(|n| full_name(n).is_some_and(|name| kinds.contains(&name.as_str())))
        .filter(|n| {
            uses.users(n)
                .iter()
                .any(|u| rewrite.contains_range(u.text_range()))
        })
        .cloned()
        .collect()
}

/// The first op that must be connected and is not reached from the first one: through
/// an operation's operand values, a result's operation, and any matcher op's users
/// (types and attributes connect nothing, and nothing connects through the rewrite).
fn disconnected_op(
    block_ops: &[SyntaxNode],
    rewrite: &SyntaxNode,
    cx: &mut Cx<'_>,
    uses: &Uses,
) -> Option<SyntaxNode> {
    let targets = must_connect(block_ops, rewrite.text_range(), uses);
    let first = targets.first()?;
    let in_matcher = |n: &SyntaxNode| n.parent() == first.parent();
    let mut visited: FxHashSet<SyntaxNode> = FxHashSet::default();
    let mut work = vec![first.clone()];
    while let Some(node) = work.pop() {
        if !visited.insert(node.clone()) {
            continue;
        }
        for def in connected_operands(&node, cx) {
            if in_matcher(&def) && !visited.contains(&def) {
                work.push(def);
            }
        }
        for user in uses.users(&node) {
            if in_matcher(user) && !visited.contains(user) {
                work.push(user.clone());
            }
        }
    }
    targets.into_iter().find(|t| !visited.contains(t))
}

/// The ops defining the operands a matcher op connects to: an operation's operand
/// values, a result's operation.
fn connected_operands(node: &SyntaxNode, cx: &mut Cx<'_>) -> Vec<SyntaxNode> {
    let values = match full_name(node).as_deref() {
        Some("pdl.operation") => {
            let Some(pending) = cx.pending_op(node) else {
                return Vec::new();
            };
            let op = Op::new(pending);
            operation_parts(&op, cx).map_or_else(Vec::new, |parts| parts.operands)
        }
        Some("pdl.result" | "pdl.results") => operand_uses(node),
        _ => return Vec::new(),
    };
    values
        .iter()
        .filter_map(|v| cx.defining_op(&v.name_token()?))
        .collect()
}
