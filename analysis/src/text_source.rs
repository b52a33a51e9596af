//! How the host is given a file's new text: whole, or by a source that flattens it only
//! when the host must have it whole (the server keeps its documents as ropes, and
//! flattening a million-line document costs more than the rest of a keystroke).

use std::sync::Arc;

use mlir_diagnostics::markers::Marker;

/// A file's new text.
pub trait TextSource {
    /// Its length in bytes.
    fn len(&self) -> usize;

    /// Whether it is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The whole text. The host asks for it only to parse a file whole, or to keep the text
    /// of a file that defines IRDL dialects.
    fn whole(&self) -> Arc<str>;

    /// Whether `marker` occurs in it.
    fn contains(&self, marker: Marker) -> bool;
}

impl TextSource for Arc<str> {
    fn len(&self) -> usize {
        str::len(self)
    }

    fn whole(&self) -> Arc<str> {
        self.clone()
    }

    fn contains(&self, marker: Marker) -> bool {
        marker.is_in(self)
    }
}
