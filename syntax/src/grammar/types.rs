//! Types (G-06, G-08, G-10; checklist §4a): builtin types, function types, shaped types with
//! upstream's dimension-list re-lexing (L-18), and dialect types with raw balanced bodies.

use super::attribute;
use crate::SyntaxKind::{self, *};
use crate::parser::Parser;

/// Float type keywords of MLIR 22.
const FLOAT_TYPES: &[&str] = &[
    "bf16",
    "f16",
    "tf32",
    "f32",
    "f64",
    "f80",
    "f128",
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
];

/// The widest integer type upstream accepts (B-T01).
const MAX_INT_WIDTH: u64 = 16_777_215;

/// Is `text` a keyword type: an integer type, a float type, `index` or `none`?
pub(crate) fn is_keyword_type(text: &str) -> bool {
    is_integer_type(text) || FLOAT_TYPES.contains(&text) || text == "index" || text == "none"
}

/// The digits of `i32`, `si8`, `ui64` (any run of digits, as upstream lexes it, L-04).
fn integer_type_width(text: &str) -> Option<&str> {
    let digits = text
        .strip_prefix("si")
        .or(text.strip_prefix("ui"))
        .or(text.strip_prefix('i'))?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// Is `text` an integer type (`i32`, `si8`, `ui64`), which MLIR's lexer reads as one
/// token of its own, never as a bare identifier?
pub fn is_integer_type(text: &str) -> bool {
    integer_type_width(text).is_some()
}

/// Is `text` the keyword of a builtin type with a `<...>` body (`tensor`, `memref`, ...)?
pub fn is_shaped_keyword(text: &str) -> bool {
    matches!(text, "tensor" | "memref" | "vector" | "complex" | "tuple")
}

/// Does a builtin type (not a function type) start at the cursor? Used by custom ops,
/// where `tensor` alone may be a keyword but `tensor<` is a type.
pub(crate) fn is_builtin_type_start(p: &Parser<'_>) -> bool {
    if !p.at(BARE_ID) {
        return false;
    }
    let text = p.current_text();
    if is_shaped_keyword(text) {
        p.nth(1) == L_ANGLE && p.nth_is_adjacent(1)
    } else {
        is_keyword_type(text)
    }
}

// test types_builtin
// "t.op"() : () -> (i1, si8, ui64, index, none, bf16, f8E4M3FN, complex<f32>, tuple<>, tuple<i32, f32>)
// test function_types
// "t.op"(%f, %g) : ((i32) -> ((i32) -> i32), () -> ()) -> (i32)
/// Any type: a function type if it starts with `(`, else a non-function type (G-06).
pub(crate) fn type_(p: &mut Parser<'_>) -> bool {
    let mut ok = false;
    p.nested(|p| {
        ok = if p.at(L_PAREN) {
            function_type(p)
        } else {
            non_function_type(p)
        }
    });
    ok
}

/// `(inputs) -> results` where results are a parenthesised list or one non-function type.
fn function_type(p: &mut Parser<'_>) -> bool {
    p.start_node(FUNCTION_TYPE);
    let ok = type_list_parens(p)
        && p.expect(ARROW, "expected '->' in function type")
        && (if p.at(L_PAREN) {
            type_list_parens(p)
        } else {
            non_function_type(p)
        });
    p.finish_node();
    ok
}

/// `(type, ...)` or `()`.
pub(crate) fn type_list_parens(p: &mut Parser<'_>) -> bool {
    p.start_node(TYPE_LIST);
    let ok = type_list_parens_body(p);
    p.finish_node();
    ok
}

fn type_list_parens_body(p: &mut Parser<'_>) -> bool {
    if !p.expect(L_PAREN, "expected '('") {
        return false;
    }
    if p.eat(R_PAREN) {
        return true;
    }
    loop {
        if !type_(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(R_PAREN, "expected ')'");
        }
    }
}

// test_err non_function_type_errors
// "t.op"() : () -> (i21312312323120)
// "t.op"() : () -> (%x)
/// A type that is not a function type.
pub(crate) fn non_function_type(p: &mut Parser<'_>) -> bool {
    match p.current() {
        BANG_ID => return dialect_type_or_alias(p),
        BARE_ID => {}
        _ => {
            p.error_expected("expected non-function type");
            return false;
        }
    }
    match p.current_text() {
        "tensor" => shaped_type(p, TENSOR_TYPE),
        "memref" => shaped_type(p, MEMREF_TYPE),
        "vector" => vector_type(p),
        "complex" => complex_type(p),
        "tuple" => tuple_type(p),
        text if is_keyword_type(text) => keyword_type(p),
        _ => {
            p.error_expected("expected non-function type");
            false
        }
    }
}

/// `i32`, `f32`, `index`, `none`.
fn keyword_type(p: &mut Parser<'_>) -> bool {
    if let Some(digits) = integer_type_width(p.current_text()) {
        let width = digits.parse::<u64>().unwrap_or(u64::MAX);
        if digits.len() > 10 || width > u32::MAX as u64 {
            p.error("invalid integer width");
        } else if width > MAX_INT_WIDTH {
            p.error(format!(
                "integer bitwidth is limited to {MAX_INT_WIDTH} bits"
            ));
        }
    }
    p.start_node(BUILTIN_TYPE);
    p.bump();
    p.finish_node();
    true
}

// test_err complex_and_tuple_errors
// "t.op"() : () -> (complex<i32)
// "t.op"() : () -> (tuple i32>)
/// `complex<T>`.
fn complex_type(p: &mut Parser<'_>) -> bool {
    p.start_node(COMPLEX_TYPE);
    p.bump();
    let ok = p.expect(L_ANGLE, "expected '<' in complex type")
        && type_(p)
        && p.expect(R_ANGLE, "expected '>' in complex type");
    p.finish_node();
    ok
}

/// `tuple<>` or `tuple<T, ...>`.
fn tuple_type(p: &mut Parser<'_>) -> bool {
    p.start_node(TUPLE_TYPE);
    p.bump();
    let ok = p.expect(L_ANGLE, "expected '<' in tuple type") && tuple_elements(p);
    p.finish_node();
    ok
}

fn tuple_elements(p: &mut Parser<'_>) -> bool {
    if p.eat(R_ANGLE) {
        return true;
    }
    loop {
        if !type_(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(R_ANGLE, "expected '>' in tuple type");
        }
    }
}

// test shaped_types
// "t.op"() : () -> (tensor<4x?x8xf32>, tensor<0x10xf32>, tensor<*xf32>, tensor<? x 4 x f32>, tensor<f32, #enc>, tensor<4xvector<4xf32>>)
// "t.op"() : () -> (memref<16x32xf32, #identity>, memref<2x3xf32, strided<[6, 2]>>, memref<?x?xf32, strided<[?, 1], offset: ?>, 1>, memref<*xf32, 10>)
// test_err shaped_type_errors
// "t.op"() : () -> (tensor<4x?)
// "t.op"() : () -> (memref<2x4xi8, >)
// "t.op"() : () -> (tensor<4 f32>)
// "t.op"() : () -> (tensor<4xf32, %a)
/// `tensor<...>` or `memref<...>`: `*x` or a ranked dimension list, the element type, then
/// (tensor) an encoding or (memref) layout and memory-space attributes.
fn shaped_type(p: &mut Parser<'_>, kind: SyntaxKind) -> bool {
    p.start_node(kind);
    // (Chosen, not formatted: a million-line file writes these types by the hundred thousand.)
    let expected_angle = if kind == TENSOR_TYPE {
        "expected '<' in tensor type"
    } else {
        "expected '<' in memref type"
    };
    p.bump();
    let ok = p.expect(L_ANGLE, expected_angle)
        && ranked_or_unranked_dims(p)
        && type_(p)
        && shaped_type_tail(p, kind);
    p.finish_node();
    ok
}

fn ranked_or_unranked_dims(p: &mut Parser<'_>) -> bool {
    p.start_node(DIMENSION_LIST);
    let ok = if p.eat(STAR) {
        dim_x(p)
    } else {
        ranked_dims(p)
    };
    p.finish_node();
    ok
}

/// The attributes after a tensor's or memref's element type, and the closing `>`.
fn shaped_type_tail(p: &mut Parser<'_>, kind: SyntaxKind) -> bool {
    if kind == TENSOR_TYPE {
        // The encoding is optional after the comma: what cannot begin an attribute (a
        // `%value`) is the missing `>`, as MLIR's parseOptionalAttribute leaves it.
        if p.eat(COMMA) && super::attributes::at_attribute_start(p) && !attribute(p) {
            return false;
        }
        return p.expect(R_ANGLE, "expected '>' in tensor type");
    }
    if p.eat(R_ANGLE) {
        return true;
    }
    if !p.expect(COMMA, "expected ',' or '>' in memref type") {
        return false;
    }
    if p.at(R_ANGLE) {
        p.error_expected("expected list element");
        return false;
    }
    loop {
        if !attribute(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(R_ANGLE, "expected ',' or '>'");
        }
    }
}

/// `(dim x)*` where a dim is `?` or a decimal (upstream's parseDimensionListRanked).
fn ranked_dims(p: &mut Parser<'_>) -> bool {
    while matches!(p.current(), INT_NUMBER | HEX_NUMBER | QUESTION) {
        if !(p.eat(QUESTION) || dim_integer(p)) || !dim_x(p) {
            return false;
        }
    }
    true
}

/// One decimal dimension; a hex literal `0x...` is split as upstream does: `0`, then the
/// rest re-lexed (so `0x10xf32` is `0`, `x`, `10`, `x`, `f32`).
fn dim_integer(p: &mut Parser<'_>) -> bool {
    if p.at(HEX_NUMBER) {
        p.bump_prefix(1, INT_NUMBER);
        return true;
    }
    if p.current_text().parse::<i64>().is_err() {
        p.error("invalid dimension");
    }
    p.bump();
    true
}

/// The `x` after a dimension, possibly the first letter of a bare-id such as `xf32`.
fn dim_x(p: &mut Parser<'_>) -> bool {
    if !(p.at(BARE_ID) && p.current_text().starts_with('x')) {
        p.error_expected("expected 'x' in dimension list");
        return false;
    }
    p.bump_prefix(1, DIM_X);
    true
}

// test vector_types
// "t.op"() : () -> (vector<4xf32>, vector<f32>, vector<[4]xf32>, vector<4x[4]xf32>, vector<[4]x[8]xi8>)
// test_err vector_type_errors
// "t.op"() : () -> (vector<[4xf32>)
// "t.op"() : () -> (vector<4xf32)
/// `vector<(N x | [N] x)* T>` (B-T13, MLIR 22 form: each scalable dim bracketed alone).
fn vector_type(p: &mut Parser<'_>) -> bool {
    p.start_node(VECTOR_TYPE);
    p.bump();
    let ok = p.expect(L_ANGLE, "expected '<' in vector type")
        && vector_dims(p)
        && type_(p)
        && p.expect(R_ANGLE, "expected '>' in vector type");
    p.finish_node();
    ok
}

fn vector_dims(p: &mut Parser<'_>) -> bool {
    p.start_node(DIMENSION_LIST);
    let ok = vector_dims_body(p);
    p.finish_node();
    ok
}

fn vector_dims_body(p: &mut Parser<'_>) -> bool {
    while matches!(p.current(), INT_NUMBER | HEX_NUMBER | L_BRACK) {
        let ok = if p.at(L_BRACK) {
            scalable_dim(p)
        } else {
            dim_integer(p)
        };
        if !ok || !dim_x(p) {
            return false;
        }
    }
    true
}

fn scalable_dim(p: &mut Parser<'_>) -> bool {
    p.start_node(SCALABLE_DIMS);
    p.bump();
    let ok = matches!(p.current(), INT_NUMBER | HEX_NUMBER) && dim_integer(p);
    let ok = ok && p.eat(R_BRACK);
    if !ok {
        p.error_expected("missing ']' closing scalable dimension");
    }
    p.finish_node();
    ok
}

// test dialect_types
// !alias = i32
// "t.op"() : () -> (!alias, !llvm.ptr, !llvm.struct<(i32, ptr<i8>)>, !foo<"a123^^^" + bar>, !d.t<a -> b, [x]>)
// test_err dialect_type_errors
// "t.op"() : () -> (!invalid.dialect<!x@#]!@#>)
// "t.op"() : () -> (!unreg.ptr<(i32)->)>)
// "t.op"() : () -> (!)
/// `!alias`, `!dialect.name`, `!dialect.name<body>` or `!dialect<body>` (G-08).
fn dialect_type_or_alias(p: &mut Parser<'_>) -> bool {
    let text = p.current_text();
    if text == "!" {
        p.error("invalid type identifier");
    }
    let has_body = p.nth(1) == L_ANGLE && p.nth_is_adjacent(1);
    if !has_body && !text.contains('.') {
        p.start_node(TYPE_ALIAS_REF);
        p.bump();
        p.finish_node();
        return true;
    }
    p.start_node(DIALECT_TYPE);
    p.bump();
    let ok = !has_body || dialect_body(p);
    p.finish_node();
    ok
}

/// The raw `<...>` body of a dialect type or attribute (L-19): any tokens, with `<`, `(`,
/// `[`, `{` balanced against their closers; `->` and strings count as units.
pub(crate) fn dialect_body(p: &mut Parser<'_>) -> bool {
    p.start_node(DIALECT_BODY);
    let ok = dialect_body_tokens(p);
    p.finish_node();
    ok
}

/// Upstream names the innermost unclosed opener and points at the body's `<`.
fn dialect_body_tokens(p: &mut Parser<'_>) -> bool {
    let body_start = p.nth_token(0);
    let mut open: Vec<SyntaxKind> = Vec::new();
    loop {
        let kind = p.current();
        match kind {
            EOF => {
                p.error("unexpected nul or EOF in pretty dialect name");
                return false;
            }
            L_ANGLE | L_PAREN | L_BRACK | L_BRACE | FILE_META_OPEN => open.push(kind),
            R_ANGLE | R_PAREN | R_BRACK | R_BRACE
                if open.last().map(|&o| closer_of(o)) != Some(kind) =>
            {
                let innermost = open.last().map_or("<", |&o| opener_text(o));
                let message = format!("unbalanced '{innermost}' character in pretty dialect name");
                let range = rowan::TextRange::at(body_start.start.into(), 1.into());
                p.error_at(message, range);
                return false;
            }
            R_ANGLE | R_PAREN | R_BRACK | R_BRACE => {
                open.pop();
            }
            _ => {}
        }
        p.bump();
        if open.is_empty() {
            return true;
        }
    }
}

fn opener_text(open: SyntaxKind) -> &'static str {
    match open {
        L_ANGLE => "<",
        L_PAREN => "(",
        L_BRACK => "[",
        _ => "{",
    }
}

fn closer_of(open: SyntaxKind) -> SyntaxKind {
    match open {
        L_ANGLE => R_ANGLE,
        L_PAREN => R_PAREN,
        L_BRACK => R_BRACK,
        _ => R_BRACE,
    }
}
