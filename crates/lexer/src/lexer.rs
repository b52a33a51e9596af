//! Lexer: MLIR text to a flat list of tokens (stage 1 of the pipeline), following L-01…L-19.
//!
//! Every byte of the input belongs to exactly one token, so the parser can build a lossless
//! tree. The lexer never fails: characters that start no token become `ERROR_TOKEN`s, which
//! the parser reports (except inside dialect bodies, where upstream accepts any character).
//! Only malformed strings are reported here, since they are errors wherever they occur.

use crate::SyntaxKind::{self, *};

/// One token: its kind, where it starts, how long it is, and whether a line break separates
/// it from the previous non-trivia token (custom ops end at line structure, DESIGN §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub start: u32,
    pub len: u32,
    pub newline_before: bool,
}

impl Token {
    pub fn end(&self) -> u32 {
        self.start + self.len
    }
}

/// An error found while lexing: a byte range and MLIR's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    pub start: u32,
    pub end: u32,
    pub message: String,
}

/// Splits `text` into tokens, ending with an empty `EOF` token.
pub fn lex(text: &str) -> (Vec<Token>, Vec<LexError>) {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        pos: 0,
        errors: Vec::new(),
    };
    // Real IR averages under three bytes a token (whitespace included): reserving for one
    // token per two bytes means the vector never grows, which would copy it, and the pages
    // not used are never touched.
    let mut tokens = Vec::with_capacity(text.len() / 2 + 2);
    let mut newline_before = true;
    while let Some(&first) = lexer.bytes.get(lexer.pos) {
        let start = lexer.pos;
        // A single space between tokens, a third of IR's tokens, takes no dispatch.
        let kind = if first == b' ' && !is(lexer.peek(1), SPACE) {
            lexer.pos += 1;
            WHITESPACE
        } else {
            lexer.next_kind()
        };
        let token = Token {
            kind,
            start: start as u32,
            len: (lexer.pos - start) as u32,
            newline_before,
        };
        if kind.is_trivia() {
            // (Whitespace that starts a line starts with its line break.)
            let line_break = |b: &u8| matches!(b, b'\n' | b'\r');
            newline_before |= kind != WHITESPACE
                || line_break(&first)
                || lexer.bytes[start..lexer.pos].iter().any(line_break);
        } else {
            newline_before = false;
        }
        tokens.push(token);
    }
    let eof = Token {
        kind: EOF,
        start: text.len() as u32,
        len: 0,
        newline_before: true,
    };
    tokens.push(eof);
    (tokens, lexer.errors)
}

/// The kind and length of the first token of a non-empty `text` (used to re-lex what is
/// left of a token the parser split, as upstream does for dimension lists, L-18).
pub fn first_token(text: &str) -> (SyntaxKind, u32) {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        pos: 0,
        errors: Vec::new(),
    };
    let kind = lexer.next_kind();
    (kind, lexer.pos as u32)
}

struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    errors: Vec<LexError>,
}

