//! Compiler-style text: `file:line:col: error: message`, the source line and a caret, like
//! `mlir-opt`. Lines and columns are 1-based; columns count bytes.

use std::io::{self, Write};

use mlir_analysis::TextSize;
use mlir_analysis::line_index::LineIndex;

use super::{FileReport, position, with_diagnostics};

pub fn render_text(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    for (report, index) in with_diagnostics(reports) {
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
    let pos = position(&report.text, index, at);
    let path = report.path.display();
    writeln!(
        out,
        "{path}:{}:{}: {severity}: {message}",
        pos.line + 1,
        pos.byte_col + 1
    )?;
    let line = line_text(&report.text, index, pos.line);
    let (shown, caret_col) = excerpt(line, pos.byte_col as usize);
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

pub(super) fn line_text<'a>(text: &'a str, index: &LineIndex, line: u32) -> &'a str {
    let start = usize::from(index.line_start(line));
    let end = usize::from(index.line_start(line + 1));
    text[start..end].trim_end_matches(['\n', '\r'])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::report;

    #[test]
    fn an_error_on_the_first_line_prints_its_line() {
        let text = format!("x\n{}", "y\n".repeat(1000));
        let mut out = Vec::new();
        render_text(&mut out, &[report(&text, &[(0, 1)])]).expect("rendered");
        let shown = String::from_utf8(out).expect("UTF-8");
        assert_eq!(shown, "f.mlir:1:1: error: m\nx\n^\n");
    }
}
