//! Incremental reparsing (stage 2, DESIGN §3.5): after an edit inside a `{...}` region whose
//! braces stay balanced, only that region is parsed again and its new tree is spliced into
//! the old one. The result is exactly what parsing the whole new text gives, tree and errors
//! alike; where that cannot be guaranteed cheaply, the whole text is parsed again.
//!
//! Why a region parsed alone parses as in the whole file: its `{` and `}` are tokens of
//! their own that the edit does not touch, so the lexer cuts the text around it the same;
//! the parser reaches the `{` in the same state, and the region is parsed at the same nesting
//! depth, after a (zero-length) op name when a custom op's own rule must decide again that
//! the `{` opens a region; no look-ahead of the grammar passes a region's closing `}`, so a
//! region that ends exactly at its last `}` alone also ends there in the file; and the
//! parser continues after it as before if the region leaves the bracket depth as it did.
//! The validation errors are redone the same way, for the region only (`revalidate`).
//! The random-edit tests check all of this against full parses.

use std::ops::Range;

use rowan::{GreenNode, TextRange, TextSize};

use crate::parser::{ErrorLog, FragmentContext, MAX_ERRORS, Parser};
use crate::{Parse, SyntaxError, SyntaxKind::*, SyntaxNode, grammar, lexer};

mod revalidate;
#[cfg(test)]
mod tests;

/// An edit of a text: the bytes of `delete` are replaced by `insert`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TextEdit {
    pub delete: TextRange,
    pub insert: String,
}

impl TextEdit {
    pub fn replace(delete: TextRange, insert: impl Into<String>) -> TextEdit {
        TextEdit {
            delete,
            insert: insert.into(),
        }
    }

    pub fn insert(at: TextSize, text: impl Into<String>) -> TextEdit {
        TextEdit::replace(TextRange::empty(at), text)
    }

    pub fn delete(range: TextRange) -> TextEdit {
        TextEdit::replace(range, "")
    }

    /// Applies the edit to `text`. Panics, as `String::replace_range` does, if `delete` is
    /// not inside `text` or does not fall on character boundaries.
    pub fn apply(&self, text: &mut String) {
        text.replace_range(Range::<usize>::from(self.delete), &self.insert);
    }

    /// How many bytes longer the edited text is (negative when shorter).
    fn growth(&self) -> i64 {
        self.insert.len() as i64 - i64::from(u32::from(self.delete.len()))
    }
}

/// Which way `reparse` went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReparseKind {
    /// Only one region was parsed again; this is its range in the new text.
    Region(TextRange),
    /// The whole new text was parsed.
    Full,
}

/// The parse of `old`'s text after `edit`, equal to `crate::parse` of the new text.
/// Panics if the edit's range is not inside the old text on character boundaries.
pub fn reparse(old: &Parse, edit: &TextEdit) -> Parse {
    reparse_with_kind(old, edit).0
}

/// `reparse`, also telling whether one region or the whole text was parsed again.
pub fn reparse_with_kind(old: &Parse, edit: &TextEdit) -> (Parse, ReparseKind) {
    let (parse, kind, _) = reparse_traced(old, edit);
    (parse, kind)
}

/// Past this many edits at once, the new text is parsed whole: the pieces would cost
/// more than the whole (each piece may also validate the whole tree again).
pub const MAX_PIECEWISE_EDITS: usize = 64;

/// The parse of `old`'s text after `edits` (in order), which make `new_text`, and
/// whether it was parsed whole; equal to `crate::parse(new_text)`. The edits are reparsed
/// one by one while each stays within a region; at the first that does not, or when
/// there are more than `MAX_PIECEWISE_EDITS`, `new_text` is parsed once, whole. (Going on
/// edit by edit would parse each intermediate text whole: a burst of edits that breaks
/// the syntax early, as a busy analysis catching up with fast typing receives, cost one
/// full parse per edit.)
pub fn reparse_edits(old: &Parse, edits: &[TextEdit], new_text: &str) -> (Parse, bool) {
    match reparse_pieces(old, edits) {
        Some(tree) => (tree, false),
        None => (crate::parse(new_text), true),
    }
}

