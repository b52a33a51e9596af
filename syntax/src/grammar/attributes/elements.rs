//! Element attributes: `dense<>`, `dense_resource<>`, `sparse<>`, `array<>` and the
//! `strided<>` layout (B-A03…B-A06, B-A11, B-A16), with upstream's parse messages.

use super::comma_list_until;
use crate::SyntaxKind::*;
use crate::grammar::types;
use crate::parser::Parser;

// test dense_attrs
// "t.op"() {a = dense<10> : tensor<2xi32>, b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, c = dense<> : tensor<0xi32>, d = dense<"0xDEADBEEF"> : tensor<1xi32>, e = dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>, f = dense<[true, false]> : vector<2xi1>, g = dense<-1.5> : tensor<f32>} : () -> ()
// test_err dense_errors
// "t.op"() {a = dense<[1, } : () -> ()
// "t.op"() {a = dense<1>} : () -> ()
// "t.op"() {a = dense<(1, 2> : tensor<complex<i32>>} : () -> ()
/// `dense<literal> : type`.
pub(super) fn dense_attr(p: &mut Parser<'_>, with_type: bool) -> bool {
    p.start_node(DENSE_ATTR);
    p.bump();
    let ok = p.expect(L_ANGLE, "expected '<' after 'dense'")
        && (p.eat(R_ANGLE) || (tensor_literal(p, true) && p.expect(R_ANGLE, "expected '>'")))
        && elements_type(p, with_type);
    p.finish_node();
    ok
}

/// The `: type` an elements attribute needs (optional inside custom ops, where the op's
/// own syntax may supply it).
fn elements_type(p: &mut Parser<'_>, with_type: bool) -> bool {
    if !with_type {
        return true;
    }
    p.expect(COLON, "expected ':'") && types::type_(p)
}

/// A splat element, a nested list, or (when `allow_hex`) a hex string of raw data.
fn tensor_literal(p: &mut Parser<'_>, allow_hex: bool) -> bool {
    if allow_hex && p.at(STRING) {
        p.bump();
        return true;
    }
    if p.at(L_BRACK) {
        let mut ok = false;
        p.nested(|p| ok = tensor_literal_list(p));
        return ok;
    }
    tensor_element(p)
}

fn tensor_literal_list(p: &mut Parser<'_>) -> bool {
    p.start_node(TENSOR_LITERAL);
    p.bump();
    let ok = comma_list_until(p, R_BRACK, "expected ']'", |p| tensor_literal(p, false));
    p.finish_node();
    ok
}

/// `true`, `false`, a number, `-` number, a string, or a complex `(re, im)`.
fn tensor_element(p: &mut Parser<'_>) -> bool {
    match p.current() {
        INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER | STRING => p.bump(),
        BARE_ID if matches!(p.current_text(), "true" | "false") => p.bump(),
        MINUS => {
            p.bump();
            if !p.eat(INT_NUMBER) && !p.eat(HEX_NUMBER) && !p.eat(FLOAT_NUMBER) {
                p.error_expected("expected integer or floating point literal");
                return false;
            }
        }
        L_PAREN => return complex_element(p),
        _ => {
            p.error_expected("expected element literal of primitive type");
            return false;
        }
    }
    true
}

fn complex_element(p: &mut Parser<'_>) -> bool {
    p.start_node(COMPLEX_LITERAL);
    p.bump();
    let ok = tensor_element(p)
        && p.expect(COMMA, "expected ',' between complex elements")
        && tensor_element(p)
        && p.expect(R_PAREN, "expected ')' after complex elements");
    p.finish_node();
    ok
}

// test resource_and_sparse
// "t.op"() {a = dense_resource<blob1> : tensor<3xi64>, b = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, c = sparse<> : tensor<2xi32>} : () -> ()
/// `dense_resource<handle> : type` (B-A05).
pub(super) fn dense_resource_attr(p: &mut Parser<'_>, with_type: bool) -> bool {
    p.start_node(DENSE_RESOURCE_ATTR);
    p.bump();
    let ok = p.expect(L_ANGLE, "expected '<' after 'dense_resource'")
        && resource_handle(p)
        && p.expect(R_ANGLE, "expected '>'")
        && elements_type(p, with_type);
    p.finish_node();
    ok
}

