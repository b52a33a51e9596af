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
