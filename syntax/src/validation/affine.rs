//! Affine maps and sets (B-A01, B-A09, G-13): products of two dimension-dependent terms,
//! divisions by a dimension-dependent term, and constants beyond 64 bits, which upstream's
//! affine parser rejects.
//!
//! Upstream simplifies while it parses (`(d0 - d0) * d1` becomes `0 * d1`, which is fine),
//! so an operand counts as dimension-dependent only when evaluating it proves it: changing
//! one dimension's value changes the operand's value. Simplification keeps values, so such
//! an operand can never simplify into a symbolic one and the error is certain.

use std::collections::HashMap;

use rowan::TextRange;

use super::context::Context;
use crate::SyntaxKind::*;
use crate::{SyntaxError, SyntaxNode, SyntaxToken};

/// Past this depth an expression is not evaluated (it counts as unknown).
const MAX_DEPTH: u32 = 200;

/// At most this many dimensions are varied to look for a dependence.
const MAX_DIMS_TRIED: usize = 16;

/// How much each dimension is moved from its base value when looking for a dependence.
const DELTAS: [i128; 4] = [1, 2, 13, 1000];

/// At most this many errors are gathered in one map.
const MAX_ERRORS: usize = 64;

#[derive(Clone, Copy)]
enum Var {
    Dim(usize),
    Symbol(usize),
}

/// Checks one AFFINE_MAP_ATTR or AFFINE_SET_ATTR node.
pub(super) fn check(cx: &mut Context, node: &SyntaxNode) {
    let vars = declared(node);
    let mut found: Vec<(TextRange, SyntaxError)> = Vec::new();
    for n in node.descendants() {
        let error = match n.kind() {
            AFFINE_BINARY_EXPR => binary_error(&n, &vars),
            AFFINE_ATOM => constant_error(&n),
            _ => None,
        };
        found.extend(error.map(|e| (n.text_range(), e)));
        if found.len() >= MAX_ERRORS {
            break;
        }
    }
    // Upstream stops at the innermost bad term; the terms around it are never built.
    for (range, error) in &found {
        let encloses_other = found
            .iter()
            .any(|(r, _)| r != range && range.contains_range(*r));
        if !encloses_other {
            cx.push(error.clone());
        }
    }
}

/// The map's dimension and symbol names.
fn declared(node: &SyntaxNode) -> HashMap<String, Var> {
    let mut vars = HashMap::new();
    for list in node.children() {
        let names = list
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == BARE_ID);
        for (i, name) in names.enumerate() {
            let var = match list.kind() {
                AFFINE_DIM_LIST => Var::Dim(i),
                AFFINE_SYMBOL_LIST => Var::Symbol(i),
                _ => continue,
            };
            vars.insert(name.text().to_string(), var);
        }
    }
    vars
}

/// `constant too large for index`: an integer that does not fit in `i64`.
fn constant_error(atom: &SyntaxNode) -> Option<SyntaxError> {
    let token = atom.first_token().filter(|t| t.kind() == INT_NUMBER)?;
    if token.text().parse::<i64>().is_ok() {
        return None;
    }
    Some(SyntaxError::new(
        "constant too large for index",
        token.text_range(),
    ))
}

/// The operator token of a binary expression.
fn operator(node: &SyntaxNode) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| matches!(t.kind(), STAR | PLUS | MINUS | BARE_ID))
}

fn binary_error(node: &SyntaxNode, vars: &HashMap<String, Var>) -> Option<SyntaxError> {
    let op = operator(node)?;
    let mut operands = node.children();
    let (lhs, rhs) = (operands.next()?, operands.next()?);
    let message = match op.text() {
        "*" if depends_on_dims(&lhs, vars) && depends_on_dims(&rhs, vars) => {
            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic".to_string()
        }
        name @ ("floordiv" | "ceildiv" | "mod") if depends_on_dims(&rhs, vars) => format!(
            "non-affine expression: right operand of {name} has to be either a constant or symbolic"
        ),
        _ => return None,
    };
    Some(SyntaxError::new(message, error_place(node, &op)))
}

