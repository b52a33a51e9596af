//! The parser's green-tree builder: rowan's `GreenNodeBuilder` calls, with tokens and
//! small nodes interned as rowan interns them (equal ones share one allocation), but for
//! less work on IR, which is mostly punctuation, whitespace, types and names written the
//! same way again and again. rowan hashes every token into one map; here a short token met
//! lately is found in a small cache holding copies of the texts, without hashing its bytes
//! or reading the token itself, which is most tokens, and a token joins the tree (a
//! count update) only when its node is built, not when an equal node is found interned
//! (most small nodes: `%c0`, `f32`, `arith.addi`). A node of one token, nearly two thirds
//! of IR's nodes, is found by that token's index in another small cache, without hashing or
//! comparing its children. The builder also reserves room for a whole text's children at
//! once: a 10 MB line is one node of millions of children, and growing their vector step
//! by step copies it again and again under some allocators.

use std::hash::Hasher;

use hashbrown::HashTable;
use rowan::{GreenNode, GreenNodeData, GreenToken, GreenTokenData, NodeOrToken, SyntaxKind};
use rustc_hash::FxHasher;

/// A child of an open node: a token as its index in the builder's table (cloned only
/// when its node is built, not when an equal interned node is found instead), or a node.
enum Pending {
    Token(u32),
    Node(GreenNode),
}

/// A place in the children of the open node where a node may later be started
/// (`GreenBuilder::start_node_at`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checkpoint(usize);

/// Nodes with more children than this are not interned: they rarely repeat (rowan's rule).
const MAX_INTERNED_CHILDREN: usize = 3;

/// Nodes of some kinds repeat with more children: IR writes the same types and operand
/// groups (`memref<?x?xf32>`, `[%c0, %c1]`) again and again. Sharing them, `check` of the
/// 36 MB bench file peaks 11% lower in memory, with fewer pages to fault in and fewer
/// nodes to build. Ops and blocks are not among them: they rarely repeat whole, and a
/// table lookup for each cost what the few shared ones saved.
const MAX_INTERNED_REPEATED: usize = 16;

/// Up to how many children a node of `kind` is interned.
fn max_interned_children(kind: SyntaxKind) -> usize {
    use crate::SyntaxKind::*;
    match crate::green_walk::kind_of_raw(kind) {
        FUNCTION_TYPE | TYPE_LIST | COMPLEX_TYPE | TUPLE_TYPE | VECTOR_TYPE | TENSOR_TYPE
        | MEMREF_TYPE | DIMENSION_LIST | DIALECT_TYPE | PAREN_GROUP | BRACKET_GROUP
        | ANGLE_GROUP | STRIDED_ATTR | ATTR_ENTRY | ATTR_DICT => MAX_INTERNED_REPEATED,
        _ => MAX_INTERNED_CHILDREN,
    }
}

/// Marks an element that is not interned: a node holding one is not interned either.
const NOT_INTERNED: u64 = 0;

pub(crate) struct GreenBuilder {
    /// The open nodes: their kind and where their children start in `children`.
    parents: Vec<(SyntaxKind, usize)>,
    /// The children of all open nodes, each with its interning hash.
    children: Vec<(u64, Pending)>,
    /// Every distinct token so far with its hash, and the table that finds them by hash.
    /// Indices, not clones, stand in the table and in `recent`: each clone or drop
    /// of a token is an atomic count update, which costs more than the rest of a lookup.
    tokens: Vec<(u64, GreenToken)>,
    token_table: HashTable<u32>,
    nodes: HashTable<(u64, GreenNode)>,
    /// Short tokens met lately, with their texts copied in: most tokens are found here
    /// without reading the token itself, wherever in memory it was allocated.
    recent: Box<[Recent]>,
    /// The one-space whitespace token, once met: its kind, index and hash.
    space: Option<(SyntaxKind, u32, u64)>,
    /// Nodes around one token met lately (`%c0` as a value use, `f32` as a type, an op's
    /// name): nearly two thirds of IR's nodes, found here by the token's index without hashing
    /// or comparing children.
    wrappers: Box<[Wrapper]>,
}

/// A node of one token child: its kind, the token's index, and the node with its hash.
#[derive(Clone, Default)]
struct Wrapper {
    kind: u16,
    token: u32,
    node: Option<(u64, GreenNode)>,
}

/// How many nodes `wrappers` holds (a power of two).
const WRAPPER_SLOTS: usize = 1024;