impl Lexer<'_> {
    fn peek(&self, offset: usize) -> u8 {
        self.bytes.get(self.pos + offset).copied().unwrap_or(0)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    fn eat_while(&mut self, pred: impl Fn(u8) -> bool) {
        let rest = &self.bytes[self.pos..];
        self.pos += rest.iter().position(|&c| !pred(c)).unwrap_or(rest.len());
    }

    /// Consumes the bytes of any of `classes` (see `CLASSES`).
    fn eat_class(&mut self, classes: u8) {
        self.eat_while(|c| is(c, classes));
    }

    fn error(&mut self, start: usize, end: usize, message: &str) {
        self.errors.push(LexError {
            start: start as u32,
            end: end as u32,
            message: message.into(),
        });
    }

    /// Consumes one token and returns its kind.
    fn next_kind(&mut self) -> SyntaxKind {
        let c = self.bytes[self.pos];
        self.pos += 1;
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0 => self.whitespace(),
            b'/' if self.peek(0) == b'/' => self.comment(),
            b'(' => L_PAREN,
            b')' => R_PAREN,
            b'{' if self.bytes[self.pos..].starts_with(b"-#") => {
                self.pos += 2;
                FILE_META_OPEN
            }
            b'{' => L_BRACE,
            b'}' => R_BRACE,
            b'[' => L_BRACK,
            b']' => R_BRACK,
            b'<' => L_ANGLE,
            b'>' => R_ANGLE,
            b'=' => EQ,
            b',' => COMMA,
            b':' => COLON,
            b'?' => QUESTION,
            b'*' => STAR,
            b'+' => PLUS,
            b'|' => PIPE,
            b'-' if self.peek(0) == b'>' => {
                self.pos += 1;
                ARROW
            }
            b'-' => MINUS,
            b'.' => self.ellipsis(),
            b'#' if self.bytes[self.pos..].starts_with(b"-}") => {
                self.pos += 2;
                FILE_META_CLOSE
            }
            b'#' => self.prefixed_id(HASH_ID),
            b'!' => self.prefixed_id(BANG_ID),
            b'%' => self.prefixed_id(VALUE_ID),
            b'^' => self.prefixed_id(CARET_ID),
            b'@' => self.at_id(),
            b'"' => self.string(),
            b'0'..=b'9' => self.number(c),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.bare_id(),
            _ => self.unexpected(c),
        }
    }

    fn whitespace(&mut self) -> SyntaxKind {
        // Indentation is counted eight spaces at a time, without a branch per space.
        while let Some(word) = self.bytes.get(self.pos..self.pos + 8) {
            let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
            let not_spaces = word ^ u64::from_le_bytes([b' '; 8]);
            if not_spaces != 0 {
                self.pos += (not_spaces.trailing_zeros() / 8) as usize;
                break;
            }
            self.pos += 8;
        }
        // Tabs, more line breaks, and the end of the input.
        self.eat_class(SPACE);
        WHITESPACE
    }

    /// `//` to the end of the line (L-02); `// -----` is the split marker (L-17).
    fn comment(&mut self) -> SyntaxKind {
        let start = self.pos - 1;
        self.eat_while(|c| c != b'\n' && c != b'\r');
        if self.bytes[start..self.pos].starts_with(b"// -----") {
            SPLIT_MARKER
        } else {
            COMMENT
        }
    }

    /// `...`; a lone `.` or `..` is an error token the parser reports (L-15).
    fn ellipsis(&mut self) -> SyntaxKind {
        if self.peek(0) == b'.' && self.peek(1) == b'.' {
            self.pos += 2;
            return ELLIPSIS;
        }
        if self.peek(0) == b'.' {
            self.pos += 1;
        }
        ERROR_TOKEN
    }

    /// `%`, `^`, `#`, `!` followed by a suffix-id (L-06). An empty suffix is left to the parser.
    fn prefixed_id(&mut self, kind: SyntaxKind) -> SyntaxKind {
        let c = self.peek(0);
        if is(c, DIGIT) {
            self.eat_class(DIGIT);
        } else if is(c, SUFFIX) {
            self.eat_class(SUFFIX | DIGIT);
        }
        kind
    }

    /// `@name` or `@"quoted"` (L-07); anything else after `@` is the parser's error.
    fn at_id(&mut self) -> SyntaxKind {
        let c = self.peek(0);
        if c == b'"' {
            self.pos += 1;
            self.string();
        } else if c.is_ascii_alphabetic() || c == b'_' {
            self.eat_class(BARE);
        }
        AT_ID
    }

    /// A string literal with MLIR's escapes (L-13). Ends before a raw LF, VT or FF.
    fn string(&mut self) -> SyntaxKind {
        loop {
            match self.peek(0) {
                b'"' => {
                    self.pos += 1;
                    return STRING;
                }
                b'\n' | 0x0B | 0x0C => break,
                0 if self.at_end() => break,
                b'\\' => self.escape(),
                _ => self.pos += 1,
            }
        }
        // MLIR reports it where the string should have ended: at the line break (or the
        // end of the input).
        self.error(self.pos, self.pos, "expected '\"' in string literal");
        STRING
    }

    /// One escape inside a string: `\"`, `\\`, `\n`, `\t` or two hex digits.
    fn escape(&mut self) {
        let start = self.pos;
        self.pos += 1;
        match self.peek(0) {
            b'"' | b'\\' | b'n' | b't' => self.pos += 1,
            c if c.is_ascii_hexdigit() && self.peek(1).is_ascii_hexdigit() => self.pos += 2,
            // At the end of the input the escape covers only the backslash.
            _ => {
                let end = (self.pos + 1).min(self.bytes.len());
                self.error(start, end, "unknown escape in string literal");
            }
        }
    }

    /// Decimal, hexadecimal (lowercase `x` only) and float literals (L-10, L-11).
    fn number(&mut self, first: u8) -> SyntaxKind {
        if first == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            self.eat_class(HEX);
            return HEX_NUMBER;
        }
        self.eat_class(DIGIT);
        if self.peek(0) != b'.' {
            return INT_NUMBER;
        }
        self.pos += 1;
        self.eat_class(DIGIT);
        let sign = usize::from(matches!(self.peek(1), b'+' | b'-'));
        if matches!(self.peek(0), b'e' | b'E') && self.peek(1 + sign).is_ascii_digit() {
            self.pos += 1 + sign;
            self.eat_class(DIGIT);
        }
        FLOAT_NUMBER
    }

    /// `(letter|_)(letter|digit|[_$.])*` (L-03).
    fn bare_id(&mut self) -> SyntaxKind {
        self.eat_class(BARE);
        BARE_ID
    }

    /// A run of characters that start no token (one error, not one per character); a
    /// multi-byte character stays whole.
    fn unexpected(&mut self, first: u8) -> SyntaxKind {
        if first >= 0x80 {
            self.eat_while(|c| (0x80..0xC0).contains(&c));
        }
        self.eat_while(|c| !starts_token(c));
        ERROR_TOKEN
    }
}

