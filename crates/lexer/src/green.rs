//! Reading green nodes directly: kinds, first tokens and op names without building rowan
//! cursors, which allocate per node visited and dominate whole-file walks on large files.
//! Shared by every stage after the parser, which walk green trees of million-line files.

pub use crate::green_walk::{green_kind as node_kind, kind_of_raw};
use crate::{SyntaxKind, SyntaxKind::*};
use rowan::{GreenNode, GreenNodeData, GreenTokenData, NodeOrToken};

/// A child of a green node: a node or a token, borrowed.
pub type GreenElement<'a> = NodeOrToken<&'a GreenNodeData, &'a GreenTokenData>;

pub fn element_kind(element: GreenElement<'_>) -> SyntaxKind {
    kind_of_raw(element.kind())
}

/// The first token below `node` in text order, trivia included.
pub fn first_token(node: &GreenNodeData) -> Option<&GreenTokenData> {
    let mut node = node;
    loop {
        match node.children().next()? {
            NodeOrToken::Token(token) => return Some(token),
            NodeOrToken::Node(child) => node = child,
        }
    }
}

/// The first token of an element, trivia included.
pub fn element_first_token(element: GreenElement<'_>) -> Option<&GreenTokenData> {
    match element {
        NodeOrToken::Token(token) => Some(token),
        NodeOrToken::Node(node) => first_token(node),
    }
}

/// Whether the text of `node` is exactly `text` (for keyword nodes, without allocating).
pub fn text_is(node: &GreenNodeData, text: &str) -> bool {
    let mut rest = text;
    let mut stack = vec![node.children()];
    while let Some(children) = stack.last_mut() {
        match children.next() {
            None => {
                stack.pop();
            }
            Some(NodeOrToken::Node(child)) => stack.push(child.children()),
            Some(NodeOrToken::Token(token)) => match rest.strip_prefix(token.text()) {
                Some(after) => rest = after,
                None => return false,
            },
        }
    }
    rest.is_empty()
}

/// The name of a generic or custom op without quotes (`func.func`), read from its name
/// token: a custom op's `OP_NAME` (normally its first child), a generic op's string.
pub fn op_name(op: &GreenNodeData) -> Option<&str> {
    match node_kind(op) {
        CUSTOM_OP => {
            let first = op.children().find_map(|c| c.into_node());
            let name = first.filter(|n| node_kind(n) == OP_NAME).or_else(|| {
                op.children()
                    .filter_map(|c| c.into_node())
                    .find(|n| node_kind(n) == OP_NAME)
            })?;
            Some(first_token(name)?.text())
        }
        GENERIC_OP => op
            .children()
            .filter_map(|c| c.into_token())
            .find(|t| kind_of_raw(t.kind()) == STRING)
            .map(|t| t.text().trim_matches('"')),
        _ => None,
    }
}

/// A green node compared and hashed by address: equal addresses are the same node while
/// the key keeps it alive.
pub struct ByAddress(pub GreenNode);

impl PartialEq for ByAddress {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq::<GreenNodeData>(&*self.0, &*other.0)
    }
}

impl Eq for ByAddress {}

impl std::hash::Hash for ByAddress {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash::<GreenNodeData, H>(&*self.0, state);
    }
}

/// Values kept by green node from one tree to the next, in one map whose entries are
/// stamped with the last tree that asked for them. A keystroke's tree asks again for
/// nearly every node of the last one; a stamp costs less than moving each entry into a
/// new map, as keeping two maps (the last tree's and this one's) does. What the last tree
/// did not ask for is dropped when the next starts (a sweep of the stamps, and only when
/// there is something to drop), so that old nodes are not kept alive.
pub struct GreenMemo<V> {
    kept: std::collections::HashMap<usize, Stamped<V>, BuildAddressHasher>,
    /// The tree being asked about.
    tree: u32,
    /// How many entries this tree asked for.
    asked: usize,
}

struct Stamped<V> {
    /// Keeps the node alive, so that its address names no other node.
    _node: GreenNode,
    value: V,
    asked_in: u32,
}

impl<V> Default for GreenMemo<V> {
    fn default() -> Self {
        GreenMemo {
            kept: Default::default(),
            tree: 0,
            asked: 0,
        }
    }
}

impl<V> GreenMemo<V> {
    /// Starts on a new tree.
    pub fn next_tree(&mut self) {
        let tree = self.tree;
        if self.kept.len() > self.asked {
            self.kept.retain(|_, k| k.asked_in == tree);
        }
        self.tree = tree.wrapping_add(1);
        self.asked = 0;
    }

    /// The value kept for `node`, if any (which this tree now counts as asked for).
    pub fn get(&mut self, node: &GreenNodeData) -> Option<&V> {
        let found = self.kept.get_mut(&address(node))?;
        if found.asked_in != self.tree {
            found.asked_in = self.tree;
            self.asked += 1;
        }
        Some(&found.value)
    }

    pub fn insert(&mut self, node: &GreenNodeData, value: V) {
        let stamped = Stamped {
            _node: node.to_owned(),
            value,
            asked_in: self.tree,
        };
        if self.kept.insert(address(node), stamped).is_none() {
            self.asked += 1;
        }
    }

    /// How many values are kept.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

fn address(node: &GreenNodeData) -> usize {
    node as *const GreenNodeData as usize
}

/// Addresses are hashed by a multiply: they are distinct already, and a keystroke looks
/// up thousands of them.
#[derive(Default, Clone, Copy)]
pub struct BuildAddressHasher;

impl std::hash::BuildHasher for BuildAddressHasher {
    type Hasher = AddressHasher;
    fn build_hasher(&self) -> AddressHasher {
        AddressHasher(0)
    }
}

#[derive(Default)]
pub struct AddressHasher(u64);

impl std::hash::Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_usize(&mut self, n: usize) {
        // Nodes are at least 8-byte aligned: the low bits say nothing.
        self.0 = ((n as u64) >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

#[cfg(test)]
mod memo_tests {
    use super::*;
    use rowan::{GreenNodeBuilder, Language};

    fn node(text: &str) -> GreenNode {
        let mut builder = GreenNodeBuilder::new();
        builder.start_node(crate::MlirLanguage::kind_to_raw(OP_NAME));
        builder.token(crate::MlirLanguage::kind_to_raw(BARE_ID), text);
        builder.finish_node();
        builder.finish()
    }

    #[test]
    fn values_live_while_trees_ask_for_them() {
        let (a, b) = (node("a"), node("b"));
        let mut memo = GreenMemo::default();
        memo.insert(&a, 1);
        memo.insert(&b, 2);
        memo.next_tree();
        assert_eq!(memo.get(&a), Some(&1));
        assert_eq!(memo.len(), 2, "b is still there for this tree");
        memo.next_tree();
        assert_eq!(memo.len(), 1, "the last tree did not ask for b");
        assert_eq!(memo.get(&b), None);
        assert_eq!(memo.get(&a), Some(&1));
        memo.next_tree();
        memo.next_tree();
        assert!(memo.is_empty());
    }
}