/// A short token met lately: its kind and text (as `short_text` packs it), index and
/// interning hash.
#[derive(Clone, Copy, Default)]
struct Recent {
    text: [u64; 2],
    kind: u16,
    len: u16,
    index: u32,
    hash: u64,
}

/// Texts up to this long are cached in `GreenBuilder::recent`: nearly all of IR's tokens.
const RECENT_TEXT: usize = 16;
/// How many tokens `recent` holds (a power of two): enough for the punctuation, spacing,
/// types and names a function repeats, little enough to stay in the fastest cache.
const RECENT_SLOTS: usize = 512;

impl GreenBuilder {
    /// A builder with room for `children` elements open at once.
    pub(crate) fn with_capacity(children: usize) -> Self {
        GreenBuilder {
            parents: Vec::new(),
            children: Vec::with_capacity(children),
            tokens: Vec::new(),
            token_table: HashTable::new(),
            nodes: HashTable::new(),
            recent: vec![Recent::default(); RECENT_SLOTS].into_boxed_slice(),
            space: None,
            wrappers: vec![Wrapper::default(); WRAPPER_SLOTS].into_boxed_slice(),
        }
    }

    /// Adds a token to the open node. The cache's hit, nearly every token, is a few
    /// instructions; the misses are out of line, so that the hit saves and restores few
    /// registers around them.
    #[inline]
    pub(crate) fn token(&mut self, kind: SyntaxKind, text: &str) {
        if text.len() > RECENT_TEXT {
            self.push_interned(kind, text);
            return;
        }
        let packed = short_text(text.as_bytes());
        let slot = recent_slot(kind, packed, text.len());
        let recent = &self.recent[slot];
        // (The packed text with its length is the text itself.)
        if recent.kind == kind.0 && usize::from(recent.len) == text.len() && recent.text == packed {
            let (index, hash) = (recent.index, recent.hash);
            self.children.push((hash, Pending::Token(index)));
        } else {
            self.token_not_recent(kind, text, packed, slot);
        }
    }

    /// Adds a whitespace token of `kind` that is one space: a third of IR's tokens, kept
    /// at hand rather than looked up in the cache.
    pub(crate) fn space(&mut self, kind: SyntaxKind) {
        match self.space {
            Some((known, index, hash)) if known == kind => {
                self.children.push((hash, Pending::Token(index)));
            }
            _ => {
                let (index, hash) = self.push_interned(kind, " ");
                self.space = Some((kind, index, hash));
            }
        }
    }

    /// `token` for a short token not in the cache: interned, and cached in `slot`.
    #[cold]
    #[inline(never)]
    fn token_not_recent(&mut self, kind: SyntaxKind, text: &str, packed: [u64; 2], slot: usize) {
        let (index, hash) = self.push_interned(kind, text);
        self.recent[slot] = Recent {
            text: packed,
            kind: kind.0,
            len: text.len() as u16,
            index,
            hash,
        };
    }

    /// Adds the token of `kind` and `text`, interned, to the open node: its index and hash.
    /// (Directly for a text too long for `recent`, a long string or name.)
    #[cold]
    #[inline(never)]
    fn push_interned(&mut self, kind: SyntaxKind, text: &str) -> (u32, u64) {
        let index = self.intern_token(kind, text);
        let hash = self.tokens[index as usize].0;
        self.children.push((hash, Pending::Token(index)));
        (index, hash)
    }

    /// The index of the token of `kind` and `text` in `tokens`, added if it is new.
    fn intern_token(&mut self, kind: SyntaxKind, text: &str) -> u32 {
        let mut h = FxHasher::default();
        h.write_u16(kind.0);
        h.write(text.as_bytes());
        let hash = h.finish();
        let tokens = &self.tokens;
        let same = |&i: &u32| {
            let token = &tokens[i as usize].1;
            token.kind() == kind && same_text(token.text(), text)
        };
        if let Some(&index) = self.token_table.find(hash, same) {
            return index;
        }
        let index = u32::try_from(self.tokens.len()).expect("fewer than 2^32 distinct tokens");
        self.tokens.push((hash, GreenToken::new(kind, text)));
        let tokens = &self.tokens;
        self.token_table
            .insert_unique(hash, index, |&i| tokens[i as usize].0);
        index
    }

    pub(crate) fn start_node(&mut self, kind: SyntaxKind) {
        self.parents.push((kind, self.children.len()));
    }

    pub(crate) fn finish_node(&mut self) {
        let (kind, first) = self.parents.pop().expect("a node to finish");
        if let [(_, Pending::Token(token))] = self.children[first..] {
            return self.finish_wrapper(kind, first, token);
        }
        let (hash, node) = self.node(kind, first);
        self.children.push((hash, Pending::Node(node)));
    }

