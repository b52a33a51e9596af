//! Reading what an MLIR tool (`mlir-opt`, `circt-opt`, …) prints on stderr: header lines
//! `FILE:LINE:COL: error|warning|note|remark: message` (or `<unknown>:0: …` without a
//! column), each followed by the lines of a multi-line message and, for a location in a
//! buffer the tool read, that buffer's source line and a caret line. A note belongs to the
//! diagnostic before it. Measured with mlir-opt 22: with `--split-input-file` the lines
//! are those of the whole input, not of the chunk, so no chunk offset is added.

use mlir_checks::diagnostic::{Diagnostic, Note, Severity};
use mlir_syntax::{TextRange, TextSize};

use crate::line_index::LineIndex;

/// Where a tool says something happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Place {
    /// A place in the checked buffer.
    Here(TextRange),
    /// Somewhere else, as the tool wrote it (`g.mlir:5:6`, `<unknown>:0`).
    Elsewhere(String),
}

/// One header line and what followed it.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub place: Place,
    pub severity: Severity,
    pub message: String,
}

/// Reads the checked buffer's places: `names` are the file names that mean it (`<stdin>`,
/// the document's own name).
pub(super) struct Reader<'a> {
    text: &'a str,
    index: LineIndex,
    names: &'a [&'a str],
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str, names: &'a [&'a str]) -> Self {
        Reader {
            text,
            index: LineIndex::new(text),
            names,
        }
    }

    /// The entries of `output`, and the lines that fit no entry (for the log).
    pub fn entries(&self, output: &str) -> (Vec<Entry>, Vec<String>) {
        let mut entries: Vec<Entry> = Vec::new();
        let mut unparsed = Vec::new();
        // Lines after a header, until the next one: message continuation or source echo.
        let mut trailing: Vec<&str> = Vec::new();
        for line in output.lines() {
            match self.header(line) {
                Some(entry) => {
                    finish(entries.last_mut(), &mut trailing, &mut unparsed);
                    entries.push(entry);
                }
                None if entries.is_empty() => unparsed.push(line.to_string()),
                None => trailing.push(line),
            }
        }
        finish(entries.last_mut(), &mut trailing, &mut unparsed);
        (entries, unparsed)
    }

    fn header(&self, line: &str) -> Option<Entry> {
        let (at, severity, word) = SEVERITIES
            .iter()
            .filter_map(|(word, severity)| line.find(word).map(|at| (at, *severity, *word)))
            .min_by_key(|(at, _, _)| *at)?;
        let place = self.place(&line[..at])?;
        let message = line[at + word.len()..].to_string();
        Some(Entry {
            place,
            severity,
            message,
        })
    }

    /// `FILE:LINE:COL` or `FILE:LINE` (a file name may hold colons: read from the right).
    fn place(&self, location: &str) -> Option<Place> {
        let (rest, last) = location.rsplit_once(':')?;
        let last: u32 = last.parse().ok()?;
        let (file, line, column) = match rest.rsplit_once(':') {
            Some((file, line)) if is_number(line) => (file, line.parse().ok()?, last),
            _ => (rest, last, 0),
        };
        // Not a file name but an echoed source line that holds `…:1:2: error: …` in a
        // string: indented, or with a quote before the place.
        if file.is_empty() || file.starts_with(char::is_whitespace) || file.contains('"') {
            return None;
        }
        if line == 0 || !self.names.contains(&file) {
            return Some(Place::Elsewhere(location.to_string()));
        }
        Some(Place::Here(
            self.range_at(line - 1, column.saturating_sub(1)),
        ))
    }

    /// The token at a 0-based line and byte column: a quoted string, a word, or nothing;
    /// clamped to the text (a tool may name a line the buffer does not have).
    fn range_at(&self, line: u32, column: u32) -> TextRange {
        let line = line.min(self.index.line_count() - 1);
        let start = self.index.line_start(line);
        let end = self.index.line_start(line + 1);
        let line_text = &self.text[usize::from(start)..usize::from(end)];
        let column = floor_char_boundary(line_text, column as usize);
        let len = token_len(&line_text[column..]);
        TextRange::at(
            start + TextSize::new(column as u32),
            TextSize::new(len as u32),
        )
    }
}