/// Can a token (or trivia) start with byte `c`? Bytes of non-ASCII characters cannot.
fn starts_token(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b" \t\n\r\0/(){}[]<>=,:?*+|-.#!%^@\"_".contains(&c)
}

// Classes of bytes, as bits of their entry in `CLASSES`: the lexer's loops test a byte
// with one load instead of a chain of range comparisons.
/// `0-9`.
const DIGIT: u8 = 1;
/// `0-9a-fA-F`.
const HEX: u8 = 2;
/// What continues a bare identifier (L-03): a letter, a digit, `_`, `$`, `.`.
const BARE: u8 = 4;
/// What a suffix-id may start with (L-06): a letter, `$`, `.`, `_`, `-`.
const SUFFIX: u8 = 8;
/// Whitespace: space, tab, line breaks, and NUL (which MLIR's lexer also skips).
const SPACE: u8 = 16;

const CLASSES: [u8; 256] = classes();

const fn classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let mut bits = 0;
        if c.is_ascii_digit() {
            bits |= DIGIT;
        }
        if c.is_ascii_hexdigit() {
            bits |= HEX;
        }
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.') {
            bits |= BARE;
        }
        if c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-') {
            bits |= SUFFIX;
        }
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0) {
            bits |= SPACE;
        }
        table[i] = bits;
        i += 1;
    }
    table
}

