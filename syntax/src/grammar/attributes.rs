//! Attributes (G-09, G-11; checklist §4b): literals, arrays, dictionaries, dense/sparse/
//! resource elements, dense arrays, strided layouts, symbol references, type attributes,
//! `distinct`, inline locations and dialect attributes. Affine maps and sets are in `affine`.

mod affine;
mod elements;

use super::{locations, types};
use crate::SyntaxKind::{self, *};
use crate::parser::Parser;
use crate::{TextRange, TextSize};

// test attributes_basic
// "t.op"() {a = 1, b = -2 : i8, c = 1.5 : f32, d = 0x7C00 : f16, e = "s", f = "s" : !d.t, g = true, h = unit, i, "q k" = [1, [i32, @s]], j = {}, k = @a::@b, l = i32, m = (i32) -> i32, n = #alias, o = #d.a<[x]>, p = #d<"x"> : i32, q = loc("x":1:2)} : () -> ()
// test_err attributes_errors
// "t.op"() {a = } : () -> ()
// "t.op"() {"" = 1} : () -> ()
// "t.op"() {a = [1, 2} : () -> ()
// "t.op"() {a = -x} : () -> ()
// "t.op"() {a = 1, a = 2} : () -> ()
/// An attribute value, with the optional `: type` of literals (upstream's parseAttribute).
pub(crate) fn attribute(p: &mut Parser<'_>) -> bool {
    let mut ok = false;
    p.nested(|p| ok = attribute_inner(p, true));
    ok
}

/// An attribute inside a custom op: a trailing `: type` belongs to the op, not the literal.
pub(crate) fn attribute_in_custom_op(p: &mut Parser<'_>) -> bool {
    let mut ok = false;
    p.nested(|p| ok = attribute_inner(p, false));
    ok
}

/// Can the current token begin an attribute (a builtin type's keyword included)?
pub(crate) fn at_attribute_start(p: &Parser<'_>) -> bool {
    match p.current() {
        L_BRACK | L_BRACE | HASH_ID | INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER | STRING | MINUS
        | AT_ID | L_PAREN | BANG_ID => true,
        BARE_ID => {
            let text = p.current_text();
            KEYWORD_ATTRIBUTES.contains(&text)
                || types::is_keyword_type(text)
                || types::is_shaped_keyword(text)
        }
        _ => false,
    }
}

/// The keywords that begin an attribute of their own (`keyword_attribute`).
const KEYWORD_ATTRIBUTES: &[&str] = &[
    "affine_map",
    "affine_set",
    "true",
    "false",
    "unit",
    "dense",
    "dense_resource",
    "sparse",
    "array",
    "strided",
    "distinct",
    "loc",
];

fn attribute_inner(p: &mut Parser<'_>, with_type: bool) -> bool {
    match p.current() {
        L_BRACK => array_attr(p),
        L_BRACE => attr_dict(p),
        HASH_ID => dialect_attr_or_alias(p, with_type),
        INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER | STRING => literal_attr(p, with_type),
        MINUS => negative_literal(p, with_type),
        AT_ID => symbol_ref_attr(p),
        BARE_ID => keyword_attribute(p, with_type),
        L_PAREN | BANG_ID => type_attr(p),
        _ => {
            p.error_expected("expected attribute value");
            false
        }
    }
}

/// Attributes introduced by a keyword, or a builtin type used as an attribute.
fn keyword_attribute(p: &mut Parser<'_>, with_type: bool) -> bool {
    match p.current_text() {
        "affine_map" | "affine_set" => affine::affine_attr(p),
        "true" | "false" => literal_attr(p, false),
        "unit" => {
            p.start_node(UNIT_ATTR);
            p.bump();
            p.finish_node();
            true
        }
        "dense" => elements::dense_attr(p, with_type),
        "dense_resource" => elements::dense_resource_attr(p, with_type),
        "sparse" => elements::sparse_attr(p, with_type),
        "array" => elements::dense_array_attr(p),
        "strided" => elements::strided_attr(p),
        "distinct" => distinct_attr(p),
        "loc" => locations::inline_location(p),
        text if types::is_keyword_type(text) || types::is_shaped_keyword(text) => type_attr(p),
        _ => {
            p.error_expected("expected attribute value");
            false
        }
    }
}

fn type_attr(p: &mut Parser<'_>) -> bool {
    p.start_node(TYPE_ATTR);
    let ok = types::type_(p);
    p.finish_node();
    ok
}

/// `42`, `1.5`, `0x7C00`, `"s"`, `true`, each with an optional `: type`.
fn literal_attr(p: &mut Parser<'_>, with_type: bool) -> bool {
    p.start_node(LITERAL_ATTR);
    p.bump();
    let ok = optional_colon_type(p, with_type);
    p.finish_node();
    ok
}

fn negative_literal(p: &mut Parser<'_>, with_type: bool) -> bool {
    p.start_node(LITERAL_ATTR);
    p.bump();
    let ok = if matches!(p.current(), INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER) {
        p.bump();
        optional_colon_type(p, with_type)
    } else {
        p.error_expected("expected constant integer or floating point value");
        false
    };
    p.finish_node();
    ok
}

/// The `: type` suffix of a literal, when the context allows one.
pub(super) fn optional_colon_type(p: &mut Parser<'_>, with_type: bool) -> bool {
    if with_type && p.eat(COLON) {
        return types::type_(p);
    }
    true
}

/// `[attr, ...]` (B-A02).
fn array_attr(p: &mut Parser<'_>) -> bool {
    p.start_node(ARRAY_ATTR);
    p.bump();
    let ok = comma_list_until(p, R_BRACK, "expected ',' or ']'", attribute);
    p.finish_node();
    ok
}

