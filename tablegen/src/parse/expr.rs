//! Values (simple values, suffixes, the paste operator, bang operators), template
//! argument lists, types and range lists.

use super::ast::*;
use super::{PResult, Parser};
use crate::lex::{Keyword, Punct, Tok};

/// How an identifier and a `{` after a value are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Value,
    /// The name of a `def`/`defm`: a `{` begins the body, not a bit slice.
    Name,
}

impl Parser {
    pub(super) fn value(&mut self) -> PResult<Expr> {
        self.value_in(Mode::Value)
    }

    pub(super) fn name_value(&mut self) -> PResult<Expr> {
        self.value_in(Mode::Name)
    }

    fn value_in(&mut self, mode: Mode) -> PResult<Expr> {
        self.nested(|parser| {
            let mut value = parser.suffixed(mode)?;
            while parser.at_punct(Punct::Paste) {
                let at = parser.offset();
                parser.bump();
                let rhs = if parser.paste_ends() {
                    None
                } else {
                    Some(Box::new(parser.suffixed(Mode::Name)?))
                };
                value = Expr {
                    kind: ExprKind::Paste(Box::new(value), rhs),
                    at,
                };
            }
            Ok(value)
        })
    }

    /// Whether a `#` just read is trailing: what follows cannot begin a value.
    fn paste_ends(&self) -> bool {
        matches!(
            self.peek(),
            Tok::Punct(
                Punct::Colon
                    | Punct::Semi
                    | Punct::LBrace
                    | Punct::Comma
                    | Punct::RParen
                    | Punct::RBracket
                    | Punct::Greater
                    | Punct::RBrace
                    | Punct::Equal
            ) | Tok::Keyword(Keyword::In | Keyword::Then)
                | Tok::Eof
        )
    }

    /// A simple value and its `{bits}`, `[elements]` and `.field` suffixes.
    fn suffixed(&mut self, mode: Mode) -> PResult<Expr> {
        let mut value = self.simple_value()?;
        loop {
            let at = self.offset();
            let kind = match self.peek() {
                Tok::Punct(Punct::LBrace) if mode == Mode::Value => {
                    self.bump();
                    let ranges = self.range_list()?;
                    self.expect_punct(Punct::RBrace, "expected '}' at end of bit list")?;
                    ExprKind::BitSlice(Box::new(value), ranges)
                }
                Tok::Punct(Punct::LBracket) => {
                    self.bump();
                    let (elements, single) = self.slice_elements()?;
                    self.expect_punct(Punct::RBracket, "expected ']' at end of list slice")?;
                    ExprKind::ListSlice {
                        list: Box::new(value),
                        elements,
                        single,
                    }
                }
                Tok::Punct(Punct::Dot) => {
                    self.bump();
                    let field = self.expect_ident("expected field identifier after '.'")?;
                    ExprKind::Field(Box::new(value), field)
                }
                _ => return Ok(value),
            };
            value = Expr { kind, at };
        }
    }

    /// The elements of `[...]` after a value, and whether it was one element with no
    /// trailing comma (an index, not a slice).
    fn slice_elements(&mut self) -> PResult<(Vec<SliceElement>, bool)> {
        let mut elements = Vec::new();
        let mut trailing_comma = false;
        while !self.at_punct(Punct::RBracket) {
            let first = self.value()?;
            let element = if self.eat_punct(Punct::Ellipsis) || self.eat_punct(Punct::Minus) {
                SliceElement::Range(first, self.value()?)
            } else if let Tok::Int(end) = *self.peek() {
                let at = self.offset();
                self.bump();
                let end = Expr {
                    kind: ExprKind::Int(end.checked_neg().unwrap_or(i64::MAX)),
                    at,
                };
                SliceElement::Range(first, end)
            } else {
                SliceElement::One(first)
            };
            elements.push(element);
            trailing_comma = self.eat_punct(Punct::Comma);
            if !trailing_comma {
                break;
            }
        }
        if elements.is_empty() {
            return self.error("empty list slice");
        }
        let single =
            elements.len() == 1 && !trailing_comma && matches!(elements[0], SliceElement::One(_));
        Ok((elements, single))
    }

