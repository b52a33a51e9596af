//! Typed AST of custom-form ops (DESIGN §3.1): the op name and the structured sequence of
//! items the parser keeps without knowing the op, with its bracketed groups and keywords.

use super::ops::own_regions;
use super::{
    AstChildren, AstNode, AttrDict, Attribute, Location, OpResultList, Region, Successor,
    SymbolRef, Type, ValueUse, ast_node, child, children, token,
};
use crate::SyntaxKind::{self, *};
use crate::{SyntaxElement, SyntaxNode, SyntaxToken};

ast_node!(
    /// `dialect.op ...` in the dialect's own syntax, kept as a sequence of items.
    CustomOp,
    CUSTOM_OP
);
ast_node!(
    /// The op name of a custom op.
    OpName,
    OP_NAME
);
ast_node!(
    /// A bare word inside a custom op: `to`, `step`, `ins`.
    Keyword,
    KEYWORD
);

/// One item of a custom op (or of a group in it), in the order written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CustomOpItem {
    ValueUse(ValueUse),
    Successor(Successor),
    SymbolRef(SymbolRef),
    Group(Group),
    Keyword(Keyword),
    Region(Region),
    Location(Location),
    Type(Type),
    /// Any attribute, attribute dictionaries included.
    Attribute(Attribute),
    /// Punctuation (`,`, `:`, `->`, `=`) and any other token.
    Token(SyntaxToken),
    /// A node of no kind above, such as the error node of a construct nested too deep.
    Other(SyntaxNode),
}

impl CustomOpItem {
    /// The item an element of a custom op is; `None` for trivia.
    pub(super) fn of(element: SyntaxElement) -> Option<CustomOpItem> {
        let node = match element {
            rowan::NodeOrToken::Token(token) if token.kind().is_trivia() => return None,
            rowan::NodeOrToken::Token(token) => return Some(CustomOpItem::Token(token)),
            rowan::NodeOrToken::Node(node) => node,
        };
        let item = match node.kind() {
            VALUE_USE => CustomOpItem::ValueUse(ValueUse { syntax: node }),
            SUCCESSOR => CustomOpItem::Successor(Successor { syntax: node }),
            SYMBOL_REF => CustomOpItem::SymbolRef(SymbolRef { syntax: node }),
            KEYWORD => CustomOpItem::Keyword(Keyword { syntax: node }),
            REGION => CustomOpItem::Region(Region { syntax: node }),
            LOCATION => CustomOpItem::Location(Location { syntax: node }),
            kind if Group::can_cast(kind) => CustomOpItem::Group(Group { syntax: node }),
            kind if Type::can_cast(kind) => CustomOpItem::Type(Type::cast(node)?),
            kind if Attribute::can_cast(kind) => CustomOpItem::Attribute(Attribute::cast(node)?),
            _ => CustomOpItem::Other(node),
        };
        Some(item)
    }

    /// Is this the token `kind`?
    pub fn is_token(&self, kind: SyntaxKind) -> bool {
        matches!(self, CustomOpItem::Token(token) if token.kind() == kind)
    }

    /// Is this the bare keyword `word` (`to`, `step`, `into`)?
    pub fn is_keyword(&self, word: &str) -> bool {
        matches!(self, CustomOpItem::Keyword(k) if k.name_token().is_some_and(|t| t.text() == word))
    }
}

impl CustomOp {
    pub fn result_list(&self) -> Option<OpResultList> {
        child(&self.syntax)
    }

    pub fn op_name(&self) -> Option<OpName> {
        child(&self.syntax)
    }

