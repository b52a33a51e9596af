//! `expected-error/warning/note/remark` annotations, checked as `mlir-opt
//! -verify-diagnostics` (MLIR 22) checks them: each annotation must be matched by a
//! diagnostic of its severity on its target line whose message contains its text, and each
//! diagnostic must be expected.
//!
//! Annotation syntax: `expected-<severity>(-re)? (@+N|@-N|@above|@below|@unknown)? {{text}}`
//! ending its line. `@above`/`@below` skip lines that hold annotations; without a designator
//! the target is the annotation's own line.

use crate::markers::Marker;
use mlir_syntax::{TextRange, TextSize};

use crate::line_index::LineIndex;
use mlir_checks::diagnostic::{Diagnostic, Severity};

/// Where an annotation expects its diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A 0-based line of the buffer.
    Line(u32),
    /// `@unknown`: a diagnostic without a file location.
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    pub severity: Severity,
    pub target: Target,
    /// The text between `{{` and the final `}}`.
    pub message: String,
    /// `-re`: the text holds `{{regex}}` parts.
    pub is_regex: bool,
    /// The range of the annotation text, for reporting it.
    pub range: TextRange,
}

/// The outcome of checking diagnostics against annotations.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verification {
    /// Annotations no diagnostic matched.
    pub unmatched: Vec<Expectation>,
    /// Diagnostics no annotation expected.
    pub unexpected: Vec<Diagnostic>,
    /// Diagnostics an annotation expected.
    pub matched: Vec<Diagnostic>,
}

impl Verification {
    pub fn is_ok(&self) -> bool {
        self.unmatched.is_empty() && self.unexpected.is_empty()
    }
}

/// The annotations of one buffer (a file, or a chunk with `offset` its start in the file).
pub fn parse_expectations(text: &str, offset: TextSize) -> Vec<Expectation> {
    let lines: Vec<(usize, &str)> = line_spans(text);
    let parsed: Vec<Option<RawAnnotation<'_>>> = lines.iter().map(|(_, l)| parse_line(l)).collect();
    let mut out = Vec::new();
    for (i, raw) in parsed.iter().enumerate() {
        let Some(raw) = raw else { continue };
        let Some(target) = resolve_target(raw.designator, i, &parsed) else {
            continue;
        };
        let start = lines[i].0 + raw.start;
        let range = TextRange::at(TextSize::new(start as u32), TextSize::new(raw.len as u32));
        let (severity, message, is_regex) = (raw.severity, raw.message.to_string(), raw.is_regex);
        out.push(Expectation {
            severity,
            target,
            message,
            is_regex,
            range: range + offset,
        });
    }
    out
}

/// Each line's start offset and text (without its line break).
fn line_spans(text: &str) -> Vec<(usize, &str)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        spans.push((start, line.trim_end_matches(['\n', '\r'])));
        start += line.len();
    }
    spans
}

struct RawAnnotation<'a> {
    severity: Severity,
    is_regex: bool,
    designator: &'a str,
    message: &'a str,
    start: usize,
    len: usize,
}

/// Finds an annotation on a line: the message runs to the last `}}`, which must end the
/// line (after trailing whitespace).
fn parse_line(line: &str) -> Option<RawAnnotation<'_>> {
    let line = line.trim_end();
    let start = line.find("expected-")?;
    let rest = &line[start + "expected-".len()..];
    let (severity, rest) = [
        Severity::Error,
        Severity::Warning,
        Severity::Note,
        Severity::Remark,
    ]
    .into_iter()
    .find_map(|s| rest.strip_prefix(s.as_str()).map(|r| (s, r)))?;
    let (is_regex, rest) = match rest.strip_prefix("-re") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let rest = rest.trim_start_matches(' ');
    let (designator, rest) = split_designator(rest)?;
    let message = rest
        .trim_start_matches(' ')
        .strip_prefix("{{")?
        .strip_suffix("}}")?;
    Some(RawAnnotation {
        severity,
        is_regex,
        designator,
        message,
        start,
        len: line.len() - start,
    })
}

fn split_designator(rest: &str) -> Option<(&str, &str)> {
    let Some(after_at) = rest.strip_prefix('@') else {
        return Some(("", rest));
    };
    let end = after_at.find(|c: char| !(c.is_ascii_alphanumeric() || c == '+' || c == '-'))?;
    Some((&after_at[..end], &after_at[end..]))
}

