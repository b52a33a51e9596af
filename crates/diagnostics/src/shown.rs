//! Diagnostics of a file: what is wrong, where, with MLIR's message text and a stable code
//! (DESIGN §3.4). Ranges are byte ranges in the whole file, also for `// -----` chunks.

use std::sync::Arc;

use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

use crate::chunks::split_chunks;
use mlir_dialects::irdl::IrdlDialect;
use mlir_dialects::registry::Registry;
use mlir_hir::outline::PreOutlined;

pub use mlir_checks::diagnostic::{Diagnostic, Note, Severity};

/// How far the findings of a text that does not parse go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Everything the checks find, also past a syntax error: an editor shows what it can
    /// while the text is being written.
    All,
    /// What MLIR reaches, as `check` reports it: in a text with a syntax error, its syntax
    /// errors and what MLIR finds while parsing before the first of them. Nothing is
    /// verified, as MLIR verifies only a text that parsed; the rest of the text is not
    /// checked at all, which also spares a huge file broken near its start the cost.
    UpToSyntaxError,
}

/// Every diagnostic of `text`. With `split`, each `// -----` chunk is analysed on its own,
/// as `mlir-opt --split-input-file` does.
pub fn file_diagnostics(text: &str, split: bool) -> Vec<Diagnostic> {
    file_diagnostics_with(text, split, &[], Reach::All)
}

/// `file_diagnostics`, with IRDL dialects from elsewhere (`check --irdl-file`), as far as
/// `reach`.
pub fn file_diagnostics_with(
    text: &str,
    split: bool,
    irdl: &[IrdlDialect],
    reach: Reach,
) -> Vec<Diagnostic> {
    file_diagnostics_with_registry(text, split, irdl, reach, &Registry::builtin_arc())
}

/// `file_diagnostics_with`, with the ops checked against the specs of `registry` (the
/// built-in ones and those imported from elsewhere, `check --ods-file`).
pub fn file_diagnostics_with_registry(
    text: &str,
    split: bool,
    irdl: &[IrdlDialect],
    reach: Reach,
    registry: &Arc<Registry>,
) -> Vec<Diagnostic> {
    per_chunk(text, split, |parse, offset| {
        let pre = PreOutlined::default();
        parse_diagnostics_outlined_with_registry(parse, offset, irdl, pre, reach, registry)
    })
}

/// The syntax errors of `text` alone (`check --syntax-only`): what the parser and its
/// validation find, shown as `file_diagnostics` shows them (the first of each line), with
/// no name, type or op check run.
pub fn file_syntax_diagnostics(text: &str, split: bool) -> Vec<Diagnostic> {
    per_chunk(text, split, syntax_diagnostics)
}

/// `diagnostics` of the whole text, or with `split` of each `// -----` chunk parsed on its
/// own (as `mlir-opt --split-input-file` does), with ranges in the whole text.
fn per_chunk(
    text: &str,
    split: bool,
    diagnostics: impl Fn(&mlir_syntax::Parse, TextSize) -> Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    if !split {
        return diagnostics(&mlir_syntax::parse(text), TextSize::new(0));
    }
    split_chunks(text)
        .into_iter()
        .flat_map(|chunk| diagnostics(&mlir_syntax::parse(&text[chunk]), chunk.start()))
        .collect()
}

/// The syntax errors of an already parsed text that starts at `offset` in its file.
pub fn syntax_diagnostics(parse: &mlir_syntax::Parse, offset: TextSize) -> Vec<Diagnostic> {
    let mut all = shown_diagnostics(&parse.syntax_node(), parse.errors(), Vec::new());
    shift(&mut all, offset);
    all
}

/// Moves diagnostics of a text that starts at `offset` to their place in its file.
fn shift(diagnostics: &mut [Diagnostic], offset: TextSize) {
    for d in diagnostics {
        d.range += offset;
        for note in &mut d.notes {
            note.range += offset;
        }
    }
}

/// The diagnostics of an already parsed text that starts at `offset` in its file: syntax
/// errors, then name-resolution errors.
pub fn parse_diagnostics(parse: &mlir_syntax::Parse, offset: TextSize) -> Vec<Diagnostic> {
    parse_diagnostics_with(parse, offset, &[])
}

