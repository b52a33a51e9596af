//! Syntax validation (stage 3, after parsing): the errors upstream MLIR's parser reports on
//! builtin attributes and types that are grammatically well formed — typed literals,
//! `dense`/`sparse` elements, dense arrays, affine maps, builtin type rules and the file
//! metadata block — with MLIR's messages and positions (DESIGN §3.4).
//!
//! Every check first requires its node to be complete, so a construct the parser already
//! reported as broken gets no second error, and every check gives up (reports nothing)
//! where upstream's answer would depend on something it cannot see, such as a dialect
//! type or an alias defined in another chunk: an error on valid IR is the worst outcome.

mod affine;
mod context;
mod elements;
mod int;
mod literal;
mod metadata;
mod sparse;
mod ty;
mod types;

#[cfg(test)]
mod tests;

use crate::SyntaxKind::*;
use crate::{SyntaxError, SyntaxNode};

/// Extra syntax errors of a parsed tree, in tree order.
pub fn validate(root: &SyntaxNode) -> Vec<SyntaxError> {
    let mut cx = context::Context::new(root);
    for node in root.descendants() {
        match node.kind() {
            LITERAL_ATTR => literal::check(&mut cx, &node),
            DENSE_ATTR => elements::check_dense(&mut cx, &node),
            DENSE_RESOURCE_ATTR => elements::check_resource(&mut cx, &node),
            SPARSE_ATTR => sparse::check(&mut cx, &node),
            DENSE_ARRAY_ATTR => literal::check_array(&mut cx, &node),
            AFFINE_MAP_ATTR | AFFINE_SET_ATTR => affine::check(&mut cx, &node),
            VECTOR_TYPE | TENSOR_TYPE | MEMREF_TYPE | COMPLEX_TYPE => types::check(&mut cx, &node),
            FILE_METADATA => metadata::check(&mut cx, &node),
            _ => {}
        }
    }
    cx.into_errors()
}
