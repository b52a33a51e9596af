//! What the file checks remember between edits (checks stage): the diagnostics of the
//! calls and other checked ops of each isolated op, by its green node. A keystroke inside
//! one function gives a tree that shares every other function's node with the old one; as
//! long as the file's skeleton (everything but the bodies of functions) is unchanged, their
//! ops' checks give what they gave before, and only the edited function is checked again.

use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

use mlir_syntax::green_walk::{Children, green_kind};
use mlir_syntax::{SyntaxKind, TextRange, TextSize};
use rowan::{GreenNodeData, NodeOrToken};
use rustc_hash::{FxHashMap, FxHasher};

use mlir_checks::diagnostic::Diagnostic;
use mlir_dialects::known_ops::TABLE_OPS;
use mlir_hir::outline::Outline;
use mlir_syntax::green;
use mlir_syntax::green::GreenMemo;

/// The diagnostics of the checked ops each body owns, relative to the body's start, for
/// the skeleton they were computed in.
#[derive(Default)]
pub struct FileChecksMemo {
    skeleton: Option<u64>,
    /// Stamped rather than moved into a new map on each run: a keystroke's run asks
    /// again for nearly every body of the last one.
    bodies: GreenMemo<Vec<Diagnostic>>,
    /// The symbols each op of the last tree defines (the file checks' symbol tables).
    pub(crate) symbols: mlir_hir::symbol_memo::SymbolMemo,
    /// The skeleton hash of each function-like op of the last trees (`skeleton_hash`).
    skeletons: GreenMemo<u64>,
    /// How many bodies the file had when its diagnostics were last given (`db`).
    pub(crate) bodies_seen: u32,
    /// The bodies whose name and body checks found nothing last time (`db`).
    pub(crate) clean: crate::clean_bodies::CleanBodies,
}

/// One check run's view of the memo: which bodies' results can be reused, and the
/// results of this run, which replace the memo's when the run is done.
pub(crate) struct MemoRun<'m> {
    /// The memo that keeps this run's results; none for a run once (`MemoRun::once`).
    memo: Option<&'m mut FileChecksMemo>,
    /// The owning body of each checked op of the outline (`None`: checked every time).
    pub owners: Vec<Option<usize>>,
    /// Whether each body's results were reused.
    pub reused: Vec<bool>,
    /// The new results of each body that owns checked ops.
    fresh: FxHashMap<usize, Vec<Diagnostic>>,
    /// Bodies whose diagnostics must not be remembered.
    unkept: BTreeSet<usize>,
}

impl<'m> MemoRun<'m> {
    /// Starts a run on the tree `root` (whose outline is `outline`).
    pub fn start(memo: &'m mut FileChecksMemo, root: &GreenNodeData, outline: &Outline) -> Self {
        let skeleton = skeleton_hash(root, &mut memo.skeletons);
        if memo.skeleton != Some(skeleton) {
            memo.bodies = GreenMemo::default();
        }
        memo.skeleton = Some(skeleton);
        memo.bodies.next_tree();
        Self::with_memo(Some(memo), outline)
    }

    /// Starts a run whose results nobody keeps (a file checked once, from the command
    /// line): the skeleton, which only a later run would compare, is not hashed, and
    /// nothing is remembered. The results come out in the same order as a kept run's.
    pub fn once(outline: &Outline) -> Self {
        Self::with_memo(None, outline)
    }

    fn with_memo(mut memo: Option<&'m mut FileChecksMemo>, outline: &Outline) -> Self {
        let owners = owners(outline);
        let mut reused = vec![false; outline.bodies.len()];
        // A body owns many checked ops, listed together: each body is looked up once.
        let mut last = None;
        for owner in owners.iter().flatten() {
            if last.replace(*owner) != Some(*owner)
                && let Some(memo) = memo.as_deref_mut()
            {
                reused[*owner] = memo.bodies.get(&outline.bodies[*owner].0).is_some();
            }
        }
        MemoRun {
            memo,
            owners,
            reused,
            fresh: FxHashMap::default(),
            unkept: BTreeSet::new(),
        }
    }

