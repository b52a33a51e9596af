//! The kinds of every token and node of the MLIR syntax tree, and the rowan language tag.

/// Every token and node kind. Tokens come first, then nodes; `__LAST` marks the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
#[allow(
    non_camel_case_types,
    clippy::upper_case_acronyms,
    clippy::manual_non_exhaustive
)]
pub enum SyntaxKind {
    // --- trivia ---
    WHITESPACE = 0,
    COMMENT,
    /// A `// -----` line: a comment that also separates independent chunks (L-17).
    SPLIT_MARKER,

    // --- identifiers and literals ---
    /// `arith.addi`, `i32`, `to`, `d0` (L-03): every contextual keyword is a bare-id.
    BARE_ID,
    /// `%x`, `%0`, `%arg0` (L-06).
    VALUE_ID,
    /// `^bb0` (L-06).
    CARET_ID,
    /// `#map`, `#dialect.attr`, and the `#1` of a result index (L-06, L-08).
    HASH_ID,
    /// `!alias`, `!dialect.type` (L-06).
    BANG_ID,
    /// `@f`, `@"quoted"` (L-07).
    AT_ID,
    /// `42` (L-10).
    INT_NUMBER,
    /// `0x2A` (L-10).
    HEX_NUMBER,
    /// `1.5e-3` (L-11).
    FLOAT_NUMBER,
    /// `"..."` (L-13).
    STRING,
    /// The `x` between dimensions of a shaped type, split out of a bare-id (L-18).
    DIM_X,

    // --- punctuation (L-14) ---
    L_PAREN,
    R_PAREN,
    L_BRACE,
    R_BRACE,
    L_BRACK,
    R_BRACK,
    L_ANGLE,
    R_ANGLE,
    EQ,
    COMMA,
    COLON,
    ARROW,
    QUESTION,
    STAR,
    PLUS,
    MINUS,
    PIPE,
    ELLIPSIS,
    /// `{-#`, opening the file-metadata block (L-16).
    FILE_META_OPEN,
    /// `#-}`, closing the file-metadata block (L-16).
    FILE_META_CLOSE,
    /// A character no token starts with; the parser reports it.
    ERROR_TOKEN,
    EOF,

    // --- nodes: structure ---
    SOURCE_FILE,
    /// Tokens that could not be parsed, kept so the tree stays lossless.
    ERROR,
    /// `#name = attr` (G-09).
    ATTR_ALIAS_DEF,
    /// `!name = type` (G-07).
    TYPE_ALIAS_DEF,
    /// `{-# key: {...} #-}` (L-16).
    FILE_METADATA,
    /// One `key: {...}` entry of the metadata block or of a resource dialect.
    METADATA_ENTRY,
    /// `"dialect.op"(...) ... : (T) -> T` (G-02).
    GENERIC_OP,
    /// `dialect.op ...` in a dialect's own syntax, kept as a structured sequence (DESIGN §3.1).
    CUSTOM_OP,
    /// The op name of a custom op: a bare-id.
    OP_NAME,
    /// `%a, %b:2 =` (G-02).
    OP_RESULT_LIST,
    /// `%b:2` inside a result list.
    OP_RESULT,
    /// `(%a, %b#1)` of a generic op.
    OPERAND_LIST,
    /// `%a` or `%a#1` (G-03).
    VALUE_USE,
    /// `[^bb1, ^bb2]` of a generic op.
    SUCCESSOR_LIST,
    /// `^bb1` or, in custom syntax, `^bb1(%x : i32)`.
    SUCCESSOR,
    /// `<{...}>` of a generic op.
    PROPERTIES,
    /// `({...}, {...})` of a generic op.
    REGION_LIST,
    /// `{ block* }` (G-05).
    REGION,
    /// A block: an optional label and its ops (G-04).
    BLOCK,
    /// `^bb0(%a: i32):`.
    BLOCK_LABEL,
    /// `(%a: i32, %b: f32 loc(...))`.
    BLOCK_ARG_LIST,
    /// `%a: i32 loc(...)`.
    BLOCK_ARG,
    /// `loc(...)` after an op, a block argument, or as an attribute (G-12).
    LOCATION,
    /// A parenthesised group inside a custom op: `(%a : i32)`, `ins(...)`.
    PAREN_GROUP,
    /// A bracketed group inside a custom op: `[%i, %j]`.
    BRACKET_GROUP,
    /// An angle-bracketed group inside a custom op: `<add>`.
    ANGLE_GROUP,
    /// A braced group inside a custom op that is neither a region nor a dictionary:
    /// `{%d0, %d1}`.
    BRACE_GROUP,
    /// A bare-id keyword inside a custom op: `to`, `step`, `ins`.
    KEYWORD,
    /// A `@a::@b` symbol reference (B-A13).
    SYMBOL_REF,