/// `reparse_edits` without the new text: `None` where that text must be parsed whole.
/// (A caller that keeps its text in pieces flattens it only then.)
pub fn reparse_pieces(old: &Parse, edits: &[TextEdit]) -> Option<Parse> {
    if edits.len() > MAX_PIECEWISE_EDITS {
        return None;
    }
    let mut tree = old.clone();
    for edit in edits {
        tree = reparse_some_region(&tree, edit)?.0;
    }
    Some(tree)
}

/// What was validated again after an edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Validated {
    /// Only the reparsed region.
    Region,
    /// The whole new tree.
    Tree,
}

/// `reparse_with_kind`, also telling what was validated again.
fn reparse_traced(old: &Parse, edit: &TextEdit) -> (Parse, ReparseKind, Validated) {
    if let Some((parse, range, validated)) = reparse_some_region(old, edit) {
        return (parse, ReparseKind::Region(range), validated);
    }
    let mut text = old.syntax_node().text().to_string();
    edit.apply(&mut text);
    (crate::parse(&text), ReparseKind::Full, Validated::Tree)
}

/// Tries the regions around the edit from the innermost out; the first that can be
/// reparsed alone wins.
fn reparse_some_region(old: &Parse, edit: &TextEdit) -> Option<(Parse, TextRange, Validated)> {
    let root = old.syntax_node();
    // Past the error cap, which errors were dropped depends on the whole file.
    let error_count = old.found.lexer.len() + old.found.parser.len();
    if !root.text_range().contains_range(edit.delete) || error_count >= MAX_ERRORS {
        return None;
    }
    root.covering_element(edit.delete)
        .ancestors()
        .filter(|node| node.kind() == REGION)
        .find_map(|region| reparse_region(old, &region, edit))
}

/// Reparses `region` with the edit applied, if the result is sure to be what a full parse
/// would give, and validates what it must again.
fn reparse_region(
    old: &Parse,
    region: &SyntaxNode,
    edit: &TextEdit,
) -> Option<(Parse, TextRange, Validated)> {
    let range = region.text_range();
    let text = edited_region_text(region, edit)?;
    let split = ErrorSplit::new(&old.found, range)?;
    let context = FragmentContext {
        depth: nesting_depth(region),
        after_op_name: region.parent()?.kind() != REGION_LIST,
        after_outside_error: split.outside_error_before_region(),
        start_column: column_of(region),
    };
    let fragment = parse_fragment(&text, &context)?;
    // The parser's recovery after the region compares bracket depths with ones taken
    // before it, so the region must leave the depth as it did.
    if fragment.bracket_balance != bracket_balance(region) {
        return None;
    }
    let found = split.splice(&fragment.errors, edit.growth())?;
    let green = region.replace_with(fragment.green);
    let new_range = TextRange::at(range.start(), TextSize::of(text.as_str()));
    let checked = revalidate::revalidate(&old.checked, region, &green, new_range, edit.growth());
    let (parse, validated) = match checked {
        Some(checked) => (
            Parse::with_validation(green, found, checked),
            Validated::Region,
        ),
        None => (Parse::from_parts(green, found), Validated::Tree),
    };
    Some((parse, new_range, validated))
}

/// The region's text after the edit, if the edit is between the region's own `{` and `}`
/// (so the tokens around the region stay the same) and braces still balance in it.
fn edited_region_text(region: &SyntaxNode, edit: &TextEdit) -> Option<String> {
    let range = region.text_range();
    let inside = range.start() < edit.delete.start() && edit.delete.end() < range.end();
    if !inside || !is_closed(region) {
        return None;
    }
    let mut text = region.text().to_string();
    TextEdit::replace(edit.delete - range.start(), edit.insert.clone()).apply(&mut text);
    braces_balanced(&text).then_some(text)
}

/// Does the region end with its own `}` (rather than at the end of the input or a split
/// marker, where the parser stops it early)?
fn is_closed(region: &SyntaxNode) -> bool {
    region.last_child_or_token().map(|last| last.kind()) == Some(R_BRACE)
}

