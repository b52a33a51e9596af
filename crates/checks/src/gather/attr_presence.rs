//! The first invariant ODS verifies of an op written in generic form: each attribute its
//! spec requires is written, in its attribute dictionary or its properties
//! (`'affine.apply' op requires attribute 'map'`).

use mlir_dialects::registry::OpSpec;
use mlir_syntax::ast::{self, AttrDict};

/// MLIR's error for the first required attribute the op lacks. Properties are left out:
/// MLIR reads them with C++ of their own, which words a missing one differently.
pub(super) fn missing_attribute(op: &ast::GenericOp, spec: &OpSpec) -> Option<String> {
    let written = written_names(op);
    let missing = spec
        .attributes
        .iter()
        .find(|a| !a.is_optional() && !a.is_property && !written.contains(&a.name))?;
    Some(format!(
        "'{}' op requires attribute '{}'",
        spec.name, missing.name
    ))
}

/// The names of the attributes and properties written on `op`.
fn written_names(op: &ast::GenericOp) -> Vec<String> {
    let dicts: Vec<AttrDict> = op
        .attr_dict()
        .into_iter()
        .chain(op.properties().and_then(|p| p.attr_dict()))
        .collect();
    dicts
        .iter()
        .flat_map(|dict| dict.entries().filter_map(|entry| entry.name()))
        .collect()
}
