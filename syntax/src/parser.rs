//! The parser's machinery (stage 2): a token cursor that builds a rowan green tree directly,
//! with trivia attached between nodes, errors collected beside the tree, a nesting limit and
//! a step limit so that no input can overflow the stack or loop forever (DESIGN §3.2).

use rowan::{GreenNode, TextRange, TextSize};

pub(crate) use crate::green_builder::Checkpoint;
use crate::green_builder::GreenBuilder;

use crate::{
    SyntaxError,
    SyntaxKind::{self, *},
    lexer::{self, Token},
};

/// How deep brackets, regions, types and attributes may nest before the parser stops
/// recursing and skips the rest of the construct flat. Real IR nests far less than this.
pub(crate) const MAX_DEPTH: u32 = 256;

/// How many look-ups may happen without consuming a token before the parser is declared
/// stuck; then every look-up answers `EOF`, which ends every loop.
const STUCK_LIMIT: u32 = 100_000;

/// At most this many errors are reported per parse; past it, one last error says so. A
/// file of garbage should not produce millions of diagnostics.
pub(crate) const MAX_ERRORS: usize = 1_000;

/// The errors of one parse in the order they were found: the lexer's, then the parser's.
/// Incremental reparsing rebuilds them piecewise, so they are kept apart and unsorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ErrorLog {
    pub(crate) lexer: Vec<SyntaxError>,
    pub(crate) parser: Vec<SyntaxError>,
}

impl ErrorLog {
    pub(crate) fn is_empty(&self) -> bool {
        self.lexer.is_empty() && self.parser.is_empty()
    }
}

/// Where a region reparsed alone stands in its file, so that it parses as it would there.
pub(crate) struct FragmentContext {
    /// The nesting depth at the region's `{`.
    pub(crate) depth: u32,
    /// Put a zero-length op name before the text: the region belongs to a custom op, whose
    /// own rule then decides whether the `{` opens a region.
    pub(crate) after_op_name: bool,
    /// Was the file's last error before the region reported outside it? Then the
    /// one-error-per-place rule must not compare the region's first error with the
    /// region's own lexer errors.
    pub(crate) after_outside_error: bool,
    /// The column of the text's first byte in the file: custom ops compare the columns
    /// of their lines (`-1` for a piece wrapped in a `{` of its own at a line start).
    pub(crate) start_column: i64,
}

pub(crate) struct Parser<'t> {
    text: &'t str,
    tokens: Vec<Token>,
    /// Index of the current non-trivia token.
    pos: usize,
    /// Index of the first trivia token not yet added to the tree.
    trivia_start: usize,
    builder: GreenBuilder,
    errors: Vec<SyntaxError>,
    depth: u32,
    steps: std::cell::Cell<u32>,
    /// End of the last consumed non-trivia token, for errors reported "after" it.
    prev_end: u32,
    /// The last consumed non-trivia token, as consumed (custom ops look back one token).
    prev: Option<Token>,
    /// `(`, `[` and `{` consumed minus their closers: recovery uses it to skip the rest of
    /// a broken statement without leaving its region.
    bracket_depth: i32,
    /// While the current token is a piece of a split token: where that token ends.
    split_end: Option<u32>,
    /// How many of `errors`, at its start, are the lexer's.
    lexer_error_count: usize,
    /// Where the last error reported so far starts, for the one-error-per-place rule.
    last_error_start: Option<TextSize>,
    /// The column of the text's first byte in its file (a fragment may start mid-line).
    start_column: i64,
}

