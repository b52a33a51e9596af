//! Validation context (stage 3): the alias tables of the file, split by `// -----` chunk,
//! the errors found so far, and small tree helpers shared by every check.

use std::collections::HashMap;

use rowan::{GreenNodeData, NodeOrToken, TextRange, TextSize};

use crate::SyntaxKind::{self, *};
use crate::{SyntaxElement, SyntaxError, SyntaxNode, SyntaxToken};

/// Validation errors past this count are dropped, as the parser drops its own.
const MAX_ERRORS: usize = 1_000;

/// What every check reads (aliases) and writes (errors).
pub(super) struct Context {
    /// Offsets of the `// -----` markers: each chunk has its own aliases (L-17).
    markers: Vec<TextSize>,
    /// `(chunk, "!name")` to the aliased type node; `None` when defined twice in a chunk.
    type_aliases: HashMap<(usize, String), Option<SyntaxNode>>,
    /// `(chunk, "#name")` to the aliased attribute node, likewise.
    attr_aliases: HashMap<(usize, String), Option<SyntaxNode>>,
    errors: Vec<SyntaxError>,
}

impl Context {
    pub(super) fn new(root: &SyntaxNode) -> Self {
        let markers = split_markers(root);
        let mut cx = Context {
            markers,
            type_aliases: HashMap::new(),
            attr_aliases: HashMap::new(),
            errors: Vec::new(),
        };
        for def in root.children() {
            cx.add_alias(&def);
        }
        cx
    }

    fn add_alias(&mut self, def: &SyntaxNode) {
        let Some(name) = def
            .first_token()
            .filter(|t| matches!(t.kind(), HASH_ID | BANG_ID))
        else {
            return;
        };
        let Some(value) = def.children().last() else {
            return;
        };
        let key = (
            self.chunk_of(def.text_range().start()),
            name.text().to_string(),
        );
        let table = match def.kind() {
            TYPE_ALIAS_DEF => &mut self.type_aliases,
            ATTR_ALIAS_DEF => &mut self.attr_aliases,
            _ => return,
        };
        // A name defined twice in one chunk is an upstream error; resolve it to nothing.
        let duplicate = table.contains_key(&key);
        table.insert(key, (!duplicate).then_some(value));
    }

    fn chunk_of(&self, offset: TextSize) -> usize {
        self.markers.partition_point(|&m| m <= offset)
    }

    /// The type a `!alias` use stands for, when the use's chunk defines it once.
    pub(super) fn type_alias(&self, use_: &SyntaxNode) -> Option<SyntaxNode> {
        self.alias(&self.type_aliases, use_)
    }

    /// The attribute a `#alias` use stands for, when the use's chunk defines it once.
    pub(super) fn attr_alias(&self, use_: &SyntaxNode) -> Option<SyntaxNode> {
        self.alias(&self.attr_aliases, use_)
    }

    fn alias(
        &self,
        table: &HashMap<(usize, String), Option<SyntaxNode>>,
        use_: &SyntaxNode,
    ) -> Option<SyntaxNode> {
        let name = use_.first_token()?;
        let key = (
            self.chunk_of(use_.text_range().start()),
            name.text().to_string(),
        );
        table.get(&key)?.clone()
    }

    pub(super) fn error(&mut self, message: impl Into<String>, range: TextRange) {
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(SyntaxError::new(message, range));
        }
    }

    pub(super) fn error_at(&mut self, message: impl Into<String>, token: &SyntaxToken) {
        self.error(message, token.text_range());
    }

    /// An error on the token after `node`, where upstream's `emitError()` points once it
    /// has consumed the node.
    pub(super) fn error_after(&mut self, message: impl Into<String>, node: &SyntaxNode) {
        self.error(message, range_after(node));
    }

    pub(super) fn into_errors(self) -> Vec<SyntaxError> {
        self.errors
    }
}

/// Where the `// -----` markers are, found on the green tree: walking the syntax tree's
/// tokens would cost as much as the rest of validation.
fn split_markers(root: &SyntaxNode) -> Vec<TextSize> {
    let green = root.green();
    let mut markers = Vec::new();
    let mut stack: Vec<(&GreenNodeData, TextSize)> = vec![(&green, root.text_range().start())];
    while let Some((node, mut offset)) = stack.pop() {
        for child in node.children() {
            match child {
                NodeOrToken::Node(n) => stack.push((n, offset)),
                NodeOrToken::Token(t) if t.kind() == SPLIT_MARKER.into() => markers.push(offset),
                NodeOrToken::Token(_) => {}
            }
            offset += child.text_len();
        }
    }
    markers.sort_unstable();
    markers
}

/// The range of the token after `node` (or the end of the file).
pub(super) fn range_after(node: &SyntaxNode) -> TextRange {
    match token_after(node) {
        Some(t) => t.text_range(),
        None => TextRange::empty(node.text_range().end()),
    }
}

/// The first non-trivia token after `node` in the file.
pub(super) fn token_after(node: &SyntaxNode) -> Option<SyntaxToken> {
    next_non_trivia(node.last_token()?)
}

/// The first non-trivia token after `token`.
pub(super) fn next_non_trivia(token: SyntaxToken) -> Option<SyntaxToken> {
    let mut next = token.next_token();
    while let Some(t) = next {
        if !t.kind().is_trivia() {
            return Some(t);
        }
        next = t.next_token();
    }
    None
}

/// The first non-trivia token of `node`.
pub(super) fn first_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    let first = node.first_token()?;
    if first.kind().is_trivia() {
        next_non_trivia(first)
    } else {
        Some(first)
    }
}

/// The range of the first token of the first of `elements`.
pub(super) fn first_element_range(elements: &[SyntaxElement]) -> Option<TextRange> {
    match elements.first()? {
        NodeOrToken::Token(t) => Some(t.text_range()),
        NodeOrToken::Node(n) => first_token(n).map(|t| t.text_range()),
    }
}

/// The children of `node` that are not whitespace or comments.
pub(super) fn significant_children(node: &SyntaxNode) -> Vec<SyntaxElement> {
    node.children_with_tokens()
        .filter(|e| !e.kind().is_trivia())
        .collect()
}

/// The token of a child element, if it is a token of kind `kind`.
pub(super) fn token_of(element: &SyntaxElement, kind: SyntaxKind) -> Option<SyntaxToken> {
    match element {
        NodeOrToken::Token(t) if t.kind() == kind => Some(t.clone()),
        _ => None,
    }
}

/// Does the last significant child of `node` have kind `kind` (a closed construct)?
pub(super) fn ends_with(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    significant_children(node).last().map(|e| e.kind()) == Some(kind)
}

/// The text of `node` with its whitespace and comments reduced to single spaces, for
/// printing attributes we do not model (layouts, encodings) inside a message.
pub(super) fn compact_text(node: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut space = false;
    for element in node.descendants_with_tokens() {
        let NodeOrToken::Token(t) = element else {
            continue;
        };
        if t.kind().is_trivia() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out += t.text();
    }
    out
}