    /// The op name's bare-id.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        self.op_name()?.name_token()
    }

    pub fn name(&self) -> Option<String> {
        Some(self.name_token()?.text().to_string())
    }

    /// What follows the op name, in order.
    pub fn items(&self) -> impl Iterator<Item = CustomOpItem> + use<> {
        // Trivia is skipped in the green tree, without a cursor for each whitespace.
        self.syntax
            .children_with_tokens()
            .by_kind(|kind| !kind.is_trivia() && !matches!(kind, OP_RESULT_LIST | OP_NAME))
            .filter_map(CustomOpItem::of)
    }

    /// The value uses written directly in the op (not inside groups).
    pub fn value_uses(&self) -> AstChildren<ValueUse> {
        children(&self.syntax)
    }

    /// The op's own regions, inside groups included.
    pub fn regions(&self) -> impl Iterator<Item = Region> + use<> {
        own_regions(&self.syntax)
    }

    /// The first attribute dictionary written directly in the op: `{...}` or
    /// `attributes {...}`.
    pub fn attr_dict(&self) -> Option<AttrDict> {
        child(&self.syntax)
    }

    /// The trailing `loc(...)`.
    pub fn location(&self) -> Option<Location> {
        children(&self.syntax).last()
    }

    /// The first type after the last `:` written directly in the op: the `i32` of
    /// `arith.addi %a, %b : i32`.
    pub fn trailing_type(&self) -> Option<Type> {
        let items: Vec<CustomOpItem> = self.items().collect();
        let colon = items.iter().rposition(|item| item.is_token(COLON))?;
        items[colon + 1..].iter().find_map(|item| match item {
            CustomOpItem::Type(ty) => Some(ty.clone()),
            _ => None,
        })
    }
}

impl OpName {
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BARE_ID])
    }

    /// The dialect prefix: `arith` of `arith.addi`; `None` for an undotted name such as
    /// `return` (whose dialect is the default one of its context).
    pub fn dialect(&self) -> Option<String> {
        let name = self.name_token()?;
        Some(name.text().split_once('.')?.0.to_string())
    }
}

/// How a group is bracketed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupDelimiter {
    Paren,
    Bracket,
    Angle,
    Brace,
}

/// The index of an element among its parent's children.
fn element_index(element: &SyntaxElement) -> usize {
    match element {
        rowan::NodeOrToken::Node(node) => node.index(),
        rowan::NodeOrToken::Token(token) => token.index(),
    }
}

/// A bracketed group of items inside a custom op: `(%a : i32)`, `[%i]`, `<add>`, `{%d}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Group {
    pub(crate) syntax: SyntaxNode,
}

impl AstNode for Group {
    fn can_cast(kind: SyntaxKind) -> bool {
        matches!(
            kind,
            PAREN_GROUP | BRACKET_GROUP | ANGLE_GROUP | BRACE_GROUP
        )
    }

    fn cast(node: SyntaxNode) -> Option<Self> {
        Self::can_cast(node.kind()).then_some(Group { syntax: node })
    }

    fn syntax(&self) -> &SyntaxNode {
        &self.syntax
    }
}

impl Group {
    pub fn delimiter(&self) -> GroupDelimiter {
        match self.syntax.kind() {
            PAREN_GROUP => GroupDelimiter::Paren,
            BRACKET_GROUP => GroupDelimiter::Bracket,
            ANGLE_GROUP => GroupDelimiter::Angle,
            _ => GroupDelimiter::Brace,
        }
    }

    /// The items between the brackets, in order.
    pub fn items(&self) -> impl Iterator<Item = CustomOpItem> + use<> {
        // The opener is always the first child; the closer the last, unless it is missing.
        // Both are told by their place, read in the green tree, and trivia is skipped
        // there: only the items get cursors.
        let count = self.syntax.green().children().count();
        let items = 1..if self.is_closed() { count - 1 } else { count };
        self.syntax
            .children_with_tokens()
            .by_kind(|kind| !kind.is_trivia())
            .filter(move |e| items.contains(&element_index(e)))
            .filter_map(CustomOpItem::of)
    }

    /// The kind of the bracket that closes the group.
    pub fn closer(&self) -> SyntaxKind {
        match self.delimiter() {
            GroupDelimiter::Paren => R_PAREN,
            GroupDelimiter::Bracket => R_BRACK,
            GroupDelimiter::Angle => R_ANGLE,
            GroupDelimiter::Brace => R_BRACE,
        }
    }

    /// Does the group end with its closing bracket?
    pub fn is_closed(&self) -> bool {
        let green = self.syntax.green();
        green.children().count() > 1
            && green
                .children()
                .last()
                .is_some_and(|c| crate::green_walk::kind_of_raw(c.kind()) == self.closer())
    }

    /// The value uses directly in the group.
    pub fn value_uses(&self) -> AstChildren<ValueUse> {
        children(&self.syntax)
    }
}

