//! Validation context (stage 3): the alias tables of the file (or of the chunks a checked
//! subtree spans), split by `// -----` chunk, the errors found so far, and small tree
//! helpers shared by every check.

use std::collections::HashMap;

use rowan::{GreenNodeData, NodeOrToken, TextRange, TextSize};

use crate::SyntaxKind::{self, *};
use crate::{SyntaxElement, SyntaxError, SyntaxNode, SyntaxToken};

/// Validation errors past this count are dropped, as the parser drops its own.
pub(crate) const MAX_ERRORS: usize = 1_000;

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
    /// A context with every alias of the file.
    #[cfg(test)]
    pub(super) fn new(root: &SyntaxNode) -> Self {
        Context::for_range(root, root.text_range(), split_markers(root))
    }

    /// A context with the aliases of the chunks that `range` touches, which are all that
    /// uses in `range` can resolve to; `markers` are those of `root`'s tree.
    pub(super) fn for_range(root: &SyntaxNode, range: TextRange, markers: Vec<TextSize>) -> Self {
        let mut cx = Context {
            markers,
            type_aliases: HashMap::new(),
            attr_aliases: HashMap::new(),
            errors: Vec::new(),
        };
        for def in top_level_alias_defs(root, cx.chunks_span(range)) {
            cx.add_alias(&def);
        }
        cx
    }

    /// The bytes of the chunks that `range` touches: from the marker before it (or the
    /// start of the file) to the first marker after it (or past the end of the file).
    fn chunks_span(&self, range: TextRange) -> TextRange {
        let (first, last) = (self.chunk_of(range.start()), self.chunk_of(range.end()));
        let start = first.checked_sub(1).map_or(0.into(), |i| self.markers[i]);
        let end = self.markers.get(last).copied().unwrap_or(u32::MAX.into());
        TextRange::new(start, end)
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

    /// Does the validated text hold several `// -----` chunks?
    pub(super) fn has_chunks(&self) -> bool {
        !self.markers.is_empty()
    }

    pub(super) fn chunk_of(&self, offset: TextSize) -> usize {
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
        self.push(SyntaxError::new(message, range));
    }

    /// Reports an error made whole elsewhere (with its note, if it has one).
    pub(super) fn push(&mut self, error: SyntaxError) {
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(error);
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

    /// How many errors were reported so far (at most `MAX_ERRORS`).
    pub(super) fn error_count(&self) -> usize {
        self.errors.len()
    }

    pub(super) fn into_errors(self) -> Vec<SyntaxError> {
        self.errors
    }
}

/// The top-level alias definitions that start in `span`. The file's top level is walked
/// on the green tree, as a file may have thousands of top-level ops and few aliases.
fn top_level_alias_defs(root: &SyntaxNode, span: TextRange) -> Vec<SyntaxNode> {
    let is_def =
        |kind: rowan::SyntaxKind| kind == TYPE_ALIAS_DEF.into() || kind == ATTR_ALIAS_DEF.into();
    let mut defs = Vec::new();
    let mut offset = root.text_range().start();
    for child in root.green().children() {
        let range = TextRange::at(offset, child.text_len());
        offset += child.text_len();
        if range.start() >= span.end() {
            break;
        }
        if span.contains(range.start()) && is_def(child.kind()) {
            let def = root
                .child_or_token_at_range(range)
                .and_then(|c| c.into_node());
            defs.extend(def.filter(|def| is_def(def.kind().into())));
        }
    }
    defs
}

/// Where the `// -----` markers under `root` are, found on the green tree: walking the
/// syntax tree's tokens would cost as much as the rest of validation.
pub(crate) fn split_markers(root: &SyntaxNode) -> Vec<TextSize> {
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
    // Trivia is skipped in the green tree, without a cursor for each whitespace.
    node.children_with_tokens()
        .by_kind(|kind| !kind.is_trivia())
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
    let last = node
        .green()
        .children()
        .rev()
        .map(|c| crate::green_walk::kind_of_raw(c.kind()))
        .find(|k| !k.is_trivia());
    last == Some(kind)
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
