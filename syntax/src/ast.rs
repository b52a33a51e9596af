//! Typed AST (on top of the stage-2 tree): thin wrappers over syntax nodes, one per node
//! kind, with accessors named by role (DESIGN §5). Accessors never fail on broken input: a
//! missing piece is `None` or an empty iterator. Names are given without their sigil
//! (`%`, `^`, `@`, `#`, `!`) and unquoted; the `_token` accessors give the tokens as written.

mod attributes;
mod custom_ops;
mod items;
mod locations;
mod ops;
mod regions;
mod types;

use std::marker::PhantomData;

use crate::{SyntaxKind, SyntaxNode, SyntaxToken};

pub use attributes::{
    AffineMapAttr, AffineSetAttr, ArrayAttr, AttrAliasRef, AttrDict, AttrEntry, Attribute,
    DenseArrayAttr, DenseAttr, DenseResourceAttr, DialectAttr, DistinctAttr, LiteralAttr,
    SparseAttr, StridedAttr, SymbolRef, SymbolRefAttr, TypeAttr, UnitAttr,
};
pub use custom_ops::{CustomOp, CustomOpItem, Group, GroupDelimiter, Keyword, OpName};
pub use items::{AttrAliasDef, Chunk, FileMetadata, Item, MetadataEntry, SourceFile, TypeAliasDef};
pub use locations::{
    CallSiteLoc, FileLineColLoc, FusedLoc, LocInstance, Location, NameLoc, UnknownLoc,
};
pub use ops::{
    GenericOp, Op, OpResult, OpResultList, OperandList, Properties, RegionList, Successor,
    SuccessorList, ValueUse,
};
pub use regions::{Block, BlockArg, BlockArgList, BlockLabel, Region};
pub use types::{
    BuiltinType, ComplexType, DialectBody, DialectType, Dim, DimensionList, FunctionType,
    MemrefType, OpaqueType, TensorType, TupleType, Type, TypeAliasRef, TypeList, VectorType,
};

/// A typed view of a syntax node.
pub trait AstNode: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(node: SyntaxNode) -> Option<Self>;
    fn syntax(&self) -> &SyntaxNode;
}

/// The children of a node that are an `N`, in order. Children of other kinds are skipped
/// in the green tree: only the ones returned get a (heap-allocated) rowan cursor.
#[derive(Debug, Clone)]
pub struct AstChildren<N> {
    step: ChildStep,
    _node: PhantomData<N>,
}

#[derive(Debug, Clone)]
enum ChildStep {
    /// Nothing returned yet: the first child of this parent comes next.
    First(SyntaxNode),
    /// The next one is a sibling after this child.
    After(SyntaxNode),
    Done,
}

impl<N: AstNode> Iterator for AstChildren<N> {
    type Item = N;

    fn next(&mut self) -> Option<N> {
        loop {
            let found = match std::mem::replace(&mut self.step, ChildStep::Done) {
                ChildStep::First(parent) => parent.first_child_by_kind(&N::can_cast),
                ChildStep::After(node) => node.next_sibling_by_kind(&N::can_cast),
                ChildStep::Done => None,
            }?;
            self.step = ChildStep::After(found.clone());
            if let Some(node) = N::cast(found) {
                return Some(node);
            }
        }
    }
}

/// A wrapper struct for one node kind.
macro_rules! ast_node {
    ($(#[$doc:meta])* $name:ident, $kind:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            pub(crate) syntax: $crate::SyntaxNode,
        }

        impl $crate::ast::AstNode for $name {
            fn can_cast(kind: $crate::SyntaxKind) -> bool {
                kind == $crate::SyntaxKind::$kind
            }

            fn cast(node: $crate::SyntaxNode) -> Option<Self> {
                Self::can_cast(node.kind()).then(|| $name { syntax: node })
            }

            fn syntax(&self) -> &$crate::SyntaxNode {
                &self.syntax
            }
        }
    };
}

/// A wrapper enum over several node kinds, one variant per wrapped type (tried in order).
macro_rules! ast_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident($node:ty)),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant($node)),*
        }

        impl $crate::ast::AstNode for $name {
            fn can_cast(kind: $crate::SyntaxKind) -> bool {
                $(<$node as $crate::ast::AstNode>::can_cast(kind))||*
            }

            fn cast(node: $crate::SyntaxNode) -> Option<Self> {
                $(
                    if <$node as $crate::ast::AstNode>::can_cast(node.kind()) {
                        return <$node as $crate::ast::AstNode>::cast(node).map($name::$variant);
                    }
                )*
                None
            }

            fn syntax(&self) -> &$crate::SyntaxNode {
                match self {
                    $($name::$variant(it) => it.syntax()),*
                }
            }
        }

        $(
            impl From<$node> for $name {
                fn from(it: $node) -> Self {
                    $name::$variant(it)
                }
            }
        )*
    };
}