/// `parse_diagnostics`, with IRDL dialects from elsewhere.
pub fn parse_diagnostics_with(
    parse: &mlir_syntax::Parse,
    offset: TextSize,
    irdl: &[IrdlDialect],
) -> Vec<Diagnostic> {
    parse_diagnostics_outlined(parse, offset, irdl, PreOutlined::default(), Reach::All)
}

/// `parse_diagnostics_with`, for a parse that outlined some isolated ops already
/// (`outline::parse_outlined`), as far as `reach`.
pub fn parse_diagnostics_outlined(
    parse: &mlir_syntax::Parse,
    offset: TextSize,
    irdl: &[IrdlDialect],
    pre: PreOutlined,
    reach: Reach,
) -> Vec<Diagnostic> {
    let registry = &Registry::builtin_arc();
    parse_diagnostics_outlined_with_registry(parse, offset, irdl, pre, reach, registry)
}

/// `parse_diagnostics_outlined`, with the ops checked against the specs of `registry`.
pub fn parse_diagnostics_outlined_with_registry(
    parse: &mlir_syntax::Parse,
    offset: TextSize,
    irdl: &[IrdlDialect],
    pre: PreOutlined,
    reach: Reach,
    registry: &Arc<Registry>,
) -> Vec<Diagnostic> {
    let root = parse.syntax_node();
    let stop = match reach {
        Reach::All => None,
        Reach::UpToSyntaxError => parse.errors().iter().map(|e| e.range.start()).min(),
    };
    let (mut outline, context) = outline_and_context(parse, &root, pre);
    let mut context = context.with_registry(Arc::clone(registry));
    if let Some(stop) = stop {
        outline = outline.before(stop);
    }
    context.irdl.extend(irdl.iter().cloned());
    // The file checks are an item of the bodies' pool: alone, they would leave cores idle.
    // Rowan cursors stay on their thread, so they build their own root there.
    let green = parse.green();
    let file_checks = || {
        let root = SyntaxNode::new_root(green.clone());
        crate::file_checks::file_checks_of(&root, &outline)
    };
    let (names, file_checks) =
        crate::names::name_diagnostics_beside(&outline.bodies, &context, &file_checks);
    let mut semantic: Vec<Diagnostic> = names.into_iter().chain(file_checks).collect();
    if reach == Reach::UpToSyntaxError {
        keep_reach(&root, &mut semantic, stop);
    }
    let mut all = shown_diagnostics(&root, parse.errors(), semantic);
    shift(&mut all, offset);
    all
}

/// Keeps of the semantic findings of a text what MLIR reaches (`Reach::UpToSyntaxError`):
/// nothing past the first syntax error, at `stop`; if the text does not parse, which a
/// syntax error or an error found while an op parses (an unknown op, a custom parser's
/// error, an operand of the wrong type) tells, nothing its verifier finds, nor what it
/// would find as a body ends (an undefined value) where that body holds the first error.
fn keep_reach(root: &SyntaxNode, semantic: &mut Vec<Diagnostic>, stop: Option<TextSize>) {
    if let Some(stop) = stop {
        semantic.retain(|d| d.range.start() <= stop);
    }
    let first_parse_error = semantic
        .iter()
        .filter(|d| d.severity == Severity::Error && !is_found_after_parse(d.code))
        .map(|d| d.range.start())
        .chain(stop)
        .min();
    if let Some(first) = first_parse_error {
        let unreached = |d: &Diagnostic| {
            is_verifier_finding(d.code)
                || (is_found_at_region_end(d.code) && body_end(root, d.range.start()) >= first)
        };
        semantic.retain(|d| !unreached(d));
    }
    drop_unreached_symbol_checks(root, semantic);
}

/// MLIR checks a symbol table's symbols and their uses as the table's verification ends,
/// which it never reaches once an op inside the table failed to verify: of the symbol
/// checks, keeps those whose table holds no other verifier error.
fn drop_unreached_symbol_checks(root: &SyntaxNode, semantic: &mut Vec<Diagnostic>) {
    let failures: Vec<TextSize> = semantic
        .iter()
        .filter(|d| d.severity == Severity::Error && is_verifier_finding(d.code))
        .filter(|d| !is_symbol_check(d.code))
        .map(|d| d.range.start())
        .collect();
    if failures.is_empty() {
        return;
    }
    semantic.retain(|d| {
        !is_symbol_check(d.code) || {
            let table = table_around(root, d.range.start());
            !failures.iter().any(|&at| table.contains(at))
        }
    });
}

