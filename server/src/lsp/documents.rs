//! Open documents: their text as a rope, edited in place by incremental changes, their
//! version, and the latest analysed snapshot. Edits are applied synchronously by the
//! notification handlers, before any `.await` (DESIGN §3.6).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{TextEdit, TextRange, TextSize};
use mlir_syntax::Parse;
use ropey::Rope;
use tower_lsp_server::ls_types::{Position, TextDocumentContentChangeEvent, Uri};

use super::positions::Encoding;

/// An analysed version of a document; cheap to share with request handlers.
pub struct Snapshot {
    pub version: i32,
    pub text: Arc<str>,
    pub line_index: LineIndex,
    pub parse: Parse,
}

impl Snapshot {
    pub fn new(version: i32, text: Arc<str>) -> Self {
        let parse = mlir_syntax::parse(&text);
        Self::with_parse(version, text, parse)
    }

    pub fn with_parse(version: i32, text: Arc<str>, parse: Parse) -> Self {
        let line_index = LineIndex::new(&text);
        Snapshot {
            version,
            text,
            line_index,
            parse,
        }
    }
}

/// A document's text, and the edits since the analysis thread last took it.
pub struct Pending {
    pub version: i32,
    pub text: Arc<str>,
    /// `None` when the text was replaced whole (or just opened): parse it from scratch.
    pub edits: Option<Vec<TextEdit>>,
}

struct Document {
    rope: Rope,
    version: i32,
    snapshot: Option<Arc<Snapshot>>,
    edits: Option<Vec<TextEdit>>,
}

/// All open documents, shared between handlers and the analysis thread.
#[derive(Default)]
pub struct Documents {
    docs: Mutex<HashMap<Uri, Document>>,
}

impl Documents {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Uri, Document>> {
        // A panic elsewhere must not take every document down with it.
        self.docs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn open(&self, uri: Uri, text: &str, version: i32) {
        let doc = Document {
            rope: Rope::from_str(text),
            version,
            snapshot: None,
            edits: None,
        };
        self.lock().insert(uri, doc);
    }

    /// Applies changes in order. Returns false if the document is not open; a stale version
    /// (not newer than the current one) is applied anyway, as the client's text is the truth.
    pub fn change(
        &self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) -> bool {
        let mut docs = self.lock();
        let Some(doc) = docs.get_mut(uri) else {
            return false;
        };
        for change in changes {
            let edit = apply_change(&mut doc.rope, change, encoding);
            match (edit, doc.edits.as_mut()) {
                (Some(edit), Some(edits)) => edits.push(edit),
                _ => doc.edits = None,
            }
        }
        doc.version = version;
        true
    }

    /// The current text with the edits made since the last call (which starts a new list).
    pub fn take_pending(&self, uri: &Uri) -> Option<Pending> {
        let mut docs = self.lock();
        let doc = docs.get_mut(uri)?;
        let edits = doc.edits.replace(Vec::new());
        Some(Pending {
            version: doc.version,
            text: Arc::from(doc.rope.to_string()),
            edits,
        })
    }

    /// The URIs of the open documents.
    pub fn open_uris(&self) -> Vec<Uri> {
        self.lock().keys().cloned().collect()
    }

    pub fn close(&self, uri: &Uri) -> bool {
        self.lock().remove(uri).is_some()
    }

    /// The current text and version of a document.
    pub fn text(&self, uri: &Uri) -> Option<(i32, Arc<str>)> {
        let docs = self.lock();
        let doc = docs.get(uri)?;
        Some((doc.version, Arc::from(doc.rope.to_string())))
    }

    /// The analysed snapshot of the current version, computing it if it is missing or stale.
    pub fn snapshot(&self, uri: &Uri) -> Option<Arc<Snapshot>> {
        if let Some(snapshot) = self.current_snapshot(uri) {
            return Some(snapshot);
        }
        let (version, text) = self.text(uri)?;
        let snapshot = Arc::new(Snapshot::new(version, text));
        self.store(uri, snapshot.clone());
        Some(snapshot)
    }

