//! Verifiers of `arith` ops beyond their ODS constraints (see `checks::verifiers`): the
//! comparison predicates, `arith.constant`'s value, `arith.select`'s condition, and the
//! `ElementwiseMappable` rule of the ops with several results.

mod constant;
mod format_errors;

use format_errors::format_failure;

use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use crate::diagnostic::Diagnostic;
use crate::report::item_range;
use crate::verifiers::op::{Cx, Op};
use mlir_dialects::registry::AttrValue;
use mlir_types::exact;
use mlir_types::{Attr, Type};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "arith.constant",
    "arith.cmpi",
    "arith.cmpf",
    "arith.select",
    "arith.addui_extended",
    "arith.mulsi_extended",
    "arith.mului_extended",
];

/// The ops whose verifier reads nothing but the op (its syntax, spec and types, and the
/// file's aliases): all of them. A verifier that looks at other values or at the ops
/// around its op must be left out (ops of one shape share their verdict).
pub(super) const SELF_CONTAINED_OPS: &[&str] = OPS;

/// The ops whose custom parser this file checks.
pub(super) const PARSED_OPS: &[&str] = &["arith.constant", "arith.cmpi", "arith.cmpf"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let error = match op.name {
        "arith.constant" => constant::verify(op, cx),
        "arith.cmpi" | "arith.cmpf" => predicate_failure(op, cx),
        "arith.select" => condition_failure(op),
        _ => elementwise_failure(op),
    };
    out.extend(error);
}

/// What the parser of `arith.cmpi` and `arith.cmpf` rejects: a predicate that is not
/// one of the enum's keywords, and (since the result type is derived from it) an `lhs`
/// type outside the operand constraint.
pub(super) fn parse_check(op: &Op<'_>) -> Option<Diagnostic> {
    let is_comparison = matches!(op.name, "arith.cmpi" | "arith.cmpf");
    match (op.matched, is_comparison) {
        (None, true) => return bad_predicate(op).or_else(|| missing_literal(op)),
        (None, false) if op.name == "arith.constant" => {
            return constant::value_type_failure(op).or_else(|| format_failure(op));
        }
        (None, false) => {
            return format_failure(op).or_else(|| missing_literal(op));
        }
        (Some(_), false) if op.name == "arith.constant" => {
            return constant::literal_range_failure(op);
        }
        (Some(_), false) => return None,
        (Some(_), true) => {}
    }
    let constraint = &op.spec.operands.first()?.constraint;
    let lhs = op.operands.first()?.as_ref()?;
    (exact(lhs) && !constraint.matches(lhs)).then(|| {
        let message = format!("'lhs' must be {}, but got '{lhs}'", constraint.describe());
        op.parse_error(message, op.at())
    })
}

/// Past what `format_failure` follows: a literal of the format missing where the parser
/// wants it (`custom op 'arith.index_cast' expected 'to'`).
fn missing_literal(op: &Op<'_>) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    match mlir_dialects::registry::fit_op(&custom, op.spec) {
        mlir_dialects::registry::Fit::Expected(missing) => {
            crate::left_over::missing_piece(op.name, &missing)
        }
        _ => None,
    }
}

/// `expected string or keyword containing one of the following enum values ...` when the
/// first item of an unmatched comparison is not a case of its predicate enum. An item
/// that is a case says nothing: the syntax went wrong further on.
fn bad_predicate(op: &Op<'_>) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let (_, attr) = op.spec.attribute("predicate")?;
    let cases = &attr.constraint.enum_spec()?.cases;
    let first = custom.items().next()?;
    let word = match &first {
        CustomOpItem::Keyword(keyword) => keyword.text(),
        CustomOpItem::Attribute(ast::Attribute::Literal(literal)) => literal.string_value(),
        _ => None,
    };
    if word.is_some_and(|w| cases.iter().any(|(case, _)| *case == w)) {
        return None;
    }
    let names: Vec<&str> = cases.iter().map(|(case, _)| case.as_str()).collect();
    let message = format!(
        "expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
        names.join(", ")
    );
    Some(op.parse_error(message, item_range(&first)))
}