fn resolve_target(
    designator: &str,
    line: usize,
    parsed: &[Option<RawAnnotation<'_>>],
) -> Option<Target> {
    let is_plain = |i: &usize| parsed[*i].is_none();
    let target = match designator {
        "" => line,
        "unknown" => return Some(Target::Unknown),
        "above" => (0..line).rev().find(is_plain).unwrap_or(0),
        "below" => (line + 1..parsed.len())
            .find(is_plain)
            .unwrap_or(parsed.len().saturating_sub(1)),
        _ => {
            let delta: i64 = designator.parse().ok()?;
            usize::try_from(line as i64 + delta).ok()?
        }
    };
    Some(Target::Line(target as u32))
}

/// Checks the diagnostics of one buffer against its annotations.
pub fn verify(text: &str, offset: TextSize, diagnostics: &[Diagnostic]) -> Verification {
    let index = LineIndex::new(text);
    let mut expectations: Vec<(Expectation, bool)> = parse_expectations(text, offset)
        .into_iter()
        .map(|e| (e, false))
        .collect();
    let mut unexpected = Vec::new();
    let mut matched = Vec::new();
    // Hints are ours: MLIR has no annotation for them, and they never fail a check.
    for diagnostic in diagnostics.iter().filter(|d| d.severity != Severity::Hint) {
        let line = index.line_col(diagnostic.range.start() - offset).line;
        let fits = |e: &Expectation| {
            e.severity == diagnostic.severity
                && e.target == Target::Line(line)
                && matches(e, &diagnostic.message)
        };
        // An annotation met already still expects more of its kind: measured with
        // mlir-opt 22, `{{expected attribute}}` absorbs both `expected attribute value` and
        // `expected attribute` on its line (the parser's error and its caller's).
        let unused = expectations.iter().position(|(e, used)| !*used && fits(e));
        let found = unused
            .or_else(|| expectations.iter().position(|(e, _)| fits(e)))
            .map(|at| &mut expectations[at]);
        match found {
            Some((_, used)) => {
                *used = true;
                matched.push(diagnostic.clone());
            }
            None => unexpected.push(diagnostic.clone()),
        }
        // A note fulfils an `expected-note` at its line. Notes nothing expects are left
        // alone (mlir-opt would call them unexpected; here they stay part of their error).
        for note in &diagnostic.notes {
            let line = index.line_col(note.range.start() - offset).line;
            if let Some((_, used)) = expectations.iter_mut().find(|(e, used)| {
                !*used
                    && e.severity == Severity::Note
                    && e.target == Target::Line(line)
                    && matches(e, &note.message)
            }) {
                *used = true;
            }
        }
    }
    let unmatched = expectations
        .into_iter()
        .filter(|(_, used)| !used)
        .map(|(e, _)| e)
        .collect();
    Verification {
        unmatched,
        unexpected,
        matched,
    }
}

/// How annotated diagnostics are presented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presentation {
    /// As `mlir-opt -verify-diagnostics` reports: only failures, as errors.
    Verify,
    /// In the editor: expected diagnostics stay, shown as information and marked expected;
    /// annotations nothing matches become errors; the rest is unchanged.
    Editor,
}

/// Checks `diagnostics` against the file's annotations, buffer by buffer (each `// -----`
/// chunk when `split`), and presents the outcome.
pub fn apply_expectations(
    text: &str,
    split: bool,
    diagnostics: Vec<Diagnostic>,
    presentation: Presentation,
) -> Vec<Diagnostic> {
    if presentation == Presentation::Editor && !Marker::Expectation.is_in(text) {
        return diagnostics;
    }
    let diagnostics = match presentation {
        Presentation::Verify => as_mlir_opt_reports(text, split, diagnostics),
        Presentation::Editor => diagnostics,
    };
    let mut out = Vec::new();
    for buffer in buffers(text, split) {
        let inside = in_buffer(&diagnostics, buffer);
        let result = verify(&text[buffer], buffer.start(), &inside);
        out.extend(present(result, presentation));
        // Hints take no part in verifying; the editor still shows them.
        if presentation == Presentation::Editor {
            out.extend(inside.into_iter().filter(|d| d.severity == Severity::Hint));
        }
    }
    out.sort_by_key(|d| (d.range.start(), d.range.end()));
    out
}

