//! The parser: tokens of one file in, its syntax tree out. An error in a statement is
//! reported and the parser skips to the next statement, so one mistake costs the
//! statement it is in, never the rest of the file.

pub(crate) mod ast;
mod expr;
mod stmt;

use crate::lex::{self, Directive, Keyword, Punct, Tok, Token};

/// A syntax error (or a lexical one) in a file: where and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseError {
    pub(crate) offset: u32,
    pub(crate) message: String,
}

/// Parses the text of one file.
pub(crate) fn parse(text: &str) -> (ast::File, Vec<ParseError>) {
    let (tokens, lex_errors) = lex::lex(text);
    let mut parser = Parser {
        tokens,
        pos: 0,
        errors: lex_errors
            .into_iter()
            .map(|error| ParseError {
                offset: error.offset,
                message: error.message,
            })
            .collect(),
        depth: 0,
    };
    let stmts = parser.file();
    parser.errors.sort_by_key(|error| error.offset);
    (ast::File { stmts }, parser.errors)
}

/// The result of a parse step; the error is already recorded when it is `Err`.
type PResult<T> = Result<T, Failed>;

/// Marks a step that failed and recorded its error.
#[derive(Debug)]
struct Failed;

/// Nesting deeper than this (brackets in values, statement blocks) is refused with an
/// error, so a hostile file cannot overflow the stack.
const MAX_DEPTH: u32 = 256;

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    errors: Vec<ParseError>,
    depth: u32,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.tokens[self.pos].kind
    }

    fn peek_at(&self, ahead: usize) -> &Tok {
        let index = (self.pos + ahead).min(self.tokens.len() - 1);
        &self.tokens[index].kind
    }

    fn offset(&self) -> u32 {
        self.tokens[self.pos].offset
    }

    fn bump(&mut self) -> Tok {
        let kind = self.tokens[self.pos].kind.clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        kind
    }

    fn at_punct(&self, punct: Punct) -> bool {
        *self.peek() == Tok::Punct(punct)
    }

    fn at_keyword(&self, keyword: Keyword) -> bool {
        *self.peek() == Tok::Keyword(keyword)
    }

    fn eat_punct(&mut self, punct: Punct) -> bool {
        let found = self.at_punct(punct);
        if found {
            self.bump();
        }
        found
    }

    fn eat_keyword(&mut self, keyword: Keyword) -> bool {
        let found = self.at_keyword(keyword);
        if found {
            self.bump();
        }
        found
    }

    fn error<T>(&mut self, message: impl Into<String>) -> PResult<T> {
        self.errors.push(ParseError {
            offset: self.offset(),
            message: message.into(),
        });
        Err(Failed)
    }

    fn expect_punct(&mut self, punct: Punct, message: &str) -> PResult<()> {
        if self.eat_punct(punct) {
            Ok(())
        } else {
            self.error(message)
        }
    }

    fn expect_ident(&mut self, message: &str) -> PResult<String> {
        match self.peek() {
            Tok::Ident(_) => match self.bump() {
                Tok::Ident(name) => Ok(name),
                _ => unreachable!("peeked an identifier"),
            },
            _ => self.error(message),
        }
    }

    /// Runs `step` one nesting level deeper, refusing to go past `MAX_DEPTH`.
    fn nested<T>(&mut self, step: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            return self.error("nesting is too deep");
        }
        self.depth += 1;
        let result = step(self);
        self.depth -= 1;
        result
    }

    /// After an error in a statement that began at token `start`: skips to its end, found
    /// by walking it again from its start with its braces counted: the first `;` or
    /// closing `}` at its own level past the error ends it. A `}` closing the enclosing
    /// block, a preprocessor line, or a keyword that cannot be in a body (`def`,
    /// `class`, ...) past the error begins what follows and is left for it.
    fn recover(&mut self, start: usize) {
        let error_at = self.pos.max(start + 1);
        self.pos = start;
        let mut depth = 0usize;
        loop {
            let past_error = self.pos >= error_at;
            match self.peek() {
                Tok::Eof => return,
                Tok::Punct(Punct::Semi) if depth == 0 && past_error => {
                    self.bump();
                    return;
                }
                Tok::Punct(Punct::LBrace) => depth += 1,
                Tok::Punct(Punct::RBrace) if depth == 0 => return,
                Tok::Punct(Punct::RBrace) => {
                    depth -= 1;
                    if depth == 0 && past_error {
                        self.bump();
                        return;
                    }
                }
                Tok::Directive(_) if past_error => return,
                Tok::Keyword(keyword) if past_error && only_outside_bodies(*keyword) => return,
                _ => {}
            }
            self.bump();
        }
    }
}

/// Keywords that begin a statement and never appear inside a record body.
fn only_outside_bodies(keyword: Keyword) -> bool {
    use Keyword::*;
    matches!(
        keyword,
        Class | Def | Defm | Defset | Deftype | Foreach | Include | Multiclass
    )
}

/// The preprocessor line at the parser's position, if any.
fn directive_of(tok: &Tok) -> Option<&Directive> {
    match tok {
        Tok::Directive(directive) => Some(directive),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
