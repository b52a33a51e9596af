//! Lowering `affine_map<...>` and `affine_set<...>` syntax to `AffineMap`/`IntegerSet`
//! (types stage, B-A01, B-A09): names become `d0`/`s0` positions, operators build
//! simplified expressions, and non-affine products or divisions are rejected as MLIR
//! rejects them.

use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

use super::affine::{AffineExpr, AffineMap, IntegerSet};

use SyntaxKind::*;

/// The declared dimension and symbol names of a map or set.
struct Names {
    dims: Vec<String>,
    symbols: Vec<String>,
}

impl Names {
    fn of(node: &SyntaxNode) -> Option<Names> {
        let list = |kind| {
            node.children()
                .find(|n| n.kind() == kind)
                .map(|n| bare_ids(&n))
        };
        Some(Names {
            dims: list(AFFINE_DIM_LIST)?,
            symbols: list(AFFINE_SYMBOL_LIST).unwrap_or_default(),
        })
    }

    fn lookup(&self, name: &str) -> Option<AffineExpr> {
        if let Some(i) = self.dims.iter().position(|d| d == name) {
            return Some(AffineExpr::Dim(i as u32));
        }
        let i = self.symbols.iter().position(|s| s == name)?;
        Some(AffineExpr::Symbol(i as u32))
    }
}

fn bare_ids(list: &SyntaxNode) -> Vec<String> {
    list.children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == BARE_ID)
        .map(|t| t.text().to_string())
        .collect()
}

/// `affine_map<(dims)[symbols] -> (results)>`; `None` if broken or not affine.
pub(super) fn affine_map(node: &SyntaxNode) -> Option<AffineMap> {
    let names = Names::of(node)?;
    let results = node.children().find(|n| n.kind() == AFFINE_RESULT_LIST)?;
    let results: Option<Vec<AffineExpr>> =
        results.children().map(|e| expr(&e, &names, 0)).collect();
    closed(node)?;
    Some(AffineMap {
        num_dims: names.dims.len() as u32,
        num_symbols: names.symbols.len() as u32,
        results: results?.into(),
    })
}

/// `affine_set<(dims)[symbols] : (constraints)>`, each constraint made `e >= 0` or `e == 0`.
pub(super) fn integer_set(node: &SyntaxNode) -> Option<IntegerSet> {
    let names = Names::of(node)?;
    let list = node.children().find(|n| n.kind() == AFFINE_RESULT_LIST)?;
    let constraints: Option<Vec<(AffineExpr, bool)>> =
        list.children().map(|c| constraint(&c, &names)).collect();
    closed(node)?;
    Some(IntegerSet {
        num_dims: names.dims.len() as u32,
        num_symbols: names.symbols.len() as u32,
        constraints: constraints?.into(),
    })
}

/// Does the map or set end with its `>` (so the parser read it whole)?
fn closed(node: &SyntaxNode) -> Option<()> {
    let last = node.last_token()?;
    (last.kind() == R_ANGLE).then_some(())
}

/// `a >= b` is `a - b >= 0`, `a <= b` is `b - a >= 0`, `a == b` is `a - b == 0`.
fn constraint(node: &SyntaxNode, names: &Names) -> Option<(AffineExpr, bool)> {
    if node.kind() != AFFINE_CONSTRAINT {
        return None;
    }
    let mut sides = node.children();
    let lhs = expr(&sides.next()?, names, 0)?;
    let rhs = expr(&sides.next()?, names, 0)?;
    let relation = tokens(node).find(|t| matches!(t.kind(), R_ANGLE | L_ANGLE | EQ))?;
    Some(match relation.kind() {
        R_ANGLE => (lhs.minus(rhs), false),
        L_ANGLE => (rhs.minus(lhs), false),
        _ => (lhs.minus(rhs), true),
    })
}

fn tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.children_with_tokens().filter_map(|e| e.into_token())
}

/// Expression nesting is bounded by the parser; this guards lowering on its own.
const MAX_EXPR_DEPTH: u32 = 512;

fn expr(node: &SyntaxNode, names: &Names, depth: u32) -> Option<AffineExpr> {
    if depth > MAX_EXPR_DEPTH {
        return None;
    }
    match node.kind() {
        AFFINE_ATOM => atom(node, names),
        AFFINE_PAREN_EXPR => expr(&node.first_child()?, names, depth + 1),
        AFFINE_NEG_EXPR => Some(expr(&node.first_child()?, names, depth + 1)?.negated()),
        AFFINE_BINARY_EXPR => binary(node, names, depth),
        _ => None,
    }
}

/// A dimension or symbol name, or an integer that fits `i64`; SSA operands are not
/// allowed in an attribute.
fn atom(node: &SyntaxNode, names: &Names) -> Option<AffineExpr> {
    let token = tokens(node).next()?;
    match token.kind() {
        BARE_ID => names.lookup(token.text()),
        INT_NUMBER => Some(AffineExpr::Constant(token.text().parse().ok()?)),
        _ => None,
    }
}

fn binary(node: &SyntaxNode, names: &Names, depth: u32) -> Option<AffineExpr> {
    let mut operands = node.children();
    let lhs = expr(&operands.next()?, names, depth + 1)?;
    let rhs = expr(&operands.next()?, names, depth + 1)?;
    let op = tokens(node).find(|t| !t.kind().is_trivia())?;
    match (op.kind(), op.text()) {
        (PLUS, _) => Some(lhs.plus(rhs)),
        (MINUS, _) => Some(lhs.minus(rhs)),
        (STAR, _) => {
            // One side must be symbolic (constants count) for the product to be affine.
            (is_symbolic(&lhs) || is_symbolic(&rhs)).then(|| lhs.times(rhs))
        }
        (BARE_ID, word) if is_symbolic(&rhs) => match word {
            "floordiv" => Some(lhs.floor_div(rhs)),
            "ceildiv" => Some(lhs.ceil_div(rhs)),
            "mod" => Some(lhs.modulo(rhs)),
            _ => None,
        },
        _ => None,
    }
}

/// Made of symbols and constants only (so usable as a factor or divisor).
fn is_symbolic(expr: &AffineExpr) -> bool {
    match expr {
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
        AffineExpr::Binary(b) => is_symbolic(&b.1) && is_symbolic(&b.2),
    }
}