impl<'t> Parser<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        let (tokens, lex_errors) = lexer::lex(text);
        let errors: Vec<SyntaxError> = lex_errors
            .into_iter()
            .map(|e| SyntaxError::new(e.message, TextRange::new(e.start.into(), e.end.into())))
            .collect();
        let builder = GreenBuilder::with_capacity(tokens.len());
        let mut p = Parser {
            lexer_error_count: errors.len(),
            last_error_start: errors.last().map(|e| e.range.start()),
            text,
            tokens,
            pos: 0,
            trivia_start: 0,
            builder,
            errors,
            depth: 0,
            steps: std::cell::Cell::new(0),
            prev_end: 0,
            prev: None,
            bracket_depth: 0,
            split_end: None,
            start_column: 0,
        };
        p.pos = p.skip_trivia_from(0);
        p
    }

    /// A parser for a text that is one region of a bigger file, set up as at that region.
    pub(crate) fn new_fragment(text: &'t str, context: &FragmentContext) -> Self {
        let mut p = Parser::new(text);
        p.depth = context.depth;
        p.start_column = context.start_column;
        if context.after_outside_error {
            p.last_error_start = None;
        }
        if context.after_op_name {
            let name = Token {
                kind: BARE_ID,
                start: 0,
                len: 0,
                newline_before: false,
            };
            p.tokens.insert(0, name);
            p.pos = 0;
        }
        p
    }

    /// The tree and the errors in the order they were found.
    /// Where the lexer found `// -----` markers: the tree holds each of them as a token, so
    /// validation need not walk the tree to find them.
    pub(crate) fn split_marker_offsets(&self) -> Vec<TextSize> {
        self.tokens
            .iter()
            .filter(|t| t.kind == SPLIT_MARKER)
            .map(|t| TextSize::new(t.start))
            .collect()
    }

    pub(crate) fn finish(mut self) -> (GreenNode, ErrorLog) {
        let parser = self.errors.split_off(self.lexer_error_count);
        let log = ErrorLog {
            lexer: self.errors,
            parser,
        };
        (self.builder.finish(), log)
    }

    fn skip_trivia_from(&self, mut i: usize) -> usize {
        while self.tokens[i].kind.is_trivia() {
            i += 1;
        }
        i
    }

    /// The `n`th non-trivia token from the cursor (0 is the current one).
    pub(crate) fn nth_token(&self, n: usize) -> Token {
        let steps = self.steps.get() + 1;
        self.steps.set(steps);
        if steps > STUCK_LIMIT {
            debug_assert!(
                false,
                "parser is stuck at byte {}",
                self.tokens[self.pos].start
            );
            return *self.tokens.last().expect("EOF token");
        }
        let mut i = self.pos;
        for _ in 0..n {
            if self.tokens[i].kind == EOF {
                break;
            }
            i = self.skip_trivia_from(i + 1);
        }
        self.tokens[i]
    }

    pub(crate) fn current(&self) -> SyntaxKind {
        self.nth_token(0).kind
    }

    pub(crate) fn nth(&self, n: usize) -> SyntaxKind {
        self.nth_token(n).kind
    }

    pub(crate) fn at(&self, kind: SyntaxKind) -> bool {
        self.current() == kind
    }

    pub(crate) fn text_of(&self, token: Token) -> &'t str {
        &self.text[token.start as usize..token.end() as usize]
    }

    /// The text of the current token.
    pub(crate) fn current_text(&self) -> &'t str {
        self.text_of(self.nth_token(0))
    }

    /// The text of the `n`th non-trivia token.
    pub(crate) fn nth_token_text(&self, n: usize) -> &'t str {
        self.text_of(self.nth_token(n))
    }

    /// Is the current token a bare-id spelled `keyword`?
    pub(crate) fn at_keyword(&self, keyword: &str) -> bool {
        self.at(BARE_ID) && self.current_text() == keyword
    }

    /// Is the `n`th token immediately after the `n-1`th, with no trivia between?
    pub(crate) fn nth_is_adjacent(&self, n: usize) -> bool {
        let (a, b) = (self.nth_token(n - 1), self.nth_token(n));
        a.end() == b.start && b.kind != EOF
    }

    /// Does the current token follow the last consumed one with no trivia between?
    pub(crate) fn current_is_adjacent_to_prev(&self) -> bool {
        self.prev.is_some() && self.prev_end == self.nth_token(0).start
    }

    /// Is there a line break before the current token (or is it the end of the input)?
    pub(crate) fn at_line_start(&self) -> bool {
        self.nth_token(0).newline_before
    }

    /// Does a `// -----` split marker stand between the previous token and the current one?
    pub(crate) fn at_split_marker(&self) -> bool {
        self.tokens[self.trivia_start..self.pos]
            .iter()
            .any(|t| t.kind == SPLIT_MARKER)
    }

    /// Adds the trivia before the current token to the tree. Inline for its test: a token
    /// often follows the last one with no trivia between (`%a,`), and the loop's call
    /// saves and restores the registers the builder's lookup needs.
    #[inline]
    fn flush_trivia(&mut self) {
        if self.trivia_start < self.pos {
            self.flush_trivia_tokens();
        }
    }

    fn flush_trivia_tokens(&mut self) {
        for i in self.trivia_start..self.pos {
            let t = self.tokens[i];
            let text = &self.text[t.start as usize..t.end() as usize];
            if t.kind == WHITESPACE && text == " " {
                self.builder.space(t.kind.into());
            } else {
                self.builder.token(t.kind.into(), text);
            }
        }
        self.trivia_start = self.pos;
    }

    /// Adds the current token to the tree as `kind` and moves on.
    pub(crate) fn bump_as(&mut self, kind: SyntaxKind) {
        let t = self.nth_token(0);
        if t.kind == EOF {
            return;
        }
        self.flush_trivia();
        self.builder.token(kind.into(), self.text_of(t));
        self.prev_end = t.end();
        self.prev = Some(Token { kind, ..t });
        self.bracket_depth += match t.kind {
            L_PAREN | L_BRACK | L_BRACE | FILE_META_OPEN => 1,
            R_PAREN | R_BRACK | R_BRACE | FILE_META_CLOSE => -1,
            _ => 0,
        };
        self.steps.set(0);
        if let Some(end) = self.split_end.filter(|&end| t.end() < end) {
            return self.set_piece(t.end(), end);
        }
        self.split_end = None;
        self.trivia_start = self.pos + 1;
        self.pos = self.skip_trivia_from(self.pos + 1);
    }

    /// Makes the first token of `start..end` (the rest of a split token) the current one.
    fn set_piece(&mut self, start: u32, end: u32) {
        let (kind, len) = lexer::first_token(&self.text[start as usize..end as usize]);
        self.tokens[self.pos] = Token {
            kind,
            start,
            len,
            newline_before: false,
        };
        self.split_end = (start + len < end).then_some(end);
    }

    pub(crate) fn bump(&mut self) {
        let kind = self.current();
        self.bump_as(kind);
    }

    /// Consumes the first `len` bytes of the current token as a token of `kind`, leaving the
    /// rest as the current token re-lexed (used to split dimension lists, L-18).
    pub(crate) fn bump_prefix(&mut self, len: u32, kind: SyntaxKind) {
        let t = self.nth_token(0);
        if len >= t.len {
            return self.bump_as(kind);
        }
        self.flush_trivia();
        let start = t.start as usize;
        self.builder
            .token(kind.into(), &self.text[start..start + len as usize]);
        self.prev_end = t.start + len;
        let end = self.split_end.unwrap_or(t.end()).max(t.end());
        self.set_piece(t.start + len, end);
        self.steps.set(0);
    }

    /// Consumes the current token if it is `kind`.
    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.at(kind) {
            self.bump();
            return true;
        }
        false
    }

    /// Consumes `kind` or reports `message` (MLIR's wording) and returns false.
    pub(crate) fn expect(&mut self, kind: SyntaxKind, message: &str) -> bool {
        if self.eat(kind) {
            return true;
        }
        self.error_expected(message);
        false
    }

    /// Starts the root node; leading trivia goes inside it, as there is no outside.
    pub(crate) fn start_root(&mut self, kind: SyntaxKind) {
        self.builder.start_node(kind.into());
    }

    pub(crate) fn start_node(&mut self, kind: SyntaxKind) {
        self.flush_trivia();
        self.builder.start_node(kind.into());
    }

    /// The kind and text of the last consumed non-trivia token.
    pub(crate) fn prev_token(&self) -> Option<(SyntaxKind, &'t str)> {
        self.prev.map(|t| (t.kind, self.text_of(t)))
    }

    /// The byte right before the previous token (`=` for the `>` of IREE's `=>`).
    pub(crate) fn byte_before_prev(&self) -> Option<u8> {
        let start = self.prev?.start.checked_sub(1)?;
        self.text.as_bytes().get(start as usize).copied()
    }

    pub(crate) fn bracket_depth(&self) -> i32 {
        self.bracket_depth
    }

    /// The column of the byte at `offset` (bytes since its line's start), as in the file.
    pub(crate) fn column(&self, offset: u32) -> i64 {
        let before = &self.text.as_bytes()[..offset as usize];
        match memchr::memrchr(b'\n', before) {
            Some(newline) => (before.len() - newline - 1) as i64,
            None => self.start_column + i64::from(offset),
        }
    }

    /// Where the last consumed non-trivia token ends.
    pub(crate) fn prev_end(&self) -> u32 {
        self.prev_end
    }

    /// Finishes the root node after adding the trivia left before the end of the input.
    pub(crate) fn finish_node_with_trailing_trivia(&mut self) {
        self.flush_trivia();
        self.builder.finish_node();
    }

    pub(crate) fn finish_node(&mut self) {
        self.builder.finish_node();
    }

    pub(crate) fn checkpoint(&mut self) -> Checkpoint {
        self.flush_trivia();
        self.builder.checkpoint()
    }

    pub(crate) fn start_node_at(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        self.builder.start_node_at(checkpoint, kind.into());
    }

    /// Reports `message` on the current token.
    pub(crate) fn error(&mut self, message: impl Into<String>) {
        let t = self.nth_token(0);
        let mut range = TextRange::at(t.start.into(), t.len.into());
        // Upstream places the end of the file on its last character (`{-#` alone: column
        // 3), which a file's final newline puts on the last line.
        if t.kind == EOF && t.start > 0 {
            let last = self.text[..t.start as usize]
                .char_indices()
                .next_back()
                .map_or(0, |(i, _)| i);
            range = TextRange::empty(TextSize::from(last as u32));
        }
        self.push_error(message.into(), range);
    }

    /// Reports the character at the cursor, which starts no token, as upstream's lexer
    /// does: a `.` that begins no ellipsis just after that dot (where the lexer looked for
    /// the next one), anything else on the character.
    pub(crate) fn error_unknown_character(&mut self) {
        let t = self.nth_token(0);
        if self.text_of(t).starts_with('.') {
            let after_dot = TextRange::empty(TextSize::from(t.start + 1));
            let message = "expected three consecutive dots for an ellipsis";
            return self.push_error(message.into(), after_dot);
        }
        self.error("unexpected character");
    }

    /// How many errors the parser has reported so far.
    pub(crate) fn error_count(&self) -> usize {
        self.errors.len()
    }

    /// Reports `message` on a byte range.
    pub(crate) fn error_at(&mut self, message: impl Into<String>, range: TextRange) {
        self.push_error(message.into(), range);
    }

    /// Reports a missing or unexpected token as upstream's emitWrongTokenError does: just
    /// after the previous token, where the missing one belongs (on the previous line when
    /// the unexpected token starts a new one). A character that starts no token is reported
    /// as the lexer error it is (`error_unknown_character`).
    pub(crate) fn error_expected(&mut self, message: &str) {
        if self.nth_token(0).kind == ERROR_TOKEN {
            return self.error_unknown_character();
        }
        if self.prev.is_none() {
            return self.error(message);
        }
        let at = TextSize::from(self.prev_end);
        self.push_error(message.into(), TextRange::empty(at));
    }

    fn push_error(&mut self, message: String, range: TextRange) {
        if self.errors.len() > MAX_ERRORS {
            return;
        }
        if self.errors.len() == MAX_ERRORS {
            let message =
                format!("too many syntax errors; only the first {MAX_ERRORS} are reported");
            self.last_error_start = Some(range.start());
            self.errors.push(SyntaxError::new(message, range));
            return;
        }
        // One error per place: a cascade of errors on the same token helps nobody.
        if self.last_error_start == Some(range.start()) {
            return;
        }
        self.last_error_start = Some(range.start());
        self.errors.push(SyntaxError::new(message, range));
    }

    /// Runs `f` one nesting level deeper; past `MAX_DEPTH`, reports once and skips the
    /// construct at the cursor without recursing. Returns false if it skipped.
    pub(crate) fn nested(&mut self, f: impl FnOnce(&mut Self)) -> bool {
        if self.depth >= MAX_DEPTH {
            self.error("nesting is too deep for the parser");
            self.skip_balanced_flat();
            return false;
        }
        self.depth += 1;
        f(self);
        self.depth -= 1;
        true
    }

    /// Consumes one token, or a whole bracketed group, into an ERROR node, iteratively.
    fn skip_balanced_flat(&mut self) {
        self.start_node(ERROR);
        let mut depth = 0usize;
        loop {
            match self.current() {
                EOF => break,
                L_PAREN | L_BRACK | L_BRACE | L_ANGLE => depth += 1,
                R_PAREN | R_BRACK | R_BRACE | R_ANGLE if depth == 0 => break,
                R_PAREN | R_BRACK | R_BRACE | R_ANGLE => depth -= 1,
                _ => {}
            }
            self.bump();
            if depth == 0 {
                break;
            }
        }
        self.finish_node();
    }
}