/// A cheap check before parsing: does `text` lex as `{`, then tokens in which braces
/// balance, then the `}` that closes the first `{`? Braces in strings and comments are
/// inside those tokens and do not count.
fn braces_balanced(text: &str) -> bool {
    let (tokens, _) = lexer::lex(text);
    let tokens = &tokens[..tokens.len() - 1];
    if tokens.first().map(|t| t.kind) != Some(L_BRACE) {
        return false;
    }
    let mut depth = 0i32;
    for (i, token) in tokens.iter().enumerate() {
        match token.kind {
            L_BRACE => depth += 1,
            R_BRACE => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return i + 1 == tokens.len();
        }
    }
    false
}

/// How deep the parser's nesting counter is at the region's `{`: regions, bracketed groups
/// and dictionaries of custom ops nest, and only those can hold a region.
pub(crate) fn nesting_depth(region: &SyntaxNode) -> u32 {
    let nests = |node: &SyntaxNode| {
        matches!(
            node.kind(),
            REGION | PAREN_GROUP | BRACKET_GROUP | ANGLE_GROUP | BRACE_GROUP | ATTR_DICT
        )
    };
    region.ancestors().skip(1).filter(nests).count() as u32
}

/// Opening minus closing brackets among the tokens of `node`, as the parser counts them.
fn bracket_balance(node: &SyntaxNode) -> i32 {
    let balance = |kind| match kind {
        L_PAREN | L_BRACK | L_BRACE | FILE_META_OPEN => 1,
        R_PAREN | R_BRACK | R_BRACE | FILE_META_CLOSE => -1,
        _ => 0,
    };
    node.descendants_with_tokens()
        .filter_map(|element| element.into_token())
        .map(|token| balance(token.kind()))
        .sum()
}

/// A region parsed alone: its green node, errors (relative to its start) and the net
/// bracket count of its tokens.
pub(crate) struct Fragment {
    pub(crate) green: GreenNode,
    pub(crate) errors: ErrorLog,
    pub(crate) bracket_balance: i32,
}

/// The column of `node`'s first byte in its file: bytes since the line break before it.
/// The text before a region is one line's worth of tokens back, seldom more.
fn column_of(node: &SyntaxNode) -> i64 {
    let mut column = 0i64;
    let mut token = node.first_token().and_then(|t| t.prev_token());
    while let Some(t) = token {
        let text = t.text();
        if let Some(newline) = memchr::memrchr(b'\n', text.as_bytes()) {
            return column + (text.len() - newline - 1) as i64;
        }
        column += text.len() as i64;
        token = t.prev_token();
    }
    column
}

/// Parses `text` as a region in `context`; `None` unless it is one region, closed by its
/// last `}` (a region that ends early would have let the parser go on past it).
pub(crate) fn parse_fragment(text: &str, context: &FragmentContext) -> Option<Fragment> {
    let mut p = Parser::new_fragment(text, context);
    grammar::region_fragment(&mut p, context.after_op_name);
    let bracket_balance = p.bracket_depth();
    let (green, errors) = p.finish();
    let mut region = SyntaxNode::new_root(green).first_child()?;
    if context.after_op_name {
        region = region.last_child()?;
    }
    let whole = region.text_range() == TextRange::up_to(TextSize::of(text));
    (region.kind() == REGION && whole && is_closed(&region)).then(|| Fragment {
        green: region.green().into_owned(),
        errors,
        bracket_balance,
    })
}