pub(crate) use {ast_enum, ast_node};

/// The first child of `parent` that is an `N`.
fn child<N: AstNode>(parent: &SyntaxNode) -> Option<N> {
    children(parent).next()
}

fn children<N: AstNode>(parent: &SyntaxNode) -> AstChildren<N> {
    AstChildren {
        step: ChildStep::First(parent.clone()),
        _node: PhantomData,
    }
}

/// The first token child of `parent` of one of `kinds`.
fn token(parent: &SyntaxNode, kinds: &[SyntaxKind]) -> Option<SyntaxToken> {
    parent
        .first_child_or_token_by_kind(&|kind| kinds.contains(&kind))?
        .into_token()
}

fn tokens<'a>(
    parent: &SyntaxNode,
    kinds: &'a [SyntaxKind],
) -> impl Iterator<Item = SyntaxToken> + use<'a> {
    parent
        .children_with_tokens()
        .by_kind(|kind| kinds.contains(&kind))
        .filter_map(|element| element.into_token())
}

/// A name as MLIR means it: the sigil of `%x`, `^bb`, `@f`, `#a`, `!t` dropped, and a
/// quoted name (`@"a b"`, `"key"`) unquoted.
/// The dialect namespace of a dialect type or attribute name: `gpu` of `gpu.address_space`.
fn dialect_of(name: &str) -> String {
    name.split_once('.').map_or(name, |(d, _)| d).to_string()
}

fn name_of(token: &SyntaxToken) -> String {
    let text = token.text();
    let text = text.strip_prefix(['%', '^', '@', '#', '!']).unwrap_or(text);
    if text.starts_with('"') {
        string_value(text)
    } else {
        text.to_string()
    }
}

/// The value of a string literal as written (L-13): the quotes dropped and the escapes
/// `\"`, `\\`, `\n`, `\t` and `\XX` (two hex digits) decoded. Bytes that are not UTF-8
/// become U+FFFD. A literal missing its closing quote (broken input) ends at its end.
pub fn string_value(literal: &str) -> String {
    String::from_utf8_lossy(&string_bytes(literal)).into_owned()
}

/// The bytes of a string literal, decoded as `string_value` does but without replacing
/// bytes that are not UTF-8 (MLIR strings hold any bytes).
pub fn string_bytes(literal: &str) -> Vec<u8> {
    let body = literal.strip_prefix('"').unwrap_or(literal);
    let body = body.strip_suffix('"').unwrap_or(body);
    let mut bytes = Vec::with_capacity(body.len());
    let mut rest = body.as_bytes();
    while let Some((&first, tail)) = rest.split_first() {
        rest = tail;
        if first != b'\\' {
            bytes.push(first);
            continue;
        }
        let (byte, used) = escape(rest);
        bytes.push(byte);
        rest = &rest[used..];
    }
    bytes
}

/// The byte an escape stands for, given what follows its backslash, and how many of those
/// bytes it uses. An unknown escape stands for its backslash.
fn escape(after: &[u8]) -> (u8, usize) {
    match after {
        [b'n', ..] => (b'\n', 1),
        [b't', ..] => (b'\t', 1),
        [c @ (b'"' | b'\\'), ..] => (*c, 1),
        [hi, lo, ..] if hi.is_ascii_hexdigit() && lo.is_ascii_hexdigit() => {
            (hex_digit(*hi) * 16 + hex_digit(*lo), 2)
        }
        _ => (b'\\', 0),
    }
}

fn hex_digit(c: u8) -> u8 {
    (c as char).to_digit(16).map_or(0, |d| d as u8)
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::AstNode;

    /// The first node of type `N` in the tree of `text`.
    pub(crate) fn first<N: AstNode>(text: &str) -> N {
        crate::parse(text)
            .syntax_node()
            .descendants()
            .find_map(N::cast)
            .unwrap_or_else(|| panic!("no such node in {text:?}"))
    }

    /// Every node of type `N` in the tree of `text`, in order.
    pub(crate) fn all<N: AstNode>(text: &str) -> Vec<N> {
        crate::parse(text)
            .syntax_node()
            .descendants()
            .filter_map(N::cast)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_values_decode_escapes() {
        assert_eq!(string_value(r#""plain""#), "plain");
        assert_eq!(string_value(r#""a\"b\\c\n\t""#), "a\"b\\c\n\t");
        assert_eq!(string_value(r#""\41\42""#), "AB");
        assert_eq!(string_value(r#""\C3\A9""#), "é");
        assert_eq!(string_value(r#""\q""#), "\\q");
        assert_eq!(string_value(r#""unterminated"#), "unterminated");
    }
}
