//! The argument and result lists of a function signature, read one item at a time as
//! MLIR's `parseFunctionArgumentList` and `parseFunctionResultList` read their tokens:
//! each entry a type (named arguments: `%a : type`), then an optional attribute dictionary
//! and, for arguments, an optional location; entries separated by commas. The first error
//! is reported as MLIR words and places it; anything this reader does not model (a
//! construct the grammar kept as an error node, a group left open) makes it say nothing.

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{SyntaxKind, TextRange, TextSize};

use crate::diagnostic::Diagnostic;
use crate::report::item_range;
use crate::report::{custom_op_error, wrong_token_at};

/// How reading a piece went: read, or stopped by MLIR's first error (`Some`) or by
/// something not modelled (`None`).
type Read = Result<(), Option<Diagnostic>>;

/// The first error of a function's argument list `(...)`, which `func.func` and `gpu.func`
/// (the op named `op_name`) read without `...` (no variadic arguments): all entries named
/// (`%a: i32`) or all bare types.
pub(crate) fn arguments_failure(op_name: &str, arguments: &ast::Group) -> Option<Diagnostic> {
    let parse_error = |message: &str, at| custom_op_error(op_name, message, at);
    let mut list = List::of(arguments)?;
    let mut named = None;
    let read = list.entries(|list| {
        let is_named = matches!(list.peek(), Some(CustomOpItem::ValueUse(_)));
        if is_named {
            let name = list.peek().map(item_range);
            list.named_argument()?;
            if named == Some(false) {
                let message = "expected type instead of SSA identifier";
                return Err(name.map(|at| parse_error(message, at)));
            }
        } else {
            if named == Some(true) {
                let at = list.here_or_end();
                return Err(Some(parse_error("expected SSA identifier", at)));
            }
            list.type_()?;
            list.eat_attr_dict();
            list.eat_location();
        }
        named = Some(is_named);
        Ok(())
    });
    read.err().flatten()
}

/// The first error of the results after `->` (`rest` starts with the arrow): one type,
/// or a parenthesised list of types, each maybe with an attribute dictionary.
pub(crate) fn results_failure(rest: &[CustomOpItem]) -> Option<Diagnostic> {
    if !rest.first()?.is_token(SyntaxKind::ARROW) {
        return None;
    }
    let read = match rest.get(1) {
        Some(CustomOpItem::Group(group)) if group.delimiter() == GroupDelimiter::Paren => {
            let mut list = List::of(group)?;
            list.entries(|list| {
                list.type_()?;
                list.eat_attr_dict();
                Ok(())
            })
        }
        // A single type: the `->`'s neighbour, read as the list's only entry.
        _ => List {
            items: rest[1..].to_vec(),
            next: 0,
            start: item_range(&rest[0]).end(),
            end: None,
        }
        .type_(),
    };
    read.err().flatten()
}

/// The items of a parenthesised group (or, for a single result type, those after the
/// `->`), and which is next.
struct List {
    items: Vec<CustomOpItem>,
    next: usize,
    /// Where the group's `(` ends: what was read before the first item ends there.
    start: TextSize,
    /// The group's `)`, where an entry missing at the list's end is reported; `None` if
    /// the group was left open (or, for a single result type, has no brackets).
    end: Option<TextRange>,
}

impl List {
    /// The list of a `(...)` group. Of one left open (a syntax error said so), the
    /// entries before its end are read.
    fn of(group: &ast::Group) -> Option<List> {
        if group.delimiter() != GroupDelimiter::Paren {
            return None;
        }
        let range = group.syntax().text_range();
        let end = group
            .is_closed()
            .then(|| TextRange::new(range.end() - TextSize::of(')'), range.end()));
        Some(List {
            items: group.items().collect(),
            next: 0,
            start: range.start() + TextSize::of('('),
            end,
        })
    }

    /// Reads the comma-separated entries with `entry`, then the `)`: an empty list, or
    /// entries each followed by a comma or the list's end.
    fn entries(&mut self, mut entry: impl FnMut(&mut List) -> Read) -> Read {
        if self.items.is_empty() {
            return Ok(());
        }
        loop {
            entry(self)?;
            match self.peek() {
                // (Of a group left open, the grammar reported the missing `)`.)
                None => {
                    return if self.end.is_some() {
                        Ok(())
                    } else {
                        Err(None)
                    };
                }
                Some(item) if item.is_token(SyntaxKind::COMMA) => self.next += 1,
                Some(item) if unreadable(item) => return Err(None),
                Some(_) => return Err(Some(self.wrong_token("expected ')'"))),
            }
        }
    }

