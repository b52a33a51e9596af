//! The custom op as a flat stream of atoms (registry stage, matcher input): the parser's
//! nested items with every bracketed group opened into `Open`, its items and `Close`, and
//! every successor into its label and its operand group, so a format's `` `(` `` literal
//! and `$dest` meet the same stream MLIR's own parser reads. `Cursor` reads it with the
//! small parses the formats need (values, types, type lists, function types).

use mlir_syntax::ast::{self, AstNode, CustomOpItem, Group, GroupDelimiter};
use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

use super::matched::WrittenType;

/// One atom of a custom op.
#[derive(Debug, Clone)]
pub(crate) enum Atom {
    /// The opening bracket of a group; the node is the whole group.
    Open(GroupDelimiter, SyntaxNode),
    /// The closing bracket; the node is the whole group.
    Close(GroupDelimiter, SyntaxNode),
    /// The `^bb` of a successor; its operand group, if any, follows as atoms.
    Label(ast::Successor),
    Item(CustomOpItem),
}

/// The atoms of a custom op, after its name, without a trailing location.
pub(crate) fn atoms(op: &ast::CustomOp) -> Vec<Atom> {
    let mut out = Vec::new();
    push_items(op.items(), &mut out);
    while matches!(out.last(), Some(Atom::Item(CustomOpItem::Location(_)))) {
        out.pop();
    }
    out
}

fn push_items(items: impl Iterator<Item = CustomOpItem>, out: &mut Vec<Atom>) {
    for item in items {
        match item {
            CustomOpItem::Group(group) => push_group(&group, out),
            CustomOpItem::Successor(successor) => {
                let group = successor.operand_group();
                out.push(Atom::Label(successor));
                if let Some(group) = group {
                    push_group(&group, out);
                }
            }
            other => out.push(Atom::Item(other)),
        }
    }
}

/// An unclosed group gets no `Close`, so a format expecting the closer does not match.
fn push_group(group: &Group, out: &mut Vec<Atom>) {
    let delimiter = group.delimiter();
    out.push(Atom::Open(delimiter, group.syntax().clone()));
    push_items(group.items(), out);
    if group.is_closed() {
        out.push(Atom::Close(delimiter, group.syntax().clone()));
    }
}

/// The bare word an atom spells, whatever the parser made of it: a keyword, a builtin type
/// keyword (`index`, `none`), or a literal such as `true` or `unit`.
pub(crate) fn word(atom: &Atom) -> Option<String> {
    word_token(atom).map(|t| t.text().to_string())
}

/// Does the atom spell the bare word `text` (as `word` reads it)? Without allocating:
/// formats try their keywords on every op they match.
fn is_word(atom: &Atom, text: &str) -> bool {
    word_token(atom).is_some_and(|t| t.text() == text)
}

/// The token of the bare word an atom spells (see `word`).
fn word_token(atom: &Atom) -> Option<SyntaxToken> {
    let node = match atom {
        Atom::Item(CustomOpItem::Keyword(k)) => return k.name_token(),
        Atom::Item(CustomOpItem::Type(ast::Type::Builtin(t))) => t.syntax(),
        Atom::Item(CustomOpItem::Attribute(a)) => a.syntax(),
        _ => return None,
    };
    let mut tokens = node
        .children_with_tokens()
        .filter(|e| !e.kind().is_trivia());
    match (tokens.next(), tokens.next()) {
        (Some(e), None) if e.kind() == SyntaxKind::BARE_ID => e.into_token(),
        _ => None,
    }
}

