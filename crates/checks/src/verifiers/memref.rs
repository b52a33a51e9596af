//! Verifiers of `memref` ops beyond their ODS constraints (see `checks::verifiers`), one
//! submodule per family of ops; this file dispatches and holds what they share.

mod access;
mod alloc;
mod dense_literal;
mod dma;
mod global;
mod global_generic;
mod reshape;
mod views;

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use std::sync::Arc;

use mlir_types::{Attr, Dim, Layout, MemRefType, Type, UnrankedMemRefType};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "memref.alloc",
    "memref.alloca",
    "memref.realloc",
    "memref.view",
    "memref.prefetch",
    "memref.atomic_rmw",
    "memref.load",
    "memref.store",
    "memref.dma_start",
    "memref.dma_wait",
    "memref.global",
    "memref.reshape",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.reinterpret_cast",
    "memref.transpose",
];

/// Does the op's verifier read nothing but the op (its syntax, spec and types, and the
/// file's aliases)? Then ops of one shape share their verdict. An `alloca` looks for its
/// allocation scope, but only to decide whether to count its symbol operands: where
/// they fit its layout, where it stands changes nothing.
pub(super) fn reads_only_the_op(op: &Op<'_>) -> bool {
    SELF_CONTAINED_OPS.contains(&op.name)
        || op.name == "memref.alloca" && alloc::scope_decides_nothing(op)
}

/// The ops whose verifier always reads nothing but the op. `global` and the reshapes are
/// left out as rare.
const SELF_CONTAINED_OPS: &[&str] = &[
    "memref.alloc",
    "memref.realloc",
    "memref.view",
    "memref.prefetch",
    "memref.load",
    "memref.store",
    "memref.transpose",
];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let found = match op.name {
        "memref.alloc" => alloc::alloc(op),
        "memref.alloca" => alloc::alloca(op),
        "memref.realloc" => alloc::realloc(op),
        "memref.view" => alloc::view(op),
        "memref.prefetch" => access::prefetch(op),
        "memref.atomic_rmw" => access::atomic_rmw(op),
        "memref.load" => access::load(op),
        "memref.store" => access::store(op),
        "memref.dma_start" => dma::dma_start(op),
        "memref.dma_wait" => dma::dma_wait(op),
        "memref.global" => global::global(op, cx),
        "memref.reshape" => reshape::reshape(op),
        "memref.expand_shape" => reshape::expand_shape(op, cx),
        "memref.collapse_shape" => reshape::collapse_shape(op, cx),
        "memref.reinterpret_cast" => views::reinterpret_cast(op, cx),
        "memref.transpose" => views::transpose(op),
        _ => None,
    };
    out.extend(found);
}

/// What a type surely is, as far as a check asking "is it a ranked memref?" goes.
enum Kind<'t> {
    MemRef(&'t MemRefType),
    Other,
}

/// `None` when the type is unknown or could not be read.
fn kind(ty: Option<&Option<Type>>) -> Option<Kind<'_>> {
    match ty?.as_ref()? {
        Type::Error => None,
        Type::MemRef(memref) => Some(Kind::MemRef(memref)),
        _ => Some(Kind::Other),
    }
}

/// The ranked memref an operand or result surely has, if we know it.
fn ranked_memref(ty: Option<&Option<Type>>) -> Option<&MemRefType> {
    match kind(ty)? {
        Kind::MemRef(memref) => Some(memref),
        Kind::Other => None,
    }
}

/// Are all these types `index`? `None` when unknown; `Some(false)` as soon as one surely
/// is not, since that alone decides MLIR's check.
fn all_index(types: &[Option<Type>]) -> Option<bool> {
    let mut unknown = false;
    for ty in types {
        match ty {
            None | Some(Type::Error) => unknown = true,
            Some(Type::Index) => {}
            Some(_) => return Some(false),
        }
    }
    (!unknown).then_some(true)
}

/// Is the layout an identity in MLIR's sense (`isIdentity()`: its affine map is the
/// identity)? Identity affine maps are dropped when types are read, and a strided layout
/// is one only in one dimension with stride 1 and offset 0. `None` when we cannot tell.
fn identity_layout(memref: &MemRefType) -> Option<bool> {
    match &memref.layout {
        Layout::Identity => Some(true),
        Layout::AffineMap(_) => Some(false),
        Layout::Strided(strided) => match strided.strides.as_slice() {
            [] => None,
            [Dim::Static(1)] => Some(strided.offset == Dim::Static(0)),
            _ => Some(false),
        },
        Layout::Other(_) => None,
    }
}

fn memref_type(memref: &MemRefType) -> Type {
    Type::MemRef(Arc::new(memref.clone()))
}

/// Do two memory spaces surely differ? Asked through types that differ only by them, so
/// that only spaces we read exactly count.
fn memory_spaces_differ(a: &Option<Attr>, b: &Option<Attr>) -> bool {
    let with_space = |space: &Option<Attr>| {
        Type::UnrankedMemRef(Arc::new(UnrankedMemRefType {
            element: Type::Index,
            memory_space: space.clone(),
        }))
    };
    mlir_types::surely_differ(&with_space(a), &with_space(b))
}
