//! `mlir-types`: builtin types and attributes (types stage, DESIGN §2), the first stage
//! after the parser: it must never know ops or dialect specs.
//!
//! Semantic builtin types and attributes (checklist §4a/§4b): `Type` and
//! `Attr` values lowered from the syntax tree with aliases expanded, and a canonical
//! printer that prints them exactly as `mlir-opt` does.
//!
//! - `values`: the value types; `affine`: affine expressions, maps and sets.
//! - `lower`, `lower_attr`, `lower_affine`: syntax → values (`type_of_node`,
//!   `attr_of_node`, `AliasTable`), total on broken trees.
//! - `print`, `float_print`: `Display`, MLIR's canonical forms.
//! - `float`, `bignum`: exact float formats and the arithmetic they need.
//! - `exact`: which types we model exactly, and when two surely differ.

mod affine;
mod bignum;
mod exact;
mod float;
mod float_print;
mod lower;
mod lower_affine;
mod lower_attr;
mod print;
mod values;

#[cfg(test)]
mod tests;

pub use affine::{AffineExpr, AffineMap, AffineOp, IntegerSet};
pub use exact::{exact, surely_differ};
pub use float::FloatKind;
pub use lower::{AliasGreens, AliasTable, Lowering, attr_of_node, type_of_node};
pub use lower_attr::compact_text;
pub use values::{
    Attr, FloatAttr, INDEX_WIDTH, IntegerAttr, OpaqueAttr, StridedLayout, StringAttr,
};
pub use values::{
    Dim, FunctionType, IntegerType, Layout, MemRefType, OpaqueType, RankedTensorType, Signedness,
    Type, UnrankedMemRefType, VectorDim, VectorType, i1_same_shape,
};
