//! Verifiers of `func` ops beyond their ODS constraints (see `checks::verifiers`):
//! `func.func`'s custom parser (symbol name, named or unnamed arguments, attributes it
//! infers, an empty body) and verifier (a declaration's visibility, argument and result
//! attributes), and `func.constant`'s parser.

mod lists;
pub(crate) use lists::{arguments_failure, results_failure};
mod signature;

use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use crate::diagnostic::Diagnostic;
use crate::report::item_range;
use crate::verifiers::op::{Cx, Op};
use mlir_dialects::registry::AttrValue;
use mlir_types::{Attr, Type};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &["func.func"];

/// The ops whose verifier reads nothing but the op: `func.func`'s reads its signature,
/// its attributes and whether it has a body.
pub(super) const SELF_CONTAINED_OPS: &[&str] = &["func.func"];

/// The ops whose custom parser this file checks.
pub(super) const PARSED_OPS: &[&str] = &["func.func", "func.constant"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    if op.name == "func.func" {
        out.extend(public_declaration(op).or_else(|| signature::attribute_failure(op, cx)));
    }
}

pub(super) fn parse_check(op: &Op<'_>) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    match op.name {
        "func.func" => signature::parse_failure(op, &custom),
        "func.constant" if op.matched.is_none() => constant_value_kind(op, &custom),
        _ => None,
    }
}

/// `func.constant`'s value is parsed as an attribute, which must be a symbol reference.
/// Only a string is surely refused so (a number fails on its type first).
fn constant_value_kind(op: &Op<'_>, custom: &ast::CustomOp) -> Option<Diagnostic> {
    let first = custom.items().next()?;
    let CustomOpItem::Attribute(ast::Attribute::Literal(literal)) = &first else {
        return None;
    };
    literal.string_value()?;
    Some(op.parse_error("invalid kind of attribute specified", item_range(&first)))
}

/// A function without a body is a declaration, which must not be public (the default).
fn public_declaration(op: &Op<'_>) -> Option<Diagnostic> {
    let (has_body, visibility) = match op.matched {
        Some(matched) => {
            let has_body = matched.regions.iter().any(|r| !r.is_empty());
            let visibility = match &matched.attribute("sym_visibility").map(|a| &a.value) {
                Some(AttrValue::Keyword(keyword)) => Some(keyword.clone()),
                Some(_) => return None,
                None => None,
            };
            (has_body, visibility)
        }
        None => generic_body_and_visibility(op)?,
    };
    let public = visibility.as_deref().is_none_or(|v| v == "public");
    (!has_body && public).then(|| op.error("symbol declaration cannot have public visibility"))
}

/// Does a generic `func.func` have a body (its one region holds a block), and what
/// visibility does it give itself? `None` when unsure.
fn generic_body_and_visibility(op: &Op<'_>) -> Option<(bool, Option<String>)> {
    let generic = ast::GenericOp::cast(op.node.clone())?;
    let regions: Vec<ast::Region> = generic.regions().collect();
    let [region] = regions.as_slice() else {
        return None;
    };
    let has_body = region.blocks().next().is_some();
    let visibility = match op.generic_attr("sym_visibility") {
        None => None,
        Some(entry) => match entry.value()? {
            ast::Attribute::Literal(literal) => Some(literal.string_value()?),
            _ => return None,
        },
    };
    Some((has_body, visibility))
}

/// The function type a `func.func` declares: its argument and result counts.
fn signature_counts(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<(usize, usize)> {
    if let Some(matched) = op.matched {
        return match &matched.attribute("function_type")?.value {
            AttrValue::Signature { inputs, results } => Some((inputs.len(), results.len())),
            _ => None,
        };
    }
    let value = op.generic_attr("function_type")?.value()?;
    match cx.lower_attr(value.syntax()) {
        Attr::Type(Type::Function(f)) => Some((f.inputs.len(), f.results.len())),
        _ => None,
    }
}