    /// Is the checked op #`op` owned by a body whose results are reused?
    pub fn skips(&self, op: usize) -> bool {
        self.owners[op].is_some_and(|body| self.reused[body])
    }

    /// Records a diagnostic of checked op #`op`; gives it back if it cannot be kept with
    /// the body owning the op: no body owns it, or a note points outside the body (which
    /// then is not remembered, as that place may move without the body changing).
    pub fn record(&mut self, op: usize, outline: &Outline, d: Diagnostic) -> Option<Diagnostic> {
        let Some(body) = self.owners[op] else {
            return Some(d);
        };
        let (green, start) = &outline.bodies[body];
        let range = TextRange::at(*start, green.text_len());
        if d.notes.iter().any(|n| !range.contains_range(n.range)) || !range.contains_range(d.range)
        {
            self.unkept.insert(body);
            return Some(d);
        }
        self.fresh
            .entry(body)
            .or_default()
            .push(shifted(d, *start, false));
        None
    }

    /// Ends the run: the diagnostics of every owning body, reused or fresh, in the file's
    /// positions; the memo keeps them for the next run.
    pub fn finish(mut self, outline: &Outline) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let mut owning: Vec<usize> = self.owners.iter().flatten().copied().collect();
        owning.sort_unstable();
        owning.dedup();
        for body in owning {
            let (green, start) = &outline.bodies[body];
            let memo = self.memo.as_deref_mut();
            if self.reused[body] {
                let kept = memo.and_then(|memo| memo.bodies.get(green));
                let relative = kept.map(Vec::as_slice).unwrap_or_default();
                out.extend(relative.iter().cloned().map(|d| shifted(d, *start, true)));
                continue;
            }
            let relative = self.fresh.remove(&body).unwrap_or_default();
            out.extend(relative.iter().cloned().map(|d| shifted(d, *start, true)));
            if let Some(memo) = memo
                && !self.unkept.contains(&body)
            {
                memo.bodies.insert(green, relative);
            }
        }
        out
    }
}

/// A diagnostic moved by `by`: forward, or back to be relative to `by`.
fn shifted(mut d: Diagnostic, by: TextSize, forward: bool) -> Diagnostic {
    let shift = |r: TextRange| if forward { r + by } else { r - by };
    d.range = shift(d.range);
    for note in &mut d.notes {
        note.range = shift(note.range);
    }
    d
}

/// The innermost body (not the file itself) strictly around each checked op, if any.
fn owners(outline: &Outline) -> Vec<Option<usize>> {
    let range = |i: usize| {
        let (green, start) = &outline.bodies[i];
        TextRange::at(*start, green.text_len())
    };
    let mut stack: Vec<usize> = Vec::new();
    let mut next = 1; // Body 0 is the file: it changes with every edit.
    let mut out = Vec::with_capacity(outline.checked_ops.len());
    for (_, op) in &outline.checked_ops {
        while next < outline.bodies.len() && range(next).start() <= op.start() {
            while stack
                .last()
                .is_some_and(|&top| !range(top).contains_range(range(next)))
            {
                stack.pop();
            }
            stack.push(next);
            next += 1;
        }
        while stack
            .last()
            .is_some_and(|&top| !range(top).contains_range(*op))
        {
            stack.pop();
        }
        out.push(stack.last().copied().filter(|&body| range(body) != *op));
    }
    out
}