/// Elements separated by commas, possibly none, then `close`.
pub(super) fn comma_list_until<'t>(
    p: &mut Parser<'t>,
    close: SyntaxKind,
    message: &str,
    mut element: impl FnMut(&mut Parser<'t>) -> bool,
) -> bool {
    if p.eat(close) {
        return true;
    }
    loop {
        if !element(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(close, message);
        }
    }
}

/// `{name = attr, unit_name, "quoted" = attr}` (B-A17). Duplicate keys are a parse error
/// upstream.
pub(crate) fn attr_dict(p: &mut Parser<'_>) -> bool {
    p.start_node(ATTR_DICT);
    let ok = attr_dict_body(p);
    p.finish_node();
    ok
}

fn attr_dict_body(p: &mut Parser<'_>) -> bool {
    if !p.expect(L_BRACE, "expected '{' in attribute dictionary") {
        return false;
    }
    let mut seen: Vec<&str> = Vec::new();
    comma_list_until(p, R_BRACE, "expected '}' in attribute dictionary", |p| {
        // `a` and `"a"` are one key.
        let key = p.current_text().trim_matches('"');
        if seen.contains(&key) && matches!(p.current(), BARE_ID | STRING) {
            p.error(format!("duplicate key '{key}' in dictionary attribute"));
        }
        seen.push(key);
        attr_entry(p)
    })
}

/// `name = attr` or just `name` (a unit attribute).
fn attr_entry(p: &mut Parser<'_>) -> bool {
    if !matches!(p.current(), BARE_ID | STRING) {
        p.error_expected("expected attribute name");
        return false;
    }
    if p.current_text() == "\"\"" {
        p.error("expected valid attribute name");
        return false;
    }
    p.start_node(ATTR_ENTRY);
    p.bump();
    let ok = !p.eat(EQ) || attribute(p);
    p.finish_node();
    ok
}

/// `@a::@b::@c` (B-A13).
fn symbol_ref_attr(p: &mut Parser<'_>) -> bool {
    p.start_node(SYMBOL_REF_ATTR);
    let ok = symbol_ref(p);
    p.finish_node();
    ok
}

/// The `@a::@b` tokens; `@` must be followed by a letter, `_` or a string (L-07).
pub(crate) fn symbol_ref(p: &mut Parser<'_>) -> bool {
    p.start_node(SYMBOL_REF);
    let ok = symbol_ref_parts(p);
    p.finish_node();
    ok
}

fn symbol_ref_parts(p: &mut Parser<'_>) -> bool {
    if !at_id(p) {
        return false;
    }
    while p.at(COLON) && p.nth(1) == COLON && p.nth_is_adjacent(1) {
        p.bump();
        p.bump();
        if !p.at(AT_ID) {
            p.error_expected("expected nested symbol reference identifier");
            return false;
        }
        if !at_id(p) {
            return false;
        }
    }
    true
}

/// Consumes an `@name`; an `@` without a valid name is an error (L-07).
fn at_id(p: &mut Parser<'_>) -> bool {
    let ok = p.current_text() != "@";
    if !ok {
        // Upstream's lexer reports the character after the `@`.
        let after_at = TextSize::from(p.nth_token(0).start) + TextSize::of('@');
        let message = "@ identifier expected to start with letter or '_'";
        p.error_at(message, TextRange::empty(after_at));
    }
    p.bump();
    ok
}

// test dialect_attributes
// #a = #d.attr<x -> y, [1]>
// "t.op"() {a = #a, b = #d<"raw">, c = #d.flag} : () -> ()
/// `#alias`, `#d.name`, `#d.name<body>` or `#d<body>`, with an optional `: type`.
fn dialect_attr_or_alias(p: &mut Parser<'_>, with_type: bool) -> bool {
    let text = p.current_text();
    if text == "#" {
        p.error("invalid attribute name");
    }
    let has_body = p.nth(1) == L_ANGLE && p.nth_is_adjacent(1);
    if !has_body && !text.contains('.') {
        p.start_node(ATTR_ALIAS_REF);
        p.bump();
        p.finish_node();
        return true;
    }
    p.start_node(DIALECT_ATTR);
    p.bump();
    let ok = (!has_body || types::dialect_body(p)) && optional_colon_type(p, with_type);
    p.finish_node();
    ok
}

// test distinct_attr
// "t.op"() {a = distinct[0]<>, b = distinct[1]<{x = 1}>, c = distinct[0x10]<>} : () -> ()
// test_err distinct_id_too_large
// #a = distinct[18446744073709551616]<42 : i32>
/// `distinct[N]<attr>` or `distinct[N]<>`; N is a decimal or hexadecimal `uint64_t`.
fn distinct_attr(p: &mut Parser<'_>) -> bool {
    p.start_node(DISTINCT_ATTR);
    p.bump();
    let ok = p.expect(L_BRACK, "expected '[' after 'distinct'")
        && distinct_id(p)
        && p.expect(R_BRACK, "expected ']' to close distinct ID")
        && p.expect(L_ANGLE, "expected '<' after distinct ID")
        && (p.eat(R_ANGLE)
            || (attribute(p) && p.expect(R_ANGLE, "expected '>' to close distinct attribute")));
    p.finish_node();
    ok
}

/// The id of a distinct attribute, which MLIR reads as a `uint64_t`; past its range it
/// reports the token after the number.
fn distinct_id(p: &mut Parser<'_>) -> bool {
    let text = p.current_text();
    let value = match p.current() {
        INT_NUMBER => text.parse::<u64>().ok(),
        HEX_NUMBER => u64::from_str_radix(&text[2..], 16).ok(),
        _ => {
            p.error_expected("expected distinct ID");
            return false;
        }
    };
    p.bump();
    if value.is_none() {
        p.error("expected an unsigned 64-bit integer");
        return false;
    }
    true
}