fn resource_handle(p: &mut Parser<'_>) -> bool {
    if matches!(p.current(), BARE_ID | STRING) {
        p.bump();
        return true;
    }
    p.error_expected("expected identifier key for 'resource' entry");
    false
}

/// `sparse<indices, values> : type` or `sparse<> : type` (B-A11).
pub(super) fn sparse_attr(p: &mut Parser<'_>, with_type: bool) -> bool {
    p.start_node(SPARSE_ATTR);
    p.bump();
    let ok = p.expect(L_ANGLE, "Expected '<' after 'sparse'")
        && (p.eat(R_ANGLE)
            || (tensor_literal(p, false)
                && p.expect(COMMA, "expected ','")
                && tensor_literal(p, true)
                && p.expect(R_ANGLE, "expected '>'")))
        && elements_type(p, with_type);
    p.finish_node();
    ok
}

// test dense_arrays
// "t.op"() {a = array<i8>, b = array<i32: 10, 42>, c = array<f64: 42., -12.>, d = array<i1: true, false>} : () -> ()
/// `array<T>` or `array<T: v, ...>` (B-A03).
pub(super) fn dense_array_attr(p: &mut Parser<'_>) -> bool {
    p.start_node(DENSE_ARRAY_ATTR);
    p.bump();
    let ok = p.expect(L_ANGLE, "expected '<' after 'array'")
        && types::type_(p)
        && (p.eat(R_ANGLE)
            || (p.expect(COLON, "expected ':' after dense array type")
                && dense_array_elements(p)
                && p.expect(R_ANGLE, "expected '>' to close an array attribute")));
    p.finish_node();
    ok
}

fn dense_array_elements(p: &mut Parser<'_>) -> bool {
    loop {
        if !tensor_element(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return true;
        }
    }
}

// test strided_layouts
// "t.op"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<?xf32, strided<[?], offset: ?>>, memref<f32, strided<[]>>, memref<2xf32, strided<[-1], offset: 5>>)
// test_err strided_errors
// "t.op"() : () -> (memref<4xf32, strided<[x]>>)
// "t.op"() : () -> (memref<4xf32, strided<[1] offset: 1>>)
/// `strided<[s, ...]>` or `strided<[s, ...], offset: o>` (B-A16).
pub(super) fn strided_attr(p: &mut Parser<'_>) -> bool {
    p.start_node(STRIDED_ATTR);
    p.bump();
    let ok = p.expect(L_ANGLE, "expected '<' after 'strided'")
        && p.expect(L_BRACK, "expected '['")
        && strides(p)
        && (p.eat(R_ANGLE) || strided_offset(p));
    p.finish_node();
    ok
}

fn strides(p: &mut Parser<'_>) -> bool {
    if p.eat(R_BRACK) {
        return true;
    }
    loop {
        if !stride_or_offset(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(R_BRACK, "expected ']'");
        }
    }
}

fn strided_offset(p: &mut Parser<'_>) -> bool {
    p.expect(COMMA, "expected ','")
        && expect_keyword(p, "offset", "expected 'offset' after comma")
        && p.expect(COLON, "expected ':' after 'offset'")
        && stride_or_offset(p)
        && p.expect(R_ANGLE, "expected '>'")
}

fn expect_keyword(p: &mut Parser<'_>, keyword: &str, message: &str) -> bool {
    if p.at_keyword(keyword) {
        p.bump();
        return true;
    }
    p.error_expected(message);
    false
}

/// `?`, or an optionally negative integer that fits in 64 bits.
fn stride_or_offset(p: &mut Parser<'_>) -> bool {
    if p.eat(QUESTION) {
        return true;
    }
    let negative = p.at(MINUS) && p.nth(1) == INT_NUMBER;
    if negative {
        p.bump();
    }
    if p.at(INT_NUMBER) && p.current_text().parse::<i64>().is_ok() {
        p.bump();
        return true;
    }
    p.error("expected a 64-bit signed integer or '?'");
    false
}
