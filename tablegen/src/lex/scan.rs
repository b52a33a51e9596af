//! The scanner: one pass over the bytes of a file. It never stops at an error: a bad
//! character or an unterminated literal is reported and scanning goes on, so the parser
//! sees as much of the file as can be read.

use super::{Directive, Keyword, LexError, Punct, Tok, Token};

/// The tokens of `text` (ending with one `Eof`) and the errors met on the way.
pub(crate) fn lex(text: &str) -> (Vec<Token>, Vec<LexError>) {
    let mut scanner = Scanner {
        bytes: text.as_bytes(),
        text,
        pos: 0,
        line_start: true,
        tokens: Vec::with_capacity(text.len() / 4),
        errors: Vec::new(),
    };
    scanner.run();
    (scanner.tokens, scanner.errors)
}

struct Scanner<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    /// Whether only blanks and comments were seen since the line began (a `#` there may
    /// start a preprocessor line).
    line_start: bool,
    tokens: Vec<Token>,
    errors: Vec<LexError>,
}

fn is_ualpha(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_'
}

fn is_word_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

impl Scanner<'_> {
    fn peek(&self, ahead: usize) -> u8 {
        self.bytes.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn error(&mut self, offset: usize, message: impl Into<String>) {
        self.errors.push(LexError {
            offset: offset as u32,
            message: message.into(),
        });
    }

    fn push(&mut self, kind: Tok, start: usize) {
        self.tokens.push(Token {
            kind,
            offset: start as u32,
        });
        self.line_start = false;
    }

    fn run(&mut self) {
        while self.pos < self.bytes.len() {
            self.step();
        }
        self.push(Tok::Eof, self.bytes.len());
    }

    fn step(&mut self) {
        let start = self.pos;
        let byte = self.bytes[start];
        match byte {
            b'\n' => {
                self.pos += 1;
                self.line_start = true;
            }
            b' ' | b'\t' | b'\r' | 0x0c => self.pos += 1,
            b'/' if self.peek(1) == b'/' => self.skip_line_comment(),
            b'/' if self.peek(1) == b'*' => self.skip_block_comment(),
            b'#' if self.line_start && self.directive(start) => {}
            b'"' => self.string(start),
            b'[' if self.peek(1) == b'{' => self.code(start),
            b'$' => self.var_name(start),
            b'!' => self.bang(start),
            b'-' | b'+' if self.peek(1).is_ascii_digit() => self.decimal(start),
            b'0' if self.peek(1) == b'x' && self.peek(2).is_ascii_hexdigit() => self.hex(start),
            b'0' if self.peek(1) == b'b' && matches!(self.peek(2), b'0' | b'1') => {
                self.binary(start)
            }
            b'0'..=b'9' => self.number_or_word(start),
            _ if is_ualpha(byte) => self.word(start),
            b'.' if self.peek(1) == b'.' && self.peek(2) == b'.' => {
                self.pos += 3;
                self.push(Tok::Punct(Punct::Ellipsis), start);
            }
            _ => self.punct(start, byte),
        }
    }

    fn punct(&mut self, start: usize, byte: u8) {
        use Punct::*;
        let punct = match byte {
            b'-' => Minus,
            b'+' => Plus,
            b'[' => LBracket,
            b']' => RBracket,
            b'{' => LBrace,
            b'}' => RBrace,
            b'(' => LParen,
            b')' => RParen,
            b'<' => Less,
            b'>' => Greater,
            b':' => Colon,
            b';' => Semi,
            b',' => Comma,
            b'.' => Dot,
            b'=' => Equal,
            b'?' => Question,
            b'#' => Paste,
            _ => {
                let width = self.text[start..].chars().next().map_or(1, char::len_utf8);
                self.pos += width;
                self.error(start, "Unexpected character");
                return;
            }
        };
        self.pos += 1;
        self.push(Tok::Punct(punct), start);
    }

    fn skip_line_comment(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            self.pos += 1;
        }
    }

    /// `/* ... */`, which nests.
    fn skip_block_comment(&mut self) {
        let start = self.pos;
        self.pos += 2;
        let mut depth = 1;
        while depth > 0 {
            match (self.peek(0), self.peek(1)) {
                (0, _) if self.pos >= self.bytes.len() => {
                    self.error(start, "unterminated comment");
                    return;
                }
                (b'*', b'/') => {
                    depth -= 1;
                    self.pos += 2;
                }
                (b'/', b'*') => {
                    depth += 1;
                    self.pos += 2;
                }
                _ => self.pos += 1,
            }
        }
    }

    fn take_while(&mut self, accept: impl Fn(u8) -> bool) -> &str {
        let start = self.pos;
        while self.pos < self.bytes.len() && accept(self.bytes[self.pos]) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn word(&mut self, start: usize) {
        let word = self.take_while(is_word_byte).to_owned();
        let kind = match Keyword::from_word(&word) {
            Some(keyword) => Tok::Keyword(keyword),
            None => Tok::Ident(word),
        };
        self.push(kind, start);
    }

    /// Digits, or an identifier that begins with digits (`1x`, TableGen allows it).
    fn number_or_word(&mut self, start: usize) {
        self.take_while(|byte| byte.is_ascii_digit());
        if is_ualpha(self.peek(0)) {
            self.pos = start;
            return self.word(start);
        }
        self.pos = start;
        self.decimal(start);
    }

    fn decimal(&mut self, start: usize) {
        self.pos += 1; // the sign or first digit
        self.take_while(|byte| byte.is_ascii_digit());
        let text = &self.text[start..self.pos];
        match text.parse::<i64>() {
            Ok(value) => self.push(Tok::Int(value), start),
            Err(_) => self.error(start, "Invalid decimal number"),
        }
    }

    fn hex(&mut self, start: usize) {
        self.pos += 2;
        let digits = self.take_while(|byte| byte.is_ascii_hexdigit()).to_owned();
        // Like llvm-tblgen, a hex literal up to 64 bits wide wraps into the signed int.
        match u64::from_str_radix(&digits, 16) {
            Ok(value) => self.push(Tok::Int(value as i64), start),
            Err(_) => self.error(start, "Invalid hexadecimal number"),
        }
    }

    fn binary(&mut self, start: usize) {
        self.pos += 2;
        let digits = self
            .take_while(|byte| byte == b'0' || byte == b'1')
            .to_owned();
        match u64::from_str_radix(&digits, 2) {
            Ok(value) => self.push(Tok::Binary(value as i64, digits.len() as u32), start),
            Err(_) => self.error(start, "Invalid binary number"),
        }
    }

    fn var_name(&mut self, start: usize) {
        self.pos += 1;
        if !is_ualpha(self.peek(0)) {
            self.error(start, "Invalid variable name");
            return;
        }
        let name = self.take_while(is_word_byte).to_owned();
        self.push(Tok::VarName(name), start);
    }

    fn bang(&mut self, start: usize) {
        self.pos += 1;
        let name = self
            .take_while(|byte| byte.is_ascii_alphabetic())
            .to_owned();
        if name.is_empty() {
            self.error(start, "Unknown operator");
            return;
        }
        self.push(Tok::Bang(name), start);
    }

    fn string(&mut self, start: usize) {
        self.pos += 1;
        let mut value = String::new();
        loop {
            let Some(&byte) = self.bytes.get(self.pos) else {
                self.error(start, "End of file in string literal");
                return;
            };
            match byte {
                b'"' => break,
                b'\n' | b'\r' => {
                    self.error(start, "End of line in string literal");
                    return;
                }
                b'\\' => self.escape(&mut value),
                _ => {
                    let run = self.take_while(|b| !matches!(b, b'"' | b'\\' | b'\n' | b'\r'));
                    value.push_str(run);
                }
            }
        }
        self.pos += 1;
        self.push(Tok::Str(value), start);
    }

    fn escape(&mut self, value: &mut String) {
        let at = self.pos;
        self.pos += 2;
        match self.peek_back() {
            b'\\' => value.push('\\'),
            b'\'' => value.push('\''),
            b'"' => value.push('"'),
            b't' => value.push('\t'),
            b'n' => value.push('\n'),
            _ => {
                self.pos = (at + 1).min(self.bytes.len());
                self.error(at, "invalid escape in string literal");
            }
        }
    }

    /// The byte just before `pos` (the character after a backslash).
    fn peek_back(&self) -> u8 {
        self.bytes.get(self.pos - 1).copied().unwrap_or(0)
    }

    fn code(&mut self, start: usize) {
        let body = start + 2;
        match self.text[body..].find("}]") {
            Some(length) => {
                self.pos = body + length + 2;
                let text = self.text[body..body + length].to_owned();
                self.push(Tok::Code(text), start);
            }
            None => {
                self.pos = self.bytes.len();
                self.error(start, "Unterminated code block");
            }
        }
    }

    /// A preprocessor line at `start`; false (and nothing consumed) if the `#` is a paste.
    fn directive(&mut self, start: usize) -> bool {
        let rest = &self.text[start + 1..];
        let word_length = rest.bytes().take_while(|&b| is_word_byte(b)).count();
        let word = &rest[..word_length];
        if !matches!(word, "define" | "ifdef" | "ifndef" | "else" | "endif") {
            return false;
        }
        self.pos = start + 1 + word_length;
        let directive = match word {
            "else" => Directive::Else,
            "endif" => Directive::Endif,
            _ => match self.macro_name(start) {
                Some(name) if word == "define" => Directive::Define(name),
                Some(name) if word == "ifdef" => Directive::Ifdef(name),
                Some(name) => Directive::Ifndef(name),
                None => return true,
            },
        };
        self.push(Tok::Directive(directive), start);
        self.end_of_directive_line(start);
        true
    }

    fn macro_name(&mut self, start: usize) -> Option<String> {
        self.take_while(|byte| byte == b' ' || byte == b'\t');
        if !is_ualpha(self.peek(0)) {
            self.error(
                start,
                "Expected macro name after #define, #ifdef or #ifndef",
            );
            self.skip_line_comment();
            return None;
        }
        Some(self.take_while(is_word_byte).to_owned())
    }

    /// Only blanks and comments may follow a directive on its line.
    fn end_of_directive_line(&mut self, start: usize) {
        loop {
            self.take_while(|byte| matches!(byte, b' ' | b'\t' | b'\r'));
            match (self.peek(0), self.peek(1)) {
                (b'/', b'/') => self.skip_line_comment(),
                (b'/', b'*') => self.skip_block_comment(),
                (b'\n', _) | (0, _) => return,
                _ => {
                    self.error(
                        start,
                        "Only comments are supported after a preprocessor directive",
                    );
                    self.skip_line_comment();
                    return;
                }
            }
        }
    }
}
