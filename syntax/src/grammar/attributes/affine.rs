//! Affine maps and integer sets (G-13, B-A01, B-A09): dimension and symbol lists, affine
//! expressions with upstream's precedence, and set constraints. Identifiers must be
//! declared in the map's own lists, which upstream checks while parsing.

use crate::parser::Checkpoint;

use crate::SyntaxKind::{self, *};
use crate::parser::Parser;

// test affine_maps
// #map0 = affine_map<(d0, d1) -> (d1, d0)>
// #map1 = affine_map<(d0)[s0, s1] -> (d0 * 2 + s0 floordiv 4 - (s1 ceildiv 3) mod 5, -d0, 0)>
// #map2 = affine_map<() -> ()>
// #set0 = affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 == 0, d0 <= 10)>
// test_err affine_errors
// #a = affine_map<(d0, d1)>
// #b = affine_map<(i)->(j)>
// #c = affine_map<(i)->(i +)>
// #d = affine_set<(i) : (i)>
// #e = affine_map<(i, i)->(i)>
// #f = affine_map<(i)->(* i)>
// #g = affine_map<(i, j)->(i, *j)>
/// `affine_map<...>` or `affine_set<...>`.
pub(super) fn affine_attr(p: &mut Parser<'_>) -> bool {
    let is_map = p.current_text() == "affine_map";
    let (kind, what) = if is_map {
        (AFFINE_MAP_ATTR, "affine map")
    } else {
        (AFFINE_SET_ATTR, "integer set")
    };
    p.start_node(kind);
    p.bump();
    if !p.expect(L_ANGLE, &format!("expected '<' in {what}")) {
        p.finish_node();
        return false;
    }
    let depth = p.bracket_depth();
    let ok = map_or_set(p, is_map) || skip_to_close(p, depth);
    let ok = ok && p.expect(R_ANGLE, &format!("expected '>' in {what}"));
    p.finish_node();
    ok
}

// test_err affine_error_keeps_the_op
// x.for %i = 1 to max affine_map<(i)->(N, 100)> {
// }
/// After an error inside `<...>` (reported), the rest of the body up to its `>`, into an
/// ERROR node: the attribute stays one piece, so the op around it and the region after
/// it parse as written. Does the body end there? Not if a closer of an outer bracket, a
/// brace or the end of the input comes first (`depth` is the bracket depth at `<`).
fn skip_to_close(p: &mut Parser<'_>, depth: i32) -> bool {
    let mut skipped = false;
    let closed = loop {
        let inside = p.bracket_depth() > depth;
        match p.current() {
            EOF | L_BRACE | R_BRACE => break false,
            R_PAREN | R_BRACK if !inside => break false,
            // `>=` compares in an integer set; any other `>` at the body's level closes it.
            R_ANGLE if !inside && !at_greater_equal(p) => break true,
            _ if !skipped => {
                skipped = true;
                p.start_node(ERROR);
                p.bump();
            }
            _ => p.bump(),
        }
    };
    if skipped {
        p.finish_node();
    }
    closed
}

/// `(dims)[symbols] -> (results)` or `(dims)[symbols] : (constraints)`.
fn map_or_set(p: &mut Parser<'_>, is_map: bool) -> bool {
    let mut names = Vec::new();
    if !id_list(
        p,
        AFFINE_DIM_LIST,
        L_PAREN,
        R_PAREN,
        " in dimensional identifier list",
        &mut names,
    ) {
        return false;
    }
    if p.at(L_BRACK)
        && !id_list(
            p,
            AFFINE_SYMBOL_LIST,
            L_BRACK,
            R_BRACK,
            " in symbol list",
            &mut names,
        )
    {
        return false;
    }
    if p.at(ARROW) && is_map {
        p.bump();
        return results(p, &names, " in affine map range", expr);
    }
    if p.at(COLON) && !is_map {
        p.bump();
        return results(p, &names, " in integer set constraint list", constraint);
    }
    p.error_expected("expected '->' or ':'");
    false
}

/// `(d0, d1)` or `[s0]`: bare identifiers, each declared once.
fn id_list<'t>(
    p: &mut Parser<'t>,
    kind: SyntaxKind,
    open: SyntaxKind,
    close: SyntaxKind,
    context: &str,
    names: &mut Vec<&'t str>,
) -> bool {
    p.start_node(kind);
    let ok = id_list_body(p, open, close, context, names);
    p.finish_node();
    ok
}

fn id_list_body<'t>(
    p: &mut Parser<'t>,
    open: SyntaxKind,
    close: SyntaxKind,
    context: &str,
    names: &mut Vec<&'t str>,
) -> bool {
    let (open_text, close_text) = if open == L_PAREN {
        ("(", ")")
    } else {
        ("[", "]")
    };
    if !p.expect(open, &format!("expected '{open_text}'{context}")) {
        return false;
    }
    if p.eat(close) {
        return true;
    }
    loop {
        if !p.at(BARE_ID) {
            p.error_expected("expected bare identifier");
            return false;
        }
        let name = p.current_text();
        if names.contains(&name) {
            p.error(format!("redefinition of identifier '{name}'"));
        }
        names.push(name);
        p.bump();
        if !p.eat(COMMA) {
            return p.expect(close, &format!("expected '{close_text}'{context}"));
        }
    }
}

