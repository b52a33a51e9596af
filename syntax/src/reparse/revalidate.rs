//! Incremental validation (stage 3, after a region reparse): only the reparsed region is
//! validated again; the validation errors before it are kept and those after it moved by
//! the edit, so the result is what validating the whole new tree gives.
//!
//! Why that is exact: a node's validation errors depend only on its subtree, the token
//! after it and the aliases at the top level of its `// -----` chunk. A node before the
//! region ends at or before the region's `{` and one after it starts after its `}`, both
//! of which the edit leaves in place, and no alias definition is inside a region. So the
//! nodes around the region keep their errors unless a checked node or an alias definition
//! encloses the region (it would read the region's text), the region gains or loses a
//! split marker (every later node would change chunk), or the error cap was reached
//! (which errors it dropped depends on the whole tree). In those cases the whole tree is
//! validated again. The region itself is validated with its chunk's aliases.

use rowan::{GreenNode, TextRange, TextSize};

use super::{shift, shifted, split3};
use crate::validation::{self, MAX_ERRORS, ValidationLog};
use crate::{SyntaxKind::*, SyntaxNode};

/// The validation of the tree `green`, made from the tree `old` validated by replacing
/// `old_region` with the region now at `new_range`, the edit in it having added `growth`
/// bytes; `None` where only validating the whole tree is sure to give the right answer.
pub(super) fn revalidate(
    old: &ValidationLog,
    old_region: &SyntaxNode,
    green: &GreenNode,
    new_range: TextRange,
    growth: i64,
) -> Option<ValidationLog> {
    if old.errors.len() >= MAX_ERRORS || read_from_outside(old_region) {
        return None;
    }
    let old_range = old_region.text_range();
    let [before, _, after] = split3(&old.errors, |at| part_of(at, old_range))?;
    let root = SyntaxNode::new_root(green.clone());
    let region = find_region(&root, new_range)?;
    let markers = splice_markers(&old.markers, old_range, &region, growth)?;
    let inside = validation::validate_subtree_with(&root, &region, markers.clone());
    let mut errors = [before.to_vec(), inside, shifted(after, growth)].concat();
    // The whole tree's validation keeps the first errors in tree order, as this does.
    errors.truncate(MAX_ERRORS);
    Some(ValidationLog { errors, markers })
}

/// Does a node around the region read the region's text when it is validated: a checked
/// node, or an alias definition that its uses elsewhere read? A generic op's check reads
/// its operands and trailing type, never its regions.
fn read_from_outside(region: &SyntaxNode) -> bool {
    region.ancestors().skip(1).any(|node| {
        let kind = node.kind();
        validation::is_checked(kind) && kind != GENERIC_OP
            || matches!(kind, TYPE_ALIAS_DEF | ATTR_ALIAS_DEF)
    })
}

/// Which part of the tree an old error at `at` came from: 0 before `region`, 1 inside,
/// 2 after. Errors lie in their node or on the token after it, so a node before the
/// region reports at or before its `{`, one inside after the `{` and at the latest on its
/// `}`, one after it at its end or later.
fn part_of(at: TextSize, region: TextRange) -> usize {
    usize::from(at > region.start()) + usize::from(at >= region.end())
}

/// The region node of the new tree at `range`.
fn find_region(root: &SyntaxNode, range: TextRange) -> Option<SyntaxNode> {
    root.covering_element(range)
        .ancestors()
        .find(|node| node.kind() == REGION && node.text_range() == range)
}

/// The split markers of the new tree: those before the region, the new region's, and
/// those after it moved by `growth`; `None` if the region has more or fewer than before,
/// which moves every node after it into another chunk.
fn splice_markers(
    old: &[TextSize],
    old_range: TextRange,
    region: &SyntaxNode,
    growth: i64,
) -> Option<Vec<TextSize>> {
    let inside_start = old.partition_point(|&m| m < old_range.start());
    let after_start = old.partition_point(|&m| m < old_range.end());
    let inside = validation::split_markers(region);
    if inside.len() != after_start - inside_start {
        return None;
    }
    let after = old[after_start..].iter().map(|&m| shift(m, growth));
    Some(
        old[..inside_start]
            .iter()
            .copied()
            .chain(inside)
            .chain(after)
            .collect(),
    )
}
