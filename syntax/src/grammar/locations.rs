//! Locations (G-12, checklist §4c): `loc(...)` after ops and block arguments and as inline
//! attributes, with every location form of MLIR 22 and upstream's messages.

use super::attribute;
use crate::SyntaxKind::*;
use crate::parser::Parser;

// test locations
// "t.op"() : () -> () loc(unknown)
// "t.op"() : () -> () loc("file.mlir":10:8)
// "t.op"() : () -> () loc("file.mlir":10)
// "t.op"() : () -> () loc("file.mlir":1:2 to 3:4)
// "t.op"() : () -> () loc("file.mlir":1:2 to :9)
// "t.op"() : () -> () loc("CSE"("file.mlir":10:8))
// "t.op"() : () -> () loc(callsite("foo" at "file.mlir":10:8))
// "t.op"() : () -> () loc(fused<"CSE">["a.cc":10:8, "a.cc":22:8])
// "t.op"() : () -> () loc(fused["a.cc":10:8])
// "t.op"() : () -> () loc(#loc)
// test_err location_errors
// "t.op"() : () -> () loc()
// "t.op"() : () -> () loc(callsite("foo"))
// "t.op"() : () -> () loc(fused["a":1:2)
// "t.op"() : () -> () loc("a":x)
/// An optional trailing `loc(...)`; returns false only if one is present and broken.
pub(crate) fn trailing_location(p: &mut Parser<'_>) -> bool {
    if !p.at_keyword("loc") {
        return true;
    }
    location(p, "expected '(' in location", "expected ')' in location")
}

/// `loc(...)` used as an attribute value.
pub(crate) fn inline_location(p: &mut Parser<'_>) -> bool {
    location(
        p,
        "expected '(' in inline location",
        "expected ')' in inline location",
    )
}

fn location(p: &mut Parser<'_>, open: &str, close: &str) -> bool {
    p.start_node(LOCATION);
    p.bump();
    let ok = p.expect(L_PAREN, open) && location_instance(p) && p.expect(R_PAREN, close);
    p.finish_node();
    ok
}

/// One location, recursively (names, call sites and fused locations nest).
fn location_instance(p: &mut Parser<'_>) -> bool {
    let mut ok = false;
    p.nested(|p| ok = location_instance_inner(p));
    ok
}

fn location_instance_inner(p: &mut Parser<'_>) -> bool {
    match p.current() {
        HASH_ID => attribute(p),
        STRING => name_or_file_location(p),
        BARE_ID if p.current_text() == "callsite" => callsite_location(p),
        BARE_ID if p.current_text() == "fused" => fused_location(p),
        BARE_ID if p.current_text() == "unknown" => {
            p.start_node(UNKNOWN_LOC);
            p.bump();
            p.finish_node();
            true
        }
        _ => {
            p.error_expected("expected location instance");
            false
        }
    }
}

/// `"file":line(:col)?( to ...)?` or `"name"` or `"name"(child)`.
fn name_or_file_location(p: &mut Parser<'_>) -> bool {
    let checkpoint = p.checkpoint();
    p.bump();
    if p.at(COLON) {
        p.start_node_at(checkpoint, FILE_LINE_COL_LOC);
        let ok = file_line_col(p);
        p.finish_node();
        return ok;
    }
    p.start_node_at(checkpoint, NAME_LOC);
    let ok = !p.eat(L_PAREN)
        || (location_instance(p)
            && p.expect(R_PAREN, "expected ')' after child location of NameLoc"));
    p.finish_node();
    ok
}

fn file_line_col(p: &mut Parser<'_>) -> bool {
    p.bump();
    if !p.expect(
        INT_NUMBER,
        "expected integer line number in FileLineColRange",
    ) {
        return false;
    }
    if !p.eat(COLON) {
        return true;
    }
    if !p.expect(
        INT_NUMBER,
        "expected integer column number in FileLineColRange",
    ) {
        return false;
    }
    if !p.at_keyword("to") {
        return true;
    }
    p.bump();
    file_range_end(p)
}

/// `line:col`, `line` or `:col` after `to`.
fn file_range_end(p: &mut Parser<'_>) -> bool {
    if p.eat(INT_NUMBER) && !p.at(COLON) {
        return true;
    }
    if !p.expect(
        COLON,
        "expected either integer or `:` post `to` in FileLineColRange",
    ) {
        return false;
    }
    p.expect(
        INT_NUMBER,
        "expected integer column number in FileLineColRange",
    )
}

/// `callsite(callee at caller)`.
fn callsite_location(p: &mut Parser<'_>) -> bool {
    p.start_node(CALLSITE_LOC);
    p.bump();
    let ok = p.expect(L_PAREN, "expected '(' in callsite location")
        && location_instance(p)
        && expect_at(p)
        && location_instance(p)
        && p.expect(R_PAREN, "expected ')' in callsite location");
    p.finish_node();
    ok
}

fn expect_at(p: &mut Parser<'_>) -> bool {
    if p.at_keyword("at") {
        p.bump();
        return true;
    }
    p.error_expected("expected 'at' in callsite location");
    false
}

/// `fused<metadata>[loc, ...]` or `fused[loc, ...]`.
fn fused_location(p: &mut Parser<'_>) -> bool {
    p.start_node(FUSED_LOC);
    p.bump();
    let ok =
        fused_metadata(p) && p.expect(L_BRACK, "expected '[' in fused location") && fused_list(p);
    p.finish_node();
    ok
}

fn fused_metadata(p: &mut Parser<'_>) -> bool {
    if !p.eat(L_ANGLE) {
        return true;
    }
    attribute(p) && p.expect(R_ANGLE, "expected '>' after fused location metadata")
}

fn fused_list(p: &mut Parser<'_>) -> bool {
    if p.eat(R_BRACK) {
        return true;
    }
    loop {
        if !location_instance(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(R_BRACK, "expected ']' in fused location");
        }
    }
}