/// `(e, e, ...)`: the results of a map or the constraints of a set.
fn results(
    p: &mut Parser<'_>,
    names: &[&str],
    context: &str,
    mut element: impl FnMut(&mut Parser<'_>, &[&str]) -> bool,
) -> bool {
    p.start_node(AFFINE_RESULT_LIST);
    let ok = p.expect(L_PAREN, &format!("expected '('{context}"))
        && (p.eat(R_PAREN) || results_body(p, names, context, &mut element));
    p.finish_node();
    ok
}

fn results_body(
    p: &mut Parser<'_>,
    names: &[&str],
    context: &str,
    element: &mut impl FnMut(&mut Parser<'_>, &[&str]) -> bool,
) -> bool {
    loop {
        if !element(p, names) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(R_PAREN, &format!("expected ')'{context}"));
        }
    }
}

/// `e >= e`, `e <= e` or `e == e`.
fn constraint(p: &mut Parser<'_>, names: &[&str]) -> bool {
    p.start_node(AFFINE_CONSTRAINT);
    let ok = expr(p, names) && comparison(p) && expr(p, names);
    p.finish_node();
    ok
}

fn comparison(p: &mut Parser<'_>) -> bool {
    let first_ok = matches!(p.current(), R_ANGLE | L_ANGLE | EQ);
    if first_ok && p.nth(1) == EQ {
        p.bump();
        p.bump();
        return true;
    }
    p.error_expected("expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
    false
}

/// Is the cursor at `>=` (lexed as `>` and `=`)?
fn at_greater_equal(p: &Parser<'_>) -> bool {
    p.nth(1) == EQ && p.nth_is_adjacent(1)
}

/// An affine expression: `+`/`-` bind looser than `*`, `floordiv`, `ceildiv`, `mod`.
pub(crate) fn expr(p: &mut Parser<'_>, names: &[&str]) -> bool {
    let mut ok = false;
    p.nested(|p| ok = low_precedence(p, names));
    ok
}

fn low_precedence(p: &mut Parser<'_>, names: &[&str]) -> bool {
    let checkpoint = p.checkpoint();
    if !high_precedence(p, names, false) {
        return false;
    }
    while matches!(p.current(), PLUS | MINUS) {
        if !binary_rhs(p, checkpoint, |p| high_precedence(p, names, true)) {
            return false;
        }
    }
    true
}

fn high_precedence(p: &mut Parser<'_>, names: &[&str], has_lhs: bool) -> bool {
    let checkpoint = p.checkpoint();
    if !unary(p, names, has_lhs) {
        return false;
    }
    while p.at(STAR) || is_high_precedence_keyword(p) {
        if !binary_rhs(p, checkpoint, |p| unary(p, names, true)) {
            return false;
        }
    }
    true
}

fn is_high_precedence_keyword(p: &Parser<'_>) -> bool {
    p.at(BARE_ID) && matches!(p.current_text(), "floordiv" | "ceildiv" | "mod")
}

/// Wraps what follows `checkpoint` as the left operand of the operator at the cursor.
fn binary_rhs(
    p: &mut Parser<'_>,
    checkpoint: Checkpoint,
    rhs: impl FnOnce(&mut Parser<'_>) -> bool,
) -> bool {
    p.start_node_at(checkpoint, AFFINE_BINARY_EXPR);
    p.bump();
    let ok = rhs(p);
    p.finish_node();
    ok
}

// test affine_double_negation
// #m = affine_map<(d0) -> (--d0, -(-d0), - -d0, d0 - -d0)>
/// `-x`, where `x` may itself be negated (`--d0` is `d0`, as upstream parses it).
fn unary(p: &mut Parser<'_>, names: &[&str], has_lhs: bool) -> bool {
    if !p.at(MINUS) {
        return atom(p, names, has_lhs);
    }
    p.start_node(AFFINE_NEG_EXPR);
    p.bump();
    // Nested, so that a long run of `-` is cut at the depth limit, not at the stack's end.
    let mut ok = false;
    p.nested(|p| ok = unary(p, names, true));
    p.finish_node();
    ok
}

/// An identifier, an integer, `symbol(%x)`, `%x`, or a parenthesised expression.
fn atom(p: &mut Parser<'_>, names: &[&str], has_lhs: bool) -> bool {
    match p.current() {
        L_PAREN => return paren_expr(p, names),
        INT_NUMBER | VALUE_ID => {}
        BARE_ID if p.current_text() == "symbol" && p.nth(1) == L_PAREN => return symbol_expr(p),
        BARE_ID if !names.contains(&p.current_text()) => {
            // Upstream places this one as a wrong token: just after the token before.
            p.error_expected("use of undeclared identifier");
            return false;
        }
        BARE_ID => {}
        _ => {
            if !has_lhs && matches!(p.current(), PLUS | STAR) {
                // MLIR points at the operator itself, not after what comes before it.
                p.error("missing left operand of binary operator");
                return false;
            }
            if p.at(ERROR_TOKEN) {
                p.error_unknown_character();
                return false;
            }
            let message = if has_lhs {
                "missing right operand of binary operator"
            } else {
                "expected affine expression"
            };
            // On the token found instead, even at the start of a line, as upstream does.
            p.error(message);
            return false;
        }
    }
    p.start_node(AFFINE_ATOM);
    p.bump();
    p.finish_node();
    true
}

fn paren_expr(p: &mut Parser<'_>, names: &[&str]) -> bool {
    p.start_node(AFFINE_PAREN_EXPR);
    p.bump();
    let ok = if p.at(R_PAREN) {
        p.error("no expression inside parentheses");
        false
    } else {
        expr(p, names) && p.expect(R_PAREN, "expected ')'")
    };
    p.finish_node();
    ok
}

/// `symbol(%x)`: an SSA value used as a symbol, in custom affine op syntax.
fn symbol_expr(p: &mut Parser<'_>) -> bool {
    p.start_node(AFFINE_ATOM);
    p.bump();
    p.bump();
    let ok = p.expect(VALUE_ID, "expected SSA operand") && p.expect(R_PAREN, "expected ')'");
    p.finish_node();
    ok
}