/// The buffers `mlir-opt` parses apart: each `// -----` chunk when `split`, else the text.
fn buffers(text: &str, split: bool) -> Vec<TextRange> {
    if split {
        crate::chunks::split_chunks(text)
    } else {
        vec![TextRange::up_to(TextSize::of(text))]
    }
}

/// The diagnostics that start in `buffer` (at its end too: an error at the end of a file).
fn in_buffer(diagnostics: &[Diagnostic], buffer: TextRange) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| buffer.contains_inclusive(d.range.start()))
        .cloned()
        .collect()
}

/// Of what `check` shows (`Reach::UpToSyntaxError`), what `mlir-opt` reports: it stops
/// parsing a buffer at its first syntax error, and so never reports a second (`check`
/// shows the first of each line, to be fixed in one go).
pub fn as_mlir_opt_reports(
    text: &str,
    split: bool,
    diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut out = Vec::with_capacity(diagnostics.len());
    for buffer in buffers(text, split) {
        let mut inside = in_buffer(&diagnostics, buffer);
        let first = inside
            .iter()
            .filter(|d| d.code == "syntax")
            .map(|d| d.range.start())
            .min();
        inside.retain(|d| d.code != "syntax" || Some(d.range.start()) == first);
        out.extend(inside);
    }
    out
}

fn present(result: Verification, presentation: Presentation) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = result.unmatched.iter().map(unmatched_error).collect();
    for d in result.unexpected {
        match presentation {
            Presentation::Verify => {
                let message = format!("unexpected {}: {}", d.severity.as_str(), d.message);
                out.push(Diagnostic {
                    message,
                    severity: Severity::Error,
                    ..d
                });
            }
            Presentation::Editor => out.push(d),
        }
    }
    if presentation == Presentation::Editor {
        out.extend(result.matched.into_iter().map(|d| {
            let message = format!("expected {}: {}", d.severity.as_str(), d.message);
            Diagnostic {
                message,
                severity: Severity::Note,
                ..d
            }
        }));
    }
    out
}

fn unmatched_error(e: &Expectation) -> Diagnostic {
    let message = format!(
        "expected {} \"{}\" was not produced",
        e.severity.as_str(),
        e.message
    );
    Diagnostic::error(UNMATCHED_CODE, message, e.range)
}

/// What to delete to remove the annotation at `range`: its whole line when the line holds
/// nothing else, else the `//` comment it is in.
pub fn removal_range(text: &str, range: TextRange) -> TextRange {
    let start = usize::from(range.start()).min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..]
        .find('\n')
        .map_or(text.len(), |i| start + i + 1);
    let comment = text[line_start..start]
        .rfind("//")
        .map_or(start, |i| line_start + i);
    let before = &text[line_start..comment];
    let (from, to) = if before.trim().is_empty() {
        (line_start, line_end)
    } else {
        (
            line_start + before.trim_end().len(),
            line_end - usize::from(text[..line_end].ends_with('\n')),
        )
    };
    TextRange::new(TextSize::new(from as u32), TextSize::new(to as u32))
}

/// The code of an annotation nothing matched (its quick fix removes it).
pub const UNMATCHED_CODE: &str = "unmatched-expectation";

/// The annotation line to insert above `line_text` for a diagnostic, as `mlir-lsp-server`'s
/// quick fix writes it: same indentation, `@below`.
pub fn annotation_for(severity: Severity, message: &str, line_text: &str) -> String {
    let indent: String = line_text
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    format!(
        "{indent}// expected-{} @below {{{{{}}}}}\n",
        severity.as_str(),
        message
    )
}