/// Is a diagnostic of this code one of a symbol table's own checks (redefinitions, uses)?
fn is_symbol_check(code: &str) -> bool {
    matches!(code, "symbol" | "call")
}

/// The range of the symbol table that checks the op at `at` (the op itself left out): the
/// innermost table op around it, or the whole text (the chunk's implicit module).
fn table_around(root: &SyntaxNode, at: TextSize) -> TextRange {
    token_at(root, at)
        .and_then(|token| {
            token
                .parent_ancestors()
                .filter(mlir_hir::ops::is_op)
                .skip(1)
                .find(mlir_hir::symbols::is_symbol_table)
        })
        .map_or(root.text_range(), |table| table.text_range())
}

/// Where the body around `at` ends: its innermost isolated op's end, or the text's.
fn body_end(root: &SyntaxNode, at: TextSize) -> TextSize {
    token_at(root, at)
        .and_then(|token| {
            token
                .parent_ancestors()
                .find(|n| mlir_hir::ops::is_op(n) && mlir_hir::ops::is_isolated(n))
        })
        .map_or(root.text_range().end(), |op| op.text_range().end())
}

/// The outline of a parse and its file's context. In a large file the context is read
/// beside the outline's last step, which runs on one thread (and a thread would cost more
/// than it saves in a small one). Rowan cursors stay on their thread, so that one builds
/// its own root.
fn outline_and_context(
    parse: &mlir_syntax::Parse,
    root: &SyntaxNode,
    pre: PreOutlined,
) -> (mlir_hir::outline::Outline, mlir_checks::FileContext) {
    let large = usize::from(root.text_range().len()) >= mlir_hir::outline::PARALLEL_BYTES;
    if !large || mlir_syntax::pool::threads() < 2 {
        let outline = mlir_hir::outline::outline_once_with(root, pre);
        return (outline, mlir_checks::FileContext::of_file(root));
    }
    std::thread::scope(|scope| {
        let green = parse.green().clone();
        let context =
            scope.spawn(move || mlir_checks::FileContext::of_file(&SyntaxNode::new_root(green)));
        let outline = mlir_hir::outline::outline_once_with(root, pre);
        (outline, mlir_syntax::pool::join(context))
    })
}

/// What a file shows, in text order: the first syntax error of each line, and the
/// semantic diagnostics MLIR could reach. The check and the language server both give it.
pub(crate) fn shown_diagnostics(
    root: &SyntaxNode,
    syntax: &[mlir_syntax::SyntaxError],
    semantic: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let semantic = quiet_behind_syntax_errors(root, syntax, semantic);
    let mut all = first_syntax_errors_of_lines(root, syntax);
    drop_behind_parse_errors(root, &mut all, &semantic);
    all.extend(semantic);
    all.sort_by_key(|d| (d.range.start(), d.range.end()));
    all
}

/// The syntax errors to show: the first of each line. A second error on the line of
/// another nearly always follows from it (a construct left open, a token the recovery
/// stumbled on), and MLIR, which stops at its first error, never shows one.
fn first_syntax_errors_of_lines(
    root: &SyntaxNode,
    errors: &[mlir_syntax::SyntaxError],
) -> Vec<Diagnostic> {
    let mut sorted: Vec<&mlir_syntax::SyntaxError> = errors.iter().collect();
    sorted.sort_by_key(|e| e.range.start());
    let breaks = match (sorted.first(), sorted.last()) {
        (Some(first), Some(last)) if sorted.len() > 1 => {
            let span = TextRange::new(first.range.start(), last.range.start());
            line_breaks(&root.green(), span)
        }
        _ => Vec::new(),
    };
    let mut last: Option<TextSize> = None;
    let mut out = Vec::with_capacity(sorted.len());
    for e in sorted {
        let start = e.range.start();
        // Is there no line break from the last error shown up to this one?
        let same_line = last.is_some_and(|at| {
            let next_break = breaks.partition_point(|&b| b < at);
            breaks.get(next_break).is_none_or(|&b| b >= start)
        });
        if !same_line {
            last = Some(start);
            let mut d = Diagnostic::error("syntax", e.message.clone(), e.range);
            d.notes.extend(e.note.iter().map(|note| Note {
                range: e.range,
                message: note.clone(),
            }));
            out.push(d);
        }
    }
    out
}

