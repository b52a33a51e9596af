//! Statements (`class`, `def`, `defm`, `let`, `multiclass`, `foreach`, `if`, `defvar`,
//! `defset`, `deftype`, `assert`, `dump`, `include`, preprocessor regions) and record
//! bodies.

use super::ast::*;
use super::{PResult, Parser, directive_of};
use crate::lex::{Directive, Keyword, Punct, Tok};

impl Parser {
    pub(super) fn file(&mut self) -> Vec<Stmt> {
        let mut stmts = Vec::new();
        loop {
            self.stmts_until(&mut stmts);
            match self.peek() {
                Tok::Eof => return stmts,
                // A stray `}` or `#else`/`#endif` at the top level: report it and go on.
                Tok::Punct(Punct::RBrace) => {
                    let _ = self.error::<()>("Unexpected '}' at the top level");
                }
                _ => {
                    let _ = self.error::<()>("#else or #endif without #ifdef or #ifndef");
                }
            }
            self.bump();
        }
    }

    /// Statements up to what ends a list of them (the end of the file, a `}`, an `#else`
    /// or `#endif`, none consumed), each error skipped past.
    fn stmts_until(&mut self, stmts: &mut Vec<Stmt>) {
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::Punct(Punct::RBrace) => return,
                Tok::Directive(Directive::Else | Directive::Endif) => return,
                _ => {}
            }
            let start = self.pos;
            match self.stmt() {
                Ok(stmt) => stmts.push(stmt),
                Err(_) => self.recover(start),
            }
        }
    }

    /// `{ statements }` or one statement.
    fn stmt_block(&mut self) -> PResult<Vec<Stmt>> {
        self.nested(|parser| {
            if !parser.eat_punct(Punct::LBrace) {
                return Ok(vec![parser.stmt()?]);
            }
            let mut stmts = Vec::new();
            parser.stmts_until(&mut stmts);
            parser.expect_punct(Punct::RBrace, "expected '}' at end of block")?;
            Ok(stmts)
        })
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        let at = self.offset();
        if let Some(directive) = directive_of(self.peek()).cloned() {
            return self.directive(directive);
        }
        let Tok::Keyword(keyword) = *self.peek() else {
            return self.error(
                "Expected assert, class, def, defm, defset, dump, foreach, if, let or multiclass",
            );
        };
        self.bump();
        match keyword {
            Keyword::Include => self.include(at),
            Keyword::Class => Ok(Stmt::Class(Box::new(self.class(at)?))),
            Keyword::Def => Ok(Stmt::Def(Box::new(self.def(at)?))),
            Keyword::Defm => Ok(Stmt::Defm(Box::new(self.defm(at)?))),
            Keyword::Let => self.top_let(),
            Keyword::Defvar => Ok(Stmt::Defvar(self.defvar(at)?)),
            Keyword::Multiclass => Ok(Stmt::Multiclass(std::sync::Arc::new(self.multiclass(at)?))),
            Keyword::Foreach => Ok(Stmt::Foreach(Box::new(self.foreach(at)?))),
            Keyword::If => {
                let (cond, then, otherwise) = self.if_parts(Parser::stmt_block)?;
                Ok(Stmt::If(Box::new(If {
                    cond,
                    then,
                    otherwise,
                })))
            }
            Keyword::Assert => Ok(Stmt::Assert(self.assert(at)?)),
            Keyword::Defset => self.defset(at),
            Keyword::Deftype => self.deftype(),
            Keyword::Dump => Ok(Stmt::Dump(self.dump(at)?)),
            _ => {
                self.pos -= 1;
                self.error("Expected assert, class, def, defm, defset, dump, foreach, if, let or multiclass")
            }
        }
    }

    fn directive(&mut self, directive: Directive) -> PResult<Stmt> {
        self.bump();
        let (name, negated) = match directive {
            Directive::Define(name) => return Ok(Stmt::Define(name)),
            Directive::Ifdef(name) => (name, false),
            Directive::Ifndef(name) => (name, true),
            Directive::Else | Directive::Endif => {
                return self.error("#else or #endif without #ifdef or #ifndef");
            }
        };
        let mut then = Vec::new();
        let mut otherwise = Vec::new();
        self.stmts_until(&mut then);
        if *self.peek() == Tok::Directive(Directive::Else) {
            self.bump();
            self.stmts_until(&mut otherwise);
        }
        if *self.peek() != Tok::Directive(Directive::Endif) {
            return self.error("Reached EOF without matching #endif");
        }
        self.bump();
        Ok(Stmt::IfDef {
            name,
            negated,
            then,
            otherwise,
        })
    }

    fn include(&mut self, at: Offset) -> PResult<Stmt> {
        match self.peek() {
            Tok::Str(_) => {
                let Tok::Str(path) = self.bump() else {
                    unreachable!("peeked a string")
                };
                Ok(Stmt::Include { path, at })
            }
            _ => self.error("Expected filename after include"),
        }
    }

    fn class(&mut self, at: Offset) -> PResult<Class> {
        let name = self.expect_ident("Expected class name after 'class'")?;
        let has_params = self.at_punct(Punct::Less);
        let params = if has_params {
            self.params()?
        } else {
            Vec::new()
        };
        let parents = self.parents()?;
        let body = self.body()?;
        let defines = has_params || !parents.is_empty() || !body.is_empty();
        Ok(Class {
            name,
            at,
            params,
            parents,
            body,
            defines,
        })
    }

    /// `<Type name = default, ...>`.
    fn params(&mut self) -> PResult<Vec<Param>> {
        self.expect_punct(Punct::Less, "expected '<'")?;
        let mut params = Vec::new();
        if self.eat_punct(Punct::Greater) {
            return Ok(params);
        }
        loop {
            let at = self.offset();
            let ty = self.ty()?;
            let name = self.expect_ident("Expected identifier in declaration")?;
            let default = if self.eat_punct(Punct::Equal) {
                Some(self.value()?)
            } else {
                None
            };
            params.push(Param {
                ty,
                name,
                default,
                at,
            });
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        self.expect_punct(
            Punct::Greater,
            "Expected '>' at end of template argument list",
        )?;
        Ok(params)
    }

    /// `: A<args>, B` or nothing.
    fn parents(&mut self) -> PResult<Vec<ClassRef>> {
        let mut parents = Vec::new();
        if !self.eat_punct(Punct::Colon) {
            return Ok(parents);
        }
        loop {
            parents.push(self.class_ref()?);
            if !self.eat_punct(Punct::Comma) {
                return Ok(parents);
            }
        }
    }

    fn class_ref(&mut self) -> PResult<ClassRef> {
        let at = self.offset();
        let name = self.expect_ident("expected class identifier")?;
        let args = if self.at_punct(Punct::Less) {
            self.bump();
            self.args()?
        } else {
            Vec::new()
        };
        Ok(ClassRef { name, at, args })
    }

    /// `;` or `{ items }`.
    fn body(&mut self) -> PResult<Vec<BodyItem>> {
        if self.eat_punct(Punct::Semi) {
            return Ok(Vec::new());
        }
        if !self.at_punct(Punct::LBrace) {
            return self.error("Expected '{' to start body or ';' for declaration only");
        }
        self.body_block()
    }

    fn body_block(&mut self) -> PResult<Vec<BodyItem>> {
        self.nested(|parser| {
            parser.expect_punct(Punct::LBrace, "expected '{'")?;
            let mut items = Vec::new();
            while !parser.eat_punct(Punct::RBrace) {
                if *parser.peek() == Tok::Eof {
                    return parser.error("expected '}' at end of body");
                }
                items.push(parser.body_item()?);
            }
            Ok(items)
        })
    }

    fn body_item(&mut self) -> PResult<BodyItem> {
        let at = self.offset();
        match self.peek() {
            Tok::Keyword(Keyword::Let) => {
                self.bump();
                let item = self.let_item(Punct::LBrace)?;
                self.expect_punct(Punct::Semi, "expected ';' after let expression")?;
                Ok(BodyItem::Let(item))
            }
            Tok::Keyword(Keyword::Defvar) => {
                self.bump();
                Ok(BodyItem::Defvar(self.defvar(at)?))
            }
            Tok::Keyword(Keyword::Assert) => {
                self.bump();
                Ok(BodyItem::Assert(self.assert(at)?))
            }
            Tok::Keyword(Keyword::Dump) => {
                self.bump();
                Ok(BodyItem::Dump(self.dump(at)?))
            }
            Tok::Keyword(Keyword::If) => {
                self.bump();
                let (cond, then, otherwise) = self.if_parts(Parser::body_items_block)?;
                Ok(BodyItem::If(Box::new(If {
                    cond,
                    then,
                    otherwise,
                })))
            }
            _ => self.field(at),
        }
    }

    /// `{ items }` or one item, for an `if` in a body.
    fn body_items_block(&mut self) -> PResult<Vec<BodyItem>> {
        if self.at_punct(Punct::LBrace) {
            self.body_block()
        } else {
            Ok(vec![self.body_item()?])
        }
    }

    /// `field? Type name (= value)? ;`.
    fn field(&mut self, at: Offset) -> PResult<BodyItem> {
        let field_keyword = self.eat_keyword(Keyword::Field);
        let ty = self.ty()?;
        let name = self.expect_ident("Expected identifier in declaration")?;
        let value = if self.eat_punct(Punct::Equal) {
            Some(self.value()?)
        } else {
            None
        };
        self.expect_punct(Punct::Semi, "expected ';' after declaration")?;
        Ok(BodyItem::Field {
            field_keyword,
            ty,
            name,
            value,
            at,
        })
    }

    /// `name{bits} = value` (`<bits>` in a top-level `let`).
    fn let_item(&mut self, bits_open: Punct) -> PResult<LetItem> {
        let at = self.offset();
        let name = self.expect_ident("expected field identifier after let")?;
        let bits = if self.at_punct(bits_open) {
            self.bump();
            let ranges = self.range_list()?;
            let close = if bits_open == Punct::Less {
                Punct::Greater
            } else {
                Punct::RBrace
            };
            self.expect_punct(close, "expected end of bit list")?;
            Some(ranges)
        } else {
            None
        };
        self.expect_punct(Punct::Equal, "expected '=' in let expression")?;
        let value = self.value()?;
        Ok(LetItem {
            name,
            bits,
            value,
            at,
        })
    }

    fn top_let(&mut self) -> PResult<Stmt> {
        let mut items = Vec::new();
        loop {
            items.push(self.let_item(Punct::Less)?);
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        if !self.eat_keyword(Keyword::In) {
            return self.error("expected 'in' at end of top-level 'let'");
        }
        let body = self.stmt_block()?;
        Ok(Stmt::Let { items, body })
    }

    fn def(&mut self, at: Offset) -> PResult<Def> {
        let name = self.object_name()?;
        let parents = self.parents()?;
        let body = self.body()?;
        Ok(Def {
            name,
            at,
            parents,
            body,
        })
    }

    fn defm(&mut self, at: Offset) -> PResult<Defm> {
        let name = self.object_name()?;
        if !self.at_punct(Punct::Colon) {
            return self.error("Expected ':' after defm identifier");
        }
        let parents = self.parents()?;
        self.expect_punct(Punct::Semi, "expected ';' at end of defm")?;
        Ok(Defm { name, at, parents })
    }

    /// The name of a `def`/`defm`, if it has one.
    fn object_name(&mut self) -> PResult<Option<Expr>> {
        match self.peek() {
            Tok::Punct(Punct::Colon | Punct::Semi | Punct::LBrace) => Ok(None),
            _ => Ok(Some(self.name_value()?)),
        }
    }

    fn defvar(&mut self, at: Offset) -> PResult<Defvar> {
        let name = self.expect_ident("Expected identifier")?;
        self.expect_punct(Punct::Equal, "Expected '='")?;
        let value = self.value()?;
        self.expect_punct(Punct::Semi, "Expected ';'")?;
        Ok(Defvar { name, value, at })
    }

    fn multiclass(&mut self, at: Offset) -> PResult<Multiclass> {
        let name = self.expect_ident("Expected identifier after multiclass for name")?;
        let params = if self.at_punct(Punct::Less) {
            self.params()?
        } else {
            Vec::new()
        };
        let parents = self.parents()?;
        // A multiclass made only of its parents may end with `;`.
        if !parents.is_empty() && self.eat_punct(Punct::Semi) {
            return Ok(Multiclass {
                name,
                at,
                params,
                parents,
                body: Vec::new(),
            });
        }
        if !self.at_punct(Punct::LBrace) {
            return self.error("expected '{' in multiclass definition");
        }
        let body = self.stmt_block()?;
        if body.is_empty() {
            return self.error("multiclass must contain at least one def");
        }
        Ok(Multiclass {
            name,
            at,
            params,
            parents,
            body,
        })
    }

    fn foreach(&mut self, at: Offset) -> PResult<Foreach> {
        let var = self.expect_ident("Expected identifier in foreach declaration")?;
        self.expect_punct(Punct::Equal, "Expected '=' in foreach declaration")?;
        let iter = match self.peek() {
            Tok::Punct(Punct::LBrace) => {
                self.bump();
                let ranges = self.range_list()?;
                self.expect_punct(Punct::RBrace, "expected '}' at end of bit range list")?;
                ForeachIter::Ranges(ranges)
            }
            Tok::Int(_) if self.range_follows() => ForeachIter::Ranges(vec![self.range()?]),
            _ => ForeachIter::Value(self.value()?),
        };
        if !self.eat_keyword(Keyword::In) {
            return self.error("Unknown tok");
        }
        let body = self.stmt_block()?;
        Ok(Foreach {
            var,
            iter,
            body,
            at,
        })
    }

    /// Whether the integer at the position begins a range piece (`0...3`, `0-3`, `0 -3`),
    /// not a value.
    fn range_follows(&self) -> bool {
        matches!(
            self.peek_at(1),
            Tok::Punct(Punct::Ellipsis | Punct::Minus) | Tok::Int(_) | Tok::Keyword(Keyword::In)
        )
    }

    /// `cond then A (else B)?`, over statements or body items.
    fn if_parts<T>(
        &mut self,
        block: fn(&mut Parser) -> PResult<Vec<T>>,
    ) -> PResult<(Expr, Vec<T>, Vec<T>)> {
        let cond = self.value()?;
        if !self.eat_keyword(Keyword::Then) {
            return self.error("Expected 'then' in if statement");
        }
        let then = block(self)?;
        let otherwise = if self.eat_keyword(Keyword::Else) {
            block(self)?
        } else {
            Vec::new()
        };
        Ok((cond, then, otherwise))
    }

    fn assert(&mut self, at: Offset) -> PResult<Assert> {
        let cond = self.value()?;
        self.expect_punct(Punct::Comma, "expected ',' in assert statement")?;
        let message = self.value()?;
        self.expect_punct(Punct::Semi, "expected ';'")?;
        Ok(Assert { cond, message, at })
    }

    fn dump(&mut self, at: Offset) -> PResult<Dump> {
        let message = self.value()?;
        self.expect_punct(Punct::Semi, "expected ';'")?;
        Ok(Dump { message, at })
    }

    fn defset(&mut self, at: Offset) -> PResult<Stmt> {
        let ty = self.ty()?;
        let name = self.expect_ident("expected identifier")?;
        self.expect_punct(Punct::Equal, "expected '='")?;
        if !self.at_punct(Punct::LBrace) {
            return self.error("expected '{'");
        }
        let body = self.stmt_block()?;
        Ok(Stmt::Defset { ty, name, body, at })
    }

    fn deftype(&mut self) -> PResult<Stmt> {
        let name = self.expect_ident("expected identifier")?;
        self.expect_punct(Punct::Equal, "expected '='")?;
        let ty = self.ty()?;
        self.expect_punct(Punct::Semi, "expected ';'")?;
        Ok(Stmt::Deftype { name, ty })
    }
}
