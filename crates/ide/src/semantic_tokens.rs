//! Semantic highlighting from the syntax tree: every token gets a kind by what it is and
//! where it stands (an op name, a value definition, a builtin type, ...). Op names are split
//! into the dialect prefix (namespace) and the op (function). Tokens never overlap and never
//! span lines.

use mlir_syntax::green_walk::{green_kind, kind_of_raw};
use mlir_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange, TextSize};
use rowan::{GreenNodeData, NodeOrToken};

mod units;
pub use units::{TokenUnitMemo, UnitSink, semantic_tokens_by_unit};

/// What a highlighted token is. The server maps each to a standard LSP token type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    /// The dialect prefix of an op name: `arith` in `arith.addi`.
    Dialect,
    /// An op name without its prefix.
    Operation,
    /// An SSA value `%x`.
    Value,
    /// A block argument.
    Parameter,
    /// A block `^bb0`.
    Block,
    /// A symbol `@f`.
    Symbol,
    /// A type: builtin keywords, `!alias`, `!dialect.type`.
    Type,
    /// An attribute: `#alias`, `#dialect.attr`.
    Attribute,
    /// A keyword: builtin attribute keywords, custom-op keywords.
    Keyword,
    Number,
    String,
    Comment,
    /// Affine dimension and symbol identifiers.
    AffineId,
    Operator,
}

/// Modifier bits (the server maps them to LSP modifiers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modifiers(pub u32);

