//! Who uses the values of a pattern: for each op of a `pdl.pattern`, the ops that use
//! one of its results (MLIR's `getUsers()`), read once in one pass over the pattern.

use mlir_syntax::{SyntaxNode, TextSize};
use rustc_hash::FxHashMap;

use super::full_name;
use crate::verifiers::op::Cx;

/// The users of each op of one pattern, by where the op starts.
pub(super) struct Uses {
    users: FxHashMap<TextSize, Vec<SyntaxNode>>,
}

impl Uses {
    pub(super) fn of_pattern(pattern: &SyntaxNode, cx: &Cx<'_>) -> Uses {
        let mut users: FxHashMap<TextSize, Vec<SyntaxNode>> = FxHashMap::default();
        for (token, def) in cx.uses_within(pattern.text_range()) {
            let Some(user) = token.parent_ancestors().find(mlir_hir::ops::is_op) else {
                continue;
            };
            let list = users.entry(def.text_range().start()).or_default();
            // An op using two results of one op is one user.
            if list.last() != Some(&user) {
                list.push(user);
            }
        }
        Uses { users }
    }

    /// The ops using a result of `op`, in text order.
    pub(super) fn users(&self, op: &SyntaxNode) -> &[SyntaxNode] {
        self.users
            .get(&op.text_range().start())
            .map_or(&[], Vec::as_slice)
    }

    /// MLIR's `hasBindingUse`: does some user of the op bind it? Any user does but a
    /// `pdl.result(s)`, which binds only when it is itself bound.
    pub(super) fn has_binding_use(&self, op: &SyntaxNode) -> bool {
        // A result's users cannot be results (those take an operation): one level.
        self.users(op)
            .iter()
            .any(|user| !is_result_op(user) || self.users(user).iter().any(|u| !is_result_op(u)))
    }
}

fn is_result_op(op: &SyntaxNode) -> bool {
    matches!(full_name(op).as_deref(), Some("pdl.result" | "pdl.results"))
}