/// Where upstream reports a binary expression's error: it combines an operator's operands
/// on meeting the next multiplicative operator (`i ceildiv j * 5` at the `*`), and only at
/// the end of such a run at the operator itself.
fn error_place(node: &SyntaxNode, op: &SyntaxToken) -> TextRange {
    let next = node
        .parent()
        .filter(|p| p.kind() == AFFINE_BINARY_EXPR && p.first_child().as_ref() == Some(node))
        .and_then(|p| operator(&p))
        .filter(|t| t.kind() == STAR || matches!(t.text(), "floordiv" | "ceildiv" | "mod"));
    next.as_ref().unwrap_or(op).text_range()
}

/// Does evaluation prove that `expr`'s value changes with some dimension?
fn depends_on_dims(expr: &SyntaxNode, vars: &HashMap<String, Var>) -> bool {
    let base_env = Env { vars, moved: None };
    let Some(base) = eval(expr, &base_env, 0) else {
        return false;
    };
    let moves = dims_used(expr, vars).into_iter().take(MAX_DIMS_TRIED);
    moves
        .flat_map(|dim| DELTAS.map(|delta| (dim, delta)))
        .any(|moved| {
            let env = Env {
                vars,
                moved: Some(moved),
            };
            eval(expr, &env, 0).is_some_and(|v| v != base)
        })
}

/// The dimensions named in `expr`, each once.
fn dims_used(expr: &SyntaxNode, vars: &HashMap<String, Var>) -> Vec<usize> {
    let mut dims: Vec<usize> = expr
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == BARE_ID)
        .filter_map(|t| match vars.get(t.text()) {
            Some(Var::Dim(i)) => Some(*i),
            _ => None,
        })
        .collect();
    dims.sort_unstable();
    dims.dedup();
    dims
}

/// Values for the names: every dimension and symbol gets a distinct positive base value,
/// and at most one dimension is moved by a delta.
struct Env<'a> {
    vars: &'a HashMap<String, Var>,
    moved: Option<(usize, i128)>,
}

impl Env<'_> {
    fn value(&self, name: &str) -> Option<i128> {
        match *self.vars.get(name)? {
            Var::Symbol(i) => Some(7 + 4 * i as i128),
            Var::Dim(i) => {
                let delta = match self.moved {
                    Some((dim, delta)) if dim == i => delta,
                    _ => 0,
                };
                Some(5 + 3 * i as i128 + delta)
            }
        }
    }
}

/// The value of an affine expression, with upstream's floor/ceil/mod semantics; `None` if
/// unknown (a division by a non-positive value, an overflow, an SSA operand, too deep).
fn eval(node: &SyntaxNode, env: &Env<'_>, depth: u32) -> Option<i128> {
    if depth > MAX_DEPTH {
        return None;
    }
    match node.kind() {
        AFFINE_ATOM => atom_value(node, env),
        AFFINE_PAREN_EXPR => eval(&node.first_child()?, env, depth + 1),
        AFFINE_NEG_EXPR => eval(&node.first_child()?, env, depth + 1)?.checked_neg(),
        AFFINE_BINARY_EXPR => {
            let mut operands = node.children();
            let lhs = eval(&operands.next()?, env, depth + 1)?;
            let rhs = eval(&operands.next()?, env, depth + 1)?;
            apply(operator(node)?.text(), lhs, rhs)
        }
        _ => None,
    }
}

fn atom_value(atom: &SyntaxNode, env: &Env<'_>) -> Option<i128> {
    let token = atom.first_token()?;
    match token.kind() {
        INT_NUMBER => token.text().parse::<i64>().ok().map(i128::from),
        BARE_ID => env.value(token.text()),
        _ => None,
    }
}

fn apply(op: &str, lhs: i128, rhs: i128) -> Option<i128> {
    match op {
        "+" => lhs.checked_add(rhs),
        "-" => lhs.checked_sub(rhs),
        "*" => lhs.checked_mul(rhs),
        "floordiv" if rhs > 0 => Some(lhs.div_euclid(rhs)),
        "ceildiv" if rhs > 0 => lhs.checked_neg()?.div_euclid(rhs).checked_neg(),
        "mod" if rhs > 0 => Some(lhs.rem_euclid(rhs)),
        _ => None,
    }
}