    fn current_snapshot(&self, uri: &Uri) -> Option<Arc<Snapshot>> {
        let docs = self.lock();
        let doc = docs.get(uri)?;
        doc.snapshot.clone().filter(|s| s.version == doc.version)
    }

    /// Keeps a snapshot if it is of the document's current version.
    pub fn store(&self, uri: &Uri, snapshot: Arc<Snapshot>) {
        if let Some(doc) = self.lock().get_mut(uri)
            && doc.version == snapshot.version
        {
            doc.snapshot = Some(snapshot);
        }
    }
}

/// Applies one change: a whole-text replacement (returns `None`), or a range replacement
/// (returns it as a byte-range edit of the text before it).
fn apply_change(
    rope: &mut Rope,
    change: TextDocumentContentChangeEvent,
    encoding: Encoding,
) -> Option<TextEdit> {
    let Some(range) = change.range else {
        *rope = Rope::from_str(&change.text);
        return None;
    };
    let start = char_index(rope, range.start, encoding);
    let end = char_index(rope, range.end, encoding).max(start);
    let bytes = |chars| TextSize::new(rope.char_to_byte(chars) as u32);
    let delete = TextRange::new(bytes(start), bytes(end));
    rope.remove(start..end);
    rope.insert(start, &change.text);
    Some(TextEdit::replace(delete, change.text))
}

/// The char index of an LSP position, clamped to the line (without its break) and text.
fn char_index(rope: &Rope, position: Position, encoding: Encoding) -> usize {
    let line = position.line as usize;
    if line >= rope.len_lines() {
        return rope.len_chars();
    }
    let line_start = rope.line_to_char(line);
    let slice = rope.line(line);
    let content_chars = line_content_chars(&slice);
    let offset = match encoding {
        Encoding::Utf16 => {
            let content_units = slice.char_to_utf16_cu(content_chars);
            slice.utf16_cu_to_char((position.character as usize).min(content_units))
        }
        Encoding::Utf8 => {
            let content_bytes = slice.char_to_byte(content_chars);
            slice.byte_to_char((position.character as usize).min(content_bytes))
        }
    };
    line_start + offset
}

/// Chars of a line without its trailing `\n`, `\r\n` or `\r`.
fn line_content_chars(slice: &ropey::RopeSlice<'_>) -> usize {
    let mut len = slice.len_chars();
    if len > 0 && slice.char(len - 1) == '\n' {
        len -= 1;
    }
    if len > 0 && slice.char(len - 1) == '\r' {
        len -= 1;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::ls_types::Range;

    fn edit(
        rope: &mut Rope,
        (l1, c1, l2, c2): (u32, u32, u32, u32),
        text: &str,
        encoding: Encoding,
    ) {
        let range = Range::new(Position::new(l1, c1), Position::new(l2, c2));
        let change = TextDocumentContentChangeEvent {
            range: Some(range),
            range_length: None,
            text: text.into(),
        };
        apply_change(rope, change, encoding);
    }

    #[test]
    fn incremental_edits_in_both_encodings() {
        let mut rope = Rope::from_str("a😀b\r\nsecond\rthird\n");
        edit(&mut rope, (0, 3, 0, 4), "B", Encoding::Utf16);
        assert_eq!(rope.to_string(), "a😀B\r\nsecond\rthird\n");
        edit(&mut rope, (0, 1, 0, 5), "", Encoding::Utf8);
        assert_eq!(rope.to_string(), "aB\r\nsecond\rthird\n");
        edit(&mut rope, (1, 0, 2, 0), "", Encoding::Utf16);
        assert_eq!(rope.to_string(), "aB\r\nthird\n");
        edit(&mut rope, (0, 99, 0, 99), "!", Encoding::Utf16);
        assert_eq!(rope.to_string(), "aB!\r\nthird\n");
        edit(&mut rope, (9, 0, 9, 0), "end", Encoding::Utf16);
        assert_eq!(rope.to_string(), "aB!\r\nthird\nend");
    }
}