    /// `finish_node` for a node whose one child is the token of index `token`.
    fn finish_wrapper(&mut self, kind: SyntaxKind, first: usize, token: u32) {
        let slot = wrapper_slot(kind, token);
        let found = &self.wrappers[slot];
        if let Some((hash, node)) = &found.node
            && found.kind == kind.0
            && found.token == token
        {
            let child = (*hash, Pending::Node(node.clone()));
            self.children[first] = child;
            return;
        }
        let (hash, node) = self.node(kind, first);
        self.wrappers[slot] = Wrapper {
            kind: kind.0,
            token,
            node: Some((hash, node.clone())),
        };
        self.children.push((hash, Pending::Node(node)));
    }

    /// The node of `kind` over the children from `first` on, interned if it is small.
    fn node(&mut self, kind: SyntaxKind, first: usize) -> (u64, GreenNode) {
        let children = &self.children[first..];
        let hash = if children.len() > max_interned_children(kind) {
            NOT_INTERNED
        } else {
            node_hash(kind, children)
        };
        if hash == NOT_INTERNED {
            return (NOT_INTERNED, self.build(kind, first));
        }
        let tokens = &self.tokens;
        let same =
            |(_, n): &(u64, GreenNode)| n.kind() == kind && same_children(n, children, tokens);
        if let Some((_, node)) = self.nodes.find(hash, same) {
            let node = node.clone();
            self.children.truncate(first);
            return (hash, node);
        }
        let node = self.build(kind, first);
        self.nodes
            .insert_unique(hash, (hash, node.clone()), |(h, _)| *h);
        (hash, node)
    }

    fn build(&mut self, kind: SyntaxKind, first: usize) -> GreenNode {
        let tokens = &self.tokens;
        let children = self.children.drain(first..).map(|(_, child)| match child {
            Pending::Token(i) => NodeOrToken::Token(tokens[i as usize].1.clone()),
            Pending::Node(node) => NodeOrToken::Node(node),
        });
        GreenNode::new(kind, children)
    }

    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint(self.children.len())
    }

    /// Starts a node whose first child is the one added at `checkpoint`.
    pub(crate) fn start_node_at(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        let at = checkpoint.0;
        assert!(at <= self.children.len(), "checkpoint past the children");
        if let Some(&(_, first)) = self.parents.last() {
            assert!(at >= first, "checkpoint before the open node");
        }
        self.parents.push((kind, at));
    }

    /// The root, once every started node is finished.
    pub(crate) fn finish(mut self) -> GreenNode {
        assert!(self.parents.is_empty() && self.children.len() == 1);
        match self.children.pop() {
            Some((_, Pending::Node(root))) => root,
            _ => unreachable!("the root is a node"),
        }
    }
}

/// Where a short token of `kind` and packed text `packed` of `len` bytes goes in
/// `GreenBuilder::recent`: a multiplicative hash, cheaper than hashing byte by byte.
fn recent_slot(kind: SyntaxKind, [a, b]: [u64; 2], len: usize) -> usize {
    let mixed = (a ^ b.rotate_left(29) ^ (u64::from(kind.0) << 48) ^ len as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> (64 - RECENT_SLOTS.trailing_zeros())) as usize
}

/// Where the node of `kind` around the token of index `token` goes in
/// `GreenBuilder::wrappers`.
fn wrapper_slot(kind: SyntaxKind, token: u32) -> usize {
    let mixed = (u64::from(token) | u64::from(kind.0) << 32).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> (64 - WRAPPER_SLOTS.trailing_zeros())) as usize
}

/// A text of at most `RECENT_TEXT` bytes as two numbers: its bytes zero-padded, little
/// endian. Read in a few loads that may overlap, rather than copied into a padded buffer
/// first: the copy's bytes would be read back as words before the stores are done.
fn short_text(text: &[u8]) -> [u64; 2] {
    let len = text.len();
    let word = |at: usize| u64::from_le_bytes(text[at..at + 8].try_into().expect("8 bytes"));
    let half = |at: usize| u32::from_le_bytes(text[at..at + 4].try_into().expect("4 bytes"));
    match len {
        0 => [0, 0],
        1..=3 => {
            let byte = |i: usize| u64::from(text[i]) << (8 * i);
            [byte(0) | byte(len / 2) | byte(len - 1), 0]
        }
        // The two halves overlap where their bytes are the same: or-ing them is exact.
        4..=7 => [
            u64::from(half(0)) | u64::from(half(len - 4)) << (8 * (len - 4)),
            0,
        ],
        8 => [word(0), 0],
        _ => [word(0), word(len - 8) >> (8 * (16 - len))],
    }
}

