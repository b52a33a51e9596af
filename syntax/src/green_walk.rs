//! Walking a tree by its green nodes: a preorder walk that reads green data only and
//! builds rowan cursors just for the nodes asked for and their ancestors. Rowan cursors
//! allocate per node visited, which makes a cursor walk of a million-line tree cost
//! several times as much as the green walk.

use rowan::{GreenNodeData, Language, NodeOrToken};

use crate::{MlirLanguage, SyntaxKind, SyntaxNode, TextRange, TextSize};

/// The kind of a green node.
pub fn green_kind(node: &GreenNodeData) -> SyntaxKind {
    kind_of_raw(node.kind())
}

/// Our kind of a rowan kind.
pub fn kind_of_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
    MlirLanguage::kind_from_raw(raw)
}

/// A green node's children with their offsets, one at a time: the step of every
/// green walk here and in `mlir-analysis`.
pub struct Children<'g> {
    pub green: &'g GreenNodeData,
    next: usize,
    next_offset: TextSize,
}

impl<'g> Children<'g> {
    /// The children of `green`, which starts at `start`.
    pub fn new(green: &'g GreenNodeData, start: TextSize) -> Self {
        Children {
            green,
            next: 0,
            next_offset: start,
        }
    }

    /// The next child and where it starts.
    pub fn next_child(&mut self) -> Option<(GreenElementRef<'g>, TextSize)> {
        let child = self.green.children().nth(self.next)?;
        let at = self.next_offset;
        self.next += 1;
        self.next_offset += child.text_len();
        Some((child, at))
    }
}

type GreenElementRef<'g> = NodeOrToken<&'g GreenNodeData, &'g rowan::GreenTokenData>;

/// A node on the walk's stack.
struct Level<'g> {
    children: Children<'g>,
    start: TextSize,
    /// The node's cursor, once a node under it was asked for.
    cursor: Option<SyntaxNode>,
}

/// The nodes under `root` (itself included) that `wanted` picks, in preorder.
pub fn find_nodes(
    root: &SyntaxNode,
    mut wanted: impl FnMut(&GreenNodeData) -> bool,
) -> Vec<SyntaxNode> {
    let mut found = Vec::new();
    walk_nodes(root, |mut met| {
        if wanted(met.green) {
            found.extend(met.node());
        }
    });
    found
}

/// A node met by `walk_nodes`: its green data and where it starts, with its cursor built
/// only if asked for.
pub struct Met<'a, 'g> {
    pub green: &'g GreenNodeData,
    pub start: TextSize,
    stack: &'a mut [Level<'g>],
}

impl Met<'_, '_> {
    /// The node's cursor (built with those of its ancestors not built yet).
    pub fn node(&mut self) -> Option<SyntaxNode> {
        materialize(self.stack)
    }
}

/// Visits the nodes under `root` (itself included) in preorder, on their green data.
/// Nodes that hold only tokens are visited but not walked into.
pub fn walk_nodes(root: &SyntaxNode, mut visit: impl FnMut(Met<'_, '_>)) {
    let green = root.green();
    let start = root.text_range().start();
    let mut stack = vec![Level {
        children: Children::new(&green, start),
        start,
        cursor: Some(root.clone()),
    }];
    visit(Met {
        green: &green,
        start,
        stack: &mut stack,
    });
    while let Some(top) = stack.last_mut() {
        let Some((child, at)) = top.children.next_child() else {
            stack.pop();
            continue;
        };
        let NodeOrToken::Node(child) = child else {
            continue;
        };
        stack.push(Level {
            children: Children::new(child, at),
            start: at,
            cursor: None,
        });
        visit(Met {
            green: child,
            start: at,
            stack: &mut stack,
        });
        if green_kind(child).holds_only_tokens() {
            stack.pop(); // no node below it to visit
        }
    }
}

/// The cursor of the node on top of the stack, building the missing ones on its path.
fn materialize(stack: &mut [Level<'_>]) -> Option<SyntaxNode> {
    let first_missing = stack.iter().rposition(|l| l.cursor.is_some())? + 1;
    for i in first_missing..stack.len() {
        let parent = stack[i - 1].cursor.clone()?;
        let level = &stack[i];
        let cursor = child_cursor(&parent, level.children.green, level.start)?;
        stack[i].cursor = Some(cursor);
    }
    stack.last()?.cursor.clone()
}

/// The child of `parent` that is `green` at offset `start`: found by binary search on its
/// range, or for an empty node (which shares its range with neighbours) by a scan.
fn child_cursor(parent: &SyntaxNode, green: &GreenNodeData, start: TextSize) -> Option<SyntaxNode> {
    let range = TextRange::at(start, green.text_len());
    let is_it = |n: &SyntaxNode| n.text_range() == range && std::ptr::eq(&*n.green(), green);
    if !range.is_empty()
        && let Some(NodeOrToken::Node(n)) = parent.child_or_token_at_range(range)
        && is_it(&n)
    {
        return Some(n);
    }
    parent.children().find(is_it)
}
