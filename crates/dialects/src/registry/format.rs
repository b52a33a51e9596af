//! ODS declarative assembly formats (registry stage): the format AST and the parser of
//! format strings such as `` $lhs `,` $rhs attr-dict `:` type($result) ``. The strings
//! are written by spec authors, so the parser reports errors (with a byte offset) instead
//! of guessing; `matcher` applies a parsed format to a custom op's syntax.

use std::fmt;

/// A parsed assembly format: the elements in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Format {
    pub elements: Vec<Element>,
}

/// One element of an assembly format.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Element {
    /// `` `to` ``, `` `,` ``, `` `(` ``: a keyword or punctuation written as is.
    Literal(String),
    /// `` ` ` ``, ` `` `, `` `\n` ``: printing hints only; they match nothing.
    Space,
    /// `$name`: an operand, result, attribute, region or successor of the op.
    Var(String),
    /// `operands`, `results`, `regions`, `successors`: all of them.
    All(Collection),
    /// `attr-dict` or `attr-dict-with-keyword`.
    AttrDict { with_keyword: bool },
    /// `prop-dict`: `<{...}>`.
    PropDict,
    /// `type($x)`, `type(operands)`.
    Type(Box<Element>),
    /// `functional-type(inputs, results)`.
    FunctionalType(Box<Element>, Box<Element>),
    /// `qualified(...)`: print a dialect type or attribute with its dialect.
    Qualified(Box<Element>),
    /// `ref(...)` inside a custom directive: a value already parsed.
    Ref(Box<Element>),
    /// `custom<Name>(args)`: parsed by the hand-written hook `Name`.
    Custom { name: String, args: Vec<Element> },
    /// `(then)?` or `(then):(else)?`; `anchor` indexes the `^`-marked element of `then`.
    Optional {
        then: Vec<Element>,
        otherwise: Vec<Element>,
        anchor: Option<usize>,
    },
}

/// What the `operands`, `results`, `regions` and `successors` directives collect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Collection {
    Operands,
    Results,
    Regions,
    Successors,
}

/// A malformed format string: a message and the byte offset it applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at offset {})", self.message, self.offset)
    }
}

impl Format {
    pub fn parse(text: &str) -> Result<Format, FormatError> {
        let tokens = lex(text)?;
        let mut parser = FormatParser {
            tokens,
            pos: 0,
            end: text.len(),
        };
        let elements = parser.elements(None)?;
        Ok(Format { elements })
    }

    /// Every element, nested ones included, in order.
    pub fn walk(&self) -> Vec<&Element> {
        let mut out = Vec::new();
        for element in &self.elements {
            element.walk_into(&mut out);
        }
        out
    }
}

impl Element {
    fn walk_into<'a>(&'a self, out: &mut Vec<&'a Element>) {
        out.push(self);
        let children: Vec<&Element> = match self {
            Element::Type(inner) | Element::Qualified(inner) | Element::Ref(inner) => {
                vec![inner]
            }
            Element::FunctionalType(a, b) => vec![a, b],
            Element::Custom { args, .. } => args.iter().collect(),
            Element::Optional {
                then, otherwise, ..
            } => then.iter().chain(otherwise).collect(),
            _ => Vec::new(),
        };
        for child in children {
            child.walk_into(out);
        }
    }

    /// The variable an element names, looking through `type`, `qualified` and `ref`.
    pub fn var_name(&self) -> Option<&str> {
        match self {
            Element::Var(name) => Some(name),
            Element::Type(inner) | Element::Qualified(inner) | Element::Ref(inner) => {
                inner.var_name()
            }
            _ => None,
        }
    }
}

/// A token of a format string, with its byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Literal(String),
    Var(String),
    Word(String),
    Punct(char),
}

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, FormatError> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(offset, c)) = chars.peek() {
        chars.next();
        let tok = match c {
            c if c.is_whitespace() => continue,
            '`' => Tok::Literal(literal(&mut chars, offset)?),
            '$' => Tok::Var(word(&mut chars)),
            '(' | ')' | '<' | '>' | ',' | '^' | '?' | ':' => Tok::Punct(c),
            c if c.is_ascii_alphabetic() || c == '_' => {
                Tok::Word(format!("{c}{}", word(&mut chars)))
            }
            _ => return Err(error(offset, format!("unexpected character '{c}'"))),
        };
        tokens.push((tok, offset));
    }
    Ok(tokens)
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

/// The text of a backquoted literal; the opening backquote is consumed.
fn literal(chars: &mut Chars<'_>, offset: usize) -> Result<String, FormatError> {
    let mut text = String::new();
    for (_, c) in chars.by_ref() {
        if c == '`' {
            return Ok(text);
        }
        text.push(c);
    }
    Err(error(offset, "unterminated literal".into()))
}

/// An identifier's continuation: letters, digits, `_` and `-` (`attr-dict`).
fn word(chars: &mut Chars<'_>) -> String {
    let mut text = String::new();
    while let Some(&(_, c)) = chars.peek() {
        if !(c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            break;
        }
        text.push(c);
        chars.next();
    }
    text
}

fn error(offset: usize, message: String) -> FormatError {
    FormatError { offset, message }
}

struct FormatParser {
    tokens: Vec<(Tok, usize)>,
    pos: usize,
    end: usize,
}

