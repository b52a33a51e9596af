//! Where each line of a formatted text begins: the indentation of a line's first token
//! by what it starts (a statement, a block label, a region's `}`, a comment, the rest of
//! a statement), the lines that are kept as written (FileCheck and `RUN:` lines, `// -----`
//! markers), the nodes kept whole, and the `expected-*@+N` annotations whose line
//! offsets pin the blank lines below them.

use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

use SyntaxKind::*;

/// What the first token of a line begins.
pub(super) enum LineStart {
    /// A statement (an op, an alias, metadata), a block label or a region's closing `}`:
    /// at this indentation.
    Statement(usize),
    /// A comment on its own line.
    Comment,
    /// A line kept as written: a `// -----` marker or a FileCheck or `RUN:` line.
    Kept,
    /// The rest of a statement begun on an earlier line.
    Continuation,
}

/// What `token`, the first of its line, begins; indentation in steps of `width`.
pub(super) fn line_start(token: &SyntaxToken, width: usize) -> LineStart {
    match token.kind() {
        SPLIT_MARKER => return LineStart::Kept,
        COMMENT if is_directive(token.text()) => return LineStart::Kept,
        COMMENT => return LineStart::Comment,
        R_BRACE => {
            if let Some(region) = token.parent().filter(|p| p.kind() == REGION) {
                return LineStart::Statement(width * regions_around(&region).saturating_sub(1));
            }
        }
        _ => {}
    }
    let starts = |node: &SyntaxNode| node.text_range().start() == token.text_range().start();
    for node in token.parent_ancestors().take_while(starts) {
        match node.kind() {
            GENERIC_OP | CUSTOM_OP | ATTR_ALIAS_DEF | TYPE_ALIAS_DEF | FILE_METADATA => {
                return LineStart::Statement(width * regions_around(&node));
            }
            BLOCK_LABEL => {
                return LineStart::Statement(width * regions_around(&node).saturating_sub(1));
            }
            _ => {}
        }
    }
    LineStart::Continuation
}

/// How many regions hold `node` (itself included, if it is one).
fn regions_around(node: &SyntaxNode) -> usize {
    node.ancestors().filter(|n| n.kind() == REGION).count()
}

/// The indentation of the statement the lines after `comment` begin, for a comment on its
/// own line: one level in from a region's `}`; `None` when what follows continues a
/// statement (or nothing follows).
pub(super) fn next_statement_indent(comment: &SyntaxToken, width: usize) -> Option<usize> {
    let mut token = comment.clone();
    loop {
        let (next, broke) = next_token(&token)?;
        token = next;
        if !broke {
            continue;
        }
        match line_start(&token, width) {
            LineStart::Statement(indent) if token.kind() == R_BRACE => return Some(indent + width),
            LineStart::Statement(indent) => return Some(indent),
            LineStart::Comment | LineStart::Kept => {}
            LineStart::Continuation => return None,
        }
    }
}

/// The token after `token` that is not whitespace, and whether a line break comes between.
fn next_token(token: &SyntaxToken) -> Option<(SyntaxToken, bool)> {
    let mut broke = false;
    let mut next = token.next_token()?;
    while next.kind() == WHITESPACE {
        broke |= next.text().contains('\n');
        next = next.next_token()?;
    }
    Some((next, broke))
}

/// Is this comment a line for a tool, kept as written: `// RUN:`, a FileCheck directive
/// (`// CHECK:`, `// CHECK-NEXT:`, `// MY-PREFIX-LABEL:`, any prefix of capitals, digits,
/// `-` and `_` before a colon)?
fn is_directive(comment: &str) -> bool {
    let body = comment.trim_start_matches('/').trim_start();
    let Some((prefix, _)) = body.split_once(':') else {
        return false;
    };
    prefix.starts_with(|c: char| c.is_ascii_uppercase())
        && prefix
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// Nodes kept as written, whitespace inside and all: dense literals, dialect bodies
/// (their syntax is the dialect's), locations, affine constraints (`>=` is two tokens),
/// `{-# ... #-}` metadata.
fn is_kept_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        TENSOR_LITERAL
            | DIALECT_BODY
            | LOCATION
            | AFFINE_CONSTRAINT
            | DENSE_RESOURCE_ATTR
            | SPARSE_ATTR
            | FILE_METADATA
    )
}

/// Do `previous` and `next` both lie in one node kept as written?
pub(super) fn is_inside_kept(previous: &SyntaxToken, next: &SyntaxToken) -> bool {
    let before = previous.text_range().start();
    next.parent_ancestors()
        .any(|node| is_kept_kind(node.kind()) && node.text_range().start() <= before)
}

/// What follows the last line break of `whitespace` (a kept line's indentation).
pub(super) fn last_line(whitespace: &str) -> &str {
    whitespace.rsplit('\n').next().unwrap_or("")
}

/// The line spans whose line count an annotation depends on: from an `expected-*@+N` (or
/// `@-N`) comment to the line it names, and likewise for FileCheck's `[[@LINE+N]]`.
pub(super) struct Annotations {
    /// Spans as (first line, last line), 0-based.
    pinned: Vec<(usize, usize)>,
}

impl Annotations {
    pub(super) fn of(text: &str) -> Annotations {
        let mut pinned = Vec::new();
        for (line, content) in text.lines().enumerate() {
            for offset in relative_offsets(content) {
                let target = line as isize + offset;
                let (lo, hi) = (
                    line.min(target.max(0) as usize),
                    line.max(target.max(0) as usize),
                );
                pinned.push((lo, hi));
            }
        }
        Annotations { pinned }
    }

    /// Does a gap of `breaks` line breaks from byte `start` of `text` lie in a pinned span
    /// (so that its blank lines must all stay)?
    pub(super) fn pins(&self, text: &str, start: usize, breaks: usize) -> bool {
        if self.pinned.is_empty() {
            return false;
        }
        let first = text[..start].matches('\n').count();
        let last = first + breaks;
        self.pinned.iter().any(|&(lo, hi)| first < hi && last > lo)
    }
}

/// The relative line offsets a line's annotations name: `@+2`, `@-1` after
/// `expected-error` (and -warning, -note, -remark), `[[@LINE+1]]`.
fn relative_offsets(line: &str) -> Vec<isize> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices("expected-") {
        let rest = &line[at..];
        if let Some(sign_at) = rest.find('@')
            && let Some(offset) = signed_number(&rest[sign_at + 1..])
            && !rest[..sign_at].contains(char::is_whitespace)
        {
            out.push(offset);
        }
    }
    for (at, _) in line.match_indices("[[@LINE") {
        if let Some(offset) = signed_number(&line[at + "[[@LINE".len()..]) {
            out.push(offset);
        }
    }
    out
}

/// `+N` or `-N` at the start of `text`.
fn signed_number(text: &str) -> Option<isize> {
    let sign = match text.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let digits: String = text[1..].chars().take_while(char::is_ascii_digit).collect();
    Some(sign * digits.parse::<isize>().ok()?)
}