impl Keyword {
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BARE_ID])
    }

    pub fn text(&self) -> Option<String> {
        Some(self.name_token()?.text().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::test_support::{all, first};

    /// A compact picture of items: the kind of each, or the text of tokens.
    fn shape(items: impl Iterator<Item = CustomOpItem>) -> Vec<String> {
        let shape = |item: CustomOpItem| match item {
            CustomOpItem::Token(token) => token.text().to_string(),
            CustomOpItem::Group(group) => format!("{:?}", group.delimiter()),
            CustomOpItem::Type(ty) => format!("type {}", ty.syntax().text()),
            CustomOpItem::Attribute(attr) => format!("attr {}", attr.syntax().text()),
            other => format!("{:?}", kind_of(&other)),
        };
        items.map(shape).collect()
    }

    fn kind_of(item: &CustomOpItem) -> SyntaxKind {
        match item {
            CustomOpItem::ValueUse(it) => it.syntax().kind(),
            CustomOpItem::Successor(it) => it.syntax().kind(),
            CustomOpItem::SymbolRef(it) => it.syntax().kind(),
            CustomOpItem::Keyword(it) => it.syntax().kind(),
            CustomOpItem::Region(it) => it.syntax().kind(),
            CustomOpItem::Location(it) => it.syntax().kind(),
            CustomOpItem::Other(node) => node.kind(),
            _ => ERROR,
        }
    }

    #[test]
    fn op_name_and_dialect() {
        let op = first::<CustomOp>("%0 = arith.addi %a, %b : i32\n");
        assert_eq!(op.name().as_deref(), Some("arith.addi"));
        assert_eq!(op.name_token().unwrap().text(), "arith.addi");
        assert_eq!(op.op_name().unwrap().dialect().as_deref(), Some("arith"));
        assert!(op.result_list().is_some());
        let op = first::<CustomOp>("return\n");
        assert_eq!(op.op_name().unwrap().dialect(), None);
    }

    #[test]
    fn items_in_order() {
        let op = first::<CustomOp>(
            "scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %r#0) -> (i32) {\n}\n",
        );
        let expected = [
            "VALUE_USE",
            "=",
            "VALUE_USE",
            "KEYWORD",
            "VALUE_USE",
            "KEYWORD",
            "VALUE_USE",
            "KEYWORD",
            "Paren",
            "->",
            "Paren",
            "REGION",
        ];
        assert_eq!(shape(op.items()), expected);
        assert_eq!(op.value_uses().count(), 4);
        assert_eq!(op.regions().count(), 1);
    }

    #[test]
    fn items_of_every_kind() {
        let op = first::<CustomOp>(
            "cf.cond_br %c, ^bb1(%x : i32), ^bb2 {a} : i1, 42 @s::@t <x> dense<1> loc(\"f\":1:2)\n",
        );
        let expected = [
            "VALUE_USE",
            ",",
            "SUCCESSOR",
            ",",
            "SUCCESSOR",
            "attr {a}",
            ":",
            "type i1",
            ",",
            "attr 42",
            "SYMBOL_REF",
            "Angle",
            "attr dense<1>",
            "LOCATION",
        ];
        assert_eq!(shape(op.items()), expected);
        assert_eq!(op.attr_dict().unwrap().syntax().text(), "{a}");
        assert!(op.location().is_some());
    }

    #[test]
    fn trailing_type_after_last_colon() {
        let op = first::<CustomOp>("%1 = memref.load %m[%c0] : memref<4xf32>\n");
        assert!(matches!(op.trailing_type(), Some(Type::Memref(_))));
        let op = first::<CustomOp>("func.func @f(%a: i32)\n");
        assert!(op.trailing_type().is_none());
    }

    #[test]
    fn groups_items_without_brackets() {
        let groups = all::<Group>("test.op (%a : i32) [%i] <add> {%d0, %d1}\n");
        let delimiters: Vec<_> = groups.iter().map(Group::delimiter).collect();
        use GroupDelimiter::*;
        assert_eq!(delimiters, [Paren, Bracket, Angle, Brace]);
        assert_eq!(shape(groups[0].items()), ["VALUE_USE", ":", "type i32"]);
        assert_eq!(shape(groups[2].items()), ["KEYWORD"]);
        assert_eq!(groups[3].value_uses().count(), 2);
        let unclosed = first::<Group>("test.op (%a\n");
        assert_eq!(shape(unclosed.items()), ["VALUE_USE"]);
    }

    #[test]
    fn keyword_text() {
        let keyword = first::<Keyword>("scf.for %i = %a to %b step %c {\n}\n");
        assert_eq!(keyword.text().as_deref(), Some("to"));
        assert_eq!(keyword.name_token().unwrap().kind(), BARE_ID);
    }
}