/// The interning hash of a node from its kind and its children's hashes; `NOT_INTERNED`
/// if a child is not interned (then equal children need not be the same allocation).
fn node_hash(kind: SyntaxKind, children: &[(u64, Pending)]) -> u64 {
    let mut h = FxHasher::default();
    h.write_u16(kind.0);
    for &(hash, _) in children {
        if hash == NOT_INTERNED {
            return NOT_INTERNED;
        }
        h.write_u64(hash);
    }
    h.finish()
}

/// Are `node`'s children exactly `children`, the same allocations? Interned children are
/// equal only if they are the same allocation.
fn same_children(
    node: &GreenNodeData,
    children: &[(u64, Pending)],
    tokens: &[(u64, GreenToken)],
) -> bool {
    node.children().len() == children.len()
        && node
            .children()
            .zip(children)
            .all(|(a, (_, b))| match (a, b) {
                (NodeOrToken::Node(a), Pending::Node(b)) => std::ptr::eq(a, &**b),
                (NodeOrToken::Token(a), Pending::Token(i)) => {
                    std::ptr::eq::<GreenTokenData>(a, &*tokens[*i as usize].1)
                }
                _ => false,
            })
}

/// `a == b`, compared here rather than by a call to `memcmp`: tokens are a few bytes long.
fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NODE: SyntaxKind = SyntaxKind(1);
    const WORD: SyntaxKind = SyntaxKind(2);
    const SPACE: SyntaxKind = SyntaxKind(3);

    fn token_ptr(element: NodeOrToken<&GreenNodeData, &GreenTokenData>) -> *const GreenTokenData {
        element.into_token().expect("a token")
    }

    #[test]
    fn equal_tokens_and_small_nodes_share_one_allocation() {
        let mut b = GreenBuilder::with_capacity(0);
        b.start_node(NODE);
        for word in ["a", "b", "a", "a"] {
            b.start_node(NODE);
            b.token(WORD, word);
            b.token(SPACE, " ");
            b.finish_node();
        }
        b.finish_node();
        let root = b.finish();
        assert_eq!(root.to_string(), "a b a a ");
        let kids: Vec<_> = root
            .children()
            .map(|c| c.into_node().expect("a node"))
            .collect();
        // The first `a` node is interned and found again; `b` differs.
        assert!(std::ptr::eq(kids[0], kids[2]) && std::ptr::eq(kids[0], kids[3]));
        assert!(!std::ptr::eq(kids[0], kids[1]));
        // The space after `b` is the one after the first `a`, found as its kind's last.
        let space = |i: usize| token_ptr(kids[i].children().nth(1).expect("a space"));
        assert_eq!(space(0), space(1));
    }

    #[test]
    fn repeated_kinds_are_interned_with_more_children() {
        use crate::SyntaxKind as K;
        let kind = |k: K| SyntaxKind::from(k);
        let mut b = GreenBuilder::with_capacity(0);
        b.start_node(kind(K::SOURCE_FILE));
        for outer in [K::MEMREF_TYPE, K::MEMREF_TYPE, K::CUSTOM_OP, K::CUSTOM_OP] {
            b.start_node(kind(outer));
            for (k, text) in [
                (K::BARE_ID, "memref"),
                (K::L_ANGLE, "<"),
                (K::BARE_ID, "f32"),
            ] {
                b.token(kind(k), text);
            }
            b.token(kind(K::R_ANGLE), ">");
            b.finish_node();
        }
        b.finish_node();
        let root = b.finish();
        let kids: Vec<_> = root.children().filter_map(|c| c.into_node()).collect();
        // Four children: a type is interned, an op (rarely repeated whole) is not.
        assert!(std::ptr::eq(kids[0], kids[1]));
        assert!(!std::ptr::eq(kids[2], kids[3]));
    }

    #[test]
    fn nodes_of_one_token_are_shared_by_kind_and_token() {
        let mut b = GreenBuilder::with_capacity(0);
        b.start_node(NODE);
        for (kind, word) in [
            (NODE, "x"),
            (SPACE, "x"),
            (NODE, "x"),
            (NODE, "y"),
            (NODE, "x"),
        ] {
            b.start_node(kind);
            b.token(WORD, word);
            b.finish_node();
        }
        b.finish_node();
        let root = b.finish();
        assert_eq!(root.to_string(), "xxxyx");
        let kids: Vec<_> = root
            .children()
            .map(|c| c.into_node().expect("a node"))
            .collect();
        let kinds: Vec<SyntaxKind> = kids.iter().map(|k| k.kind()).collect();
        assert_eq!(kinds, [NODE, SPACE, NODE, NODE, NODE]);
        // The same kind around the same token is one node; another kind or token is not.
        assert!(std::ptr::eq(kids[0], kids[2]) && std::ptr::eq(kids[0], kids[4]));
        assert!(!std::ptr::eq(kids[0], kids[1]) && !std::ptr::eq(kids[0], kids[3]));
    }

    #[test]
    fn the_space_kept_at_hand_is_the_interned_space_of_its_kind() {
        let mut b = GreenBuilder::with_capacity(0);
        b.start_node(NODE);
        b.space(SPACE);
        b.token(SPACE, " ");
        b.space(SPACE);
        b.space(WORD); // another kind: another token
        b.finish_node();
        let root = b.finish();
        assert_eq!(root.to_string(), "    ");
        let tokens: Vec<_> = root.children().map(token_ptr).collect();
        assert!(tokens[0] == tokens[1] && tokens[0] == tokens[2]);
        assert_ne!(tokens[0], tokens[3]);
        let kinds: Vec<SyntaxKind> = root
            .children()
            .map(|c| c.into_token().expect("a token").kind())
            .collect();
        assert_eq!(kinds, [SPACE, SPACE, SPACE, WORD]);
    }

    #[test]
    fn a_token_is_found_again_after_another_of_its_kind() {
        let mut b = GreenBuilder::with_capacity(0);
        b.start_node(NODE);
        for word in ["x", "y", "x"] {
            b.token(WORD, word);
        }
        b.token(SPACE, "x"); // same text, other kind: another token
        b.finish_node();
        let root = b.finish();
        let words: Vec<_> = root.children().map(token_ptr).collect();
        assert_eq!(words[0], words[2]);
        assert_ne!(words[0], words[1]);
        assert_ne!(words[0], words[3]);
        assert_eq!(
            root.children()
                .nth(3)
                .and_then(|c| c.into_token())
                .map(|t| t.kind()),
            Some(SPACE)
        );
    }

    #[test]
    fn short_texts_pack_to_their_bytes_zero_padded() {
        let text = b"%arg0 = arith.addf";
        for start in 0..text.len() {
            for end in start..=text.len().min(start + RECENT_TEXT) {
                let slice = &text[start..end];
                let mut padded = [0u8; RECENT_TEXT];
                padded[..slice.len()].copy_from_slice(slice);
                let (lo, hi) = padded.split_at(8);
                let expected = [lo, hi].map(|h| u64::from_le_bytes(h.try_into().unwrap()));
                assert_eq!(short_text(slice), expected, "{slice:?}");
            }
        }
    }

    #[test]
    fn cached_and_long_tokens_are_interned_alike() {
        let long = "%a_name_longer_than_sixteen_bytes";
        let mut b = GreenBuilder::with_capacity(0);
        b.start_node(NODE);
        // Colliding or not in the cache, each text keeps one token; `%1` and `%10`, or
        // texts that differ past their first eight bytes, stay apart.
        let words = [
            "%1",
            "%10",
            long,
            "%1",
            "%0123456789abcde",
            "%0123456789abcdf",
            long,
        ];
        for word in words {
            b.token(WORD, word);
        }
        b.finish_node();
        let root = b.finish();
        let tokens: Vec<_> = root.children().map(token_ptr).collect();
        assert_eq!(root.to_string(), words.concat());
        assert_eq!(tokens[0], tokens[3]);
        assert_eq!(tokens[2], tokens[6]);
        let distinct: std::collections::HashSet<_> = tokens.iter().collect();
        assert_eq!(distinct.len(), 5);
    }

    #[test]
    fn nodes_of_many_children_and_checkpoints() {
        let mut b = GreenBuilder::with_capacity(1);
        b.start_node(NODE);
        let checkpoint = b.checkpoint();
        for word in ["1", "2", "3", "4"] {
            b.token(WORD, word);
        }
        b.start_node_at(checkpoint, SPACE);
        b.finish_node();
        b.token(WORD, "5");
        b.finish_node();
        let root = b.finish();
        assert_eq!(root.children().len(), 2);
        let wrapped = root
            .children()
            .next()
            .and_then(|c| c.into_node())
            .expect("a node");
        assert_eq!((wrapped.kind(), wrapped.children().len()), (SPACE, 4));
        assert_eq!(root.to_string(), "12345");
    }
}
