//! The `verify()` of each `pdl` op that has one, and `pdl.rewrite`'s region verifier:
//! arguments a native call needs, what an attribute, type or operation must give inside
//! or outside a rewrite, the values a matcher op must bind, a replacement's two forms.

use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::AstNode;

use super::{OperationParts, Uses, full_name, operation_parts, parent_name, segments};
use crate::diagnostic::{Diagnostic, Note};
use crate::verifiers::op::{Cx, Op};
use mlir_types::Type;

/// The op's first failure of its own `verify()` (and, for `pdl.rewrite`, of its region
/// verifier); `uses` are those of its pattern, `None` outside one.
pub(super) fn failure(op: &Op<'_>, cx: &mut Cx<'_>, uses: Option<&Uses>) -> Option<Diagnostic> {
    match op.name {
        "pdl.apply_native_constraint" => native_constraint(op),
        "pdl.apply_native_rewrite" => native_rewrite(op),
        "pdl.attribute" => attribute(op, uses),
        "pdl.operand" | "pdl.operands" => bindable(op, uses),
        "pdl.type" if !op.has_attr("constantType") => bindable(op, uses),
        "pdl.types" if !op.has_attr("constantTypes") => bindable(op, uses),
        "pdl.operation" => operation(op, cx, uses),
        "pdl.replace" => replace(op, cx),
        "pdl.results" => results(op),
        "pdl.rewrite" => rewrite(op, cx),
        _ => None,
    }
}

fn native_constraint(op: &Op<'_>) -> Option<Diagnostic> {
    if op.operand_count()? == 0 {
        return Some(op.error("expected at least one argument"));
    }
    let returns_operation = op
        .results
        .iter()
        .any(|t| pdl_type(t.as_ref()) == Some("operation"));
    returns_operation.then(|| op.error("returning an operation from a constraint is not supported"))
}

fn native_rewrite(op: &Op<'_>) -> Option<Diagnostic> {
    let results = op
        .node
        .first_child_by_kind(&|k| k == mlir_syntax::SyntaxKind::OP_RESULT_LIST);
    (op.operand_count()? == 0 && results.is_none() && op.results.is_empty())
        .then(|| op.error("expected at least one argument or result"))
}

fn attribute(op: &Op<'_>, uses: Option<&Uses>) -> Option<Diagnostic> {
    if !op.has_attr("value") {
        if parent_name(op.node).as_deref() == Some("pdl.rewrite") {
            return Some(op.error("expected constant value when specified within a `pdl.rewrite`"));
        }
        return bindable(op, uses);
    }
    (op.operand_count()? > 0).then(|| op.error("expected only one of [`type`, `value`] to be set"))
}

/// MLIR's `verifyHasBindingUse`: an op directly in a pattern's matcher must be bound.
fn bindable(op: &Op<'_>, uses: Option<&Uses>) -> Option<Diagnostic> {
    let uses = uses?;
    if parent_name(op.node).as_deref() != Some("pdl.pattern") || uses.has_binding_use(op.node) {
        return None;
    }
    Some(op.error("expected a bindable user when defined in the matcher body of a `pdl.pattern`"))
}

fn operation(op: &Op<'_>, cx: &mut Cx<'_>, uses: Option<&Uses>) -> Option<Diagnostic> {
    let parts = operation_parts(op, cx)?;
    let in_rewrite = parent_name(op.node).as_deref() == Some("pdl.rewrite");
    if in_rewrite && parts.name.is_none() {
        return Some(op.error("must have an operation name when nested within a `pdl.rewrite`"));
    }
    let (names, values) = (parts.names, parts.attributes.len());
    if names != values {
        let message = format!(
            "expected the same number of attribute values and attribute names, got {names} names and {values} values"
        );
        return Some(op.error(message));
    }
    if in_rewrite && let Some(error) = uninferable_types(op, &parts, cx, uses?) {
        return Some(error);
    }
    bindable(op, uses)
}

/// MLIR's check that an op created in a rewrite gets its result types: from the op it
/// replaces, or from types the matcher binds. Only for ops of `builtin` (always loaded,
/// and none of them infers its types): MLIR assumes an op of a dialect it has not loaded
/// might infer its types, and which other ops infer theirs is C++ we do not read.
fn uninferable_types(
    op: &Op<'_>,
    parts: &OperationParts,
    cx: &Cx<'_>,
    uses: &Uses,
) -> Option<Diagnostic> {
    let name = parts.name.as_deref()?;
    if !name.starts_with("builtin.") || cx.registry.op(name).is_none() {
        return None;
    }
    if replaces_earlier_op(op, cx, uses) {
        return None;
    }
    for (i, ty) in parts.types.iter().enumerate() {
        let def = cx.defining_op(&ty.name_token()?)?;
        if !constrained_type(&def, op.node, uses) {
            let mut error = op.error(
                "must have inferable or constrained result types when nested within `pdl.rewrite`",
            );
            error.notes.push(Note {
                range: op.at(),
                message: format!("result type #{i} was not constrained"),
            });
            return Some(error);
        }
    }
    None
}

