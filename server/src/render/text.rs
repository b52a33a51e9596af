//! Compiler-style text: `file:line:col: error: message`, the source line and a caret, like
//! `mlir-opt`. Lines and columns are 1-based; columns count bytes. Control characters
//! are escaped (controls.rs), the caret kept under the place.

use std::io::{self, Write};

use mlir_analysis::TextSize;
use mlir_analysis::line_index::LineIndex;

use super::controls::{escape_controls, shown_width};
use super::{FileReport, position, with_diagnostics};

/// A tab is left as it is: it moves the caret line as far as the source line.
const KEEP: &[char] = &['\t'];

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
    let path = report.path.display().to_string();
    writeln!(
        out,
        "{}:{}:{}: {severity}: {}",
        escape_controls(&path, KEEP),
        pos.line + 1,
        pos.byte_col + 1,
        escape_controls(message, KEEP),
    )?;
    let line = line_text(&report.text, index, pos.line);
    let (shown, caret_col) = excerpt(line, pos.byte_col as usize);
    let (before, after) = shown.split_at(caret_col);
    writeln!(
        out,
        "{}{}\n{}^",
        escape_controls(before, KEEP),
        escape_controls(after, KEEP),
        caret_indent(before)
    )
}

/// What goes before the caret to put it under the character after `before`: a tab for
/// a tab, and a space for each character the rest of `before` shows as.
fn caret_indent(before: &str) -> String {
    let mut indent = String::with_capacity(before.len());
    for c in before.chars() {
        if c == '\t' {
            indent.push('\t');
        } else {
            indent.extend(std::iter::repeat_n(' ', shown_width(c)));
        }
    }
    indent
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

    #[test]
    fn the_caret_stays_under_its_place_past_escaped_controls() {
        let text = "\u{1b}[31m\t\0é x";
        let at = text.find('x').unwrap() as u32;
        let mut out = Vec::new();
        render_text(&mut out, &[report(text, &[(at, at + 1)])]).expect("rendered");
        let shown = String::from_utf8(out).expect("UTF-8");
        let mut lines = shown.lines().skip(1);
        let (line, caret) = (lines.next().unwrap(), lines.next().unwrap());
        assert_eq!(line, "\\u{1b}[31m\t\\u{0}é x");
        assert_eq!(caret, "          \t       ^");
        let before_caret = &line[..line.find('x').unwrap()];
        assert_eq!(caret.len() - 1, before_caret.chars().count());
    }
}
