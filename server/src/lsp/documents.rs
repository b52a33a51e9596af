//! Open documents: their text as a rope, edited in place by incremental changes, their
//! version, and the latest analysed snapshot. Edits are applied synchronously by the
//! notification handlers, before any `.await` (DESIGN §3.6). A request parses the text
//! itself when no snapshot of its version exists, unless the analysis thread is already
//! parsing that version: then it waits for that tree instead of building a second one
//! (on a 50 MB document, another 400 MB and as long as waiting).

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use mlir_analysis::markers::Marker;
use mlir_analysis::{TextEdit, TextRange, TextSize};
use mlir_syntax::Parse;
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

use super::doc_text::DocText;
use super::positions::{Encoding, Inside, PositionMap, char_index};

/// An analysed version of a document; cheap to share with request handlers.
pub struct Snapshot {
    pub version: i32,
    doc: DocText,
    /// The text flattened, made the first time a request needs it whole.
    flat: OnceLock<Arc<str>>,
    pub parse: Parse,
}

impl Snapshot {
    /// A snapshot parsed here, from the text flattened (which it keeps).
    pub fn new(version: i32, doc: DocText) -> Self {
        let flat = doc.flatten();
        Self::parsed_from(version, doc, flat)
    }

    /// A snapshot of a text that is not open (a file on disk), parsed here.
    pub fn of_flat(version: i32, text: Arc<str>) -> Self {
        Self::parsed_from(version, DocText::new(&text), text)
    }

    /// `doc` parsed from `flat`, its flattened text, which the snapshot keeps.
    fn parsed_from(version: i32, doc: DocText, flat: Arc<str>) -> Self {
        let snapshot = Self::with_parse(version, doc, mlir_syntax::parse(&flat));
        let _ = snapshot.flat.set(flat);
        snapshot
    }

    pub fn with_parse(version: i32, doc: DocText, parse: Parse) -> Self {
        Snapshot {
            version,
            doc,
            flat: OnceLock::new(),
            parse,
        }
    }

    /// The whole text (flattened on first use: prefer `positions` and `contains`).
    pub fn text(&self) -> &Arc<str> {
        self.flat.get_or_init(|| self.doc.flatten())
    }

    /// Converts positions of this version in `encoding`, from the rope's own lines.
    pub fn positions(&self, encoding: Encoding) -> PositionMap<'_> {
        PositionMap::for_rope(self.doc.rope(), encoding)
    }

    /// Whether `marker` occurs in the text (counted as it was edited, not scanned).
    pub fn contains(&self, marker: Marker) -> bool {
        mlir_analysis::TextSource::contains(&self.doc, marker)
    }
}

/// A document's text, and the edits since the analysis thread last took it.
pub struct Pending {
    pub version: i32,
    pub text: DocText,
    /// `None` when the text was replaced whole (or just opened): parse it from scratch.
    pub edits: Option<Vec<TextEdit>>,
}

struct Document {
    text: DocText,
    version: i32,
    snapshot: Option<Arc<Snapshot>>,
    edits: Option<Vec<TextEdit>>,
    /// The version the analysis thread is parsing, whose snapshot it will store.
    parsing: Option<i32>,
}

/// From this size on, an opened document is left to the analysis thread to parse: a
/// request waits for its tree rather than parse the same text at the same time. A
/// smaller one is parsed sooner by the request than by a thread that may be busy.
const LARGE: usize = 1 << 20;

/// How long a request waits for the analysis thread's tree before it parses the text
/// itself: a bound, should the analysis never store it.
const WAIT_LIMIT: Duration = Duration::from_secs(60);

