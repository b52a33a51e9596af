//! An external verifier's findings (DESIGN §3.10): how an MLIR tool is asked to check a
//! buffer, its stderr read into diagnostics with their notes, and the union with ours,
//! where what the tool says that one of ours already says on the same line is shown
//! once. The processes themselves are the server's business.

mod parse;

use mlir_checks::diagnostic::Diagnostic;

use crate::line_index::LineIndex;

/// The code of every diagnostic a tool reported (the server names the tool as its source).
pub const EXTERNAL_CODE: &str = "external";

/// The name an MLIR tool gives the buffer it reads from stdin.
pub const STDIN_NAME: &str = "<stdin>";

/// What a tool's output says about one buffer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolReport {
    pub diagnostics: Vec<Diagnostic>,
    /// Lines that are no part of a diagnostic (for the log).
    pub unparsed: Vec<String>,
}

/// The arguments after the configured command: the buffer on stdin, output thrown away,
/// and `--split-input-file` when the buffer is cut by `// -----` (as ours are then).
pub fn tool_arguments(split: bool, null_device: &str) -> Vec<String> {
    let mut args = Vec::new();
    if split {
        args.push("--split-input-file".to_string());
    }
    args.extend(["-".to_string(), "-o".to_string(), null_device.to_string()]);
    args
}

/// Reads a tool's stderr about `text`; `names` are the file names besides `<stdin>` that
/// mean the buffer (a `loc("doc.mlir":3:4)` of the document's own name).
pub fn parse_tool_output(output: &str, text: &str, names: &[&str]) -> ToolReport {
    let mut all = vec![STDIN_NAME];
    all.extend_from_slice(names);
    let reader = parse::Reader::new(text, &all);
    let (entries, unparsed) = reader.entries(output);
    ToolReport {
        diagnostics: parse::diagnostics(entries, EXTERNAL_CODE),
        unparsed,
    }
}

/// Ours, then each of the tool's that says something none of ours (nor an earlier one of
/// the tool's) says on its line.
pub fn merge_external(
    ours: Vec<Diagnostic>,
    theirs: Vec<Diagnostic>,
    text: &str,
) -> Vec<Diagnostic> {
    let index = LineIndex::new(text);
    let line = |d: &Diagnostic| index.line_col(d.range.start()).line;
    let mut out = ours;
    for candidate in theirs {
        let said = out
            .iter()
            .any(|d| line(d) == line(&candidate) && same_words(&d.message, &candidate.message));
        if !said {
            out.push(candidate);
        }
    }
    out
}

/// Do two messages say the same? Equal up to spacing, or one holds the other (a tool may
/// add the op's name before, or a detail after, what we say).
fn same_words(a: &str, b: &str) -> bool {
    let (a, b) = (normalize(a), normalize(b));
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    // A word or two in common says nothing.
    short == long || (short.len() >= MIN_SHARED && long.contains(&short))
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