/// A hash of the file without the regions of isolated ops that are no symbol tables (the
/// bodies of functions): what the checks of a function's calls read beyond the function.
/// Each function-like op's part is hashed apart and kept in `memo` by green node: after a
/// keystroke only the ops on the path to the edit are hashed again, the others' parts
/// are looked up (a walk of every signature cost more than the rest of the checks).
fn skeleton_hash(root: &GreenNodeData, memo: &mut GreenMemo<u64>) -> u64 {
    memo.next_tree();
    let mut stack = vec![Frame::new(root, false)];
    loop {
        let top = stack.last_mut().expect("the root's frame is popped last");
        let Some((child, _)) = top.children.next_child() else {
            let done = stack.pop().expect("a frame");
            let hash = done.hasher.finish();
            if done.kept {
                memo.insert(done.children.green, hash);
            }
            match stack.last_mut() {
                Some(parent) => hash.hash(&mut parent.hasher),
                None => return hash,
            }
            continue;
        };
        let parent = top.children.green;
        match child {
            NodeOrToken::Token(token) => {
                token.kind().hash(&mut top.hasher);
                token.text().hash(&mut top.hasher);
            }
            NodeOrToken::Node(node) => {
                node.kind().hash(&mut top.hasher);
                // Only function-like ops are kept: one found needs no look at its name.
                if let Some(hash) = memo.get(node) {
                    hash.hash(&mut top.hasher);
                    continue;
                }
                if green_kind(node) == SyntaxKind::REGION && is_function_like(parent) {
                    continue;
                }
                let function_like = is_function_like(node);
                stack.push(Frame::new(node, function_like));
            }
        }
    }
}

/// A node being hashed: its children left, the hash of those seen, and whether its hash
/// is kept (function-like ops only).
struct Frame<'g> {
    children: Children<'g>,
    hasher: FxHasher,
    kept: bool,
}

impl<'g> Frame<'g> {
    fn new(node: &'g GreenNodeData, kept: bool) -> Self {
        Frame {
            children: Children::new(node, TextSize::new(0)),
            hasher: FxHasher::default(),
            kept,
        }
    }
}

/// An isolated op whose regions hold no symbols others can name.
fn is_function_like(op: &GreenNodeData) -> bool {
    green::op_name(op)
        .is_some_and(|name| mlir_hir::ops::name_is_isolated(name) && !TABLE_OPS.contains(&name))
}

#[cfg(test)]
mod tests {
    use mlir_syntax::{SyntaxKind, SyntaxNode};
    use rowan::NodeOrToken;

    use super::FileChecksMemo;
    use crate::file_checks::{file_checks_of, file_checks_with};
    use mlir_hir::outline::outline_once;

    const CALLER: &str =
        "func.func @caller(%x: i32) {\n  %r = func.call @callee(%x) : (i32) -> i32\n  return\n}\n";

    /// A file of `callee` then `CALLER`, and the tree of `callee` swapped for `new_callee`
    /// that shares the caller's node with the first.
    fn trees(callee: &str, new_callee: &str) -> (SyntaxNode, SyntaxNode) {
        let first = mlir_syntax::parse(&format!("{callee}{CALLER}")).syntax_node();
        let swapped = mlir_syntax::parse(&format!("{new_callee}{CALLER}")).syntax_node();
        let op = |root: &SyntaxNode| {
            root.green()
                .children()
                .position(|c| matches!(c, NodeOrToken::Node(n) if n.kind() == SyntaxKind::CUSTOM_OP.into()))
                .expect("an op")
        };
        let new_op = swapped
            .green()
            .children()
            .nth(op(&swapped))
            .expect("op")
            .to_owned();
        let green = first.green().replace_child(op(&first), new_op);
        (first, SyntaxNode::new_root(green))
    }

    fn messages(ds: Vec<mlir_checks::diagnostic::Diagnostic>) -> Vec<String> {
        ds.into_iter()
            .map(|d| format!("{:?} {}", d.range, d.message))
            .collect()
    }