/// Is `c` of any of `classes`?
fn is(c: u8, classes: u8) -> bool {
    CLASSES[usize::from(c)] & classes != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{Expect, expect};

    fn check(input: &str, expect: Expect) {
        let (tokens, errors) = lex(input);
        let mut out = String::new();
        for t in &tokens[..tokens.len() - 1] {
            let text = &input[t.start as usize..t.end() as usize];
            let nl = if t.newline_before && !t.kind.is_trivia() {
                " (nl)"
            } else {
                ""
            };
            out += &format!("{:?} {:?}{nl}\n", t.kind, text);
        }
        for e in errors {
            out += &format!("error {}..{}: {}\n", e.start, e.end, e.message);
        }
        expect.assert_eq(&out);
    }

    #[test]
    fn sigil_identifiers() {
        // L-06, L-07, L-08
        check(
            "%x#1 %0abc ^bb0 #map !t @f @\"q r\" %-x %$a %.5 % @42",
            expect![[r##"
                VALUE_ID "%x" (nl)
                HASH_ID "#1"
                WHITESPACE " "
                VALUE_ID "%0"
                BARE_ID "abc"
                WHITESPACE " "
                CARET_ID "^bb0"
                WHITESPACE " "
                HASH_ID "#map"
                WHITESPACE " "
                BANG_ID "!t"
                WHITESPACE " "
                AT_ID "@f"
                WHITESPACE " "
                AT_ID "@\"q r\""
                WHITESPACE " "
                VALUE_ID "%-x"
                WHITESPACE " "
                VALUE_ID "%$a"
                WHITESPACE " "
                VALUE_ID "%.5"
                WHITESPACE " "
                VALUE_ID "%"
                WHITESPACE " "
                AT_ID "@"
                INT_NUMBER "42"
            "##]],
        );
    }

    #[test]
    fn numbers() {
        // L-10, L-11, L-12
        check(
            "42 0x2A 0X1F 0xi32 1. 1.5e-3 1e5 1.0e -7 .5",
            expect![[r##"
                INT_NUMBER "42" (nl)
                WHITESPACE " "
                HEX_NUMBER "0x2A"
                WHITESPACE " "
                INT_NUMBER "0"
                BARE_ID "X1F"
                WHITESPACE " "
                INT_NUMBER "0"
                BARE_ID "xi32"
                WHITESPACE " "
                FLOAT_NUMBER "1."
                WHITESPACE " "
                FLOAT_NUMBER "1.5e-3"
                WHITESPACE " "
                INT_NUMBER "1"
                BARE_ID "e5"
                WHITESPACE " "
                FLOAT_NUMBER "1.0"
                BARE_ID "e"
                WHITESPACE " "
                MINUS "-"
                INT_NUMBER "7"
                WHITESPACE " "
                ERROR_TOKEN "."
                INT_NUMBER "5"
            "##]],
        );
    }

    #[test]
    fn strings_and_escapes() {
        // L-13
        check(
            "\"a\\\"b\\n\\t\\0A\" \"bad\\q\" \"open\nx",
            expect![[r#"
                STRING "\"a\\\"b\\n\\t\\0A\"" (nl)
                WHITESPACE " "
                STRING "\"bad\\q\""
                WHITESPACE " "
                STRING "\"open"
                WHITESPACE "\n"
                BARE_ID "x" (nl)
                error 18..20: unknown escape in string literal
                error 27..27: expected '"' in string literal
            "#]],
        );
    }

    #[test]
    fn punctuation_and_markers() {
        // L-14, L-16, L-17
        check(
            "-> - ... {-# #-} >> // c\n// -----\n$ é $$é&",
            expect![[r##"
                ARROW "->" (nl)
                WHITESPACE " "
                MINUS "-"
                WHITESPACE " "
                ELLIPSIS "..."
                WHITESPACE " "
                FILE_META_OPEN "{-#"
                WHITESPACE " "
                FILE_META_CLOSE "#-}"
                WHITESPACE " "
                R_ANGLE ">"
                R_ANGLE ">"
                WHITESPACE " "
                COMMENT "// c"
                WHITESPACE "\n"
                SPLIT_MARKER "// -----"
                WHITESPACE "\n"
                ERROR_TOKEN "$" (nl)
                WHITESPACE " "
                ERROR_TOKEN "é"
                WHITESPACE " "
                ERROR_TOKEN "$$é&"
            "##]],
        );
    }

    #[test]
    fn dimension_lists_lex_as_upstream_does() {
        // L-18: the parser re-splits these.
        check(
            "4x?x8xf32 0x10xf32 0xf32",
            expect![[r##"
                INT_NUMBER "4" (nl)
                BARE_ID "x"
                QUESTION "?"
                BARE_ID "x8xf32"
                WHITESPACE " "
                HEX_NUMBER "0x10"
                BARE_ID "xf32"
                WHITESPACE " "
                HEX_NUMBER "0xf32"
            "##]],
        );
    }

    #[test]
    fn backslash_at_end_of_input_stays_inside_the_text() {
        // Found by the parse fuzz target: the error ran one byte past the end.
        let (_, errors) = lex("\"\\");
        assert!(errors.iter().all(|e| e.end <= 2), "{errors:?}");
    }

    #[test]
    fn whitespace_runs_and_the_line_breaks_in_them() {
        // L-01: a lone space, indentation longer than eight spaces (counted a word at a
        // time), spaces before a line break, a tab after spaces, and spaces that end
        // the input with fewer than eight bytes left.
        check(
            "a b\n            c  \n d \t e   ",
            expect![[r#"
                BARE_ID "a" (nl)
                WHITESPACE " "
                BARE_ID "b"
                WHITESPACE "\n            "
                BARE_ID "c" (nl)
                WHITESPACE "  \n "
                BARE_ID "d" (nl)
                WHITESPACE " \t "
                BARE_ID "e"
                WHITESPACE "   "
            "#]],
        );
    }

    #[test]
    fn every_byte_is_covered() {
        let input = "%a = \"x\"(%b) : (i32) -> i32 // é\n\u{0}\"unterminated";
        let (tokens, _) = lex(input);
        let total: u32 = tokens.iter().map(|t| t.len).sum();
        assert_eq!(total as usize, input.len());
    }
}
