//! Verifiers of `pdl` ops beyond their ODS constraints (see `checks::verifiers`): each
//! op's `verify()` (`ops.rs`), `pdl.pattern`'s region verifier (`pattern.rs`), and who
//! uses the values of a pattern (`uses.rs`). A pattern is verified as one: MLIR stops
//! at the first op of it that fails, and verifies the pattern's region only when all its
//! ops passed.

mod ops;
mod pattern;
mod uses;

use std::rc::Rc;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxNode, TextSize};

use crate::diagnostic::Diagnostic;
use crate::segment_sizes::operand_segment_sizes;
use crate::verifiers::op::{Cx, Op, op_name};
use mlir_types::Attr;
use uses::Uses;

/// The ops this file verifies: all of them, so that a `pdl` op of a pattern that is not
/// queued for its verifier is one that failed its ODS checks.
pub(super) const OPS: &[&str] = &[
    "pdl.apply_native_constraint",
    "pdl.apply_native_rewrite",
    "pdl.attribute",
    "pdl.erase",
    "pdl.operand",
    "pdl.operands",
    "pdl.operation",
    "pdl.pattern",
    "pdl.range",
    "pdl.replace",
    "pdl.result",
    "pdl.results",
    "pdl.rewrite",
    "pdl.type",
    "pdl.types",
];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(pattern) = enclosing_pattern(op.node) else {
        // Outside a pattern, an op's own verifier is all there is.
        out.extend(ops::failure(op, cx, None));
        return;
    };
    let verdict = pattern_verdict(&pattern, cx);
    if let Some((at, diagnostic)) = verdict.as_ref()
        && *at == op.node.text_range().start()
    {
        out.push(diagnostic.clone());
    }
}

/// The pattern's first failure and the start of the op that reports it, computed once
/// for all the ops of the pattern.
type Verdict = Option<(TextSize, Diagnostic)>;

fn pattern_verdict(pattern: &SyntaxNode, cx: &mut Cx<'_>) -> Rc<Verdict> {
    let key = pattern.text_range().start();
    if let Some(verdict) = cx.recall::<Verdict>(key) {
        return verdict;
    }
    let verdict = Rc::new(pattern::first_failure(pattern, cx));
    cx.remember(key, Rc::clone(&verdict));
    verdict
}

/// The `pdl.pattern` the op is, or is nested in.
fn enclosing_pattern(node: &SyntaxNode) -> Option<SyntaxNode> {
    node.ancestors()
        .filter(mlir_hir::ops::is_op)
        .find(|n| full_name(n).as_deref() == Some("pdl.pattern"))
}

/// The op that holds the op in one of its regions.
fn parent_op(node: &SyntaxNode) -> Option<SyntaxNode> {
    node.ancestors().skip(1).find(mlir_hir::ops::is_op)
}

/// The name of the op that holds the op, with the dialect a pattern's custom ops leave
/// out (`rewrite` is `pdl.rewrite`).
fn parent_name(node: &SyntaxNode) -> Option<String> {
    full_name(&parent_op(node)?)
}

/// An op's full name: inside a pattern, `pdl` is the default dialect of custom ops.
fn full_name(node: &SyntaxNode) -> Option<String> {
    let name = op_name(node)?;
    if ast::GenericOp::can_cast(node.kind()) || name.contains('.') {
        return Some(name);
    }
    Some(format!("pdl.{name}"))
}

/// The value uses of each operand declaration of the op: as its custom form writes them,
/// or as a generic op's segment sizes split its operands (one declaration takes them all
/// when the op has no segments).
fn segments(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Vec<Vec<ast::ValueUse>>> {
    if let Some(matched) = op.matched {
        return Some(matched.operand_segments.clone());
    }
    let generic = ast::GenericOp::cast(op.node.clone())?;
    let operands: Vec<ast::ValueUse> = generic.operands().collect();
    let declared = op.spec.operands.len();
    if declared <= 1 {
        return Some(vec![operands; declared]);
    }
    let sizes = operand_segment_sizes(&generic, &mut |node| cx.lower_attr(node))?;
    if sizes.len() != declared || sizes.iter().sum::<usize>() != operands.len() {
        return None;
    }
    let mut rest = operands.into_iter();
    let split = sizes.iter().map(|n| rest.by_ref().take(*n).collect());
    Some(split.collect())
}

/// The value of attribute `name`, lowered.
fn attr_value(op: &Op<'_>, cx: &mut Cx<'_>, name: &str) -> Option<Attr> {
    Some(cx.lower_attr(&op.attr_node(name)?))
}

/// What a `pdl.operation` is given: the name of the op it stands for, its operand
/// values, attribute values and names, and result types.
struct OperationParts {
    name: Option<String>,
    operands: Vec<ast::ValueUse>,
    attributes: Vec<ast::ValueUse>,
    /// How many attribute names (`attributeValueNames`) it has.
    names: usize,
    types: Vec<ast::ValueUse>,
}

fn operation_parts(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<OperationParts> {
    if ast::CustomOp::can_cast(op.node.kind()) {
        return Some(custom_operation_parts(op.node));
    }
    let [operands, attributes, types] = <[_; 3]>::try_from(segments(op, cx)?).ok()?;
    let names = match attr_value(op, cx, "attributeValueNames") {
        Some(Attr::Array(names)) => names.len(),
        Some(_) => return None,
        None => 0,
    };
    let name = match attr_value(op, cx, "opName") {
        Some(Attr::String(s)) => Some(String::from_utf8(s.value.clone()).ok()?),
        Some(_) => return None,
        None => None,
    };
    Some(OperationParts {
        name,
        operands,
        attributes,
        names,
        types,
    })
}

/// The parts of a custom `pdl.operation`, read from its syntax (its format's custom
/// directive is ours to read): `operation "name"(%operands : types) {"attr" = %value}
/// -> (%types : types) {attr-dict}`.
fn custom_operation_parts(node: &SyntaxNode) -> OperationParts {
    use mlir_syntax::SyntaxKind as K;
    let mut parts = OperationParts {
        name: None,
        operands: Vec::new(),
        attributes: Vec::new(),
        names: 0,
        types: Vec::new(),
    };
    let uses = |n: &SyntaxNode| n.descendants().filter_map(ast::ValueUse::cast).collect();
    let (mut after_arrow, mut seen_attributes, mut seen_group) = (false, false, false);
    for child in node.children_with_tokens() {
        match (child.kind(), child.into_node()) {
            (K::ARROW, _) => after_arrow = true,
            (K::LITERAL_ATTR, Some(n)) if !seen_group && !seen_attributes && !after_arrow => {
                let text = n.text().to_string();
                parts.name = text
                    .strip_prefix('"')
                    .and_then(|t| t.strip_suffix('"'))
                    .map(str::to_string);
            }
            (K::PAREN_GROUP, Some(n)) if after_arrow => parts.types = uses(&n),
            (K::PAREN_GROUP, Some(n)) if !seen_attributes => {
                seen_group = true;
                parts.operands = uses(&n);
            }
            (K::ATTR_DICT, Some(n)) if !seen_attributes && !after_arrow => {
                seen_attributes = true;
                parts.attributes = uses(&n);
                parts.names = parts.attributes.len();
            }
            _ => {}
        }
    }
    parts
}
