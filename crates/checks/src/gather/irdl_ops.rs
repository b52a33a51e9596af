//! The gatherer's part for ops of IRDL dialects (issue: IRDL): generic ops verified
//! against their definition (with their attributes and regions as MLIR sees them),
//! custom-form uses hinted at, and the block rules IRDL ops follow.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode};

use super::Gatherer;
use crate::diagnostic::{Diagnostic, Note};
use crate::op_types::OpTypes;
use mlir_hir::ops::op_name_range;
use mlir_types::{Attr, Type};

impl Gatherer<'_> {
    /// A generic op of a dialect the file defines in IRDL, verified against it.
    pub(super) fn irdl_op(
        &mut self,
        node: &SyntaxNode,
        op: &ast::GenericOp,
        name: &str,
        types: &OpTypes,
    ) {
        let Some(found) = mlir_dialects::irdl::find_op(self.irdl, name) else {
            return;
        };
        let at = op_name_range(node);
        let Some(def) = found else {
            let dialect = name.split_once('.').map_or("", |(d, _)| d);
            let message = super::unregistered_op(name, dialect);
            self.facts
                .errors
                .push(Diagnostic::error("irdl", message, at));
            return;
        };
        if let Some(properties) = op.properties() {
            let dict = properties
                .syntax()
                .children()
                .find(|c| c.kind() == SyntaxKind::ATTR_DICT)
                .map(|d| self.lowering.lower_attr(&d));
            let dict = dict.map_or_else(|| "{}".to_string(), |d| d.to_string());
            let message = format!(
                "invalid properties {dict} for op {name}: extensible Dialects don't support properties"
            );
            self.facts
                .errors
                .push(Diagnostic::error("irdl", message, at));
            return;
        }
        // Only a function type whose counts match the op gives every value a type.
        let operand_count = op.operands().count();
        let operands: Option<Vec<Type>> = types.operands.iter().map(|(_, t)| t.clone()).collect();
        let results: Option<Vec<Type>> = types.results.iter().cloned().collect();
        let (Some(operands), Some(results)) = (operands, results) else {
            return;
        };
        if operands.len() != operand_count {
            return;
        }
        let instance = mlir_dialects::irdl::OpInstance {
            name: name.to_string(),
            operands,
            results,
            attributes: self.attributes(op),
            regions: op.regions().map(|r| self.region_shape(&r)).collect(),
        };
        for failure in mlir_dialects::irdl::verify_op(def, self.irdl, &instance) {
            let mut error = Diagnostic::error("irdl", failure.message, failure.at.unwrap_or(at));
            if failure.at.is_some() {
                error.notes.push(Note {
                    range: at,
                    message: "see the operation".into(),
                });
            }
            self.facts.errors.push(error);
        }
    }

    /// The entries of a generic op's attribute dictionary.
    fn attributes(&mut self, op: &ast::GenericOp) -> Vec<(String, Attr)> {
        let Some(dict) = op.attr_dict() else {
            return Vec::new();
        };
        dict.entries()
            .filter_map(|entry| {
                let value = match entry.value() {
                    Some(value) => self.lowering.lower_attr(value.syntax()),
                    None => Attr::Unit,
                };
                Some((entry.name()?, value))
            })
            .collect()
    }

    /// A region's block count and its entry block's arguments (at their names).
    fn region_shape(&mut self, region: &ast::Region) -> mlir_dialects::irdl::RegionShape {
        let args = region
            .entry_block()
            .into_iter()
            .flat_map(|block| block.args().collect::<Vec<_>>());
        let entry_args = args
            .filter_map(|arg| {
                let ty = match arg.ty() {
                    Some(ty) => self.lowering.lower_type(ty.syntax()),
                    None => Type::Error,
                };
                Some((ty, arg.name_token()?.text_range()))
            })
            .collect();
        mlir_dialects::irdl::RegionShape {
            blocks: region.blocks().count(),
            entry_args,
        }
    }

    /// An IRDL op written in custom form: IRDL defines no custom syntax, so `mlir-opt`
    /// cannot parse it (it fails without a message); we read it as any op and say so.
    pub(super) fn irdl_custom_op(&mut self, node: &SyntaxNode, name: &str) {
        if self.is_irdl_op(name) {
            let message = format!(
                "'{name}' is defined in IRDL, which gives it no custom syntax: only its generic form \"{name}\"(...) is verified (and accepted by mlir-opt)"
            );
            let hint = Diagnostic::hint("irdl-custom-form", message, op_name_range(node));
            self.facts.errors.push(hint);
        }
    }

    /// Is `name` an op that an IRDL dialect of the body defines?
    pub(super) fn is_irdl_op(&self, name: &str) -> bool {
        matches!(mlir_dialects::irdl::find_op(self.irdl, name), Some(Some(_)))
    }
}