/// All open documents, shared between handlers and the analysis thread.
#[derive(Default)]
pub struct Documents {
    docs: Mutex<HashMap<Uri, Document>>,
    /// Signalled when a parse that requests may wait for ends (stored or abandoned).
    parsed: Condvar,
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
            text: DocText::new(text),
            version,
            snapshot: None,
            edits: None,
            parsing: (text.len() >= LARGE).then_some(version),
        };
        self.lock().insert(uri, doc);
        self.parsed.notify_all();
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
            let edit = apply_change(&mut doc.text, change, encoding);
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
        doc.parsing = Some(doc.version);
        Some(Pending {
            version: doc.version,
            text: doc.text.clone(),
            edits,
        })
    }

    /// The URIs of the open documents.
    pub fn open_uris(&self) -> Vec<Uri> {
        self.lock().keys().cloned().collect()
    }

    pub fn close(&self, uri: &Uri) -> bool {
        let closed = self.lock().remove(uri).is_some();
        self.parsed.notify_all();
        closed
    }

    /// The analysis thread will not store the snapshot it took the text for (it failed):
    /// requests waiting for it parse the text themselves.
    pub fn abandon(&self, uri: &Uri) {
        if let Some(doc) = self.lock().get_mut(uri) {
            doc.parsing = None;
        }
        self.parsed.notify_all();
    }

    /// The current text and version of a document.
    pub fn text(&self, uri: &Uri) -> Option<(i32, DocText)> {
        let docs = self.lock();
        let doc = docs.get(uri)?;
        Some((doc.version, doc.text.clone()))
    }

    /// The current version of a document.
    pub fn version(&self, uri: &Uri) -> Option<i32> {
        self.lock().get(uri).map(|doc| doc.version)
    }

    /// The analysed snapshot of the current version: the stored one, the one the analysis
    /// thread is parsing, or one parsed here.
    pub fn snapshot(&self, uri: &Uri) -> Option<Arc<Snapshot>> {
        let (version, text) = {
            let mut docs = self.lock();
            let since = Instant::now();
            loop {
                let doc = docs.get(uri)?;
                if let Some(snapshot) = doc.snapshot.as_ref().filter(|s| s.version == doc.version) {
                    return Some(snapshot.clone());
                }
                let left = WAIT_LIMIT.saturating_sub(since.elapsed());
                if doc.parsing != Some(doc.version) || left.is_zero() {
                    break (doc.version, doc.text.clone());
                }
                docs = self
                    .parsed
                    .wait_timeout(docs, left)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
        };
        Some(self.keep_parsed(uri, Arc::new(Snapshot::new(version, text))))
    }

    /// Keeps a snapshot a request parsed, unless the analysis thread stored one of the
    /// same version meanwhile: that one is kept and given, as its tree is the one the
    /// analysis holds too (keeping the request's would hold two trees of one text).
    fn keep_parsed(&self, uri: &Uri, parsed: Arc<Snapshot>) -> Arc<Snapshot> {
        let mut docs = self.lock();
        let Some(doc) = docs.get_mut(uri) else {
            return parsed;
        };
        match doc.snapshot.as_ref() {
            Some(stored) if stored.version == parsed.version => stored.clone(),
            _ if doc.version == parsed.version => {
                doc.snapshot = Some(parsed.clone());
                parsed
            }
            _ => parsed,
        }
    }

    /// Keeps a snapshot if it is of the document's current version.
    /// Either way, a wait for that version's parse is over.
    pub fn store(&self, uri: &Uri, snapshot: Arc<Snapshot>) {
        if let Some(doc) = self.lock().get_mut(uri) {
            if doc.parsing == Some(snapshot.version) {
                doc.parsing = None;
            }
            if doc.version == snapshot.version {
                doc.snapshot = Some(snapshot);
            }
        }
        self.parsed.notify_all();
    }
}

