//! Position conversion between the project's byte offsets and LSP positions, in the
//! encoding negotiated with the client: UTF-16 code units by default, UTF-8 bytes when the
//! client offers it (DESIGN §3.7). Lines end at `\n`, `\r\n` or `\r`, as LSP counts them.

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{TextRange, TextSize};
use tower_lsp_server::ls_types::{Position, Range};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    #[default]
    Utf16,
    Utf8,
}

/// A text with its line index, converting positions both ways.
pub struct PositionMap<'a> {
    text: &'a str,
    index: &'a LineIndex,
    encoding: Encoding,
}

impl<'a> PositionMap<'a> {
    pub fn new(text: &'a str, index: &'a LineIndex, encoding: Encoding) -> Self {
        PositionMap {
            text,
            index,
            encoding,
        }
    }

    pub fn position(&self, offset: TextSize) -> Position {
        let pos = self.index.line_col(offset);
        let line_start = usize::from(self.index.line_start(pos.line));
        let prefix = &self.text[line_start..line_start + pos.col as usize];
        Position::new(pos.line, self.units(prefix))
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range::new(self.position(range.start()), self.position(range.end()))
    }

    /// The byte offset of a position; a character past the end of its line means the end
    /// of the line (LSP), a line past the end means the end of the text.
    pub fn offset(&self, position: Position) -> TextSize {
        if position.line >= self.index.line_count() {
            return TextSize::of(self.text);
        }
        let start = usize::from(self.index.line_start(position.line));
        let end = usize::from(self.index.line_start(position.line + 1));
        let line = self.text[start..end].trim_end_matches(['\n', '\r']);
        TextSize::new((start + self.byte_in_line(line, position.character)) as u32)
    }

    fn units(&self, text: &str) -> u32 {
        match self.encoding {
            Encoding::Utf8 => text.len() as u32,
            Encoding::Utf16 => text.encode_utf16().count() as u32,
        }
    }

    /// The byte offset of `character` units into `line`, never inside a character.
    fn byte_in_line(&self, line: &str, character: u32) -> usize {
        let mut units = 0u32;
        for (byte, c) in line.char_indices() {
            if units >= character {
                return byte;
            }
            units += match self.encoding {
                Encoding::Utf8 => c.len_utf8() as u32,
                Encoding::Utf16 => c.len_utf16() as u32,
            };
        }
        line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_and_utf8_columns() {
        let text = "a\n\"é😀\" x\r\nlast";
        let index = LineIndex::new(text);
        let x = TextSize::new(text.find('x').unwrap() as u32);
        let utf16 = PositionMap::new(text, &index, Encoding::Utf16);
        let utf8 = PositionMap::new(text, &index, Encoding::Utf8);
        assert_eq!(utf16.position(x), Position::new(1, 6));
        assert_eq!(utf8.position(x), Position::new(1, 9));
        assert_eq!(utf16.offset(Position::new(1, 6)), x);
        assert_eq!(utf8.offset(Position::new(1, 9)), x);
        assert_eq!(
            utf16.offset(Position::new(1, 99)),
            TextSize::new(text.find('\r').unwrap() as u32)
        );
        assert_eq!(utf16.offset(Position::new(9, 0)), TextSize::of(text));
        assert_eq!(utf16.position(TextSize::of(text)), Position::new(2, 4));
    }
}