    // --- nodes: types (G-06, G-10) ---
    /// `i32`, `index`, `f32`, `none`: a keyword type.
    BUILTIN_TYPE,
    /// `(i32, f32) -> i1`.
    FUNCTION_TYPE,
    /// `(i32, f32)`, the parenthesised input or result list of a function type.
    TYPE_LIST,
    /// `complex<f32>`.
    COMPLEX_TYPE,
    /// `tuple<i32, f32>`.
    TUPLE_TYPE,
    /// `vector<[4]x8xf32>`.
    VECTOR_TYPE,
    /// `tensor<?x4xf32, #enc>` or `tensor<*xf32>`.
    TENSOR_TYPE,
    /// `memref<4xf32, strided<[1]>, 1>`.
    MEMREF_TYPE,
    /// `opaque<"dialect", "data">` (legacy B-T12).
    OPAQUE_TYPE,
    /// `4x?x8x`: the dimensions of a shaped type.
    DIMENSION_LIST,
    /// `[4x8]x`: scalable vector dimensions.
    SCALABLE_DIMS,
    /// `!dialect.type<...>` or `!dialect<"...">` (G-08).
    DIALECT_TYPE,
    /// `!alias` used as a type.
    TYPE_ALIAS_REF,

    // --- nodes: attributes (G-09, G-11) ---
    /// `{a = 1, b}` (B-A17).
    ATTR_DICT,
    /// `a = 1` or `unit_key`.
    ATTR_ENTRY,
    /// `42 : i32`, `1.5`, `-3`, `0x7C00 : f16`, `true`, `"s" : !t` (B-A07, B-A08, B-A12).
    LITERAL_ATTR,
    /// `unit` (B-A15).
    UNIT_ATTR,
    /// `[1, "a", i32]` (B-A02).
    ARRAY_ATTR,
    /// `array<i32: 1, 2>` (B-A03).
    DENSE_ARRAY_ATTR,
    /// `dense<...> : tensor<...>` (B-A04, B-A06).
    DENSE_ATTR,
    /// A nested list inside `dense<...>`, `sparse<...>`: `[[1, 2], [3, 4]]`.
    TENSOR_LITERAL,
    /// `(1.0, 2.0)`: a complex element of a dense literal.
    COMPLEX_LITERAL,
    /// `dense_resource<blob> : tensor<...>` (B-A05).
    DENSE_RESOURCE_ATTR,
    /// `sparse<[[0, 0]], [1]> : tensor<...>` (B-A11).
    SPARSE_ATTR,
    /// `affine_map<(d0)[s0] -> (d0 + s0)>` (B-A01).
    AFFINE_MAP_ATTR,
    /// `affine_set<(d0) : (d0 >= 0)>` (B-A09).
    AFFINE_SET_ATTR,
    /// The `(d0, d1)[s0]` dim and symbol lists and result list of an affine map or set.
    AFFINE_DIM_LIST,
    AFFINE_SYMBOL_LIST,
    AFFINE_RESULT_LIST,
    /// `d0 >= 0` inside an affine set.
    AFFINE_CONSTRAINT,
    /// `d0 + 2`, `s0 floordiv 4` (G-13).
    AFFINE_BINARY_EXPR,
    /// `-d0`.
    AFFINE_NEG_EXPR,
    /// `(d0 + 1)`.
    AFFINE_PAREN_EXPR,
    /// `d0`, `s1`, `42`, `symbol(%x)`.
    AFFINE_ATOM,
    /// `strided<[4, 1], offset: ?>` (B-A16).
    STRIDED_ATTR,
    /// `@a::@b` as an attribute value (B-A13).
    SYMBOL_REF_ATTR,
    /// A type used as an attribute value (B-A14).
    TYPE_ATTR,
    /// `#dialect.attr<...>` or `#dialect<"...">`.
    DIALECT_ATTR,
    /// `#alias` used as an attribute.
    ATTR_ALIAS_REF,
    /// `distinct[0]<attr>`.
    DISTINCT_ATTR,
    /// The raw, balanced `<...>` body of a dialect type or attribute (L-19).
    DIALECT_BODY,