/// Drops the syntax errors on the line of a custom parser's error and after it: MLIR
/// stopped at the parser's error, and the grammar, which went on, stumbled over what the
/// op left behind (the `)` of `func.func @f) -> i32`, where the parser wanted the `(` of
/// the argument list).
fn drop_behind_parse_errors(
    root: &SyntaxNode,
    shown: &mut Vec<Diagnostic>,
    semantic: &[Diagnostic],
) {
    let mut parse_errors: Vec<TextSize> = semantic
        .iter()
        .filter(|d| d.code == "custom-syntax")
        .map(|d| d.range.start())
        .collect();
    let (Some(&first), Some(last)) = (parse_errors.iter().min(), shown.last()) else {
        return;
    };
    if first > last.range.start() {
        return;
    }
    parse_errors.sort_unstable();
    let breaks = line_breaks(&root.green(), TextRange::new(first, last.range.start()));
    shown.retain(|e| {
        let at = e.range.start();
        let before = parse_errors.partition_point(|&p| p <= at);
        let Some(&parse_error) = before.checked_sub(1).and_then(|i| parse_errors.get(i)) else {
            return true;
        };
        // A line break between the parser's error and this one keeps it.
        let next_break = breaks.partition_point(|&b| b < parse_error);
        breaks.get(next_break).is_some_and(|&b| b < at)
    });
}

/// Where the text of a tree has its line breaks within `span`, in order: one walk of the
/// tokens there (the errors of a huge file may all stand in its first lines).
fn line_breaks(root: &rowan::GreenNodeData, span: TextRange) -> Vec<TextSize> {
    use mlir_syntax::green_walk::Children;
    let mut out = Vec::new();
    let mut stack = vec![Children::new(root, TextSize::new(0))];
    while let Some(top) = stack.last_mut() {
        let Some((child, at)) = top.next_child() else {
            stack.pop();
            continue;
        };
        if at > span.end() {
            break;
        }
        if at + child.text_len() < span.start() {
            continue;
        }
        match child {
            rowan::NodeOrToken::Node(node) => stack.push(Children::new(node, at)),
            rowan::NodeOrToken::Token(token) => {
                let text = token.text().as_bytes();
                let lines = text.iter().enumerate().filter(|(_, b)| **b == b'\n');
                out.extend(lines.map(|(i, _)| at + TextSize::new(i as u32)));
            }
        }
    }
    out
}

/// The token that holds the byte at `at` (none at or past the end). Found by a binary
/// search at each level of the tree: rowan's `token_at_offset` scans each level's
/// children, which for the thousands of statements of a file costs as much per lookup
/// as a walk of them.
fn token_at(root: &SyntaxNode, at: TextSize) -> Option<SyntaxToken> {
    if at >= root.text_range().end() {
        return None;
    }
    root.covering_element(TextRange::at(at, TextSize::new(1)))
        .into_token()
}

