//! Compiler-style text: `file:line:col: error: message`, the source line and a caret, like
//! `mlir-opt`. Lines and columns are 1-based; columns count bytes. Control characters
//! are escaped (controls.rs), the caret kept under the place. With colour, the location is
//! bold, the severity coloured by its kind, the caret green.

use std::io::{self, Write};

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{Severity, TextSize};

use super::controls::{escape_controls, shown_width};
use super::style::{BOLD, CARET, Colors, severity_style};
use super::{FileReport, position, with_diagnostics};

/// A tab is left as it is: it moves the caret line as far as the source line.
const KEEP: &[char] = &['\t'];

pub fn render_text(out: &mut impl Write, reports: &[FileReport], colors: Colors) -> io::Result<()> {
    for (report, index) in with_diagnostics(reports) {
        let file = FileText {
            report,
            index: &index,
            colors,
        };
        for d in &report.diagnostics {
            file.write_entry(out, d.range.start(), d.severity, &d.message)?;
            for note in &d.notes {
                file.write_entry(out, note.range.start(), Severity::Note, &note.message)?;
            }
        }
    }
    Ok(())
}

/// What printing one file's entries needs.
struct FileText<'a> {
    report: &'a FileReport,
    index: &'a LineIndex,
    colors: Colors,
}

impl FileText<'_> {
    fn write_entry(
        &self,
        out: &mut impl Write,
        at: TextSize,
        severity: Severity,
        message: &str,
    ) -> io::Result<()> {
        let (report, index, colors) = (self.report, self.index, self.colors);
        let pos = position(&report.text, index, at);
        let path = report.path.display().to_string();
        let location = format!(
            "{}:{}:{}:",
            escape_controls(&path, KEEP),
            pos.line + 1,
            pos.byte_col + 1
        );
        writeln!(
            out,
            "{} {}: {}",
            colors.paint(BOLD, location),
            colors.paint(severity_style(severity), severity.as_str()),
            escape_controls(message, KEEP),
        )?;
        let line = line_text(&report.text, index, pos.line);
        let (shown, caret_col) = excerpt(line, pos.byte_col as usize);
        write_source_line(out, &shown, caret_col, colors)
    }
}

/// The source line, escaped, and under it the caret at byte `caret_col` of the line.
fn write_source_line(
    out: &mut impl Write,
    shown: &str,
    caret_col: usize,
    colors: Colors,
) -> io::Result<()> {
    let (before, after) = shown.split_at(caret_col);
    writeln!(
        out,
        "{}{}\n{}{}",
        escape_controls(before, KEEP),
        escape_controls(after, KEEP),
        caret_indent(before),
        colors.paint(CARET, '^'),
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
        render_text(&mut out, &[report(&text, &[(0, 1)])], Colors(false)).expect("rendered");
        let shown = String::from_utf8(out).expect("UTF-8");
        assert_eq!(shown, "f.mlir:1:1: error: m\nx\n^\n");
    }

    #[test]
    fn the_caret_stays_under_its_place_past_escaped_controls() {
        let text = "\u{1b}[31m\t\0é x";
        let at = text.find('x').unwrap() as u32;
        let mut out = Vec::new();
        render_text(&mut out, &[report(text, &[(at, at + 1)])], Colors(false)).expect("rendered");
        let shown = String::from_utf8(out).expect("UTF-8");
        let mut lines = shown.lines().skip(1);
        let (line, caret) = (lines.next().unwrap(), lines.next().unwrap());
        assert_eq!(line, "\\u{1b}[31m\t\\u{0}é x");
        assert_eq!(caret, "          \t       ^");
        let before_caret = &line[..line.find('x').unwrap()];
        assert_eq!(caret.len() - 1, before_caret.chars().count());
    }

    #[test]
    fn colour_marks_the_location_the_severity_and_the_caret() {
        let mut out = Vec::new();
        render_text(&mut out, &[report("ab", &[(1, 2), (0, 0)])], Colors(true)).expect("rendered");
        let shown = String::from_utf8(out).expect("UTF-8");
        assert_eq!(
            shown,
            "\x1b[1mf.mlir:1:2:\x1b[0m \x1b[1;31merror\x1b[0m: m\nab\n \x1b[1;32m^\x1b[0m\n\
             \x1b[1mf.mlir:1:1:\x1b[0m \x1b[1;36mnote\x1b[0m: n\nab\n\x1b[1;32m^\x1b[0m\n"
        );
    }
}
