//! `dense<...>` and other elements attributes as several dialects' verifiers read them:
//! the `: type` they are written with, and whether a literal surely holds different values
//! so that MLIR does not make it a splat (a constant of a scalable vector needs a splat).

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

/// Does a `dense<[...]>` literal surely hold two different values (so MLIR does not
/// make it a splat)? Only integers, booleans and floats compared as written numbers;
/// anything else (hex blobs, complex pairs, strings) says nothing.
pub(crate) fn surely_not_splat(node: &SyntaxNode) -> bool {
    let Some(values) = dense_leaves(node) else {
        return false;
    };
    let all_ints = values.iter().all(|v| matches!(v, Leaf::Int(_)));
    let all_floats = values.iter().all(|v| matches!(v, Leaf::Float(_)));
    (all_ints || all_floats) && values.windows(2).any(|w| surely_distinct(&w[0], &w[1]))
}

/// Two numbers that no element type rounds to one value: integers that differ, or floats
/// far apart in a range every float format holds apart (narrow formats round coarsely).
fn surely_distinct(a: &Leaf, b: &Leaf) -> bool {
    match (a, b) {
        (Leaf::Int(a), Leaf::Int(b)) => a != b,
        (Leaf::Float(a), Leaf::Float(b)) => {
            let larger = a.abs().max(b.abs());
            (a - b).abs() >= 0.5 * larger && (1e-2..=1e2).contains(&larger)
        }
        _ => false,
    }
}

enum Leaf {
    Int(i128),
    Float(f64),
}

/// The numbers of a `dense<...>` literal, in order; `None` if it holds anything else.
fn dense_leaves(node: &SyntaxNode) -> Option<Vec<Leaf>> {
    let mut tokens = node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia());
    // `dense` `<` ... `>` `:` type: the literal is what lies between the angles.
    tokens.find(|t| t.kind() == SyntaxKind::L_ANGLE)?;
    let mut leaves = Vec::new();
    let mut negative = false;
    let mut depth = 0usize;
    for token in tokens {
        match token.kind() {
            SyntaxKind::R_ANGLE if depth == 0 => return Some(leaves),
            SyntaxKind::L_BRACK => depth += 1,
            SyntaxKind::R_BRACK => depth = depth.checked_sub(1)?,
            SyntaxKind::COMMA => {}
            SyntaxKind::MINUS => negative = true,
            _ => {
                leaves.push(leaf(&token, negative)?);
                negative = false;
            }
        }
    }
    None
}

fn leaf(token: &SyntaxToken, negative: bool) -> Option<Leaf> {
    match (token.kind(), token.text()) {
        (SyntaxKind::INT_NUMBER, text) => {
            let value = text.parse::<i128>().ok()?;
            Some(Leaf::Int(if negative { -value } else { value }))
        }
        (SyntaxKind::FLOAT_NUMBER, text) => {
            let value: f64 = text.parse().ok()?;
            let value = if negative { -value } else { value };
            value.is_finite().then_some(Leaf::Float(value))
        }
        (_, "true") if !negative => Some(Leaf::Int(1)),
        (_, "false") if !negative => Some(Leaf::Int(0)),
        _ => None,
    }
}

/// The `: type` of a `dense`, `sparse` or `dense_resource` attribute written in place.
pub(crate) fn elements_type_node(node: &SyntaxNode) -> Option<SyntaxNode> {
    let ty = match ast::Attribute::cast(node.clone())? {
        ast::Attribute::Dense(dense) => dense.ty(),
        ast::Attribute::Sparse(sparse) => sparse.ty(),
        ast::Attribute::DenseResource(resource) => resource.ty(),
        _ => None,
    };
    ty.map(|t| t.syntax().clone())
}