/// Substring match; for `-re` annotations the `{{...}}` parts are left out of the literal
/// comparison (we check the literal pieces in order).
fn matches(expectation: &Expectation, message: &str) -> bool {
    if !expectation.is_regex {
        return message.contains(&expectation.message);
    }
    let mut rest = message;
    for piece in literal_pieces(&expectation.message) {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

fn literal_pieces(pattern: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find("{{") {
        pieces.push(&rest[..open]);
        rest = rest[open..]
            .find("}}")
            .map_or("", |close| &rest[open + close + 2..]);
    }
    pieces.push(rest);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(text: &str) -> Vec<(Severity, Target, String)> {
        parse_expectations(text, TextSize::new(0))
            .into_iter()
            .map(|e| (e.severity, e.target, e.message))
            .collect()
    }

    #[test]
    fn designators() {
        let text = "a\n// expected-error@+1 {{one}}\nb\n// expected-note @below {{two}}\n// expected-warning@above {{three}}\nc // expected-remark {{four}}\n// expected-error @unknown {{five}}\n";
        assert_eq!(
            targets(text),
            vec![
                (Severity::Error, Target::Line(2), "one".into()),
                (Severity::Note, Target::Line(6), "two".into()),
                (Severity::Warning, Target::Line(2), "three".into()),
                (Severity::Remark, Target::Line(5), "four".into()),
                (Severity::Error, Target::Unknown, "five".into()),
            ]
        );
    }

    #[test]
    fn editor_presentation_and_fixes() {
        let text = "\"t.op\"() : i32\n// expected-error@-1 {{expected function type}}\n  %x = \"t.a\"() : () -> i32 // expected-error {{never}}\n";
        let d = Diagnostic::error(
            "syntax",
            "expected function type",
            TextRange::empty(TextSize::new(14)),
        );
        let shown = apply_expectations(text, false, vec![d], Presentation::Editor);
        let messages: Vec<(Severity, &str)> = shown
            .iter()
            .map(|d| (d.severity, d.message.as_str()))
            .collect();
        assert_eq!(
            messages,
            [
                (Severity::Note, "expected error: expected function type"),
                (Severity::Error, "expected error \"never\" was not produced"),
            ]
        );
        let stale = shown[1].range;
        assert_eq!(
            &text[removal_range(text, stale)],
            " // expected-error {{never}}"
        );
        let own_line = TextRange::at(TextSize::new(18), TextSize::new(4));
        assert_eq!(
            &text[removal_range(text, own_line)],
            "// expected-error@-1 {{expected function type}}\n"
        );
        assert_eq!(
            annotation_for(Severity::Error, "m", "    x"),
            "    // expected-error @below {{m}}\n"
        );
    }

    #[test]
    fn text_after_braces_is_not_an_annotation() {
        assert!(targets("// expected-error {{x}} trailing\n").is_empty());
        assert_eq!(
            targets("// expected-error {{a {{b}} c}}\n")[0].2,
            "a {{b}} c"
        );
    }

    #[test]
    fn verify_matches_by_line_severity_and_substring() {
        let text = "x\n// expected-error@-1 {{expected op}}\n// expected-error@+1 {{missing}}\ny\n";
        let diag = |line_start: u32, msg: &str| {
            Diagnostic::error("syntax", msg, TextRange::empty(TextSize::new(line_start)))
        };
        let diags = [diag(0, "error: expected operation name"), diag(75, "stray")];
        let result = verify(text, TextSize::new(0), &diags);
        assert_eq!(result.unmatched.len(), 1);
        assert_eq!(result.unmatched[0].message, "missing");
        assert_eq!(result.unexpected.len(), 1);
        assert_eq!(result.unexpected[0].message, "stray");
    }

    #[test]
    fn hints_are_neither_expected_nor_unexpected() {
        let text = "x\n// expected-error@-1 {{bad}}\n";
        let at = TextRange::empty(TextSize::new(0));
        let diags = vec![
            Diagnostic::error("syntax", "bad", at),
            Diagnostic::hint("irdl-c-pred", "not evaluated", at),
        ];
        let result = verify(text, TextSize::new(0), &diags);
        assert!(result.unmatched.is_empty() && result.unexpected.is_empty());
        let verified = apply_expectations(text, false, diags.clone(), Presentation::Verify);
        assert!(verified.is_empty(), "{verified:?}");
        let shown = apply_expectations(text, false, diags, Presentation::Editor);
        let severities: Vec<Severity> = shown.iter().map(|d| d.severity).collect();
        assert_eq!(severities, [Severity::Note, Severity::Hint]);
    }

    #[test]
    fn one_annotation_absorbs_every_diagnostic_it_fits_on_its_line() {
        let text = "// expected-error@below {{expected attribute}}\n#a = distinct[8]<attribute\n";
        let at = TextRange::empty(TextSize::new(60));
        let diags = vec![
            Diagnostic::error("syntax", "expected attribute value", at),
            Diagnostic::error("external", "expected attribute", at),
        ];
        let result = verify(text, TextSize::new(0), &diags);
        assert!(result.is_ok(), "{result:?}");
        assert_eq!(result.matched.len(), 2);
    }
}