const SEVERITIES: &[(&str, Severity)] = &[
    (": error: ", Severity::Error),
    (": warning: ", Severity::Warning),
    (": note: ", Severity::Note),
    (": remark: ", Severity::Remark),
];

/// Ends an entry: a trailing source line and caret are dropped, the lines before them
/// continue its message (an op printed over several lines).
fn finish(entry: Option<&mut Entry>, trailing: &mut Vec<&str>, unparsed: &mut Vec<String>) {
    let Some(entry) = entry else {
        unparsed.extend(trailing.drain(..).map(str::to_string));
        return;
    };
    if trailing.last().is_some_and(|l| is_caret_line(l)) {
        trailing.pop();
        trailing.pop();
    }
    let more = trailing.len().saturating_sub(MESSAGE_LINES);
    for line in trailing.drain(..).take(MESSAGE_LINES) {
        entry.message.push('\n');
        entry.message.push_str(line);
    }
    if more > 0 {
        entry.message.push_str(&format!("\n… ({more} more lines)"));
    }
}

/// The lines of a message kept: `see current operation` prints the whole op, which may
/// be a function of thousands of lines.
const MESSAGE_LINES: usize = 40;

fn is_caret_line(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with('^') && trimmed.chars().all(|c| c == '^' || c == '~')
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The length of the token `rest` starts with: a quoted string (to its closing quote on
/// the line), a run of name characters, or nothing.
fn token_len(rest: &str) -> usize {
    let line = rest.split(['\n', '\r']).next().unwrap_or("");
    if let Some(quoted) = line.strip_prefix('"') {
        return quoted.find('"').map_or(0, |end| end + 2);
    }
    line.find(|c: char| !(c.is_alphanumeric() || "_.$%@#^!-".contains(c)))
        .unwrap_or(line.len())
}

/// A diagnostic being built: its notes elsewhere get its place once it is known.
struct Building {
    diagnostic: Diagnostic,
    placed: bool,
    elsewhere: Vec<String>,
}

/// The diagnostics of the entries: a note joins the diagnostic before it (or stands alone
/// when first); a place elsewhere borrows the place of the first note in the buffer, else
/// the buffer's start, and a note says where it was.
pub(super) fn diagnostics(entries: Vec<Entry>, code: &'static str) -> Vec<Diagnostic> {
    let mut out: Vec<Building> = Vec::new();
    for entry in entries {
        if entry.severity == Severity::Note
            && let Some(last) = out.last_mut()
        {
            last.attach(entry);
            continue;
        }
        let (range, placed, elsewhere) = match entry.place {
            Place::Here(range) => (range, true, Vec::new()),
            Place::Elsewhere(at) => (
                TextRange::default(),
                false,
                vec![format!("reported at {at}")],
            ),
        };
        let diagnostic = Diagnostic {
            range,
            severity: entry.severity,
            code,
            message: entry.message,
            notes: Vec::new(),
        };
        out.push(Building {
            diagnostic,
            placed,
            elsewhere,
        });
    }
    out.into_iter().map(Building::finish).collect()
}

impl Building {
    fn attach(&mut self, entry: Entry) {
        match entry.place {
            Place::Here(range) => {
                if !self.placed {
                    self.diagnostic.range = range;
                    self.placed = true;
                }
                self.diagnostic.notes.push(Note {
                    range,
                    message: entry.message,
                });
            }
            Place::Elsewhere(at) => self.elsewhere.push(format!("{at}: {}", entry.message)),
        }
    }

    fn finish(mut self) -> Diagnostic {
        let range = self.diagnostic.range;
        let notes = self
            .elsewhere
            .into_iter()
            .map(|message| Note { range, message });
        self.diagnostic.notes.extend(notes);
        self.diagnostic
    }
}