/// Applies one change: a whole-text replacement (returns `None`), or a range replacement
/// (returns it as a byte-range edit of the text before it).
fn apply_change(
    text: &mut DocText,
    change: TextDocumentContentChangeEvent,
    encoding: Encoding,
) -> Option<TextEdit> {
    let Some(range) = change.range else {
        *text = DocText::new(&change.text);
        return None;
    };
    let rope = text.rope();
    let start = char_index(rope, range.start, encoding, Inside::Before);
    let end = char_index(rope, range.end, encoding, Inside::Before).max(start);
    let bytes = |chars| TextSize::new(rope.char_to_byte(chars) as u32);
    let delete = TextRange::new(bytes(start), bytes(end));
    text.replace(start, end, &change.text);
    Some(TextEdit::replace(delete, change.text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::ls_types::{Position, Range};

    fn edit(
        doc: &mut DocText,
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
        apply_change(doc, change, encoding);
    }

    #[test]
    fn incremental_edits_in_both_encodings() {
        let mut rope = DocText::new("a😀b\r\nsecond\rthird\n");
        edit(&mut rope, (0, 3, 0, 4), "B", Encoding::Utf16);
        assert_eq!(&*rope.flatten(), "a😀B\r\nsecond\rthird\n");
        edit(&mut rope, (0, 1, 0, 5), "", Encoding::Utf8);
        assert_eq!(&*rope.flatten(), "aB\r\nsecond\rthird\n");
        edit(&mut rope, (1, 0, 2, 0), "", Encoding::Utf16);
        assert_eq!(&*rope.flatten(), "aB\r\nthird\n");
        edit(&mut rope, (0, 99, 0, 99), "!", Encoding::Utf16);
        assert_eq!(&*rope.flatten(), "aB!\r\nthird\n");
        edit(&mut rope, (9, 0, 9, 0), "end", Encoding::Utf16);
        assert_eq!(&*rope.flatten(), "aB!\r\nthird\nend");
    }

    fn large_document() -> (Documents, Uri) {
        let docs = Documents::default();
        let uri: Uri = "file:///large.mlir".parse().unwrap();
        let text = "\"test.op\"() : () -> ()\n".repeat(LARGE / 20);
        docs.open(uri.clone(), &text, 1);
        (docs, uri)
    }

    #[test]
    fn a_request_takes_the_tree_the_analysis_thread_parses() {
        let (docs, uri) = large_document();
        let pending = docs.take_pending(&uri).unwrap();
        let analysed = Arc::new(Snapshot::new(pending.version, pending.text));
        std::thread::scope(|scope| {
            let request = scope.spawn(|| docs.snapshot(&uri).unwrap());
            std::thread::sleep(Duration::from_millis(50));
            docs.store(&uri, analysed.clone());
            assert!(Arc::ptr_eq(&request.join().unwrap(), &analysed));
        });
    }

    #[test]
    fn a_tree_the_analysis_stored_first_is_kept_over_the_one_a_request_parsed() {
        let docs = Documents::default();
        let uri: Uri = "file:///small.mlir".parse().unwrap();
        docs.open(uri.clone(), "\"test.op\"() : () -> ()\n", 1);
        let pending = docs.take_pending(&uri).unwrap();
        let analysed = Arc::new(Snapshot::new(pending.version, pending.text.clone()));
        let requested = Arc::new(Snapshot::new(pending.version, pending.text));
        docs.store(&uri, analysed.clone());
        assert!(Arc::ptr_eq(&docs.keep_parsed(&uri, requested), &analysed));
        assert!(Arc::ptr_eq(&docs.snapshot(&uri).unwrap(), &analysed));
        // The other way round, the analysis thread's tree replaces the request's.
        docs.change(&uri, 2, Vec::new(), Encoding::Utf16);
        let text = DocText::new("\"test.op\"() : () -> ()\n");
        let requested = docs.keep_parsed(&uri, Arc::new(Snapshot::new(2, text.clone())));
        let analysed = Arc::new(Snapshot::new(2, text));
        docs.store(&uri, analysed.clone());
        assert!(!Arc::ptr_eq(&requested, &analysed));
        assert!(Arc::ptr_eq(&docs.snapshot(&uri).unwrap(), &analysed));
    }

    #[test]
    fn a_request_parses_itself_when_the_analysis_gives_up_or_the_text_moves_on() {
        let (docs, uri) = large_document();
        docs.take_pending(&uri).unwrap();
        std::thread::scope(|scope| {
            let request = scope.spawn(|| docs.snapshot(&uri).unwrap());
            std::thread::sleep(Duration::from_millis(50));
            docs.abandon(&uri);
            assert_eq!(request.join().unwrap().version, 1);
        });
        // A newer version than the one being parsed is parsed by the request.
        let (docs, uri) = large_document();
        docs.take_pending(&uri).unwrap();
        let change = TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text: "\"test.op\"() : () -> ()".into(),
        };
        docs.change(&uri, 2, vec![change], Encoding::Utf16);
        assert_eq!(docs.snapshot(&uri).unwrap().version, 2);
        // A closed document answers nothing, even to a request that waited.
        let (docs, uri) = large_document();
        std::thread::scope(|scope| {
            let request = scope.spawn(|| docs.snapshot(&uri));
            std::thread::sleep(Duration::from_millis(50));
            docs.close(&uri);
            assert!(request.join().unwrap().is_none());
        });
    }
}