impl FormatParser {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.0)
    }

    fn offset(&self) -> usize {
        self.tokens.get(self.pos).map_or(self.end, |t| t.1)
    }

    fn next(&mut self) -> Option<Tok> {
        let tok = self.tokens.get(self.pos)?.0.clone();
        self.pos += 1;
        Some(tok)
    }

    fn eat(&mut self, punct: char) -> bool {
        let found = self.peek() == Some(&Tok::Punct(punct));
        if found {
            self.pos += 1;
        }
        found
    }

    fn expect(&mut self, punct: char) -> Result<(), FormatError> {
        if self.eat(punct) {
            return Ok(());
        }
        Err(error(self.offset(), format!("expected '{punct}'")))
    }

    /// Elements up to the end, or up to (not including) the `closer` punctuation.
    fn elements(&mut self, closer: Option<char>) -> Result<Vec<Element>, FormatError> {
        let mut elements = Vec::new();
        while let Some(tok) = self.peek() {
            if closer.is_some_and(|c| *tok == Tok::Punct(c)) {
                return Ok(elements);
            }
            elements.push(self.element()?);
        }
        match closer {
            Some(c) => Err(error(self.end, format!("expected '{c}'"))),
            None => Ok(elements),
        }
    }

    fn element(&mut self) -> Result<Element, FormatError> {
        let offset = self.offset();
        match self.next() {
            Some(Tok::Literal(text)) => Ok(literal_element(text)),
            Some(Tok::Var(name)) if !name.is_empty() => Ok(Element::Var(name)),
            Some(Tok::Word(word)) => self.directive(&word, offset),
            Some(Tok::Punct('(')) => self.optional_group(offset),
            _ => Err(error(offset, "expected a format element".into())),
        }
    }

    fn directive(&mut self, word: &str, offset: usize) -> Result<Element, FormatError> {
        let element = match word {
            "attr-dict" => Element::AttrDict {
                with_keyword: false,
            },
            "attr-dict-with-keyword" => Element::AttrDict { with_keyword: true },
            "prop-dict" => Element::PropDict,
            "operands" => Element::All(Collection::Operands),
            "results" => Element::All(Collection::Results),
            "regions" => Element::All(Collection::Regions),
            "successors" => Element::All(Collection::Successors),
            "type" => Element::Type(Box::new(self.single_arg()?)),
            "qualified" => Element::Qualified(Box::new(self.single_arg()?)),
            "ref" => Element::Ref(Box::new(self.single_arg()?)),
            "functional-type" => self.functional_type()?,
            "custom" => self.custom()?,
            _ => return Err(error(offset, format!("unknown directive '{word}'"))),
        };
        Ok(element)
    }

    /// `(element)`.
    fn single_arg(&mut self) -> Result<Element, FormatError> {
        self.expect('(')?;
        let arg = self.element()?;
        self.expect(')')?;
        Ok(arg)
    }

    fn functional_type(&mut self) -> Result<Element, FormatError> {
        self.expect('(')?;
        let inputs = self.element()?;
        self.expect(',')?;
        let results = self.element()?;
        self.expect(')')?;
        Ok(Element::FunctionalType(Box::new(inputs), Box::new(results)))
    }

    /// `custom<Name>(arg, ...)`.
    fn custom(&mut self) -> Result<Element, FormatError> {
        self.expect('<')?;
        let offset = self.offset();
        let Some(Tok::Word(name)) = self.next() else {
            return Err(error(offset, "expected a directive name".into()));
        };
        self.expect('>')?;
        self.expect('(')?;
        let mut args = Vec::new();
        if !self.eat(')') {
            loop {
                args.push(self.element()?);
                if self.eat(')') {
                    break;
                }
                self.expect(',')?;
            }
        }
        Ok(Element::Custom { name, args })
    }

    /// After `(`: `then)?` or `then):(else)?`, with at most one `^` anchor in `then`.
    fn optional_group(&mut self, offset: usize) -> Result<Element, FormatError> {
        let (then, anchor) = self.anchored_elements()?;
        self.expect(')')?;
        let mut otherwise = Vec::new();
        if self.eat(':') {
            self.expect('(')?;
            otherwise = self.elements(Some(')'))?;
            self.expect(')')?;
        }
        self.expect('?')?;
        if then.is_empty() {
            return Err(error(offset, "optional group has no elements".into()));
        }
        Ok(Element::Optional {
            then,
            otherwise,
            anchor,
        })
    }

    fn anchored_elements(&mut self) -> Result<(Vec<Element>, Option<usize>), FormatError> {
        let mut elements = Vec::new();
        let mut anchor = None;
        while self.peek().is_some_and(|t| *t != Tok::Punct(')')) {
            elements.push(self.element()?);
            if self.eat('^') {
                if anchor.is_some() {
                    return Err(error(self.offset(), "a second anchor".into()));
                }
                anchor = Some(elements.len() - 1);
            }
        }
        Ok((elements, anchor))
    }
}

/// Whitespace literals (and the empty one) only guide the printer.
fn literal_element(text: String) -> Element {
    if text.is_empty() || text == " " || text == "\\n" {
        Element::Space
    } else {
        Element::Literal(text)
    }
}