    fn simple_value(&mut self) -> PResult<Expr> {
        let at = self.offset();
        let kind = match self.bump() {
            Tok::Int(value) => ExprKind::Int(value),
            Tok::Binary(value, width) => ExprKind::Binary(value, width),
            Tok::Str(mut text) => {
                // Adjacent string literals are one string, as in C.
                while let Tok::Str(more) = self.peek() {
                    text.push_str(more);
                    self.bump();
                }
                ExprKind::Str(text)
            }
            Tok::Code(text) => ExprKind::Code(text),
            Tok::Keyword(Keyword::True) => ExprKind::Bool(true),
            Tok::Keyword(Keyword::False) => ExprKind::Bool(false),
            Tok::Punct(Punct::Question) => ExprKind::Unset,
            Tok::Ident(name) if self.at_punct(Punct::Less) => {
                self.bump();
                ExprKind::ClassValue {
                    class: name,
                    args: self.args()?,
                }
            }
            Tok::Ident(name) => ExprKind::Ident(name),
            Tok::Punct(Punct::LBrace) => {
                let items = self.value_list(Punct::RBrace)?;
                ExprKind::Bits(items)
            }
            Tok::Punct(Punct::LBracket) => {
                let items = self.value_list(Punct::RBracket)?;
                let ty = if self.at_punct(Punct::Less) {
                    self.bump();
                    let ty = self.ty()?;
                    self.expect_punct(Punct::Greater, "Expected '>' at end of list element type")?;
                    Some(ty)
                } else {
                    None
                };
                ExprKind::List(items, ty)
            }
            Tok::Punct(Punct::LParen) => self.dag()?,
            Tok::Bang(op) if op == "cond" => self.cond()?,
            Tok::Bang(op) => self.bang(op)?,
            _ => {
                self.pos -= 1;
                return self.error("Unknown or reserved token when parsing a value");
            }
        };
        Ok(Expr { kind, at })
    }

    /// Values separated by commas up to `close` (consumed); a trailing comma is allowed.
    fn value_list(&mut self, close: Punct) -> PResult<Vec<Expr>> {
        let mut items = Vec::new();
        while !self.eat_punct(close) {
            items.push(self.value()?);
            if !self.eat_punct(Punct::Comma) {
                self.expect_punct(close, &format!("expected ',' or '{}'", close.text()))?;
                break;
            }
        }
        Ok(items)
    }

    /// Template arguments after `<`, through the `>`.
    pub(super) fn args(&mut self) -> PResult<Vec<Arg>> {
        let mut args = Vec::new();
        while !self.eat_punct(Punct::Greater) {
            let value = self.value()?;
            let arg = if self.eat_punct(Punct::Equal) {
                Arg::Named(value, self.value()?)
            } else {
                Arg::Positional(value)
            };
            args.push(arg);
            if !self.eat_punct(Punct::Comma) {
                self.expect_punct(Punct::Greater, "Expected '>' at end of value list")?;
                break;
            }
        }
        Ok(args)
    }

