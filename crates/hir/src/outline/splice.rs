//! An outline made from the last tree's: the walk goes down the path on which the new tree
//! differs from the old one, walks only the children that differ where the path ends, and
//! splices what they hold into the old outline's lists, moving what follows by the change
//! in length. A keystroke in one of a module's 10,000 functions then costs that function
//! and a copy of the lists; walking the module's children again to gather what each
//! function held (remembered, but copied one function at a time) cost as much as the
//! rest of the keystroke's analysis.

use std::ops::Range;
use std::sync::Arc;

use mlir_syntax::green::{self, ByAddress, node_kind};
use mlir_syntax::{SyntaxKind::*, TextRange, TextSize};
use rowan::{GreenNodeData, NodeOrToken};
use rustc_hash::FxHashMap;

use super::{AliasRef, Level, Outline, Walk, is_checked_op};

/// A node on the path from the root to where the trees differ, at the same place in the
/// old tree and in the new one, with what the outline lists of it.
struct Step<'t> {
    old: &'t GreenNodeData,
    new: &'t GreenNodeData,
    start: TextSize,
    level: Level,
    /// Listed among the bodies (the root, and isolated ops where bodies are found).
    is_body: bool,
    /// Listed among the checked ops.
    is_checked: bool,
}

/// A child in a green tree.
type Element<'t> = NodeOrToken<&'t GreenNodeData, &'t rowan::GreenTokenData>;

/// A body's green node and start.
type Body = (mlir_syntax::GreenNode, TextSize);

/// A checked op's kind and range.
type CheckedOp = (mlir_syntax::SyntaxKind, TextRange);

/// The children (by index) of the path's last node that differ, in either tree.
struct Differ {
    old: Range<usize>,
    new: Range<usize>,
}

/// The outline of the tree `new_root`, made from `old`, the outline of `old_root` (both
/// starting at 0). `facts` is the memo of isolated ops: it gives what the differing
/// children's ops held, and is left with what the new tree's hold (but the ops on the
/// path, which only a splice reads). `None` if the roots are of different kinds.
pub(super) fn splice(
    old_root: &GreenNodeData,
    old: &Outline,
    new_root: &GreenNodeData,
    facts: &mut FxHashMap<ByAddress, Arc<Outline>>,
) -> Option<Outline> {
    if node_kind(old_root) != node_kind(new_root) {
        return None;
    }
    let (path, differ) = descend(old_root, new_root);
    let deepest = path.last()?;
    let old_span = span(deepest.old, deepest.start, &differ.old);
    let new_span = span(deepest.new, deepest.start, &differ.new);
    let mut fresh = FxHashMap::default();
    let mut middle = Outline::default();
    let mut walk = Walk {
        old: facts,
        new: Some(&mut fresh),
    };
    let level = deepest.level;
    walk.children_facts(deepest.new, differ.new, level, deepest.start, &mut middle);
    let cut = Cut {
        old: old_span,
        new_end: new_span.end(),
    };
    let (bodies, replaced) = cut.bodies(&old.bodies, middle.bodies, &path);
    let moved_ref = |a: &AliasRef| AliasRef {
        range: cut.moved_range(a.range),
        ..a.clone()
    };
    let ref_start = |a: &AliasRef| a.range.start();
    let (alias_refs, _) = cut.splice(&old.alias_refs, middle.alias_refs, 0, ref_start, moved_ref);
    let moved_attr = |r: &TextRange| cut.moved_range(*r);
    let attr_start = |r: &TextRange| r.start();
    let distinct = middle.distinct_attrs;
    let (distinct_attrs, _) = cut.splice(&old.distinct_attrs, distinct, 0, attr_start, moved_attr);
    let out = Outline {
        bodies,
        alias_refs,
        checked_ops: cut.checked_ops(&old.checked_ops, middle.checked_ops, &path),
        distinct_attrs,
    };
    // What the replaced ops held is no longer in the tree; what the new ones hold is.
    for step in path.iter().skip(1).filter(|s| s.is_body) {
        facts.remove(&ByAddress(step.old.to_owned()));
    }
    for (green, _) in replaced {
        facts.remove(&ByAddress(green.clone()));
    }
    facts.extend(fresh);
    Some(out)
}

/// The path from the roots down, as long as exactly one child differs and it is of the same
/// kind and lists the same of itself in both trees; and the children that differ where it
/// ends.
fn descend<'t>(
    old_root: &'t GreenNodeData,
    new_root: &'t GreenNodeData,
) -> (Vec<Step<'t>>, Differ) {
    let root = Step {
        old: old_root,
        new: new_root,
        start: TextSize::new(0),
        level: Level::TOP,
        is_body: true,
        is_checked: is_checked_op(new_root, green::op_name(new_root)),
    };
    let mut path = vec![root];
    loop {
        let step = path.last().expect("the path starts at the roots");
        let differ = differing_children(step.old, step.new);
        match one_child_alike(step, &differ) {
            Some(next) => path.push(next),
            None => return (path, differ),
        }
    }
}

/// The children between the longest run both nodes start with and the longest they end
/// with (the same green elements, shared by the trees).
fn differing_children(old: &GreenNodeData, new: &GreenNodeData) -> Differ {
    let same = |(a, b): &(Element<'_>, Element<'_>)| match (a, b) {
        (NodeOrToken::Node(a), NodeOrToken::Node(b)) => std::ptr::eq(*a, *b),
        (NodeOrToken::Token(a), NodeOrToken::Token(b)) => std::ptr::eq(*a, *b),
        _ => false,
    };
    let (old_len, new_len) = (old.children().len(), new.children().len());
    let prefix = old.children().zip(new.children()).take_while(same).count();
    let most = old_len.min(new_len) - prefix;
    let pairs = old.children().rev().zip(new.children().rev());
    let suffix = pairs.take(most).take_while(same).count();
    Differ {
        old: prefix..old_len - suffix,
        new: prefix..new_len - suffix,
    }
}

