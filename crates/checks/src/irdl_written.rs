//! Types and attributes of IRDL dialects checked where they are written (`!geo.point<f32>`
//! in a signature, `#geo.tag<1>` in a dictionary): the name must be one the dialect
//! defines and the parameters must satisfy its `irdl.parameters`. MLIR reports these
//! while parsing, at the name after the dialect prefix.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use crate::diagnostic::Diagnostic;
use mlir_hir::ops;
use mlir_types::Attr;

use mlir_dialects::irdl::constraint::{Verifier, parse_attr, split_top_level};
use mlir_dialects::irdl::{IrdlDefinition, IrdlDialect};

/// The dialect types and attributes of `dialects` in the body of `body_op` (nested
/// isolated ops are bodies of their own), checked.
pub fn check_body(body_op: &SyntaxNode, dialects: &[IrdlDialect]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if !dialects.is_empty() {
        for_each_written(body_op, |node| out.extend(check_written(node, dialects)));
    }
    out
}

/// The dialects of the types and attributes written in the body of `body_op` (`shp` of
/// `!shp.vec2<f32>`), sorted: a body whose ops are all of other dialects may still
/// write an IRDL dialect's type in a signature, a block argument or an attribute.
pub fn dialects_written(body_op: &SyntaxNode) -> Vec<String> {
    let mut out = Vec::new();
    for_each_written(body_op, |node| {
        let dialect = node
            .first_token()
            .and_then(|t| Some(t.text().get(1..)?.split_once('.')?.0.to_string()));
        out.extend(dialect);
    });
    out.sort_unstable();
    out.dedup();
    out
}

/// Calls `f` on each `!d.t<...>` and `#d.a<...>` node of the body of `body_op` (nested
/// isolated ops are bodies of their own).
fn for_each_written(body_op: &SyntaxNode, mut f: impl FnMut(&SyntaxNode)) {
    let mut walk = body_op.preorder();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(node) = event else {
            continue;
        };
        if node != *body_op && ops::is_op(&node) && ops::is_isolated(&node) {
            walk.skip_subtree();
            continue;
        }
        if matches!(node.kind(), DIALECT_TYPE | DIALECT_ATTR) {
            f(&node);
        }
    }
}

/// One `!d.t<...>` or `#d.a<...>` node.
fn check_written(node: &SyntaxNode, dialects: &[IrdlDialect]) -> Option<Diagnostic> {
    let head = node
        .first_token()
        .filter(|t| matches!(t.kind(), BANG_ID | HASH_ID))?;
    let is_type = head.kind() == BANG_ID;
    let (dialect, name) = head.text()[1..].split_once('.')?;
    let d = dialects.iter().find(|d| d.name == dialect)?;
    // MLIR points at the name after `d.`.
    let start = head.text_range().start() + TextSize::of(dialect) + TextSize::from(2);
    let at = TextRange::new(start, head.text_range().end());
    let error = |message: String| Some(Diagnostic::error("irdl", message, at));
    let defs = if is_type { &d.types } else { &d.attributes };
    let Some(def) = defs.iter().find(|t| t.name == name) else {
        let what = if is_type { "type" } else { "attribute" };
        return error(format!("expected dynamic {what}"));
    };
    let body = node
        .children()
        .find(|c| c.kind() == DIALECT_BODY)
        .map(|b| b.text().to_string());
    let params_text = body
        .as_deref()
        .and_then(|b| b.strip_prefix('<')?.strip_suffix('>'))
        .unwrap_or("");
    let params = split_top_level(params_text);
    if params.len() != def.parameters.len() {
        return error(format!(
            "expected {} type arguments, but had {}",
            def.parameters.len(),
            params.len()
        ));
    }
    parameters_failure(def, dialects, &params).and_then(error)
}

/// The first parameter that does not satisfy its constraint, in MLIR's words.
fn parameters_failure(
    def: &IrdlDefinition,
    dialects: &[IrdlDialect],
    params: &[&str],
) -> Option<String> {
    let mut verifier = Verifier::new(def, dialects);
    for (decl, text) in def.parameters.iter().zip(params) {
        let value: Attr = parse_attr(text.trim())?;
        if let Err(message) = verifier.check(decl.constraint, &value) {
            return Some(message);
        }
    }
    None
}
