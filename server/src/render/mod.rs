//! Printing diagnostics, one file per output format: compiler-style text (text.rs), a
//! JSON array (json.rs), GitHub Actions annotations (github.rs), a SARIF log (sarif.rs)
//! and JUnit XML (junit.rs); and the summary line (summary.rs). This file holds what they
//! share: a checked file's report and where in its text a diagnostic is; controls.rs how
//! control characters are shown, style.rs the colours (DESIGN §3.8).

mod controls;
mod github;
mod json;
mod junit;
mod sarif;
mod style;
mod summary;
mod text;

use std::path::PathBuf;

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{Diagnostic, Severity, TextSize};

pub use github::render_github;
pub use json::render_json;
pub use junit::render_junit;
pub use sarif::render_sarif;
pub use style::Colors;
pub use summary::Summary;
pub use text::render_text;

pub struct FileReport {
    pub path: PathBuf,
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl FileReport {
    /// The line index of the text as far as the diagnostics reach: through the line the
    /// last of them ends on, and its line break. The errors near the top of a file of a
    /// million lines need not have every line break found (10 ms for 36 MB).
    fn line_index(&self) -> LineIndex {
        let ranges = self
            .diagnostics
            .iter()
            .flat_map(|d| std::iter::once(d.range).chain(d.notes.iter().map(|note| note.range)));
        let last = ranges.map(|r| usize::from(r.end())).max().unwrap_or(0);
        let text = self.text.as_str();
        let mut end = text.len();
        if let Some(rest) = text.get(last..)
            && let Some(at) = rest.find(['\n', '\r'])
        {
            // A `\r\n` break is kept whole, so that both indexes agree on every line.
            let eol = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
            end = last + at + eol;
        }
        LineIndex::new(&text[..end])
    }

    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    /// How many diagnostics of this severity the file has (its notes are not counted).
    fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// The reports that have diagnostics, each with its line index: a clean file needs no
/// line index (building one reads the whole text).
fn with_diagnostics(reports: &[FileReport]) -> impl Iterator<Item = (&FileReport, LineIndex)> {
    reports
        .iter()
        .filter(|r| !r.diagnostics.is_empty())
        .map(|r| (r, r.line_index()))
}

/// Where an offset is: its 0-based line, and its 0-based column counted in bytes (as
/// `mlir-opt` counts) and in UTF-16 code units (as LSP, SARIF and browsers count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Position {
    line: u32,
    byte_col: u32,
    utf16_col: u32,
}

fn position(text: &str, index: &LineIndex, at: TextSize) -> Position {
    let pos = index.line_col(at);
    let line_start = usize::from(index.line_start(pos.line));
    let prefix = &text[line_start..line_start + pos.col as usize];
    Position {
        line: pos.line,
        byte_col: pos.col,
        utf16_col: prefix.encode_utf16().count() as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_analysis::{Note, TextRange};

    pub(super) fn report(text: &str, ranges: &[(u32, u32)]) -> FileReport {
        let range = |&(start, end): &(u32, u32)| TextRange::new(start.into(), end.into());
        let mut d = Diagnostic::error("test", "m", range(&ranges[0]));
        d.notes = ranges[1..]
            .iter()
            .map(|r| Note {
                range: range(r),
                message: "n".to_string(),
            })
            .collect();
        FileReport {
            path: PathBuf::from("f.mlir"),
            text: text.to_string(),
            diagnostics: vec![d],
        }
    }

    #[test]
    fn the_index_of_what_diagnostics_reach_agrees_with_the_whole_texts() {
        let text = "a\r\nbb\r\n\rccc\n\ndd\r\ne";
        let whole = LineIndex::new(text);
        let len = text.len() as u32;
        for last in 0..=len {
            let report = report(text, &[(0, 0), (last.min(1), last)]);
            let index = report.line_index();
            for at in 0..=last {
                let pos = index.line_col(at.into());
                assert_eq!(pos, whole.line_col(at.into()), "offset {at} of {last}");
                assert_eq!(
                    text::line_text(text, &index, pos.line),
                    text::line_text(text, &whole, pos.line),
                    "line of offset {at} of {last}"
                );
            }
        }
    }

    #[test]
    fn an_error_on_the_first_line_reads_no_further() {
        let text = format!("x\n{}", "y\n".repeat(1000));
        assert_eq!(report(&text, &[(0, 1)]).line_index().line_count(), 2);
    }
}
