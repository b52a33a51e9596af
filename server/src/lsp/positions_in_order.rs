//! Positions of many offsets in one forward pass over the text. A position looked up on
//! its own costs a descent of the rope (or a search of the line index) and a count of its
//! line's prefix; semantic tokens of a million-line file ask for twelve million of them,
//! in file order. Walking the text once, counting line breaks as they pass, costs the
//! text's length instead.

use mlir_analysis::TextSize;
use tower_lsp_server::ls_types::Position;

use super::positions::{Encoding, PositionMap};

/// A cursor that gives the positions of non-decreasing offsets. An offset before the last
/// one asked for is answered by the map directly (right, but not cheap).
pub struct InOrder<'m, 'a> {
    map: &'m PositionMap<'a>,
    chunks: std::iter::Peekable<Box<dyn Iterator<Item = &'a str> + 'm>>,
    /// The chunk that holds `at` (or ends there), and where it starts in the text.
    chunk: &'a [u8],
    chunk_start: usize,
    /// How far the text has been read, and the position there.
    at: usize,
    line: u32,
    column: u32,
}

impl<'m, 'a> InOrder<'m, 'a> {
    pub(super) fn new(
        map: &'m PositionMap<'a>,
        chunks: Box<dyn Iterator<Item = &'a str> + 'm>,
    ) -> Self {
        InOrder {
            map,
            chunks: chunks.peekable(),
            chunk: &[],
            chunk_start: 0,
            at: 0,
            line: 0,
            column: 0,
        }
    }

    /// The position of `offset`.
    pub fn position(&mut self, offset: TextSize) -> Position {
        let offset = usize::from(offset);
        if offset < self.at {
            return self.map.position(TextSize::new(offset as u32));
        }
        while self.at < offset {
            if self.at == self.chunk_start + self.chunk.len() && !self.next_chunk() {
                break; // past the end of the text: the end's position, as the map says
            }
            let end = offset.min(self.chunk_start + self.chunk.len());
            self.read(end);
        }
        Position::new(self.line, self.column)
    }

    fn next_chunk(&mut self) -> bool {
        match self.chunks.next() {
            Some(chunk) => {
                self.chunk_start += self.chunk.len();
                self.chunk = chunk.as_bytes();
                true
            }
            None => false,
        }
    }

    /// Reads the current chunk up to `end` (inside it), counting lines and columns.
    fn read(&mut self, end: usize) {
        let base = self.chunk_start;
        let bytes = &self.chunk[self.at - base..end - base];
        let mut line_from = 0;
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes[i] == b'\r' && self.byte_after(self.at + i) == Some(b'\n') {
                continue; // the `\n` ends this line break
            }
            self.line += 1;
            self.column = 0;
            line_from = i + 1;
        }
        self.column += units(&bytes[line_from..], self.map.encoding());
        self.at = end;
    }

    /// The byte at `offset + 1`, which may be in the next chunk.
    fn byte_after(&mut self, offset: usize) -> Option<u8> {
        let next = offset + 1 - self.chunk_start;
        if next < self.chunk.len() {
            return Some(self.chunk[next]);
        }
        self.chunks
            .peek()
            .and_then(|chunk| chunk.as_bytes().first().copied())
    }
}

/// How many code units of `encoding` the bytes hold (cut anywhere, even inside a character).
fn units(bytes: &[u8], encoding: Encoding) -> u32 {
    if encoding == Encoding::Utf8 || bytes.is_ascii() {
        return bytes.len() as u32;
    }
    // A character is a code unit per leading byte; one of four bytes is two (a surrogate pair).
    let leading = bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count();
    let astral = bytes.iter().filter(|&&b| b >= 0xF0).count();
    (leading + astral) as u32
}

impl<'a> PositionMap<'a> {
    /// A cursor for the positions of offsets asked in file order.
    pub fn in_order(&self) -> InOrder<'_, 'a> {
        InOrder::new(self, self.chunks())
    }

    /// The positions of `offsets`, in any order, read in one pass.
    pub fn positions(&self, offsets: &[TextSize]) -> Vec<Position> {
        // Offset and index in one word: sorting words is sorting by offset, in cache.
        let mut order: Vec<u64> = offsets
            .iter()
            .enumerate()
            .map(|(i, &o)| (u64::from(u32::from(o)) << 32) | i as u64)
            .collect();
        order.sort_unstable();
        let mut out = vec![Position::default(); offsets.len()];
        let mut cursor = self.in_order();
        for word in order {
            let offset = TextSize::new((word >> 32) as u32);
            out[(word & u64::from(u32::MAX)) as usize] = cursor.position(offset);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_analysis::line_index::LineIndex;
    use ropey::Rope;

    /// Every char boundary, asked in order, and a few out of order.
    fn agrees(map: &PositionMap<'_>, text: &str) {
        let mut cursor = map.in_order();
        let offsets: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        for &offset in &offsets {
            let at = TextSize::new(offset as u32);
            assert_eq!(cursor.position(at), map.position(at), "at {offset}");
        }
        let backwards: Vec<TextSize> = offsets
            .iter()
            .rev()
            .map(|&o| TextSize::new(o as u32))
            .collect();
        let direct: Vec<Position> = backwards.iter().map(|&o| map.position(o)).collect();
        assert_eq!(map.positions(&backwards), direct);
    }

    #[test]
    fn one_pass_agrees_with_each_position_alone() {
        let mut text = String::from("a\n\"é😀\" x\r\nlast\rß\r\n\n\r\rend\r");
        // Long enough for the rope to hold many chunks, with breaks and wide characters
        // at their edges.
        for i in 0..3000 {
            text.push_str(["x", "\r\n", "é", "\r", "😀", "\n", "ab"][i % 7]);
        }
        let index = LineIndex::new(&text);
        let rope = Rope::from_str(&text);
        assert!(
            rope.chunks().count() > 3,
            "the test needs a rope of several chunks"
        );
        for encoding in [Encoding::Utf16, Encoding::Utf8] {
            agrees(&PositionMap::new(&text, &index, encoding), &text);
            agrees(&PositionMap::for_rope(&rope, encoding), &text);
        }
    }
}