/// The semantic diagnostics that MLIR could reach. MLIR reports the first error of the
/// parse in text order, and verifies only what parsed. So an op whose own text (outside
/// its regions) holds a syntax error keeps only what MLIR finds while parsing before that
/// error (its custom parser's errors, its values' types); a verifier's finding in it, or
/// an undeclared value, goes (what our checks find there seldom is more than what follows
/// from the broken text: a declaration cut short looks public, an op cut short looks like
/// a block's last op). A custom parser's error (`custom-syntax`) counts as a syntax error
/// for the op's other findings, and a result list binding the wrong number of results
/// (`result-count`) for its findings after parse; an operand of the wrong type, found
/// while the op parses, goes before its result list's error.
fn quiet_behind_syntax_errors(
    root: &SyntaxNode,
    syntax: &[mlir_syntax::SyntaxError],
    semantic: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut syntax_starts: Vec<TextSize> = syntax.iter().map(|e| e.range.start()).collect();
    syntax_starts.sort_unstable();
    // A custom parser's error ends MLIR's parse as a syntax error does (for what else the
    // op holds: a custom parser that reports two errors reports both).
    let starts = starts_of(&semantic, "custom-syntax", &syntax_starts);
    // A result list that binds the wrong number of results is reported when the op has
    // parsed, which ends MLIR's parse too: nothing is verified of that op.
    let after_parse_starts = starts_of(&semantic, "result-count", &starts);
    if after_parse_starts.is_empty() {
        return semantic;
    }
    // An operand of the wrong type is reported while the op parses, before its results
    // are bound: MLIR stops there, and the op's result list is never compared.
    let mut use_type_starts: Vec<TextSize> = semantic
        .iter()
        .filter(|d| mlir_checks::is_use_mismatch(d))
        .map(|d| d.range.start())
        .collect();
    use_type_starts.sort_unstable();
    semantic
        .into_iter()
        .filter(|d| {
            if d.code == "result-count" {
                return !op_holds_syntax_error(root, d.range.start(), None, &use_type_starts);
            }
            // A finding made while parsing goes only behind an earlier syntax error. A
            // result's type that differs from its forward uses' is found when the results
            // are bound, after the op parsed and its result count was compared.
            let found_after_parse =
                is_found_after_parse(d.code) || mlir_checks::is_definition_mismatch(d);
            let before = match d.code {
                // A custom parser's error where a syntax error starts follows from it: it
                // is reported just after a construct the grammar found broken at its end
                // (`vector<[4xf32>)`), and MLIR stopped in that construct.
                "custom-syntax" => Some(d.range.start() + TextSize::new(1)),
                _ => (!found_after_parse).then_some(d.range.start()),
            };
            let starts = match d.code {
                "custom-syntax" => &syntax_starts,
                _ if found_after_parse => &after_parse_starts,
                _ => &starts,
            };
            !op_holds_syntax_error(root, d.range.start(), before, starts)
        })
        .collect()
}

/// Where the diagnostics of `code` start, with `more`, sorted.
fn starts_of(semantic: &[Diagnostic], code: &str, more: &[TextSize]) -> Vec<TextSize> {
    let mut starts: Vec<TextSize> = semantic
        .iter()
        .filter(|d| d.code == code)
        .map(|d| d.range.start())
        .chain(more.iter().copied())
        .collect();
    starts.sort_unstable();
    starts
}

/// Is a diagnostic of this code one that MLIR finds only after the op parsed: its
/// verifier's, or one found as the region around it ends?
fn is_found_after_parse(code: &str) -> bool {
    is_verifier_finding(code) || is_found_at_region_end(code)
}

/// Is a diagnostic of this code one that MLIR's parser finds as the body around it ends: a
/// use of a value or a block that was never defined?
fn is_found_at_region_end(code: &str) -> bool {
    matches!(code, "undeclared-value" | "undefined-block")
}

/// Is a diagnostic of this code one that MLIR's verifier finds, once the whole text parsed?
fn is_verifier_finding(code: &str) -> bool {
    matches!(
        code,
        "op-verify"
            | "unregistered-op"
            | "entry-block"
            | "terminator"
            | "successor"
            | "call"
            | "symbol"
            | "irdl"
            | "dominance"
    )
}