    /// `%name : type`, then an optional attribute dictionary and location.
    fn named_argument(&mut self) -> Read {
        let Some(CustomOpItem::ValueUse(name)) = self.peek() else {
            return Err(None);
        };
        if let Some(index) = name.result_index_token() {
            let message = "result number not allowed in argument list";
            let at = TextRange::empty(index.text_range().start());
            return Err(Some(Diagnostic::error("custom-syntax", message, at)));
        }
        self.next += 1;
        if !self.eat_token(SyntaxKind::COLON) {
            return Err(Some(self.wrong_token("expected ':'")));
        }
        self.type_()?;
        self.eat_attr_dict();
        self.eat_location();
        Ok(())
    }

    /// A type, as MLIR's `parseType` reads one: a type item, or a function type the
    /// grammar kept as items (`(i32) -> i32`).
    fn type_(&mut self) -> Read {
        if let Some(is_group) = self.type_or_group() {
            self.next += 1;
            return if is_group {
                self.function_type_results()
            } else {
                Ok(())
            };
        }
        match self.peek() {
            Some(CustomOpItem::Keyword(keyword)) => {
                let word = keyword.text().ok_or(None)?;
                if !mlir_syntax::is_shaped_keyword(&word) {
                    return Err(Some(self.wrong_token("expected non-function type")));
                }
                self.next += 1;
                self.missing_angle(&word)
            }
            Some(item) if unreadable(item) => Err(None),
            // The end of a group left open: the grammar reported that.
            None if self.end.is_none() => Err(None),
            _ => Err(Some(self.wrong_token("expected non-function type"))),
        }
    }

    /// After a function type's inputs: `->` and its results, a type or a `(...)` group.
    fn function_type_results(&mut self) -> Read {
        if !self.eat_token(SyntaxKind::ARROW) {
            return Err(Some(self.wrong_token("expected '->' in function type")));
        }
        if self.type_or_group().is_none() {
            return Err(None);
        }
        self.next += 1;
        Ok(())
    }

    /// Is the next item a type item (`Some(false)`) or a `(...)` group (`Some(true)`)?
    fn type_or_group(&self) -> Option<bool> {
        match self.peek()? {
            CustomOpItem::Type(_) => Some(false),
            CustomOpItem::Group(group) => {
                (group.delimiter() == GroupDelimiter::Paren).then_some(true)
            }
            _ => None,
        }
    }

    /// A shaped type's keyword read, not followed by its `<...>` (the grammar makes a type
    /// of one that is): MLIR wants the `<` right after the keyword.
    fn missing_angle(&self, word: &str) -> Read {
        let next_is_angle = self.peek().is_some_and(|item| {
            item.is_token(SyntaxKind::L_ANGLE)
                || matches!(item, CustomOpItem::Group(g) if g.delimiter() == GroupDelimiter::Angle)
        });
        if next_is_angle {
            // A body the grammar could not read as the type's: it reported that.
            return Err(None);
        }
        Err(Some(
            self.wrong_token(&format!("expected '<' in {word} type")),
        ))
    }

    fn peek(&self) -> Option<&CustomOpItem> {
        self.items.get(self.next)
    }

    fn eat_token(&mut self, kind: SyntaxKind) -> bool {
        let found = self.peek().is_some_and(|item| item.is_token(kind));
        self.next += usize::from(found);
        found
    }

    fn eat_attr_dict(&mut self) {
        let found = matches!(
            self.peek(),
            Some(CustomOpItem::Attribute(ast::Attribute::Dict(_)))
        );
        self.next += usize::from(found);
    }

    fn eat_location(&mut self) {
        let found = matches!(self.peek(), Some(CustomOpItem::Location(_)));
        self.next += usize::from(found);
    }

    /// Where the next item starts, or the list's `)` after the last.
    fn here_or_end(&self) -> TextRange {
        self.peek()
            .map(item_range)
            .or(self.end)
            .unwrap_or_else(|| TextRange::empty(self.end_of_previous()))
    }

    /// Where what was read last ends.
    fn end_of_previous(&self) -> TextSize {
        match self.next.checked_sub(1) {
            Some(previous) => item_range(&self.items[previous]).end(),
            None => self.start,
        }
    }

    /// An error of MLIR's parser at a wrong token: reported just after the token before it.
    fn wrong_token(&self, message: &str) -> Diagnostic {
        let at = wrong_token_at(self.end_of_previous());
        Diagnostic::error("custom-syntax", message, at)
    }
}

/// An item this reader does not read past: an error node or token, a group left open or
/// a `{...}` that is no attribute dictionary. The grammar or the lexer reported the first
/// three (the lexer's error comes first: MLIR lexes a token before its parser reads it);
/// in the last, MLIR's attribute parser stops on what the grammar kept as a region or a
/// group.
fn unreadable(item: &CustomOpItem) -> bool {
    match item {
        CustomOpItem::Other(_) | CustomOpItem::Region(_) => true,
        CustomOpItem::Token(token) => token.kind() == SyntaxKind::ERROR_TOKEN,
        CustomOpItem::Group(group) => {
            !group.is_closed() || group.delimiter() == GroupDelimiter::Brace
        }
        _ => false,
    }
}
