//! Position conversion between the project's byte offsets and LSP positions, in the
//! encoding negotiated with the client: UTF-16 code units by default, UTF-8 bytes when the
//! client offers it (DESIGN §3.7). Lines end at `\n`, `\r\n` or `\r`, as LSP counts them.

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{TextRange, TextSize};
use ropey::Rope;
use tower_lsp_server::ls_types::{Position, Range};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    #[default]
    Utf16,
    Utf8,
}

/// A text with its line index, converting positions both ways: a flat text with its
/// `LineIndex`, or a rope (an open document's, which knows its own lines).
pub struct PositionMap<'a> {
    lines: Lines<'a>,
    encoding: Encoding,
}

enum Lines<'a> {
    Flat { text: &'a str, index: &'a LineIndex },
    Rope(&'a Rope),
}

impl<'a> PositionMap<'a> {
    pub fn new(text: &'a str, index: &'a LineIndex, encoding: Encoding) -> Self {
        PositionMap {
            lines: Lines::Flat { text, index },
            encoding,
        }
    }

    pub fn for_rope(rope: &'a Rope, encoding: Encoding) -> Self {
        PositionMap {
            lines: Lines::Rope(rope),
            encoding,
        }
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The text, in the pieces it is kept in (`positions_in_order` reads them in turn).
    pub fn chunks(&self) -> Box<dyn Iterator<Item = &'a str> + 'a> {
        match self.lines {
            Lines::Flat { text, .. } => Box::new(std::iter::once(text)),
            Lines::Rope(rope) => Box::new(rope.chunks()),
        }
    }

    pub fn position(&self, offset: TextSize) -> Position {
        match self.lines {
            Lines::Flat { text, index } => {
                let pos = index.line_col(offset);
                let line_start = usize::from(index.line_start(pos.line));
                let prefix = &text[line_start..line_start + pos.col as usize];
                Position::new(pos.line, self.units(prefix))
            }
            Lines::Rope(rope) => {
                let char = rope.byte_to_char(usize::from(offset).min(rope.len_bytes()));
                let line = rope.char_to_line(char);
                let column = match self.encoding {
                    Encoding::Utf8 => rope.char_to_byte(char) - rope.line_to_byte(line),
                    Encoding::Utf16 => {
                        rope.char_to_utf16_cu(char) - rope.char_to_utf16_cu(rope.line_to_char(line))
                    }
                };
                Position::new(line as u32, column as u32)
            }
        }
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range::new(self.position(range.start()), self.position(range.end()))
    }

    /// The byte offset of a position; a character past the end of its line means the end
    /// of the line (LSP), a line past the end means the end of the text.
    pub fn offset(&self, position: Position) -> TextSize {
        match self.lines {
            Lines::Flat { text, index } => {
                if position.line >= index.line_count() {
                    return TextSize::of(text);
                }
                let start = usize::from(index.line_start(position.line));
                let end = usize::from(index.line_start(position.line + 1));
                let line = text[start..end].trim_end_matches(['\n', '\r']);
                TextSize::new((start + self.byte_in_line(line, position.character)) as u32)
            }
            Lines::Rope(rope) => {
                let char = char_index(rope, position, self.encoding, Inside::After);
                TextSize::new(rope.char_to_byte(char) as u32)
            }
        }
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

/// Where a position inside a character (half a surrogate pair, a byte of a UTF-8
/// sequence) goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inside {
    /// To the character's start (an edit's range).
    Before,
    /// Past the character (a request's position, as the flat text's map does).
    After,
}

/// The char index of an LSP position in a rope, clamped to the line (without its break)
/// and to the text.
pub fn char_index(rope: &Rope, position: Position, encoding: Encoding, inside: Inside) -> usize {
    let line = position.line as usize;
    if line >= rope.len_lines() {
        return rope.len_chars();
    }
    let line_start = rope.line_to_char(line);
    let slice = rope.line(line);
    let content_chars = line_content_chars(&slice);
    let (offset, at) = match encoding {
        Encoding::Utf16 => {
            let content_units = slice.char_to_utf16_cu(content_chars);
            let units = (position.character as usize).min(content_units);
            let char = slice.utf16_cu_to_char(units);
            (char, slice.char_to_utf16_cu(char) < units)
        }
        Encoding::Utf8 => {
            let content_bytes = slice.char_to_byte(content_chars);
            let bytes = (position.character as usize).min(content_bytes);
            let char = slice.byte_to_char(bytes);
            (char, slice.char_to_byte(char) < bytes)
        }
    };
    let past = at && inside == Inside::After;
    line_start + offset + usize::from(past)
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

    #[test]
    fn a_rope_converts_as_the_flat_text_does() {
        let text = "a\n\"é😀\" x\r\nlast\rß\r\n\nend";
        let index = LineIndex::new(text);
        let rope = Rope::from_str(text);
        for encoding in [Encoding::Utf16, Encoding::Utf8] {
            let flat = PositionMap::new(text, &index, encoding);
            let roped = PositionMap::for_rope(&rope, encoding);
            for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
                let at = TextSize::new(offset as u32);
                assert_eq!(roped.position(at), flat.position(at), "{offset}");
            }
            for line in 0..8 {
                for character in 0..12 {
                    let position = Position::new(line, character);
                    assert_eq!(
                        roped.offset(position),
                        flat.offset(position),
                        "{position:?}"
                    );
                }
            }
        }
    }
}