    #[test]
    fn a_changed_signature_checks_unchanged_callers_again() {
        let callee = "func.func @callee(%a: i32) -> i32 {\n  return %a : i32\n}\n";
        let changed = "func.func @callee(%a: i64) -> i32 {\n  %t = arith.trunci %a : i64 to i32\n  return %t : i32\n}\n";
        let (first, second) = trees(callee, changed);
        let mut memo = FileChecksMemo::default();
        assert!(file_checks_with(&first, &outline_once(&first), &mut memo).is_empty());
        let remembered = file_checks_with(&second, &outline_once(&second), &mut memo);
        let fresh = file_checks_of(&second, &outline_once(&second));
        assert_eq!(messages(remembered), messages(fresh.clone()));
        assert_eq!(fresh.len(), 1, "{fresh:?}");
    }

    #[test]
    fn a_run_kept_and_a_run_once_give_the_same_diagnostics_in_the_same_order() {
        // Calls of several kinds in several bodies, a call at the top level (no body owns
        // it) and a result type mismatch, whose note points into the callee (outside the
        // caller's body, so its diagnostic is not kept with the body).
        let text = "func.func @g(%a: i32) -> i32 {\n  return %a : i32\n}\n\
            func.func @f(%x: i32, %y: i64) {\n  %0 = func.call @g(%x, %x) : (i32, i32) -> i32\n  \
            %1 = func.call @missing(%x) : (i32) -> i32\n  %2 = func.call @g(%x) : (i32) -> i64\n  \
            %3 = func.call @g(%y) : (i64) -> i32\n  return\n}\n\
            func.func @h(%x: i32) {\n  %c = func.constant @g : (i64) -> i32\n  \
            %4 = call @g(%x) : (i32) -> i32\n  return\n}\n\
            %top = func.call @nowhere() : () -> i32\n";
        let root = mlir_syntax::parse(text).syntax_node();
        let outline = outline_once(&root);
        let kept = file_checks_with(&root, &outline, &mut FileChecksMemo::default());
        let once = file_checks_of(&root, &outline);
        let full = |ds: &[mlir_checks::diagnostic::Diagnostic]| format!("{ds:?}");
        assert_eq!(full(&once), full(&kept));
        assert!(once.len() >= 5, "{once:?}");
        assert!(once.iter().any(|d| !d.notes.is_empty()), "{once:?}");
    }

    #[test]
    fn an_edit_inside_another_function_reuses_and_moves_the_results() {
        let callee = "func.func @callee(%a: i64) -> i32 {\n  %t = arith.trunci %a : i64 to i32\n  return %t : i32\n}\n";
        let longer = "func.func @callee(%a: i64) -> i32 {\n  %tt = arith.trunci %a : i64 to i32\n  return %tt : i32\n}\n";
        let (first, second) = trees(callee, longer);
        let mut memo = FileChecksMemo::default();
        assert_eq!(
            file_checks_with(&first, &outline_once(&first), &mut memo).len(),
            1
        );
        let remembered = file_checks_with(&second, &outline_once(&second), &mut memo);
        let fresh = file_checks_of(&second, &outline_once(&second));
        assert_eq!(messages(remembered), messages(fresh));
    }

    #[test]
    fn a_skeleton_hash_from_remembered_parts_is_the_hash_computed_whole() {
        let callee = "func.func @callee(%a: i32) -> i32 {\n  return %a : i32\n}\n";
        let body_edit = "func.func @callee(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  return %b : i32\n}\n";
        let signature_edit = "func.func @callee(%a: i64) -> i32 {\n  return %a : i32\n}\n";
        let hash = |root: &SyntaxNode, memo: &mut mlir_syntax::green::GreenMemo<u64>| {
            super::skeleton_hash(&root.green(), memo)
        };
        for (new, same) in [(body_edit, true), (signature_edit, false)] {
            let (first, second) = trees(callee, new);
            let mut memo = Default::default();
            let before = hash(&first, &mut memo);
            assert!(!memo.is_empty(), "the functions' parts are kept");
            let remembered = hash(&second, &mut memo);
            assert_eq!(remembered, hash(&second, &mut Default::default()));
            assert_eq!(remembered == before, same, "{new}");
        }
    }
}