impl Modifiers {
    pub const DECLARATION: u32 = 1;
    /// Builtin types and attributes: part of the language's standard library.
    pub const DEFAULT_LIBRARY: u32 = 2;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HighlightToken {
    pub range: TextRange,
    pub kind: HighlightKind,
    pub modifiers: Modifiers,
}

/// Highlight tokens in file order, restricted to `range` when given (the tokens that touch
/// it). The walk reads green data and passes over subtrees outside the range: a request
/// for the visible lines of a million-line file reads those lines, not the file.
pub fn semantic_tokens(root: &SyntaxNode, range: Option<TextRange>) -> Vec<HighlightToken> {
    let mut out = Vec::new();
    semantic_tokens_each(root, range, &mut |t| out.push(t));
    out
}

/// `semantic_tokens`, each token given to `sink` as it is found: a caller that encodes
/// them holds no list of them (600,000 in a 96,000-line file).
pub fn semantic_tokens_each(
    root: &SyntaxNode,
    range: Option<TextRange>,
    sink: &mut dyn FnMut(HighlightToken),
) {
    let green = root.green();
    walk(&green, root.text_range().start(), range, sink);
}

/// Where highlight tokens go.
type Sink<'s> = dyn FnMut(HighlightToken) + 's;

fn walk(node: &GreenNodeData, start: TextSize, range: Option<TextRange>, out: &mut Sink<'_>) {
    let parent = green_kind(node);
    let mut at = start;
    for child in node.children() {
        let child_range = TextRange::at(at, child.text_len());
        at = child_range.end();
        if range.is_some_and(|r| child_range.intersect(r).is_none()) {
            continue;
        }
        match child {
            NodeOrToken::Node(node) => walk(node, child_range.start(), range, out),
            NodeOrToken::Token(token) => {
                let kind = kind_of_raw(token.kind());
                highlight(kind, parent, token.text(), child_range, out)
            }
        }
    }
}

fn push(out: &mut Sink<'_>, range: TextRange, kind: HighlightKind, modifiers: u32) {
    if !range.is_empty() {
        out(HighlightToken {
            range,
            kind,
            modifiers: Modifiers(modifiers),
        });
    }
}

fn highlight(
    kind: SyntaxKind,
    parent: SyntaxKind,
    text: &str,
    range: TextRange,
    out: &mut Sink<'_>,
) {
    let parent = Some(parent);
    use HighlightKind as H;
    match (kind, parent) {
        (COMMENT | SPLIT_MARKER, _) => push(out, range, H::Comment, 0),
        (BARE_ID, Some(OP_NAME)) => op_name(text, range.start(), out),
        (STRING, Some(GENERIC_OP)) => generic_op_name(text, range.start(), out),
        (STRING, _) => push(out, range, H::String, 0),
        (INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER, _) => push(out, range, H::Number, 0),
        (VALUE_ID, Some(OP_RESULT)) => push(out, range, H::Value, Modifiers::DECLARATION),
        (VALUE_ID, Some(BLOCK_ARG)) => push(out, range, H::Parameter, Modifiers::DECLARATION),
        (VALUE_ID, _) => push(out, range, H::Value, 0),
        (HASH_ID, Some(VALUE_USE)) => push(out, range, H::Number, 0),
        (CARET_ID, Some(BLOCK_LABEL)) => push(out, range, H::Block, Modifiers::DECLARATION),
        (CARET_ID, _) => push(out, range, H::Block, 0),
        (AT_ID, _) => push(out, range, H::Symbol, 0),
        (BANG_ID, Some(TYPE_ALIAS_DEF)) => push(out, range, H::Type, Modifiers::DECLARATION),
        (BANG_ID, _) => push(out, range, H::Type, 0),
        (HASH_ID, Some(ATTR_ALIAS_DEF)) => push(out, range, H::Attribute, Modifiers::DECLARATION),
        (HASH_ID, _) => push(out, range, H::Attribute, 0),
        (BARE_ID | DIM_X, Some(kind)) => bare_id(kind, range, out),
        (ARROW | EQ | STAR | PLUS | MINUS, Some(AFFINE_BINARY_EXPR | AFFINE_NEG_EXPR)) => {
            push(out, range, H::Operator, 0)
        }
        _ => {}
    }
}

/// A bare-id by its context: a type keyword, an attribute keyword, an affine identifier or
/// a custom-op keyword.
fn bare_id(parent: SyntaxKind, range: TextRange, out: &mut Sink<'_>) {
    use HighlightKind as H;
    let builtin = Modifiers::DEFAULT_LIBRARY;
    match parent {
        BUILTIN_TYPE | TENSOR_TYPE | MEMREF_TYPE | VECTOR_TYPE | COMPLEX_TYPE | TUPLE_TYPE => {
            push(out, range, H::Type, builtin)
        }
        DIMENSION_LIST => push(out, range, H::Operator, 0),
        AFFINE_ATOM | AFFINE_DIM_LIST | AFFINE_SYMBOL_LIST => push(out, range, H::AffineId, 0),
        AFFINE_BINARY_EXPR => push(out, range, H::Operator, 0),
        KEYWORD | ATTR_ENTRY | METADATA_ENTRY => push(out, range, H::Keyword, 0),
        LITERAL_ATTR | UNIT_ATTR => push(out, range, H::Keyword, builtin),
        DENSE_ATTR | DENSE_RESOURCE_ATTR | SPARSE_ATTR | DENSE_ARRAY_ATTR | AFFINE_MAP_ATTR
        | AFFINE_SET_ATTR | STRIDED_ATTR | DISTINCT_ATTR | LOCATION | CALLSITE_LOC | FUSED_LOC
        | UNKNOWN_LOC | FILE_LINE_COL_LOC => push(out, range, H::Keyword, builtin),
        _ => {}
    }
}

/// `arith.addi` → `arith` (dialect) and `addi` (operation); `return` → operation.
fn op_name(text: &str, start: TextSize, out: &mut Sink<'_>) {
    split_op_name(text, start, out);
}

/// `"arith.addi"`: the same split, inside the quotes.
fn generic_op_name(text: &str, start: TextSize, out: &mut Sink<'_>) {
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    split_op_name(inner, start + TextSize::of("\""), out);
}

fn split_op_name(name: &str, start: TextSize, out: &mut Sink<'_>) {
    let at = |from: usize, to: usize| {
        TextRange::new(
            start + TextSize::new(from as u32),
            start + TextSize::new(to as u32),
        )
    };
    match name.find('.') {
        Some(dot) => {
            push(out, at(0, dot), HighlightKind::Dialect, 0);
            push(out, at(dot + 1, name.len()), HighlightKind::Operation, 0);
        }
        None => push(out, at(0, name.len()), HighlightKind::Operation, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn highlights(text: &str) -> String {
        let parse = mlir_syntax::parse(text);
        semantic_tokens(&parse.syntax_node(), None)
            .iter()
            .map(|t| {
                format!(
                    "{:?}{} {}\n",
                    t.kind,
                    if t.modifiers.0 != 0 {
                        format!("+{}", t.modifiers.0)
                    } else {
                        String::new()
                    },
                    &text[t.range]
                )
            })
            .collect()
    }

    #[test]
    fn kinds_by_position() {
        let text = "#map = affine_map<(d0) -> (d0 + 1)>\n// c\nfunc.func @f(%a: i32) {\n^bb0(%b: f32):\n  %0 = \"arith.addi\"(%a, %x#1) {v = dense<1> : tensor<2xi32>} : (i32, i32) -> i32\n}\n";
        expect_test::expect![[r#"
            Attribute+1 #map
            Keyword+2 affine_map
            AffineId d0
            AffineId d0
            Operator +
            Number 1
            Comment // c
            Dialect func
            Operation func
            Symbol @f
            Value %a
            Type+2 i32
            Block+1 ^bb0
            Parameter+1 %b
            Type+2 f32
            Value+1 %0
            Dialect arith
            Operation addi
            Value %a
            Value %x
            Number #1
            Keyword v
            Keyword+2 dense
            Number 1
            Type+2 tensor
            Number 2
            Operator x
            Type+2 i32
            Type+2 i32
            Type+2 i32
            Type+2 i32
        "#]]
        .assert_eq(&highlights(text));
    }
}

#[cfg(test)]
mod range_tests {
    use super::*;

    /// A range request answers what the full request has there: the walk passes over
    /// the subtrees outside the range, and nothing inside it.
    #[test]
    fn a_range_gives_the_full_answer_s_tokens_in_it() {
        let text = "module {\n  func.func @f(%a: i32) -> i32 {\n    %0 = arith.addi %a, %a : i32\n    scf.for %i = %a to %a step %a {\n      \"test.op\"() {v = 1 : i64} : () -> ()\n    }\n    return %0 : i32\n  }\n  // tail\n  func.func private @g()\n}\n";
        let parse = mlir_syntax::parse(text);
        let root = parse.syntax_node();
        let full = semantic_tokens(&root, None);
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .filter(|&i| i < text.len())
            .collect();
        for (a, &start) in line_starts.iter().enumerate() {
            for &next in &line_starts[a..] {
                let end = text[next..].find('\n').map_or(text.len(), |i| next + i);
                let range = TextRange::new(TextSize::new(start as u32), TextSize::new(end as u32));
                let expected: Vec<_> = full
                    .iter()
                    .filter(|t| t.range.intersect(range).is_some())
                    .copied()
                    .collect();
                assert_eq!(semantic_tokens(&root, Some(range)), expected, "{range:?}");
            }
        }
    }
}
