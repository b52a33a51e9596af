//! An open document's text as the server keeps it: a rope, edited in place and cloned in
//! O(1) for each analysed version, with the number of times each of the analysis's
//! markers occurs in it. The counts are updated from each edit's neighbourhood, and the
//! rope is flattened only for the requests that need the text whole, so a keystroke in a
//! million-line document costs neither a copy nor a scan of it.

use std::sync::Arc;

use mlir_analysis::TextSource;
use mlir_analysis::markers::Marker;
use ropey::Rope;

#[derive(Clone)]
pub struct DocText {
    rope: Rope,
    /// Occurrences of each of `Marker::ALL`, in that order.
    counts: [usize; Marker::ALL.len()],
}

impl DocText {
    pub fn new(text: &str) -> Self {
        DocText {
            rope: Rope::from_str(text),
            counts: Marker::ALL.map(|m| m.count_in(text)),
        }
    }

    pub fn rope(&self) -> &Rope {
        &self.rope
    }

    /// Replaces the chars `start..end` by `insert`.
    pub fn replace(&mut self, start: usize, end: usize, insert: &str) {
        // An occurrence the edit makes or breaks lies within a marker's length of it.
        let reach = Marker::MAX_LEN - 1;
        let from = start.saturating_sub(reach);
        let before = self.window(from, (end + reach).min(self.rope.len_chars()));
        self.rope.remove(start..end);
        self.rope.insert(start, insert);
        let end = start + insert.chars().count();
        let after = self.window(from, (end + reach).min(self.rope.len_chars()));
        for (count, marker) in self.counts.iter_mut().zip(Marker::ALL) {
            *count = (*count + marker.count_in(&after)).saturating_sub(marker.count_in(&before));
        }
    }

    fn window(&self, start: usize, end: usize) -> String {
        self.rope.slice(start..end).to_string()
    }

    /// The whole text, flattened: one copy, into a buffer of its exact size.
    pub fn flatten(&self) -> Arc<str> {
        let mut text = String::with_capacity(self.rope.len_bytes());
        for chunk in self.rope.chunks() {
            text.push_str(chunk);
        }
        Arc::from(text)
    }
}

impl TextSource for DocText {
    fn len(&self) -> usize {
        self.rope.len_bytes()
    }

    fn whole(&self) -> Arc<str> {
        self.flatten()
    }

    fn contains(&self, marker: Marker) -> bool {
        let index = Marker::ALL.iter().position(|m| *m == marker);
        index.is_some_and(|i| self.counts[i] > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edited(text: &str, start: usize, end: usize, insert: &str) -> DocText {
        let mut doc = DocText::new(text);
        doc.replace(start, end, insert);
        doc
    }

    /// The counts after an edit are those of the new text counted whole.
    fn assert_counts_agree(doc: &DocText) {
        let whole = DocText::new(&doc.flatten());
        assert_eq!(doc.counts, whole.counts, "{:?}", doc.flatten());
    }

    #[test]
    fn edits_that_make_or_break_a_marker_are_counted() {
        // Made by joining two pieces, by typing its last character, broken in the middle.
        assert_counts_agree(&edited("// --XX---\n", 5, 7, ""));
        assert!(edited("// --XX---\n", 5, 7, "").contains(Marker::Split));
        assert_counts_agree(&edited("irdl.dialec @d", 11, 11, "t"));
        assert_counts_agree(&edited("x // expected-error {{e}}", 8, 9, "?"));
        assert!(!edited("x // expected-error", 8, 9, "?").contains(Marker::Expectation));
        // Far from any marker, and at both ends of the text.
        let text = format!("// -----\n{}irdl.dialect @d\n", "a\n".repeat(40));
        for (start, end, insert) in [
            (20, 21, "b"),
            (0, 1, ""),
            (0, 0, "é"),
            (text.len() - 1, text.len(), ""),
        ] {
            let doc = edited(&text, start, end, insert);
            assert_counts_agree(&doc);
        }
    }

    #[test]
    fn the_flat_text_is_the_rope() {
        let doc = edited("a😀b\r\nc", 1, 2, "é");
        assert_eq!(&*doc.flatten(), "aéb\r\nc");
        assert_eq!(TextSource::len(&doc), "aéb\r\nc".len());
    }
}