    // --- nodes: locations (G-12) ---
    /// `?`.
    UNKNOWN_LOC,
    /// `"file":1:2` (optionally `to :3:4` ranges).
    FILE_LINE_COL_LOC,
    /// `"name"("child")`.
    NAME_LOC,
    /// `callsite(a at b)`.
    CALLSITE_LOC,
    /// `fused<meta>[a, b]`.
    FUSED_LOC,

    #[doc(hidden)]
    __LAST,
}

use SyntaxKind::*;

impl SyntaxKind {
    /// Whitespace and comments: kept in the tree, skipped by the parser.
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | COMMENT | SPLIT_MARKER)
    }

    /// Nodes the parser builds from tokens alone (`%x#1`, `%x:2`, an op's name, `i32`):
    /// walks looking for nested nodes need not enter them.
    pub fn holds_only_tokens(self) -> bool {
        matches!(self, VALUE_USE | OP_RESULT | OP_NAME | BUILTIN_TYPE)
    }

    /// Is this a token kind (leaf) rather than a node kind?
    pub fn is_token(self) -> bool {
        (self as u16) <= (EOF as u16)
    }

    /// A whole type, as the type grammar produces it (not a part such as a `TYPE_LIST`).
    pub fn is_type(self) -> bool {
        matches!(
            self,
            BUILTIN_TYPE
                | FUNCTION_TYPE
                | COMPLEX_TYPE
                | TUPLE_TYPE
                | VECTOR_TYPE
                | TENSOR_TYPE
                | MEMREF_TYPE
                | OPAQUE_TYPE
                | DIALECT_TYPE
                | TYPE_ALIAS_REF
        )
    }

    /// A node of a type or of its parts (`BUILTIN_TYPE` … `TYPE_ALIAS_REF`, declared
    /// together above).
    pub fn is_type_node(self) -> bool {
        (BUILTIN_TYPE as u16..=TYPE_ALIAS_REF as u16).contains(&(self as u16))
    }

    /// An attribute node (`ATTR_DICT` … `DIALECT_BODY`, declared together above).
    pub fn is_attribute_node(self) -> bool {
        (ATTR_DICT as u16..=DIALECT_BODY as u16).contains(&(self as u16))
    }

    /// A trailing location or one of its parts (`UNKNOWN_LOC` … `FUSED_LOC`).
    pub fn is_location_node(self) -> bool {
        self == LOCATION || (UNKNOWN_LOC as u16..=FUSED_LOC as u16).contains(&(self as u16))
    }

    /// The kind's name, for tree dumps.
    pub fn name(self) -> String {
        format!("{self:?}")
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        Self(kind as u16)
    }
}

/// The rowan language tag of MLIR trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MlirLanguage {}

impl rowan::Language for MlirLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        // The kinds are dense from 0 to __LAST, so a table converts without `unsafe`.
        ALL_KINDS_IN_ORDER[raw.0 as usize]
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