/// The old errors cut in three around the edited region, each part in the order found:
/// before the region, inside it, after it.
struct ErrorSplit<'a> {
    region: TextRange,
    old: &'a ErrorLog,
    lexer: [&'a [SyntaxError]; 3],
    parser: [&'a [SyntaxError]; 3],
}

impl<'a> ErrorSplit<'a> {
    /// A lexer error lies in its token, so it is placed by where it starts. A parser error
    /// found before the region's `{` was consumed starts at or before it; one found inside
    /// starts after the `{` and before the end; one found after starts at the end or later.
    fn new(old: &'a ErrorLog, region: TextRange) -> Option<Self> {
        let (start, end) = (region.start(), region.end());
        let lexer = split3(&old.lexer, |at| {
            usize::from(at >= start) + usize::from(at >= end)
        })?;
        let parser = split3(&old.parser, |at| {
            usize::from(at > start) + usize::from(at >= end)
        })?;
        Some(ErrorSplit {
            region,
            old,
            lexer,
            parser,
        })
    }

    /// Is the file's last error before the region (in the order found) outside it? Then
    /// it cannot be at the place of the region's first error.
    fn outside_error_before_region(&self) -> bool {
        !self.parser[0].is_empty() || !self.lexer[2].is_empty()
    }

    /// The new errors: the old ones around the region (those after it moved by `growth`)
    /// and the region's new ones, with the parser's one-error-per-place rule redone where
    /// the parts meet. `None` where the old errors do not tell what the rule dropped.
    fn splice(&self, fragment: &ErrorLog, growth: i64) -> Option<ErrorLog> {
        let start = i64::from(u32::from(self.region.start()));
        let lexer = [
            self.lexer[0].to_vec(),
            shifted(&fragment.lexer, start),
            shifted(self.lexer[2], growth),
        ]
        .concat();
        let mut before = self.parser[0].to_vec();
        self.redo_first_before(&mut before, &lexer)?;
        let inside = shifted(&fragment.parser, start);
        let mut after = shifted(self.parser[2], growth);
        let last_new = inside.last().or(before.last()).or(lexer.last());
        self.redo_first_after(&mut after, last_new, growth)?;
        let parser = [before, inside, after].concat();
        (lexer.len() + parser.len() < MAX_ERRORS).then_some(ErrorLog { lexer, parser })
    }

    /// The first parser error before the region was checked against the last lexer error
    /// of the file, which the edit may have changed.
    fn redo_first_before(
        &self,
        before: &mut Vec<SyntaxError>,
        lexer: &[SyntaxError],
    ) -> Option<()> {
        let region_start = self.region.start();
        let before_region = |e: Option<&SyntaxError>| start_of(e).filter(|&at| at < region_start);
        let (old, new) = (
            before_region(self.old.lexer.last()),
            before_region(lexer.last()),
        );
        if old == new {
            return Some(());
        }
        if old.is_some() {
            // That error may have hidden a parser error we never saw.
            return None;
        }
        if start_of(before.first()) == new {
            before.remove(0);
        }
        Some(())
    }

    /// The first parser error after the region was checked against the last error before
    /// it in the order found, which may have changed.
    fn redo_first_after(
        &self,
        after: &mut Vec<SyntaxError>,
        last_new: Option<&SyntaxError>,
        growth: i64,
    ) -> Option<()> {
        let parser_last = self.parser[1].last().or(self.parser[0].last());
        let last_old = parser_last.or(self.old.lexer.last());
        match start_of(last_old) {
            // A lexer error after the region may have hidden a parser error we never saw:
            // only if it is still the last one does the same happen again.
            Some(at) if at >= self.region.end() => {
                (start_of(last_new) == Some(shift(at, growth))).then_some(())
            }
            _ => {
                if last_new.is_some() && start_of(after.first()) == start_of(last_new) {
                    after.remove(0);
                }
                Some(())
            }
        }
    }
}

/// Cuts `errors` into the runs whose starts `class` puts in part 0, 1 and 2; `None` if the
/// parts are not in that order.
fn split3(
    errors: &[SyntaxError],
    class: impl Fn(TextSize) -> usize,
) -> Option<[&[SyntaxError]; 3]> {
    let classes: Vec<usize> = errors.iter().map(|e| class(e.range.start())).collect();
    if classes.windows(2).any(|pair| pair[0] > pair[1]) {
        return None;
    }
    let first = classes.iter().take_while(|&&c| c == 0).count();
    let second = first + classes[first..].iter().take_while(|&&c| c == 1).count();
    Some([&errors[..first], &errors[first..second], &errors[second..]])
}

fn start_of(error: Option<&SyntaxError>) -> Option<TextSize> {
    error.map(|e| e.range.start())
}

fn shift(at: TextSize, by: i64) -> TextSize {
    let moved = i64::from(u32::from(at)) + by;
    TextSize::from(u32::try_from(moved).expect("an error moved out of the text"))
}

fn shifted(errors: &[SyntaxError], by: i64) -> Vec<SyntaxError> {
    let move_error = |e: &SyntaxError| {
        let range = TextRange::new(shift(e.range.start(), by), shift(e.range.end(), by));
        SyntaxError { range, ..e.clone() }
    };
    errors.iter().map(move_error).collect()
}
