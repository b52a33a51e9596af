//! Verifiers of `builtin` ops beyond their ODS constraints (see `checks::verifiers`):
//! a module holds at most one data layout spec, a cast has a result.

use mlir_syntax::ast::{self, AstNode};

use crate::diagnostic::{Diagnostic, Note};
use crate::verifiers::op::{Cx, Op};
use mlir_types::Attr;

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &["builtin.module", "builtin.unrealized_conversion_cast"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let error = match op.name {
        "builtin.module" => data_layout_failure(op, cx),
        "builtin.unrealized_conversion_cast" => cast_without_result(op),
        _ => None,
    };
    out.extend(error);
}

/// A generic `unrealized_conversion_cast` whose function type has no result (the custom
/// form cannot leave them out).
fn cast_without_result(op: &Op<'_>) -> Option<Diagnostic> {
    let generic = ast::GenericOp::cast(op.node.clone())?;
    let function_type = generic.function_type()?;
    let names_results = generic
        .syntax()
        .children()
        .any(|c| ast::OpResultList::can_cast(c.kind()));
    let written = function_type.syntax().text().to_string();
    let no_results = written.replace(char::is_whitespace, "").ends_with("->()");
    (no_results && !names_results && op.results.is_empty())
        .then(|| op.error("expected at least one result for cast operation"))
}

/// `ModuleOp::verify`: of the module's attributes (in name order), at most one may be a
/// data layout spec (`#dlti.dl_spec<...>`); the error notes the first two.
fn data_layout_failure(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let dict = match op.matched {
        Some(matched) => matched.attr_dict.clone()?,
        None => ast::GenericOp::cast(op.node.clone())?.attr_dict()?,
    };
    let mut specs: Vec<String> = Vec::new();
    for entry in dict.entries() {
        let (Some(name), Some(value)) = (entry.name(), entry.value()) else {
            continue;
        };
        if is_data_layout_spec(&cx.lower_attr(value.syntax())) {
            specs.push(name);
        }
    }
    specs.sort();
    let [first, second, ..] = specs.as_slice() else {
        return None;
    };
    let mut error = op.error("expects at most one data layout attribute");
    for name in [first, second] {
        error.notes.push(Note {
            range: op.at(),
            message: format!("'{name}' is a data layout attribute"),
        });
    }
    Some(error)
}

fn is_data_layout_spec(attr: &Attr) -> bool {
    matches!(attr, Attr::Opaque(o) if o.dialect == "dlti" && o.data.starts_with("dl_spec<"))
}
