//! Generic-form operations (G-02): `"d.op"(operands) [successors] <{props}> (regions)
//! {attrs} : (T) -> (T) loc(...)`, parts in that fixed order, messages as upstream's.

use crate::parser::Checkpoint;

use super::{attributes::attr_dict, region, trailing_location, types, value_use};
use crate::SyntaxKind::*;
use crate::parser::Parser;

// test generic_op_full
// %r = "d.op"(%a, %b#1) [^bb1, ^bb2] <{p = 1}> ({
//   "d.yield"() : () -> ()
// }, {}) {attr = "x"} : (i32, i64) -> f32 loc("f.mlir":3:4)
// test_err generic_op_errors
// ""() : () -> ()
// "foo"() : i32
// %0 = "foo"()
// "bar"(%a %b) : (i32, i32) -> ()
// "baz"() [^bb1 : () -> ()
/// Parses a generic op whose name string is the current token. Returns false on error.
pub(super) fn generic_op(p: &mut Parser<'_>, checkpoint: Checkpoint) -> bool {
    p.start_node_at(checkpoint, GENERIC_OP);
    let ok = generic_op_body(p);
    p.finish_node();
    ok
}

fn generic_op_body(p: &mut Parser<'_>) -> bool {
    if p.current_text() == "\"\"" {
        p.error("empty operation name is invalid");
    }
    p.bump();
    operand_list(p)
        && (!p.at(L_BRACK) || successor_list(p))
        && (!p.at(L_ANGLE) || properties(p))
        && (!p.at(L_PAREN) || region_list(p))
        && (!p.at(L_BRACE) || attr_dict(p))
        && p.expect(COLON, "expected ':' followed by operation type")
        && function_type_of_op(p)
        && trailing_location(p)
}

fn operand_list(p: &mut Parser<'_>) -> bool {
    p.start_node(OPERAND_LIST);
    let ok = operand_list_body(p);
    p.finish_node();
    ok
}

fn operand_list_body(p: &mut Parser<'_>) -> bool {
    if !p.expect(L_PAREN, "expected '(' to start operand list") {
        return false;
    }
    if p.at(VALUE_ID) {
        value_use(p);
        while p.eat(COMMA) {
            if !p.at(VALUE_ID) {
                p.error_expected("expected SSA operand");
                return false;
            }
            value_use(p);
        }
    }
    p.expect(R_PAREN, "expected ')' to end operand list")
}

/// `[^bb1, ^bb2]`: upstream's generic successors are bare block names.
fn successor_list(p: &mut Parser<'_>) -> bool {
    p.start_node(SUCCESSOR_LIST);
    p.bump();
    let ok = successors(p);
    p.finish_node();
    ok
}

fn successors(p: &mut Parser<'_>) -> bool {
    loop {
        if !p.at(CARET_ID) {
            p.error_expected("expected block name");
            return false;
        }
        p.start_node(SUCCESSOR);
        p.bump();
        p.finish_node();
        if !p.eat(COMMA) {
            return p.expect(R_BRACK, "expected ',' or ']'");
        }
    }
}

/// `<{...}>`: the properties dictionary (any attribute, in practice a dictionary).
fn properties(p: &mut Parser<'_>) -> bool {
    p.start_node(PROPERTIES);
    p.bump();
    let ok = super::attribute(p) && p.expect(R_ANGLE, "expected '>' to close properties");
    p.finish_node();
    ok
}

/// `({...}, {...})`.
fn region_list(p: &mut Parser<'_>) -> bool {
    p.start_node(REGION_LIST);
    p.bump();
    let ok = regions(p);
    p.finish_node();
    ok
}

fn regions(p: &mut Parser<'_>) -> bool {
    loop {
        if !p.at(L_BRACE) {
            p.error_expected("expected '{' to begin a region");
            return false;
        }
        region(p);
        if !p.eat(COMMA) {
            return p.expect(R_PAREN, "expected ')' to end region list");
        }
    }
}

/// The trailing `: (T) -> (T)`, which must be a function type.
fn function_type_of_op(p: &mut Parser<'_>) -> bool {
    if p.at(L_PAREN) {
        return types::type_(p);
    }
    let start = p.nth_token(0).start;
    if !types::type_(p) {
        return false;
    }
    let range = rowan::TextRange::new(start.into(), p.prev_end().into());
    p.error_at("expected function type", range);
    false
}
