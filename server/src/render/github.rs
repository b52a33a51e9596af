//! GitHub Actions workflow commands, one a diagnostic, which the runner shows as
//! annotations on the lines:
//! `::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=mlir-analyzer (CODE)::MESSAGE`.
//! Errors are `error`, warnings `warning`, and notes, remarks and hints `notice`; each note
//! of a diagnostic is a `notice` of its own at its place, saying which diagnostic it is on.
//! Lines and columns are 1-based, columns in UTF-16 code units as the browser that shows
//! them counts; the end column is that just past the range. Values are escaped as
//! GitHub's toolkit (`@actions/core`) escapes them.

use std::io::{self, Write};

use mlir_analysis::{Diagnostic, Severity, TextRange};

use super::controls::escape_controls;
use super::{FileReport, Position, position, with_diagnostics};

pub fn render_github(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    for (report, index) in with_diagnostics(reports) {
        let path = report.path.display().to_string();
        let span = |range: TextRange| {
            (
                position(&report.text, &index, range.start()),
                position(&report.text, &index, range.end()),
            )
        };
        for d in &report.diagnostics {
            let (start, end) = span(d.range);
            let annotation = Annotation {
                command: command(d.severity),
                path: &path,
                start,
                end,
                code: d.code,
                message: &d.message,
            };
            writeln!(out, "{}", annotation.line())?;
            for note in &d.notes {
                let (start, end) = span(note.range);
                let message = note_message(&note.message, d, annotation.start);
                let note = Annotation {
                    command: "notice",
                    start,
                    end,
                    message: &message,
                    ..annotation
                };
                writeln!(out, "{}", note.line())?;
            }
        }
    }
    Ok(())
}

fn command(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note | Severity::Remark | Severity::Hint => "notice",
    }
}

/// A note's message, and which diagnostic it is on: an annotation stands alone.
fn note_message(note: &str, on: &Diagnostic, at: Position) -> String {
    format!(
        "note: {note} (on the {} at {}:{}: {})",
        on.severity.as_str(),
        at.line + 1,
        at.utf16_col + 1,
        on.message
    )
}

#[derive(Clone, Copy)]
struct Annotation<'a> {
    command: &'static str,
    path: &'a str,
    start: Position,
    end: Position,
    code: &'static str,
    message: &'a str,
}

impl Annotation<'_> {
    fn line(&self) -> String {
        let mut properties = vec![
            ("file", self.path.to_string()),
            ("line", (self.start.line + 1).to_string()),
        ];
        // The toolkit sends no columns for a range over several lines: GitHub takes
        // columns only when both ends are on one line.
        let one_line = self.start.line == self.end.line;
        if one_line {
            properties.push(("col", (self.start.utf16_col + 1).to_string()));
        }
        properties.push(("endLine", (self.end.line + 1).to_string()));
        if one_line {
            properties.push(("endColumn", (self.end.utf16_col + 1).to_string()));
        }
        properties.push(("title", format!("mlir-analyzer ({})", self.code)));
        let properties: Vec<String> = properties
            .into_iter()
            .map(|(key, value)| format!("{key}={}", escape_property(&value)))
            .collect();
        format!(
            "::{} {}::{}",
            self.command,
            properties.join(","),
            escape_data(self.message)
        )
    }
}

/// Line breaks are left to the escape below, which keeps them as line breaks of the
/// annotation; other control characters must not reach the log, which renders escape
/// sequences.
const KEEP: &[char] = &['\t', '\n', '\r'];

/// A command's message, as the toolkit's `escapeData`.
fn escape_data(text: &str) -> String {
    escape_controls(text, KEEP)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property's value, as the toolkit's `escapeProperty`: also `:` and `,`, which
/// delimit properties.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_and_properties_are_escaped_as_the_toolkit_does() {
        assert_eq!(escape_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
        assert_eq!(
            escape_property("50% a\r\nb: c, d"),
            "50%25 a%0D%0Ab%3A c%2C d"
        );
        assert_eq!(escape_data("\u{1b}[31m\0\t"), "\\u{1b}[31m\\u{0}\t");
    }

    #[test]
    fn a_range_over_lines_has_no_columns() {
        let at = |line, utf16_col| Position {
            line,
            byte_col: utf16_col,
            utf16_col,
        };
        let annotation = Annotation {
            command: "error",
            path: "a.mlir",
            start: at(0, 4),
            end: at(2, 1),
            code: "syntax",
            message: "m",
        };
        assert_eq!(
            annotation.line(),
            "::error file=a.mlir,line=1,endLine=3,title=mlir-analyzer (syntax)::m"
        );
        let one_line = Annotation {
            end: at(0, 6),
            ..annotation
        };
        assert_eq!(
            one_line.line(),
            "::error file=a.mlir,line=1,col=5,endLine=1,endColumn=7,title=mlir-analyzer (syntax)::m"
        );
    }
}
