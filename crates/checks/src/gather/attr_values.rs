//! ODS's constraints on the values of an op's inherent attributes, which MLIR verifies
//! after their presence: `'gpu.func' op attribute 'function_type' failed to satisfy
//! constraint: type attribute of function type`, `'linalg.index' op attribute 'dim'
//! failed to satisfy constraint: 64-bit signless integer attribute whose minimum value
//! is 0`. Only values we read exactly are judged.

use mlir_dialects::registry::{AttrConstraint, AttrSpec, AttrValue, OpMatch, OpSpec};
use mlir_syntax::ast::{self, AstNode, AttrDict};
use mlir_types::{Attr, Lowering};

/// MLIR's error for the first attribute of `op` (in its spec's order) whose written value
/// fails its constraint. An entry of the attribute dictionary is held to the whole
/// constraint; a property only when it is an integer where an integer is asked for
/// (another kind fails its conversion, which MLIR words differently).
pub(super) fn generic_failure(
    op: &ast::GenericOp,
    spec: &OpSpec,
    lowering: &mut Lowering<'_>,
) -> Option<String> {
    let attributes = entries(op.attr_dict());
    let properties = entries(op.properties().and_then(|p| p.attr_dict()));
    spec.attributes.iter().find_map(|attr| {
        let failed = if let Some(value) = value_of(&attributes, &attr.name) {
            entry_fails(attr, &lowering.lower_attr(value.syntax()))
        } else if let Some(value) = value_of(&properties, &attr.name) {
            let value = lowering.lower_attr(value.syntax());
            is_integer_constraint(&attr.constraint)
                && matches!(value, Attr::Integer(_))
                && !attr.constraint.matches(&value)
        } else {
            false
        };
        failed.then(|| message(spec, attr))
    })
}

/// The same for an op in custom form: its attribute dictionary as in generic form, and
/// the bounds of the integers its format reads (the format gave them their type, so only
/// the value is judged).
pub(super) fn custom_failure(
    matched: &OpMatch,
    spec: &OpSpec,
    lowering: &mut Lowering<'_>,
) -> Option<String> {
    if spec.attributes.is_empty() {
        return None;
    }
    let attributes = entries(matched.attr_dict.clone());
    spec.attributes.iter().find_map(|attr| {
        let failed = if let Some(entry) = entry_named(&attributes, &attr.name) {
            custom_entry_value(entry, lowering).is_some_and(|value| entry_fails(attr, &value))
        } else if let AttrConstraint::Bounded(_, bounds) = &attr.constraint
            && let Some(AttrValue::Node(node)) = matched.attribute(&attr.name).map(|a| &a.value)
        {
            !bounds.admits(&lowering.lower_attr(node))
        } else {
            false
        };
        failed.then(|| message(spec, attr))
    })
}

/// The value of an entry of a custom op's dictionary, which the syntax keeps as the
/// items it holds (an op's own parser may read values there): judged only when it is one
/// attribute or one type (`{size = 0}`, `{signature = (i32) -> ()}`), not `1 : i32`.
fn custom_entry_value(entry: &ast::AttrEntry, lowering: &mut Lowering<'_>) -> Option<Attr> {
    let mut nodes = entry.syntax().children();
    let (Some(node), None) = (nodes.next(), nodes.next()) else {
        return None;
    };
    let after_value = node.next_sibling_or_token();
    if after_value.is_some_and(|t| !t.kind().is_trivia()) {
        return None;
    }
    if ast::Attribute::can_cast(node.kind()) {
        return Some(lowering.lower_attr(&node));
    }
    ast::Type::can_cast(node.kind()).then(|| Attr::Type(lowering.lower_type(&node)))
}

/// Does an entry of an attribute dictionary fail its constraint, surely?
fn entry_fails(attr: &AttrSpec, value: &Attr) -> bool {
    value.is_read_exactly() && !attr.constraint.matches(value)
}

fn message(spec: &OpSpec, attr: &AttrSpec) -> String {
    format!(
        "'{}' op attribute '{}' failed to satisfy constraint: {}",
        spec.name,
        attr.name,
        attr.constraint_words()
    )
}

fn entries(dict: Option<AttrDict>) -> Vec<ast::AttrEntry> {
    dict.map(|d| d.entries().collect()).unwrap_or_default()
}

fn entry_named<'e>(entries: &'e [ast::AttrEntry], name: &str) -> Option<&'e ast::AttrEntry> {
    entries.iter().find(|e| e.name().as_deref() == Some(name))
}

fn value_of(entries: &[ast::AttrEntry], name: &str) -> Option<ast::Attribute> {
    entry_named(entries, name)?.value()
}

fn is_integer_constraint(constraint: &AttrConstraint) -> bool {
    matches!(
        constraint.unbounded(),
        AttrConstraint::Int(_) | AttrConstraint::IndexInt
    )
}