/// Does the innermost op around `at` hold, in its own text (its end included: a missing
/// closer is reported there), one of the sorted syntax error `starts` (before `before`,
/// if given)?
fn op_holds_syntax_error(
    root: &SyntaxNode,
    at: TextSize,
    before: Option<TextSize>,
    starts: &[TextSize],
) -> bool {
    let Some(token) = token_at(root, at) else {
        return false;
    };
    let Some(op) = token.parent_ancestors().find(mlir_hir::ops::is_op) else {
        return false;
    };
    let range = op.text_range();
    let first = starts.partition_point(|&s| s < range.start());
    let regions: Vec<TextRange> = op
        .children()
        .flat_map(|c| match c.kind() {
            SyntaxKind::REGION => vec![c.text_range()],
            SyntaxKind::REGION_LIST => c.children().map(|r| r.text_range()).collect(),
            _ => Vec::new(),
        })
        .collect();
    starts[first..]
        .iter()
        .take_while(|&&s| s <= range.end() && before.is_none_or(|b| s < b))
        .any(|&s| !regions.iter().any(|r| r.contains(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_parsed_apart_with_file_offsets() {
        // L-17: the marker ends the unclosed region of the first chunk.
        let text = "\"a.op\"() ({\n// -----\n\"b.op\"() : () -> ()\n";
        let joined = file_diagnostics(text, false);
        let split = file_diagnostics(text, true);
        assert_eq!(joined.len(), 1);
        assert_eq!(split.len(), 1);
        assert_eq!(split[0].message, "expected operation name in quotes");
        assert_eq!(u32::from(split[0].range.start()), 11);
    }

    #[test]
    fn an_unknown_top_level_return_stands_before_the_closer_after_it() {
        // MLIR finds the op unknown as it reads its name; the stray `}` comes after (and
        // is reported just after `return`, on its line).
        let shown = file_diagnostics("  return\n}\n", false);
        let messages: Vec<&str> = shown.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "custom op 'return' is unknown (tried 'builtin.return' as well)",
                "expected operation name in quotes"
            ]
        );
    }

    #[test]
    fn a_line_shows_its_first_syntax_error_only() {
        // The unclosed `loc(` is followed on its line by what its recovery stumbles on.
        let one_line = "func.func @f() {\n  return loc(callsite( at )\n}\n";
        let parse = mlir_syntax::parse(one_line);
        assert!(parse.errors().len() > 1, "{:?}", parse.errors());
        let shown = first_syntax_errors_of_lines(&parse.syntax_node(), parse.errors());
        let messages: Vec<&str> = shown.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["expected location instance"]);
        // Errors of separate lines are each shown.
        let two_lines = "!a = vector<0xf32>\n!b = vector<0xi8>\n";
        let parse = mlir_syntax::parse(two_lines);
        let shown = first_syntax_errors_of_lines(&parse.syntax_node(), parse.errors());
        assert_eq!(shown.len(), 2, "{shown:?}");
    }

    fn messages_within_reach(text: &str, reach: Reach) -> Vec<String> {
        file_diagnostics_with(text, false, &[], reach)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn past_a_syntax_error_check_finds_nothing_but_syntax_errors() {
        // The function after the broken op holds a verifier error and an undefined value.
        let text = "\"x.op\"( : () -> ()\nfunc.func @f() -> i64 {\n  %a = arith.constant 1 : i32\n  \"x.use\"(%u) : (i32) -> ()\n  return %a : i32\n}\n\"y.op\"() {a = [} : () -> ()\n";
        let all = messages_within_reach(text, Reach::All);
        assert_eq!(all.len(), 4, "{all:?}");
        let reached = messages_within_reach(text, Reach::UpToSyntaxError);
        assert_eq!(
            reached,
            [
                "expected ')' to end operand list",
                "expected attribute value"
            ]
        );
    }

    #[test]
    fn a_text_that_does_not_parse_is_not_verified() {
        // An unknown op ends MLIR's parse: the verifier never sees the bad return, but
        // the undefined value is found as its function, before the unknown op, ends.
        let text = "func.func @f() -> i64 {\n  %a = arith.constant 1 : i32\n  \"x.use\"(%u) : (i32) -> ()\n  return %a : i32\n}\nfunc.func @g() {\n  arith.bogus\n  return\n}\n";
        let all = messages_within_reach(text, Reach::All);
        assert_eq!(all.len(), 3, "{all:?}");
        let reached = messages_within_reach(text, Reach::UpToSyntaxError);
        assert_eq!(
            reached,
            [
                "use of undeclared SSA value name",
                "custom op 'arith.bogus' is unknown"
            ]
        );
        // Without an error found while parsing, the verifier's findings stay.
        let valid_syntax = &text[..text.find("func.func @g").unwrap_or(text.len())];
        assert_eq!(
            messages_within_reach(valid_syntax, Reach::UpToSyntaxError).len(),
            2
        );
    }
}