/// A position in an atom stream.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    atoms: &'a [Atom],
    pub(crate) pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(atoms: &'a [Atom]) -> Cursor<'a> {
        Cursor { atoms, pos: 0 }
    }

    pub(crate) fn peek(&self) -> Option<&'a Atom> {
        self.atoms.get(self.pos)
    }

    pub(crate) fn bump(&mut self) -> Option<&'a Atom> {
        let atom = self.atoms.get(self.pos)?;
        self.pos += 1;
        Some(atom)
    }

    /// The index of the next atom.
    pub(crate) fn position(&self) -> usize {
        self.pos
    }

    /// Consumes the atom if `f` accepts it.
    pub(crate) fn eat_with<T>(&mut self, f: impl FnOnce(&'a Atom) -> Option<T>) -> Option<T> {
        let value = f(self.peek()?)?;
        self.pos += 1;
        Some(value)
    }

    /// A punctuation token of exactly this text: `,`, `:`, `->`.
    pub(crate) fn eat_token(&mut self, text: &str) -> Option<SyntaxToken> {
        self.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::Token(t)) if t.text() == text => Some(t.clone()),
            _ => None,
        })
    }

    /// A keyword (or anything spelled as this bare word).
    pub(crate) fn eat_word(&mut self, text: &str) -> bool {
        self.eat_with(|atom| is_word(atom, text).then_some(()))
            .is_some()
    }

    pub(crate) fn eat_open(&mut self, delimiter: GroupDelimiter) -> Option<SyntaxNode> {
        self.eat_with(|atom| match atom {
            Atom::Open(d, node) if *d == delimiter => Some(node.clone()),
            _ => None,
        })
    }

    pub(crate) fn eat_close(&mut self, delimiter: GroupDelimiter) -> bool {
        self.eat_with(|atom| matches!(atom, Atom::Close(d, _) if *d == delimiter).then_some(()))
            .is_some()
    }

    /// A format literal: a bracket, a punctuation token or a keyword.
    pub(crate) fn eat_literal(&mut self, text: &str) -> bool {
        match text {
            "(" => self.eat_open(GroupDelimiter::Paren).is_some(),
            "[" => self.eat_open(GroupDelimiter::Bracket).is_some(),
            "<" => self.eat_open(GroupDelimiter::Angle).is_some(),
            "{" => self.eat_open(GroupDelimiter::Brace).is_some(),
            ")" => self.eat_close(GroupDelimiter::Paren),
            "]" => self.eat_close(GroupDelimiter::Bracket),
            ">" => self.eat_close(GroupDelimiter::Angle),
            "}" => self.eat_close(GroupDelimiter::Brace),
            _ if text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
                self.eat_word(text)
            }
            _ => self.eat_token(text).is_some(),
        }
    }

    pub(crate) fn value_use(&mut self) -> Option<ast::ValueUse> {
        self.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::ValueUse(v)) => Some(v.clone()),
            _ => None,
        })
    }

    /// `%a, %b, ...`: zero or more value uses separated by commas.
    pub(crate) fn value_use_list(&mut self) -> Vec<ast::ValueUse> {
        self.list(Cursor::value_use)
    }

    /// Zero or more `item`s separated by commas; a comma not followed by an item is left.
    pub(crate) fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Vec<T> {
        let mut out = Vec::new();
        let start = self.pos;
        let Some(first) = item(self) else {
            self.pos = start;
            return out;
        };
        out.push(first);
        loop {
            let before = self.pos;
            let next = self.eat_token(",").and_then(|_| item(self));
            match next {
                Some(next) => out.push(next),
                None => {
                    self.pos = before;
                    break;
                }
            }
        }
        out
    }

    /// One type: a type node, or a function type the parser kept as groups
    /// (`(i32) -> (f32, f32)`).
    pub(crate) fn ty(&mut self) -> Option<WrittenType> {
        if let Some(ty) = self.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::Type(t)) => Some(t.clone()),
            _ => None,
        }) {
            return Some(WrittenType::Node(ty));
        }
        let start = self.pos;
        let function = self.function_type();
        if function.is_none() {
            self.pos = start;
        }
        function
    }

    /// `type, type, ...` (possibly none).
    pub(crate) fn type_list(&mut self) -> Vec<WrittenType> {
        self.list(Cursor::ty)
    }

    /// `(inputs) -> result` or `(inputs) -> (results)`.
    pub(crate) fn function_type(&mut self) -> Option<WrittenType> {
        let (inputs, results, range) = self.function_type_parts()?;
        Some(WrittenType::Function {
            range,
            inputs,
            results,
        })
    }

    /// The inputs, results and range of a function type spelled as groups.
    pub(crate) fn function_type_parts(
        &mut self,
    ) -> Option<(Vec<WrittenType>, Vec<WrittenType>, TextRange)> {
        let open = self.eat_open(GroupDelimiter::Paren)?;
        let inputs = self.type_list();
        if !self.eat_close(GroupDelimiter::Paren) {
            return None;
        }
        self.eat_token("->")?;
        let (results, end) = self.result_types()?;
        let range = TextRange::new(open.text_range().start(), end);
        Some((inputs, results, range))
    }

    /// A function type's results: a parenthesised list or a single non-function type.
    fn result_types(&mut self) -> Option<(Vec<WrittenType>, mlir_syntax::TextSize)> {
        if let Some(group) = self.eat_open(GroupDelimiter::Paren) {
            let results = self.type_list();
            if !self.eat_close(GroupDelimiter::Paren) {
                return None;
            }
            return Some((results, group.text_range().end()));
        }
        let single = self.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::Type(t)) => Some(t.clone()),
            _ => None,
        })?;
        let end = single.syntax().text_range().end();
        Some((vec![WrittenType::Node(single)], end))
    }

    /// A whole balanced group starting here (`[1, 2]`), as its node.
    pub(crate) fn balanced_group(&mut self, delimiter: GroupDelimiter) -> Option<SyntaxNode> {
        let node = self.eat_open(delimiter)?;
        let mut depth = 1usize;
        while depth > 0 {
            match self.bump()? {
                Atom::Open(..) => depth += 1,
                Atom::Close(..) => depth -= 1,
                _ => {}
            }
        }
        Some(node)
    }
}