/// A generic comparison's `predicate`: present, and a case of its enum. (The custom form
/// writes it as a keyword the parser already checked; the result type is checked by the
/// spec's `TypesMatchWith`.)
fn predicate_failure(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    if !op.is_generic() {
        return None;
    }
    let Some(entry) = op.generic_attr("predicate") else {
        return Some(op.error("requires attribute 'predicate'"));
    };
    let attr = match entry.value() {
        Some(value) => cx.lower_attr(value.syntax()),
        None => Attr::Unit,
    };
    // A property of the wrong kind or value fails its conversion instead.
    if op.in_properties("predicate") {
        return None;
    }
    let (_, spec) = op.spec.attribute("predicate")?;
    (attr.is_read_exactly() && !spec.constraint.matches(&attr)).then(|| {
        op.error(format!(
            "attribute 'predicate' failed to satisfy constraint: {}",
            spec.constraint.describe()
        ))
    })
}

/// `arith.select`: the condition is `i1`, or has the result's shape (dynamic sizes
/// included); then the elementwise rule.
fn condition_failure(op: &Op<'_>) -> Option<Diagnostic> {
    let (Some(Some(condition)), Some(Some(result))) = (op.operands.first(), op.results.first())
    else {
        return None;
    };
    if !exact(condition) || !exact(result) || condition.is_signless_int(1) {
        return elementwise_failure(op);
    }
    // MLIR compares the shapes of two shaped types; other pairs we leave alone.
    match (condition.shape(), result.shape()) {
        (Some(a), Some(b)) if a != b => {
            Some(op.error("failed to verify that condition is signless i1 or has matching shape"))
        }
        (Some(_), Some(_)) => elementwise_failure(op),
        _ => None,
    }
}

/// MLIR's `verifyElementwise`: once an operand is a vector or tensor, every result is one,
/// all of the same kind and of compatible shapes.
fn elementwise_failure(op: &Op<'_>) -> Option<Diagnostic> {
    let types: Vec<&Type> = op.operands.iter().chain(op.results).flatten().collect();
    if types.len() != op.operands.len() + op.results.len() || !types.iter().all(|t| exact(t)) {
        return None;
    }
    let mappable = |t: &&Type| mappable_kind(t).is_some();
    let operands = op.operands.iter().flatten().filter(mappable).count();
    let results = op.results.iter().flatten().filter(mappable).count();
    let message = match (operands, results) {
        (0, 0) => return None,
        (0, _) => "if a result is non-scalar, then at least one operand must be non-scalar",
        (_, 0) => "if an operand is non-scalar, then there must be at least one non-scalar result",
        (_, n) if n != op.results.len() => {
            "if an operand is non-scalar, then all results must be non-scalar"
        }
        _ => {
            let shaped: Vec<&Type> = types.into_iter().filter(mappable).collect();
            let kinds_differ = shaped
                .windows(2)
                .any(|w| mappable_kind(w[0]) != mappable_kind(w[1]));
            if !kinds_differ && !shapes_incompatible(&shaped) {
                return None;
            }
            "all non-scalar operands/results must have the same shape and base type"
        }
    };
    Some(op.error(message))
}

/// The kind of a vector or tensor (MLIR compares their type ids).
#[derive(PartialEq, Eq, Clone, Copy)]
enum Mappable {
    Vector,
    RankedTensor,
    UnrankedTensor,
}

fn mappable_kind(ty: &Type) -> Option<Mappable> {
    match ty {
        Type::Vector(_) => Some(Mappable::Vector),
        Type::RankedTensor(_) => Some(Mappable::RankedTensor),
        Type::UnrankedTensor(_) => Some(Mappable::UnrankedTensor),
        _ => None,
    }
}

/// Do ranked shapes surely disagree: different ranks, or two static sizes of a dimension?
fn shapes_incompatible(types: &[&Type]) -> bool {
    use mlir_types::Dim;
    let shapes: Vec<Vec<Dim>> = types.iter().filter_map(|t| t.shape()).collect();
    shapes.windows(2).any(|w| {
        w[0].len() != w[1].len()
            || w[0].iter().zip(&w[1]).any(|pair| match pair {
                (Dim::Static(a), Dim::Static(b)) => a != b,
                _ => false,
            })
    })
}

/// The attribute node of the op's `value`: written by the custom syntax, or an entry of
/// a generic op. `None` when absent.
fn value_node(op: &Op<'_>) -> Option<Option<mlir_syntax::SyntaxNode>> {
    if let Some(matched) = op.matched {
        return match &matched.attribute("value")?.value {
            AttrValue::Node(node) => Some(Some(node.clone())),
            _ => Some(None),
        };
    }
    let entry = op.generic_attr("value")?;
    Some(entry.value().map(|v| v.syntax().clone()))
}