/// Declaration order of the kinds; a unit test checks it matches the discriminants.
static ALL_KINDS_IN_ORDER: [SyntaxKind; __LAST as usize] = [
    WHITESPACE,
    COMMENT,
    SPLIT_MARKER,
    BARE_ID,
    VALUE_ID,
    CARET_ID,
    HASH_ID,
    BANG_ID,
    AT_ID,
    INT_NUMBER,
    HEX_NUMBER,
    FLOAT_NUMBER,
    STRING,
    DIM_X,
    L_PAREN,
    R_PAREN,
    L_BRACE,
    R_BRACE,
    L_BRACK,
    R_BRACK,
    L_ANGLE,
    R_ANGLE,
    EQ,
    COMMA,
    COLON,
    ARROW,
    QUESTION,
    STAR,
    PLUS,
    MINUS,
    PIPE,
    ELLIPSIS,
    FILE_META_OPEN,
    FILE_META_CLOSE,
    ERROR_TOKEN,
    EOF,
    SOURCE_FILE,
    ERROR,
    ATTR_ALIAS_DEF,
    TYPE_ALIAS_DEF,
    FILE_METADATA,
    METADATA_ENTRY,
    GENERIC_OP,
    CUSTOM_OP,
    OP_NAME,
    OP_RESULT_LIST,
    OP_RESULT,
    OPERAND_LIST,
    VALUE_USE,
    SUCCESSOR_LIST,
    SUCCESSOR,
    PROPERTIES,
    REGION_LIST,
    REGION,
    BLOCK,
    BLOCK_LABEL,
    BLOCK_ARG_LIST,
    BLOCK_ARG,
    LOCATION,
    PAREN_GROUP,
    BRACKET_GROUP,
    ANGLE_GROUP,
    BRACE_GROUP,
    KEYWORD,
    SYMBOL_REF,
    BUILTIN_TYPE,
    FUNCTION_TYPE,
    TYPE_LIST,
    COMPLEX_TYPE,
    TUPLE_TYPE,
    VECTOR_TYPE,
    TENSOR_TYPE,
    MEMREF_TYPE,
    OPAQUE_TYPE,
    DIMENSION_LIST,
    SCALABLE_DIMS,
    DIALECT_TYPE,
    TYPE_ALIAS_REF,
    ATTR_DICT,
    ATTR_ENTRY,
    LITERAL_ATTR,
    UNIT_ATTR,
    ARRAY_ATTR,
    DENSE_ARRAY_ATTR,
    DENSE_ATTR,
    TENSOR_LITERAL,
    COMPLEX_LITERAL,
    DENSE_RESOURCE_ATTR,
    SPARSE_ATTR,
    AFFINE_MAP_ATTR,
    AFFINE_SET_ATTR,
    AFFINE_DIM_LIST,
    AFFINE_SYMBOL_LIST,
    AFFINE_RESULT_LIST,
    AFFINE_CONSTRAINT,
    AFFINE_BINARY_EXPR,
    AFFINE_NEG_EXPR,
    AFFINE_PAREN_EXPR,
    AFFINE_ATOM,
    STRIDED_ATTR,
    SYMBOL_REF_ATTR,
    TYPE_ATTR,
    DIALECT_ATTR,
    ATTR_ALIAS_REF,
    DISTINCT_ATTR,
    DIALECT_BODY,
    UNKNOWN_LOC,
    FILE_LINE_COL_LOC,
    NAME_LOC,
    CALLSITE_LOC,
    FUSED_LOC,
];

pub type SyntaxNode = rowan::SyntaxNode<MlirLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<MlirLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<MlirLanguage>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_table_matches_discriminants() {
        assert_eq!(ALL_KINDS_IN_ORDER.len(), __LAST as usize);
        for (i, kind) in ALL_KINDS_IN_ORDER.iter().enumerate() {
            assert_eq!(*kind as usize, i, "{kind:?} is out of order");
        }
    }
}
