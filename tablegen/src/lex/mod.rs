//! The lexer of TableGen source: text in, tokens out, as LLVM's "TableGen Programmer's
//! Reference" defines them (including `[{ ... }]` code, nestable `/* */` comments and
//! the preprocessor's `#define`/`#ifdef`/`#ifndef`/`#else`/`#endif` lines).
//!
//! Preprocessor lines are tokens here, not acted on: a file is lexed and parsed once and
//! shared by every root that includes it, while which macros are defined depends on the
//! root, so the evaluator decides which side of an `#ifdef` counts.

mod scan;

pub(crate) use scan::lex;

/// One token and where it starts (a byte offset into its file).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub(crate) kind: Tok,
    pub(crate) offset: u32,
}

/// The kinds of token.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    /// `$name`, without the `$`.
    VarName(String),
    /// A decimal (signed) or hexadecimal integer.
    Int(i64),
    /// A binary literal `0b0101`: its value and its number of digits (it is a `bits<N>`).
    Binary(i64, u32),
    /// A string literal with its escapes decoded.
    Str(String),
    /// The text between `[{` and `}]`.
    Code(String),
    /// A bang operator's name without the `!` (`strconcat`).
    Bang(String),
    Keyword(Keyword),
    Punct(Punct),
    Directive(Directive),
    Eof,
}

/// The reserved words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keyword {
    Assert,
    Bit,
    Bits,
    Class,
    Code,
    Dag,
    Def,
    Defm,
    Defset,
    Deftype,
    Defvar,
    Dump,
    Else,
    False,
    Field,
    Foreach,
    If,
    In,
    Include,
    Int,
    Let,
    List,
    Multiclass,
    String,
    Then,
    True,
}

/// The punctuation tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Punct {
    Minus,
    Plus,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Less,
    Greater,
    Colon,
    Semi,
    Comma,
    Dot,
    Ellipsis,
    Equal,
    Question,
    Paste,
}

/// A preprocessor line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Directive {
    Define(String),
    Ifdef(String),
    Ifndef(String),
    Else,
    Endif,
}

/// A lexical error: where and what, worded as llvm-tblgen words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LexError {
    pub(crate) offset: u32,
    pub(crate) message: String,
}

impl Keyword {
    pub(crate) fn from_word(word: &str) -> Option<Keyword> {
        use Keyword::*;
        Some(match word {
            "assert" => Assert,
            "bit" => Bit,
            "bits" => Bits,
            "class" => Class,
            "code" => Code,
            "dag" => Dag,
            "def" => Def,
            "defm" => Defm,
            "defset" => Defset,
            "deftype" => Deftype,
            "defvar" => Defvar,
            "dump" => Dump,
            "else" => Else,
            "false" => False,
            "field" => Field,
            "foreach" => Foreach,
            "if" => If,
            "in" => In,
            "include" => Include,
            "int" => Int,
            "let" => Let,
            "list" => List,
            "multiclass" => Multiclass,
            "string" => String,
            "then" => Then,
            "true" => True,
            _ => return None,
        })
    }
}

impl Punct {
    pub(crate) fn text(self) -> &'static str {
        use Punct::*;
        match self {
            Minus => "-",
            Plus => "+",
            LBracket => "[",
            RBracket => "]",
            LBrace => "{",
            RBrace => "}",
            LParen => "(",
            RParen => ")",
            Less => "<",
            Greater => ">",
            Colon => ":",
            Semi => ";",
            Comma => ",",
            Dot => ".",
            Ellipsis => "...",
            Equal => "=",
            Question => "?",
            Paste => "#",
        }
    }
}

#[cfg(test)]
mod tests;
