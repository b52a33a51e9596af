//! JUnit XML, which CI services show as test results: one test case a checked file, named
//! by its path, failing with one `<failure>` an error (its message, its code as the type,
//! and `path:line:col: message` lines, its notes' after it). Warnings, remarks and hints
//! do not fail: they are the case's `<system-out>`. A suite's `failures` counts the files
//! that failed, so that it never exceeds `tests`.

use std::io::{self, Write};

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{Diagnostic, Severity, TextSize};

use super::{FileReport, position};

pub fn render_junit(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    let tests = reports.len();
    let failures = reports.iter().filter(|r| r.has_errors()).count();
    let counts = format!(r#"tests="{tests}" failures="{failures}" errors="0""#);
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(out, r#"<testsuites name="mlir-analyzer" {counts}>"#)?;
    writeln!(out, r#"  <testsuite name="mlir-analyzer check" {counts}>"#)?;
    for report in reports {
        write_test_case(out, report)?;
    }
    writeln!(out, "  </testsuite>")?;
    writeln!(out, "</testsuites>")
}

fn write_test_case(out: &mut impl Write, report: &FileReport) -> io::Result<()> {
    let path = report.path.display().to_string();
    let open = format!(
        r#"    <testcase classname="mlir-analyzer" name="{}""#,
        xml_escape(&path, Quoted::Attribute)
    );
    if report.diagnostics.is_empty() {
        // A clean file needs no line index (building one reads the whole text).
        return writeln!(out, "{open}/>");
    }
    writeln!(out, "{open}>")?;
    let index = report.line_index();
    let mut passing = String::new();
    for d in &report.diagnostics {
        let lines = entry_lines(report, &index, &path, d);
        if d.severity == Severity::Error {
            writeln!(
                out,
                r#"      <failure message="{}" type="{}">{}</failure>"#,
                xml_escape(&d.message, Quoted::Attribute),
                xml_escape(d.code, Quoted::Attribute),
                xml_escape(&lines, Quoted::Text)
            )?;
        } else {
            passing.push_str(&lines);
        }
    }
    if !passing.is_empty() {
        let passing = xml_escape(&passing, Quoted::Text);
        writeln!(out, "      <system-out>{passing}</system-out>")?;
    }
    writeln!(out, "    </testcase>")
}

/// A diagnostic's `path:line:col: message` line (with its severity unless an error, which
/// the failure says), then its notes' lines. Columns count bytes, as the text format's.
fn entry_lines(report: &FileReport, index: &LineIndex, path: &str, d: &Diagnostic) -> String {
    let at = |offset: TextSize| {
        let pos = position(&report.text, index, offset);
        format!("{path}:{}:{}:", pos.line + 1, pos.byte_col + 1)
    };
    let mut lines = match d.severity {
        Severity::Error => format!("{} {}\n", at(d.range.start()), d.message),
        other => format!(
            "{} {}: {}\n",
            at(d.range.start()),
            other.as_str(),
            d.message
        ),
    };
    for note in &d.notes {
        lines.push_str(&format!(
            "{} note: {}\n",
            at(note.range.start()),
            note.message
        ));
    }
    lines
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Quoted {
    Text,
    Attribute,
}

/// Text made safe for XML 1.0: the markup characters as entities; in an attribute also
/// tab and line breaks as character references, which attribute-value normalization
/// would otherwise turn into spaces, and `\r` everywhere, which a parser would turn into
/// `\n`. The characters XML 1.0 forbids (C0 controls but tab and line breaks, U+FFFE,
/// U+FFFF) cannot even be referenced, and DEL and C1 are discouraged: all are written as
/// `\u{1b}`, as the text format writes control characters.
fn xml_escape(text: &str, quoted: Quoted) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quoted == Quoted::Attribute => out.push_str("&quot;"),
            '\'' if quoted == Quoted::Attribute => out.push_str("&apos;"),
            '\t' | '\n' if quoted == Quoted::Attribute => {
                out.push_str(&format!("&#{};", u32::from(c)));
            }
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(c),
            '\u{FFFE}' | '\u{FFFF}' => out.extend(c.escape_unicode()),
            c if c.is_control() => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_forbidden_characters_are_escaped() {
        let text = "a&b<c>d\"e'f\tg\nh\ri\u{1b}\0\u{7f}\u{9b}\u{FFFE}é";
        assert_eq!(
            xml_escape(text, Quoted::Text),
            "a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i\\u{1b}\\u{0}\\u{7f}\\u{9b}\\u{fffe}é"
        );
        assert_eq!(
            xml_escape(text, Quoted::Attribute),
            "a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i\\u{1b}\\u{0}\\u{7f}\\u{9b}\\u{fffe}é"
        );
    }
}
