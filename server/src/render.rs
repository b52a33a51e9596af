//! Printing diagnostics: compiler-style text (`file:line:col: error: message`, the source
//! line and a caret, like `mlir-opt`) or one JSON array with 0-based lines and UTF-16
//! characters (DESIGN §3.8).

use std::io::{self, Write};
use std::path::PathBuf;

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{Diagnostic, Severity, TextRange, TextSize};
use serde_json::json;

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
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

pub fn render_text(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    // A clean file needs no line index (building one reads the whole text).
    for report in reports.iter().filter(|r| !r.diagnostics.is_empty()) {
        let index = report.line_index();
        for d in &report.diagnostics {
            write_text_entry(
                out,
                report,
                &index,
                d.range.start(),
                d.severity.as_str(),
                &d.message,
            )?;
            for note in &d.notes {
                write_text_entry(
                    out,
                    report,
                    &index,
                    note.range.start(),
                    "note",
                    &note.message,
                )?;
            }
        }
    }
    Ok(())
}

fn write_text_entry(
    out: &mut impl Write,
    report: &FileReport,
    index: &LineIndex,
    at: TextSize,
    severity: &str,
    message: &str,
) -> io::Result<()> {
    let pos = index.line_col(at);
    let path = report.path.display();
    writeln!(
        out,
        "{path}:{}:{}: {severity}: {message}",
        pos.line + 1,
        pos.col + 1
    )?;
    let line = line_text(&report.text, index, pos.line);
    let (shown, caret_col) = excerpt(line, pos.col as usize);
    let caret_indent: String = shown[..caret_col]
        .chars()
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    writeln!(out, "{shown}\n{caret_indent}^")
}

/// The part of a source line to print: the whole line, or for a very long line (a
/// minified dump) a window around the column. Returns the text and the caret's offset in it.
fn excerpt(line: &str, col: usize) -> (String, usize) {
    const WINDOW: usize = 80;
    let col = col.min(line.len());
    if line.len() <= 2 * WINDOW {
        return (line.to_string(), col);
    }
    let start = floor_char_boundary(line, col.saturating_sub(WINDOW));
    let end = floor_char_boundary(line, (col + WINDOW).min(line.len()));
    let prefix = if start > 0 { "..." } else { "" };
    let suffix = if end < line.len() { "..." } else { "" };
    (
        format!("{prefix}{}{suffix}", &line[start..end]),
        prefix.len() + col - start,
    )
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn line_text<'a>(text: &'a str, index: &LineIndex, line: u32) -> &'a str {
    let start = usize::from(index.line_start(line));
    let end = usize::from(index.line_start(line + 1));
    text[start..end].trim_end_matches(['\n', '\r'])
}

pub fn render_json(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    let mut entries = Vec::new();
    // A clean file needs no line index (building one reads the whole text).
    for report in reports.iter().filter(|r| !r.diagnostics.is_empty()) {
        let index = report.line_index();
        let range = |at: TextRange| {
            json!({
                "start": position(&report.text, &index, at.start()),
                "end": position(&report.text, &index, at.end()),
            })
        };
        for d in &report.diagnostics {
            let notes: Vec<serde_json::Value> = d
                .notes
                .iter()
                .map(|note| json!({ "range": range(note.range), "message": note.message }))
                .collect();
            entries.push(json!({
                "path": report.path.display().to_string(),
                "range": range(d.range),
                "severity": json_severity(d.severity),
                "code": d.code,
                "message": d.message,
                "notes": notes,
            }));
        }
    }
    serde_json::to_writer_pretty(&mut *out, &entries)?;
    writeln!(out)
}

/// A 0-based line and a UTF-16 character offset, as LSP counts them.
fn position(text: &str, index: &LineIndex, at: TextSize) -> serde_json::Value {
    let pos = index.line_col(at);
    let line_start = usize::from(index.line_start(pos.line));
    let prefix = &text[line_start..line_start + pos.col as usize];
    json!({ "line": pos.line, "character": prefix.encode_utf16().count() })
}

fn json_severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note | Severity::Remark => "information",
        Severity::Hint => "hint",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_analysis::{Note, TextRange};

    fn report(text: &str, ranges: &[(u32, u32)]) -> FileReport {
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
                    line_text(text, &index, pos.line),
                    line_text(text, &whole, pos.line),
                    "line of offset {at} of {last}"
                );
            }
        }
    }

    #[test]
    fn an_error_on_the_first_line_reads_no_further() {
        let text = format!("x\n{}", "y\n".repeat(1000));
        assert_eq!(report(&text, &[(0, 1)]).line_index().line_count(), 2);
        let mut out = Vec::new();
        render_text(&mut out, &[report(&text, &[(0, 1)])]).expect("rendered");
        let shown = String::from_utf8(out).expect("UTF-8");
        assert_eq!(shown, "f.mlir:1:1: error: m\nx\n^\n");
    }
}
