//! The formatter (issue 48): layout only, over the lossless tree, for every dialect known
//! or not. It rewrites nothing but the whitespace between tokens: indentation by region
//! depth, spacing around `=`, `,`, `:` and `->` and inside brackets, trailing whitespace,
//! runs of blank lines. Line breaks stay where they are (a custom op ends at its line),
//! and so do comments, value names, `// -----` markers and FileCheck lines. Strings,
//! dense literals, dialect bodies, locations and `{-# ... #-}` metadata are left as
//! written. In a text the parser could not read whole, each top-level statement that
//! holds a syntax error is left as written, with the whitespace around it: its structure
//! is a guess, and laying it out could change what it means. (The validation's errors,
//! found in a tree that read whole, do not count.) Between a `// fmt: off` comment and
//! the next `// fmt: on` (or the end of the text), the text is kept as written too.

mod lines;
mod spacing;
#[cfg(test)]
mod tests;

use mlir_syntax::{Parse, SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

use lines::{Annotations, LineStart};

/// How to lay a text out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatOptions {
    /// Spaces per region level (MLIR prints 2).
    pub indent_width: usize,
}

impl Default for FormatOptions {
    fn default() -> FormatOptions {
        FormatOptions { indent_width: 2 }
    }
}

/// One change of the layout: the whitespace at `range` becomes `insert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatEdit {
    pub range: TextRange,
    pub insert: String,
}

/// A text's layout: the edits, in text order, and the statements left as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Formatted {
    pub edits: Vec<FormatEdit>,
    /// The top-level statements left as written, each with the first syntax error in it.
    pub left_alone: Vec<(TextRange, TextRange)>,
}

/// The layout of `text` (whose tree is `parse`); with `range`, only the edits whose
/// whitespace lies in it (or touches it).
pub fn format(
    parse: &Parse,
    text: &str,
    options: FormatOptions,
    range: Option<TextRange>,
) -> Formatted {
    let root = parse.syntax_node();
    let left_alone = broken_statements(&root, parse);
    let mut kept: Vec<TextRange> = left_alone
        .iter()
        .map(|(statement, _)| whole_lines(text, *statement))
        .collect();
    kept.extend(switched_off(&root));
    let mut layout = Layout::new(text, options);
    let mut edits = Vec::new();
    let mut previous: Option<SyntaxToken> = None;
    let mut gap_start = TextSize::new(0);
    for token in tokens(&root) {
        let gap = TextRange::new(gap_start, token.text_range().start());
        let insert = layout.gap(previous.as_ref(), &token, &text[gap]);
        if touches_any(gap, &kept) {
            // The line stays where it is, so the lines that move with it stay too.
            layout.shift = 0;
        } else {
            push_edit(&mut edits, gap, insert, &text[gap], range);
        }
        gap_start = token.text_range().end();
        previous = Some(token);
    }
    let end = TextRange::new(gap_start, TextSize::of(text));
    if previous.is_some() && !touches_any(end, &kept) {
        push_edit(
            &mut edits,
            end,
            layout.newline.to_string(),
            &text[end],
            range,
        );
    }
    Formatted { edits, left_alone }
}

/// The top-level statements that hold an error of the lexer or the parser, with what the
/// parser could not read after them (`ERROR` nodes), each with the first such error, in
/// text order.
fn broken_statements(root: &SyntaxNode, parse: &Parse) -> Vec<(TextRange, TextRange)> {
    let mut errors: Vec<TextRange> = parse.structure_errors().map(|e| e.range).collect();
    if errors.is_empty() {
        return Vec::new();
    }
    errors.sort_by_key(|r| (r.start(), r.end()));
    let statements: Vec<(TextRange, SyntaxKind)> = root
        .children_with_tokens()
        .filter(|c| c.kind() != SyntaxKind::WHITESPACE)
        .map(|c| (c.text_range(), c.kind()))
        .collect();
    let mut out: Vec<(TextRange, TextRange)> = Vec::new();
    let mut next_error = errors.iter().peekable();
    for (i, &(range, kind)) in statements.iter().enumerate() {
        // An error at the end of the text (an unterminated string) belongs to the last
        // statement.
        let last = i + 1 == statements.len();
        let end = match last {
            true => root.text_range().end(),
            false => statements[i + 1].0.start(),
        };
        let mut first = None;
        while let Some(error) =
            next_error.next_if(|e| e.start() < end || (last && e.start() == end))
        {
            first.get_or_insert(*error);
        }
        let joins_last = kind == SyntaxKind::ERROR && !out.is_empty();
        match (first, out.last_mut()) {
            (None, Some((last, _))) if joins_last && last.end() <= range.start() => {
                *last = last.cover(range);
            }
            (None, _) => {}
            (Some(error), _) => out.push((range.cover(error), error)),
        }
    }
    out
}

/// `range` grown to the lines it touches: the parser's recovery may have read the start of
/// a broken line as a statement of its own, and that part is a guess too.
fn whole_lines(text: &str, range: TextRange) -> TextRange {
    let (start, end) = (usize::from(range.start()), usize::from(range.end()));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    TextRange::new(
        TextSize::new(line_start as u32),
        TextSize::new(line_end as u32),
    )
}

