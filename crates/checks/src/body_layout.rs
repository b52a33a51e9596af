//! Where a body's diagnostics are once its nested bodies changed length (checks stage). A
//! body's checks are memoized while its syntax outside nested isolated ops is unchanged;
//! typing inside a nested function then moves everything after that function, so each
//! remembered position is kept as its place among the nested bodies of the tree it was
//! computed on, and found again among those of the current tree.

use mlir_syntax::green_walk::Children;
use mlir_syntax::{TextRange, TextSize};
use rowan::{GreenNodeData, NodeOrToken};

use crate::diagnostic::Diagnostic;
use mlir_hir::ops;
use mlir_syntax::green;

/// The ranges of the isolated ops nested directly in a body (relative to its start), in
/// order; the body op itself is not one.
pub fn nested_bodies(body: &GreenNodeData) -> Vec<TextRange> {
    let mut out = Vec::new();
    let mut stack = vec![Children::new(body, TextSize::new(0))];
    while let Some(top) = stack.last_mut() {
        let Some((child, at)) = top.next_child() else {
            stack.pop();
            continue;
        };
        let NodeOrToken::Node(node) = child else {
            continue;
        };
        if green::op_name(node).is_some_and(ops::name_is_isolated) {
            out.push(TextRange::at(at, node.text_len()));
            continue;
        }
        stack.push(Children::new(node, at));
    }
    out
}

/// Diagnostics computed on a tree whose nested bodies were at `old`, moved to a tree whose
/// nested bodies (as many, in the same order) are at `new`.
pub fn moved(diagnostics: &[Diagnostic], old: &[TextRange], new: &[TextRange]) -> Vec<Diagnostic> {
    let place = |offset: TextSize| relocate(offset, old, new);
    let range = |r: TextRange| {
        let (start, end) = (place(r.start()), place(r.end()));
        TextRange::new(start, end.max(start))
    };
    diagnostics
        .iter()
        .map(|d| {
            let mut d = d.clone();
            d.range = range(d.range);
            for note in &mut d.notes {
                note.range = range(note.range);
            }
            d
        })
        .collect()
}

/// An offset of the old tree in the new one: inside a nested body, at the same distance
/// from its start (clamped to its end); elsewhere, at the same distance from the end of
/// the nested body before it.
fn relocate(offset: TextSize, old: &[TextRange], new: &[TextRange]) -> TextSize {
    if old.len() != new.len() {
        return offset;
    }
    if let Some(k) = old
        .iter()
        .position(|r| r.start() <= offset && offset < r.end())
    {
        let delta = offset - old[k].start();
        return (new[k].start() + delta).min(new[k].end());
    }
    let before = old.partition_point(|r| r.end() <= offset);
    match before {
        0 => offset,
        k => new[k - 1].end() + (offset - old[k - 1].end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_keep_their_place_among_nested_bodies() {
        let at = |a: u32, b: u32| TextRange::new(a.into(), b.into());
        let old = [at(10, 20), at(30, 40)];
        let new = [at(10, 25), at(35, 45)];
        let moved = |o: u32| u32::from(relocate(o.into(), &old, &new));
        assert_eq!(moved(5), 5);
        assert_eq!(moved(10), 10);
        assert_eq!(moved(12), 12);
        assert_eq!(moved(20), 25);
        assert_eq!(moved(29), 34);
        assert_eq!(moved(31), 36);
        assert_eq!(moved(40), 45);
        assert_eq!(moved(50), 55);
    }
}
