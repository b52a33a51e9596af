//! Byte offset ↔ line/column conversion. Lines end at `\n`, `\r\n` or `\r`, as LSP and
//! MLIR's source manager count them; columns here are bytes (the server converts to UTF-16).

use mlir_syntax::TextSize;

/// Start offsets of every line of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<u32>,
    len: u32,
}

/// A 0-based line and byte column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        // A SIMD search for line breaks: a byte loop took tens of milliseconds on the
        // million-line files whose first error `check` prints.
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            // The `\r` of `\r\n` starts no line: its `\n` does.
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                continue;
            }
            starts.push(i as u32 + 1);
        }
        LineIndex {
            starts,
            len: text.len() as u32,
        }
    }

    pub fn line_col(&self, offset: TextSize) -> LineCol {
        let offset = u32::from(offset).min(self.len);
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        LineCol {
            line: line as u32,
            col: offset - self.starts[line],
        }
    }

    /// Offset of the start of a 0-based line (the end of the text past the last line).
    pub fn line_start(&self, line: u32) -> TextSize {
        TextSize::new(self.starts.get(line as usize).copied().unwrap_or(self.len))
    }

    pub fn line_count(&self) -> u32 {
        self.starts.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_endings() {
        let index = LineIndex::new("a\nb\r\nc\rd");
        let lc = |o: u32| index.line_col(TextSize::new(o));
        assert_eq!(lc(0), LineCol { line: 0, col: 0 });
        assert_eq!(lc(2), LineCol { line: 1, col: 0 });
        assert_eq!(lc(5), LineCol { line: 2, col: 0 });
        assert_eq!(lc(7), LineCol { line: 3, col: 0 });
        assert_eq!(index.line_count(), 4);
    }

    #[test]
    fn line_starts_follow_every_kind_of_break() {
        // Each line break ends a line; `\r\n` is one break, `\r\r\n` two.
        let starts = |text: &str| LineIndex::new(text).starts;
        assert_eq!(starts(""), [0]);
        assert_eq!(starts("\r"), [0, 1]);
        assert_eq!(starts("\r\n"), [0, 2]);
        assert_eq!(starts("a\r\r\nb\n\nc\r"), [0, 2, 4, 6, 7, 9]);
        assert_eq!(starts("\n\r\n\r"), [0, 1, 3, 4]);
    }
}