    /// A dag after its `(`, through the `)`.
    fn dag(&mut self) -> PResult<ExprKind> {
        let operator = self.dag_arg()?;
        let mut args = Vec::new();
        if !self.eat_punct(Punct::RParen) {
            loop {
                args.push(self.dag_arg()?);
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
            self.expect_punct(Punct::RParen, "expected ')' in dag init")?;
        }
        Ok(ExprKind::Dag {
            operator: Box::new(operator),
            args,
        })
    }

    fn dag_arg(&mut self) -> PResult<DagArg> {
        if let Tok::VarName(name) = self.peek() {
            let name = name.clone();
            self.bump();
            return Ok(DagArg {
                value: None,
                name: Some(name),
            });
        }
        let value = self.value()?;
        let name = if self.eat_punct(Punct::Colon) {
            match self.bump() {
                Tok::VarName(name) => Some(name),
                _ => {
                    self.pos -= 1;
                    return self.error("expected variable name in dag literal");
                }
            }
        } else {
            None
        };
        Ok(DagArg {
            value: Some(value),
            name,
        })
    }

    /// `!op<Type>(args)` after the operator's token.
    fn bang(&mut self, op: String) -> PResult<ExprKind> {
        let ty = if self.eat_punct(Punct::Less) {
            let ty = self.ty()?;
            self.expect_punct(Punct::Greater, "expected '>' after the type")?;
            Some(ty)
        } else {
            None
        };
        self.expect_punct(Punct::LParen, &format!("expected '(' after '!{op}'"))?;
        let args = self.value_list(Punct::RParen)?;
        Ok(ExprKind::Bang { op, ty, args })
    }

    /// `!cond(c: v, ...)` after `!cond`.
    fn cond(&mut self) -> PResult<ExprKind> {
        self.expect_punct(Punct::LParen, "expected '(' after !cond operator")?;
        let mut clauses = Vec::new();
        while !self.eat_punct(Punct::RParen) {
            let cond = self.value()?;
            self.expect_punct(Punct::Colon, "expect ':' in !cond clause")?;
            let value = self.value()?;
            clauses.push((cond, value));
            if !self.eat_punct(Punct::Comma) {
                self.expect_punct(Punct::RParen, "expect ',' or ')' in !cond")?;
                break;
            }
        }
        Ok(ExprKind::Cond(clauses))
    }

    pub(super) fn ty(&mut self) -> PResult<Type> {
        self.nested(|parser| {
            let ty = match parser.bump() {
                Tok::Keyword(Keyword::Bit) => Type::Bit,
                Tok::Keyword(Keyword::Int) => Type::Int,
                Tok::Keyword(Keyword::String) => Type::String,
                Tok::Keyword(Keyword::Code) => Type::Code,
                Tok::Keyword(Keyword::Dag) => Type::Dag,
                Tok::Keyword(Keyword::Bits) => {
                    parser.expect_punct(Punct::Less, "expected '<' after bits type")?;
                    let Tok::Int(width) = parser.bump() else {
                        parser.pos -= 1;
                        return parser.error("expected integer in bits<n> type");
                    };
                    parser.expect_punct(Punct::Greater, "expected '>' at end of bits<n> type")?;
                    match u32::try_from(width) {
                        Ok(width) if width <= 1 << 16 => Type::Bits(width),
                        _ => return parser.error("bits<n> type is too wide"),
                    }
                }
                Tok::Keyword(Keyword::List) => {
                    parser.expect_punct(Punct::Less, "expected '<' after list type")?;
                    let element = parser.ty()?;
                    parser.expect_punct(Punct::Greater, "expected '>' at end of list<ty> type")?;
                    Type::List(Box::new(element))
                }
                Tok::Ident(name) => Type::Named(name),
                _ => {
                    parser.pos -= 1;
                    return parser.error("Unknown token when expecting a type");
                }
            };
            Ok(ty)
        })
    }

    /// Range pieces separated by commas.
    pub(super) fn range_list(&mut self) -> PResult<Vec<Range>> {
        let mut ranges = vec![self.range()?];
        while self.eat_punct(Punct::Comma) {
            ranges.push(self.range()?);
        }
        Ok(ranges)
    }

    /// `a`, `a...b`, `a-b` (lexed as `a` and `-b`) or `a - b`.
    pub(super) fn range(&mut self) -> PResult<Range> {
        let Tok::Int(start) = *self.peek() else {
            return self.error("expected integer or bitrange");
        };
        self.bump();
        let end = match *self.peek() {
            // `3-0` lexes as `3` and `-0`: an integer right after one is the range's
            // end, negated back.
            Tok::Int(end) => {
                self.bump();
                end.checked_neg().unwrap_or(i64::MAX)
            }
            Tok::Punct(Punct::Ellipsis | Punct::Minus) => {
                self.bump();
                match *self.peek() {
                    Tok::Int(end) => {
                        self.bump();
                        end
                    }
                    _ => return self.error("expected integer value as end of range"),
                }
            }
            _ => start,
        };
        Ok(Range { start, end })
    }
}
