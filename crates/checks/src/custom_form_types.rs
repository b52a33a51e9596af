//! The types of an op in a custom form that MLIR parses in C++ (checks stage), where
//! they can be read from the written form: Linalg's structured ops and `llvm.call`. With
//! them, ODS's operand and result constraints are checked as for a generic op
//! (`'linalg.matmul' op operand #2 must be variadic of shaped of any type values, but
//! got 'f32'`, `'llvm.call' op result #0 must be LLVM dialect-compatible type`).

mod llvm_call;
mod structured;

use mlir_dialects::registry::{OpSpec, ValueSpec};
use mlir_syntax::SyntaxKind::COMMA;
use mlir_syntax::ast::{self, AstNode, CustomOpItem as Item};
use mlir_types::{Lowering, Type};

/// The operand types (with the declaration of each) and result types of a custom op.
pub(crate) struct CustomFormTypes<'s> {
    pub operands: Vec<Type>,
    pub constraints: Vec<&'s ValueSpec>,
    pub results: Vec<Type>,
}

impl<'s> CustomFormTypes<'s> {
    /// The types of `op`, if it is one of the ops whose form we read this way and its
    /// items read cleanly.
    pub(crate) fn of(
        op: &ast::CustomOp,
        spec: &'s OpSpec,
        lowering: &mut Lowering<'_>,
    ) -> Option<CustomFormTypes<'s>> {
        let items: Vec<Item> = op.items().collect();
        match spec.name.as_str() {
            "llvm.call" => llvm_call::of(&items, spec, lowering),
            _ => structured::of(&items, spec, lowering),
        }
    }
}

/// `items` as `x, y, z` of items that are `is_x`: the items, or `None`.
pub(super) fn separated(items: &[Item], is_x: impl Fn(&Item) -> bool) -> Option<Vec<&Item>> {
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let fits = match i % 2 {
            0 => is_x(item),
            _ => item.is_token(COMMA),
        };
        if !fits {
            return None;
        }
        if i % 2 == 0 {
            out.push(item);
        }
    }
    (items.len() % 2 == 1 || items.is_empty()).then_some(out)
}

pub(super) fn lower(item: &Item, lowering: &mut Lowering<'_>) -> Type {
    match item {
        Item::Type(ty) => lowering.lower_type(ty.syntax()),
        _ => Type::Error,
    }
}
