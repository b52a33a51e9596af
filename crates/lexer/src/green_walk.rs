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

/// The path of a preorder walk from its root to the node it is in, each node with data
/// of the walk's own (`T`) and its start worked out only when asked for. Summing the
/// children's lengths for their offsets reads every child, a memory access per child that
/// a walk looking for a few kinds of nodes need not make (on a million-line tree this was
/// most of such a walk's time).
pub struct GreenPath<'g, T> {
    levels: Vec<PathLevel<'g, T>>,
}

struct PathLevel<'g, T> {
    green: &'g GreenNodeData,
    /// The index of the next child to visit.
    next: usize,
    /// The index of the child the walk stops before.
    end: usize,
    /// The node's index among its parent's children.
    index: usize,
    /// Where the node starts, once asked for (the root's is known).
    start: Option<TextSize>,
    /// How far the offsets of the node's children are summed: child `summed.0` starts
    /// `summed.1` after the node.
    summed: (usize, TextSize),
    data: T,
}

impl<'g, T> GreenPath<'g, T> {
    /// A walk from `root`, which starts at `start`.
    pub fn new(root: &'g GreenNodeData, start: TextSize, data: T) -> Self {
        Self::with_children(root, start, data, 0..usize::MAX)
    }

    /// A walk from `root` through its children `children` only (by index).
    pub fn with_children(
        root: &'g GreenNodeData,
        start: TextSize,
        data: T,
        children: std::ops::Range<usize>,
    ) -> Self {
        // Room for the depth of most walks: a path is made for every function.
        let mut levels = Vec::with_capacity(16);
        let mut level = PathLevel::new(root, 0, Some(start), data);
        level.next = children.start;
        level.end = children.end;
        levels.push(level);
        GreenPath { levels }
    }

    /// The node the walk is in, with its data; `None` once the walk left the root.
    pub fn top(&self) -> Option<(&'g GreenNodeData, &T)> {
        self.levels.last().map(|l| (l.green, &l.data))
    }

    /// The next child of the node the walk is in (`None` after its last).
    fn next_child(&mut self) -> Option<GreenElementRef<'g>> {
        let top = self.levels.last_mut()?;
        if top.next >= top.end {
            return None;
        }
        let child = top.green.children().nth(top.next)?;
        top.next += 1;
        Some(child)
    }

    /// The next node of the preorder walk that is a child of a node on the path, leaving
    /// the nodes whose children are done (tokens are passed over); `None` at the end.
    pub fn next_node(&mut self) -> Option<&'g GreenNodeData> {
        while !self.levels.is_empty() {
            match self.next_child() {
                Some(NodeOrToken::Node(node)) => return Some(node),
                Some(NodeOrToken::Token(_)) => {}
                None => self.pop(),
            }
        }
        None
    }

    /// Walks into `child`, the node `next_node` gave last.
    pub fn push(&mut self, child: &'g GreenNodeData, data: T) {
        let index = self.levels.last().map_or(0, |l| l.next - 1);
        self.levels.push(PathLevel::new(child, index, None, data));
    }

    /// Leaves the node the walk is in.
    pub fn pop(&mut self) {
        self.levels.pop();
    }

    /// Where the node the walk is in starts.
    pub fn start(&mut self) -> TextSize {
        self.start_at(self.levels.len() - 1)
    }

    /// Where the node `next_node` gave last starts.
    pub fn last_child_start(&mut self) -> TextSize {
        let depth = self.levels.len() - 1;
        let parent_start = self.start_at(depth);
        let top = &mut self.levels[depth];
        parent_start + top.offset_of(top.next - 1)
    }

    /// Where the node at `depth` starts, worked out down from the deepest node whose
    /// start is known.
    fn start_at(&mut self, depth: usize) -> TextSize {
        let levels = &mut self.levels;
        let known = levels[..=depth]
            .iter()
            .rposition(|level| level.start.is_some())
            .unwrap_or(0);
        for i in known + 1..=depth {
            let parent_start = levels[i - 1].start.unwrap_or_default();
            let index = levels[i].index;
            levels[i].start = Some(parent_start + levels[i - 1].offset_of(index));
        }
        levels[depth].start.unwrap_or_default()
    }
}

impl<'g, T> PathLevel<'g, T> {
    fn new(green: &'g GreenNodeData, index: usize, start: Option<TextSize>, data: T) -> Self {
        PathLevel {
            green,
            next: 0,
            end: usize::MAX,
            index,
            start,
            summed: (0, TextSize::new(0)),
            data,
        }
    }

    /// Where child `index` starts, after the node's start, summed from where the last sum
    /// stopped.
    fn offset_of(&mut self, index: usize) -> TextSize {
        let (mut at, mut offset) = self.summed;
        if index < at {
            (at, offset) = (0, TextSize::new(0));
        }
        for child in self.green.children().skip(at).take(index - at) {
            offset += child.text_len();
        }
        self.summed = (index, offset);
        offset
    }
}

/// A node met by `walk_nodes`: its green data, with where it starts and its cursor worked
/// out only if asked for.
pub struct Met<'a, 'g> {
    pub green: &'g GreenNodeData,
    /// The walk's path to the node, with the cursors built so far.
    path: &'a mut GreenPath<'g, Option<SyntaxNode>>,
}

impl Met<'_, '_> {
    /// The node's cursor (built with those of its ancestors not built yet).
    pub fn node(&mut self) -> Option<SyntaxNode> {
        materialize(self.path)
    }

    /// Where the node starts.
    pub fn start(&mut self) -> TextSize {
        self.path.start()
    }
}

/// Visits the nodes under `root` (itself included) in preorder, on their green data,
/// but for those that hold only tokens (`%c0`, `f32`, an op's name: more than half of
/// IR's nodes), which are passed over: the walk's one caller, syntax validation, checks none.
pub fn walk_nodes(root: &SyntaxNode, mut visit: impl FnMut(Met<'_, '_>)) {
    let green = root.green();
    let mut path = GreenPath::new(&green, root.text_range().start(), Some(root.clone()));
    visit(Met {
        green: &green,
        path: &mut path,
    });
    while let Some(child) = path.next_node() {
        if green_kind(child).holds_only_tokens() {
            continue;
        }
        path.push(child, None);
        visit(Met {
            green: child,
            path: &mut path,
        });
    }
}

/// The cursor of the node the walk is in, building the missing ones on its path.
fn materialize(path: &mut GreenPath<'_, Option<SyntaxNode>>) -> Option<SyntaxNode> {
    let first_missing = path.levels.iter().rposition(|l| l.data.is_some())? + 1;
    for i in first_missing..path.levels.len() {
        let parent = path.levels[i - 1].data.clone()?;
        let start = path.start_at(i);
        let cursor = child_cursor(&parent, path.levels[i].green, start)?;
        path.levels[i].data = Some(cursor);
    }
    path.levels.last()?.data.clone()
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