/// The next step down, if one child differs, of one kind in both trees, and listed the
/// same way in both (alias uses and `distinct` attributes are walked again whole).
fn one_child_alike<'t>(step: &Step<'t>, differ: &Differ) -> Option<Step<'t>> {
    if differ.old.len() != 1 || differ.new.len() != 1 {
        return None;
    }
    let old = step.old.children().nth(differ.old.start)?.into_node()?;
    let new = step.new.children().nth(differ.new.start)?.into_node()?;
    let kind = node_kind(new);
    if node_kind(old) != kind || matches!(kind, ATTR_ALIAS_REF | TYPE_ALIAS_REF | DISTINCT_ATTR) {
        return None;
    }
    let name = green::op_name(new);
    let is_checked = is_checked_op(new, name);
    if green::op_name(old) != name || is_checked_op(old, name) != is_checked {
        return None;
    }
    let (level, is_body) = step.level.of_child(step.new, new, name);
    let before: TextSize = step
        .new
        .children()
        .take(differ.new.start)
        .map(|c| c.text_len())
        .sum();
    Some(Step {
        old,
        new,
        start: step.start + before,
        level,
        is_body,
        is_checked,
    })
}

/// Where children `children` of `node` (which starts at `start`) are.
fn span(node: &GreenNodeData, start: TextSize, children: &Range<usize>) -> TextRange {
    let len = |range: Range<usize>| -> TextSize {
        let taken = node.children().skip(range.start).take(range.len());
        taken.map(|c| c.text_len()).sum()
    };
    let from = start + len(0..children.start);
    TextRange::at(from, len(children.clone()))
}

/// The old outline's text that the new tree replaced (`old`), and where its replacement
/// ends: what follows moves by the difference.
struct Cut {
    old: TextRange,
    new_end: TextSize,
}

impl Cut {
    fn moved(&self, at: TextSize) -> TextSize {
        at - self.old.end() + self.new_end
    }

    fn moved_range(&self, range: TextRange) -> TextRange {
        TextRange::at(self.moved(range.start()), range.len())
    }

    /// The indices of `old`'s entries that the cut replaces: those that start in it, but
    /// the `on_path` entries of ops on the path that start where it does (which come
    /// first, in preorder).
    fn replaced<T>(
        &self,
        old: &[T],
        on_path: usize,
        start: impl Fn(&T) -> TextSize,
    ) -> Range<usize> {
        let from = old.partition_point(|e| start(e) < self.old.start()) + on_path;
        let to = old.partition_point(|e| start(e) < self.old.end()).max(from);
        from..to
    }

    /// `old` with the cut's entries replaced by `middle` (in place already) and those
    /// after it moved; and which of `old`'s were replaced.
    fn splice<T: Clone>(
        &self,
        old: &[T],
        middle: Vec<T>,
        on_path: usize,
        start: impl Fn(&T) -> TextSize,
        moved: impl Fn(&T) -> T,
    ) -> (Vec<T>, Range<usize>) {
        let replaced = self.replaced(old, on_path, start);
        let mut out = Vec::with_capacity(old.len() - replaced.len() + middle.len());
        out.extend_from_slice(&old[..replaced.start]);
        out.extend(middle);
        out.extend(old[replaced.end..].iter().map(moved));
        (out, replaced)
    }

    /// The bodies, the ops on the path with their new nodes; and the old bodies replaced.
    fn bodies<'o>(
        &self,
        old: &'o [Body],
        middle: Vec<Body>,
        path: &[Step<'_>],
    ) -> (Vec<Body>, &'o [Body]) {
        let on_path = path
            .iter()
            .filter(|s| s.is_body && s.start == self.old.start())
            .count();
        let at = |body: &Body| body.1;
        let moved = |(green, start): &Body| (green.clone(), self.moved(*start));
        let (mut out, replaced) = self.splice(old, middle, on_path, at, moved);
        for step in path.iter().filter(|s| s.is_body) {
            let kept = &mut out[..replaced.start];
            let same_start = kept.partition_point(|body| body.1 < step.start);
            let entry = kept[same_start..]
                .iter_mut()
                .find(|body| std::ptr::eq(&*body.0, step.old));
            if let Some(entry) = entry {
                entry.0 = step.new.to_owned();
            }
        }
        (out, &old[replaced])
    }

    /// The checked ops, those on the path with their new lengths.
    fn checked_ops(
        &self,
        old: &[CheckedOp],
        middle: Vec<CheckedOp>,
        path: &[Step<'_>],
    ) -> Vec<CheckedOp> {
        let on_path = path
            .iter()
            .filter(|s| s.is_checked && s.start == self.old.start())
            .count();
        let at = |op: &CheckedOp| op.1.start();
        let moved = |(kind, range): &CheckedOp| (*kind, self.moved_range(*range));
        let (mut out, replaced) = self.splice(old, middle, on_path, at, moved);
        let replaced_start = replaced.start;
        for step in path.iter().filter(|s| s.is_checked) {
            let was = (
                node_kind(step.old),
                TextRange::at(step.start, step.old.text_len()),
            );
            let same_start = out[..replaced_start].partition_point(|op| op.1.start() < step.start);
            if let Some(entry) = out[same_start..replaced_start]
                .iter_mut()
                .find(|op| **op == was)
            {
                entry.1 = TextRange::at(step.start, step.new.text_len());
            }
        }
        out
    }
}
