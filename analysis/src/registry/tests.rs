//! Tests of the registry (registry stage): spec loading, format strings, constraints and
//! matching custom ops, with small fixtures of our own.

mod constraints;
mod formats;
mod matching;
mod memref;
mod scf_matching;
mod specs;

use mlir_syntax::ast::{AstNode, CustomOp};

use super::{OpMatch, Registry};

/// Every custom op of `text`, in order, nested ones included.
fn custom_ops(text: &str) -> Vec<CustomOp> {
    let parse = mlir_syntax::parse(text);
    parse
        .syntax_node()
        .descendants()
        .filter_map(CustomOp::cast)
        .collect()
}

/// The match of the first custom op of `text` named `name` against the built-in spec.
fn matched(text: &str, name: &str) -> Option<OpMatch> {
    let op = custom_ops(text)
        .into_iter()
        .find(|op| op.name().as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no `{name}` in {text:?}"));
    let (_, matched) = Registry::builtin().match_custom_op(&op, None)?;
    Some(matched)
}
