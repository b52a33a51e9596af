//! Tests of the registry (registry stage): spec loading, format strings, constraints and
//! matching custom ops, with small fixtures of our own.

mod constraints;
mod formats;
mod matching;
mod memref;
mod scf_matching;
mod specs;
mod tensor;

use mlir_syntax::ast::{AstNode, CustomOp};

use super::{OpMatch, Registry, TypeConstraint};
use mlir_types::{AliasTable, Attr, Type, attr_of_node, type_of_node};

/// The type written in `text`, read as a generic op's result type.
fn ty(text: &str) -> Type {
    let source = format!("\"t.t\"() : () -> {text}\n");
    let parse = mlir_syntax::parse(&source);
    let op = parse
        .syntax_node()
        .descendants()
        .find_map(mlir_syntax::ast::GenericOp::cast)
        .unwrap();
    let result = op.function_type().unwrap().result_types().remove(0);
    type_of_node(result.syntax(), &AliasTable::default().lookup())
}

/// The constraint of the operand or result `name` of `op`.
fn constraint(op: &str, name: &str) -> TypeConstraint {
    let spec = Registry::builtin().op(op).unwrap();
    let value = spec.operand(name).or_else(|| spec.result(name)).unwrap();
    value.1.constraint.clone()
}

/// The attribute written in `text`, read as a dictionary entry's value.
fn attr(text: &str) -> Attr {
    let source = format!("\"t.t\"() {{a = {text}}} : () -> ()\n");
    let parse = mlir_syntax::parse(&source);
    let entry = parse
        .syntax_node()
        .descendants()
        .find(|n| n.kind() == mlir_syntax::SyntaxKind::ATTR_ENTRY)
        .unwrap();
    attr_of_node(
        &entry.children().last().unwrap(),
        &AliasTable::default().lookup(),
    )
}

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