/// Is the op the replacement of a `pdl.replace` whose replaced op is defined before it
/// (or in the matcher)? Its result types are then those of the replaced op.
fn replaces_earlier_op(op: &Op<'_>, cx: &Cx<'_>, uses: &Uses) -> bool {
    uses.users(op.node).iter().any(|user| {
        if full_name(user).as_deref() != Some("pdl.replace") {
            return false;
        }
        let operands = crate::verifiers::op::operand_uses(user);
        let Some((replaced, rest)) = operands.split_first() else {
            return false;
        };
        // Only as a replacement, not as the replaced op.
        let as_replacement = rest.iter().any(|v| uses_op(v, op.node, cx));
        as_replacement
            && replaced
                .name_token()
                .and_then(|t| cx.defining_op(&t))
                .is_some_and(|def| defined_before(&def, op.node))
    })
}

fn uses_op(value: &mlir_syntax::ast::ValueUse, op: &SyntaxNode, cx: &Cx<'_>) -> bool {
    value
        .name_token()
        .and_then(|t| cx.defining_op(&t))
        .is_some_and(|def| def == *op)
}

/// Is `def` in another block than `op`, or before it in its block?
fn defined_before(def: &SyntaxNode, op: &SyntaxNode) -> bool {
    def.parent() != op.parent() || def.text_range().start() < op.text_range().start()
}

/// Does the type value `def` defines constrain a result type: a native rewrite's result,
/// a constant type, or a type the matcher binds to an operand or an input op?
fn constrained_type(def: &SyntaxNode, op: &SyntaxNode, uses: &Uses) -> bool {
    let constant = match full_name(def).as_deref() {
        Some("pdl.apply_native_rewrite") => return true,
        Some("pdl.type") => "constantType",
        Some("pdl.types") => "constantTypes",
        _ => return false,
    };
    if written_attr(def, constant) {
        return true;
    }
    uses.users(def).iter().any(|user| {
        user.parent() != op.parent()
            && matches!(
                full_name(user).as_deref(),
                Some("pdl.operand" | "pdl.operands" | "pdl.operation")
            )
    })
}

/// Does a `pdl.type(s)` op give its constant: `type : i32` or an attribute named so?
fn written_attr(def: &SyntaxNode, name: &str) -> bool {
    match mlir_syntax::ast::GenericOp::cast(def.clone()) {
        Some(generic) => {
            let in_properties = generic
                .properties()
                .and_then(|p| p.attr_dict())
                .is_some_and(|d| d.entry(name).is_some());
            in_properties || generic.attr_dict().is_some_and(|d| d.entry(name).is_some())
        }
        // The custom form writes the constant after a colon.
        None => def
            .descendants_with_tokens()
            .any(|e| e.kind() == mlir_syntax::SyntaxKind::COLON),
    }
}

fn replace(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let [_, operation, values] = <[_; 3]>::try_from(segments(op, cx)?).ok()?;
    (!operation.is_empty() && !values.is_empty()).then(|| {
        op.error("expected no replacement values to be provided when the replacement operation is present")
    })
}

fn results(op: &Op<'_>) -> Option<Diagnostic> {
    let ty = op.results.first()?.as_ref()?;
    if op.has_attr("index") || pdl_type(Some(ty)).is_none_or(|t| t.starts_with("range")) {
        return None;
    }
    Some(op.error(format!(
        "expected `pdl.range<value>` result type when no index is specified, but got: '{ty}'"
    )))
}

/// `verifyRegions()`: an external rewrite has no region, an inline one no arguments.
fn rewrite(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let region = op.regions().first();
    let has_block = region.is_some_and(|r| r.entry_block().is_some());
    if op.has_attr("name") {
        return has_block
            .then(|| op.error("expected rewrite region to be empty when rewrite is external"));
    }
    if !has_block {
        return Some(
            op.error("expected rewrite region to be non-empty if external name is not specified"),
        );
    }
    let [_, external] = <[_; 2]>::try_from(segments(op, cx)?).ok()?;
    (!external.is_empty())
        .then(|| op.error("expected no external arguments when the rewrite is specified inline"))
}

/// The mnemonic of a `!pdl.x` type (`range<value>` for a range), as printed.
fn pdl_type(ty: Option<&Type>) -> Option<&'static str> {
    let printed = ty?.to_string();
    let known = [
        "attribute",
        "operation",
        "type",
        "value",
        "range<attribute>",
        "range<operation>",
        "range<type>",
        "range<value>",
    ];
    known
        .into_iter()
        .find(|k| printed.strip_prefix("!pdl.") == Some(*k))
}