/// The spans from each `// fmt: off` comment to the next `// fmt: on` (or the end).
fn switched_off(root: &SyntaxNode) -> Vec<TextRange> {
    let mut out = Vec::new();
    let mut off_since: Option<TextSize> = None;
    let switches = tokens(root).filter(|t| t.kind() == SyntaxKind::COMMENT);
    for comment in switches {
        match (switch(comment.text()), off_since) {
            (Some(false), None) => off_since = Some(comment.text_range().start()),
            (Some(true), Some(start)) => {
                out.push(TextRange::new(start, comment.text_range().end()));
                off_since = None;
            }
            _ => {}
        }
    }
    if let Some(start) = off_since {
        out.push(TextRange::new(start, root.text_range().end()));
    }
    out
}

/// `Some(false)` for `// fmt: off`, `Some(true)` for `// fmt: on` (each maybe followed by
/// a reason after a space).
fn switch(comment: &str) -> Option<bool> {
    let rest = comment.strip_prefix("// fmt: ")?;
    let word = rest.split(char::is_whitespace).next().unwrap_or("");
    match word {
        "off" => Some(false),
        "on" => Some(true),
        _ => None,
    }
}

/// Does `gap` overlap or touch one of the spans kept as written?
fn touches_any(gap: TextRange, kept: &[TextRange]) -> bool {
    kept.iter()
        .any(|span| gap.start() <= span.end() && gap.end() >= span.start())
}

/// The width of an indentation, with tabs to the next multiple of 8 (as terminals and
/// most editors show them): continuation lines aligned with tabs stay aligned.
fn columns(indentation: &str) -> usize {
    indentation.chars().fold(0, |column, c| match c {
        '\t' => (column / 8 + 1) * 8,
        _ => column + 1,
    })
}

/// Does `whitespace` hold a `\r` that no `\n` follows?
fn has_lone_carriage_return(whitespace: &str) -> bool {
    let bytes = whitespace.as_bytes();
    bytes
        .iter()
        .enumerate()
        .any(|(i, b)| *b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
}

/// `text` with `edits` (from `format`) applied.
pub fn apply_format_edits(text: &str, edits: &[FormatEdit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        out.push_str(&text[at..usize::from(edit.range.start())]);
        out.push_str(&edit.insert);
        at = usize::from(edit.range.end());
    }
    out.push_str(&text[at..]);
    out
}

fn push_edit(
    edits: &mut Vec<FormatEdit>,
    gap: TextRange,
    insert: String,
    old: &str,
    range: Option<TextRange>,
) {
    let wanted = range.is_none_or(|r| r.intersect(gap).is_some());
    if wanted && insert != old {
        edits.push(FormatEdit { range: gap, insert });
    }
}

/// The tokens of the tree that are not whitespace, comments included, in text order.
fn tokens(root: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    root.descendants_with_tokens()
        .filter_map(|element| element.into_token())
        .filter(|token| token.kind() != SyntaxKind::WHITESPACE)
}

/// What decides each gap: the options, the text's line break, the `expected-*`
/// annotations whose line offsets must not move, and the indentation change of the last
/// line that began a statement (continuation lines move with it).
struct Layout<'t> {
    text: &'t str,
    options: FormatOptions,
    newline: &'static str,
    annotations: Annotations,
    shift: isize,
}

impl<'t> Layout<'t> {
    fn new(text: &'t str, options: FormatOptions) -> Layout<'t> {
        Layout {
            text,
            options,
            newline: if text.contains("\r\n") { "\r\n" } else { "\n" },
            annotations: Annotations::of(text),
            shift: 0,
        }
    }

    /// The whitespace that goes between `previous` (none at the start) and `next`, where
    /// `old` is.
    fn gap(&mut self, previous: Option<&SyntaxToken>, next: &SyntaxToken, old: &str) -> String {
        if has_lone_carriage_return(old) {
            // A `\r` alone ends a comment (as in MLIR's lexer) but starts no line in
            // MLIR's line numbers: neither a space nor a line break may stand for it.
            return old.to_string();
        }
        let breaks = old.matches('\n').count();
        if let Some(previous) = previous.filter(|_| breaks == 0) {
            return spacing::between(previous, next, old);
        }
        if let Some(previous) = previous
            && lines::is_inside_kept(previous, next)
        {
            return old.to_string();
        }
        let start = previous.map_or(0, |p| usize::from(p.text_range().end()));
        let kept_breaks = match previous {
            None => 0,
            Some(_) if self.annotations.pins(self.text, start, breaks) => breaks,
            Some(_) => breaks.min(2),
        };
        let old_indent = columns(lines::last_line(old));
        let indent = match lines::line_start(next, self.options.indent_width) {
            LineStart::Statement(indent) => {
                self.shift = indent as isize - old_indent as isize;
                indent
            }
            LineStart::Comment => self.comment_indent(next, old_indent),
            LineStart::Kept => return self.breaks(kept_breaks) + lines::last_line(old),
            LineStart::Continuation => (old_indent as isize + self.shift).max(0) as usize,
        };
        self.breaks(kept_breaks) + &" ".repeat(indent)
    }

    fn breaks(&self, count: usize) -> String {
        self.newline.repeat(count)
    }

    /// A comment on its own line goes where the next statement goes (inside a region
    /// that ends next, one level in from its `}`); one amid a statement's lines moves
    /// with them.
    fn comment_indent(&self, comment: &SyntaxToken, old_indent: usize) -> usize {
        match lines::next_statement_indent(comment, self.options.indent_width) {
            Some(indent) => indent,
            None => (old_indent as isize + self.shift).max(0) as usize,
        }
    }
}
