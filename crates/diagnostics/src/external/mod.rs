//! An external verifier's findings (DESIGN §3.10): how an MLIR tool is asked to check a
//! buffer, its stderr read into diagnostics with their notes, and the union with ours,
//! where what the tool says that one of ours already says on the same line is shown
//! once. The processes themselves are the server's business.

mod parse;

use mlir_checks::diagnostic::Diagnostic;
use mlir_syntax::{TextRange, TextSize};

use crate::line_index::LineIndex;

/// The code of every diagnostic a tool reported (the server names the tool as its source).
pub const EXTERNAL_CODE: &str = "external";

/// The name an MLIR tool gives the buffer it reads from stdin.
pub const STDIN_NAME: &str = "<stdin>";

/// The tool's diagnostics shown on one buffer at most: a megabyte of output holds tens of
/// thousands, which no one reads and every publish would carry.
pub const MAX_DIAGNOSTICS: usize = 1000;

/// What a tool's output says about one buffer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolReport {
    pub diagnostics: Vec<Diagnostic>,
    /// Lines that are no part of a diagnostic (for the log).
    pub unparsed: Vec<String>,
}

/// The arguments after the configured command (`given`): the buffer on stdin, output
/// thrown away, and `--split-input-file` when the buffer is cut by `// -----` (as ours are
/// then) and the command does not say it already (MLIR's options may occur only once).
pub fn tool_arguments(given: &[String], split: bool, null_device: &str) -> Vec<String> {
    let says_split = given
        .iter()
        .any(|a| a.trim_start_matches('-').starts_with("split-input-file"));
    let mut args = Vec::new();
    if split && !says_split {
        args.push("--split-input-file".to_string());
    }
    args.extend(["-".to_string(), "-o".to_string(), null_device.to_string()]);
    args
}

/// Reads a tool's stderr about `text` (run with `--split-input-file` when `split`);
/// `names` are the file names besides `<stdin>` that mean the buffer (a
/// `loc("doc.mlir":3:4)` of the document's own name).
pub fn parse_tool_output(output: &str, text: &str, split: bool, names: &[&str]) -> ToolReport {
    let mut all = vec![STDIN_NAME];
    all.extend_from_slice(names);
    let reader = parse::Reader::new(text, &all);
    let (entries, unparsed) = reader.entries(output);
    let mut diagnostics = parse::diagnostics(entries, EXTERNAL_CODE);
    diagnostics.retain(|d| !is_unmet_annotation(&d.message));
    let mut unparsed = unparsed;
    if diagnostics.len() > MAX_DIAGNOSTICS {
        let more = diagnostics.len() - MAX_DIAGNOSTICS;
        diagnostics.truncate(MAX_DIAGNOSTICS);
        unparsed.push(format!("({more} more diagnostics not shown)"));
    }
    if split {
        for d in &mut diagnostics {
            d.range = out_of_markers(text, d.range);
            for note in &mut d.notes {
                note.range = out_of_markers(text, note.range);
            }
        }
    }
    ToolReport {
        diagnostics,
        unparsed,
    }
}

/// Measured: where a `// -----` marker shares its line with text before it, mlir-opt 22
/// reports the end of the chunk before it at the end of the marker (`"J// -----`: an
/// unterminated string at column 11). A place inside a marker belongs to that chunk.
fn out_of_markers(text: &str, range: TextRange) -> TextRange {
    let start = usize::from(range.start());
    let marker = text
        .match_indices(crate::chunks::SPLIT_MARKER)
        .map(|(at, m)| (at, at + m.len()))
        .find(|&(at, end)| at < start && start <= end);
    match marker {
        Some((at, _)) => TextRange::empty(TextSize::new(at as u32)),
        None => range,
    }
}

/// Measured: mlir-opt 22 reports an `expected-*` annotation nothing met even without
/// `--verify-diagnostics` (`expected error "…" was not produced`, at the annotation).
/// Annotations are ours to check against the union, so the tool's verdict is dropped.
fn is_unmet_annotation(message: &str) -> bool {
    let Some(rest) = message.strip_prefix("expected ") else {
        return false;
    };
    let severity = ["error ", "warning ", "note ", "remark "];
    severity.iter().any(|s| rest.starts_with(s)) && message.ends_with("\" was not produced")
}

/// The union of ours and the tool's: what both say on a line is shown once. Said in the
/// same words, ours stays (its range is the token's, its code stable); said alike in other
/// words (`expected 2 operands` against `'arith.addi' op expected 2 operands, but found
/// 0`), the tool's text is MLIR's own and replaces ours (DESIGN §3.4: MLIR 22 wins). When
/// `split`, a line cut by a `// -----` marker is two places: the chunks are two buffers.
pub fn merge_external(
    ours: Vec<Diagnostic>,
    theirs: Vec<Diagnostic>,
    text: &str,
    split: bool,
) -> Vec<Diagnostic> {
    let index = LineIndex::new(text);
    let marker_ends: Vec<usize> = match split {
        true => text
            .match_indices(crate::chunks::SPLIT_MARKER)
            .map(|(at, m)| at + m.len())
            .collect(),
        false => Vec::new(),
    };
    let line = |d: &Diagnostic| {
        let start = usize::from(d.range.start());
        let chunk = marker_ends.partition_point(|&end| end <= start);
        (chunk, index.line_col(d.range.start()).line)
    };
    let key = |d: &Diagnostic| (line(d), normalize(&d.message));
    // Ours the tool confirmed word for word: they stay, whatever else it says.
    let mut confirmed = vec![false; ours.len()];
    let mut rest: Vec<Diagnostic> = Vec::new();
    for candidate in theirs {
        let same = ours.iter().position(|d| key(d) == key(&candidate));
        match same {
            Some(at) => confirmed[at] = true,
            // A second report of the same (the tool's output repeats itself).
            None if rest.iter().any(|d| key(d) == key(&candidate)) => {}
            None => rest.push(candidate),
        }
    }
    let mut kept: Vec<Option<Diagnostic>> = ours.into_iter().map(Some).collect();
    for candidate in &rest {
        let alike = kept.iter().enumerate().position(|(i, d)| {
            !confirmed[i]
                && d.as_ref().is_some_and(|d| {
                    line(d) == line(candidate) && same_words(&d.message, &candidate.message)
                })
        });
        if let Some(at) = alike {
            kept[at] = None;
        }
    }
    kept.into_iter().flatten().chain(rest).collect()
}

/// Do two messages say the same? Equal up to spacing, one holds the other (a tool may
/// add the op's name before, or a detail after, what we say), or they agree on most of
/// the shorter one before they part (`block with no terminator, has <the op>`, the op
/// printed in custom form by us and in generic form by mlir-opt).
fn same_words(a: &str, b: &str) -> bool {
    let (a, b) = (normalize(a), normalize(b));
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    // A word or two in common says nothing.
    if short == long || (short.len() >= MIN_SHARED && long.contains(&short)) {
        return true;
    }
    let shared = short
        .bytes()
        .zip(long.bytes())
        .take_while(|(x, y)| x == y)
        .count();
    shared >= MIN_SHARED.max(short.len() / 2)
}

const MIN_SHARED: usize = 12;

fn normalize(message: &str) -> String {
    // The first line: a note's op printed over several lines is detail, not its words.
    let first = message.lines().next().unwrap_or("");
    first.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Is `diagnostic` one a tool reported?
pub fn is_external(diagnostic: &Diagnostic) -> bool {
    diagnostic.code == EXTERNAL_CODE
}

#[cfg(test)]
mod tests;
