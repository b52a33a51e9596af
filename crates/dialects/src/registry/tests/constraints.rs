//! Type and attribute constraints: what they accept and how MLIR words them.

use super::{attr, ty};
use crate::registry::{AttrConstraint, Registry, TypeConstraint};
use mlir_types::{Attr, Type};

#[test]
fn like_constraints_accept_scalars_vectors_and_tensors() {
    let c = TypeConstraint::SignlessIntegerLike;
    for ok in [
        "i32",
        "index",
        "vector<4xi8>",
        "tensor<?xindex>",
        "tensor<*xi1>",
    ] {
        assert!(c.matches(&ty(ok)), "{ok}");
    }
    for bad in ["f32", "si32", "memref<4xi32>", "vector<4xf32>"] {
        assert!(!c.matches(&ty(bad)), "{bad}");
    }
    assert!(!TypeConstraint::SignlessFixedWidthIntegerLike.matches(&ty("index")));
    assert!(TypeConstraint::FloatLike.matches(&ty("vector<2xbf16>")));
    assert!(TypeConstraint::BoolLike.matches(&ty("tensor<2xi1>")));
    assert!(!TypeConstraint::BoolLike.matches(&ty("i8")));
    assert!(!TypeConstraint::SignlessIntegerOrFloatLike.matches(&ty("index")));
}

#[test]
fn descriptions_are_mlir_words() {
    let cases = [
        (TypeConstraint::SignlessIntegerLike, "signless-integer-like"),
        (
            TypeConstraint::SignlessFixedWidthIntegerLike,
            "signless-fixed-width-integer-like",
        ),
        (TypeConstraint::FloatLike, "floating-point-like"),
        (TypeConstraint::BoolLike, "bool-like"),
        (TypeConstraint::SignlessInt(1), "1-bit signless integer"),
        (TypeConstraint::AnyInteger, "integer"),
        (TypeConstraint::Function, "function type"),
        (
            TypeConstraint::Vector(Box::new(TypeConstraint::Any)),
            "vector of any type values",
        ),
        (
            TypeConstraint::AnyOf(vec![TypeConstraint::Index, TypeConstraint::AnyFloat]),
            "index or floating-point",
        ),
    ];
    for (constraint, words) in cases {
        assert_eq!(constraint.describe(), words);
    }
}

#[test]
fn spec_declared_constraints_use_their_summary() {
    let spec = Registry::builtin().op("arith.index_cast").unwrap();
    let c = &spec.operands[0].constraint;
    assert_eq!(
        c.describe(),
        "signless-integer-like or memref of signless-integer"
    );
    assert!(c.matches(&ty("memref<4xindex>")));
    assert!(c.matches(&ty("i32")));
    assert!(!c.matches(&ty("f32")));
    let bitcast = &Registry::builtin().op("arith.bitcast").unwrap().operands[0].constraint;
    assert!(!bitcast.matches(&ty("index")));
    assert!(bitcast.matches(&ty("memref<2xf16>")));
}

#[test]
fn error_types_satisfy_everything() {
    assert!(TypeConstraint::Index.matches(&Type::Error));
    assert!(AttrConstraint::Str.matches(&Attr::Error));
}

#[test]
fn attribute_constraints() {
    let registry = Registry::builtin();
    let predicate = &registry.op("arith.cmpi").unwrap().attributes[0].constraint;
    assert!(predicate.matches(&attr("2 : i64")));
    assert!(!predicate.matches(&attr("12 : i64")));
    assert!(!predicate.matches(&attr("2 : i32")));
    assert_eq!(
        predicate.describe(),
        "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"
    );
    let fastmath = &registry.op("arith.addf").unwrap().attributes[0].constraint;
    assert!(fastmath.matches(&attr("#arith.fastmath<fast>")));
    assert!(!fastmath.matches(&attr("1 : i32")));
    assert_eq!(fastmath.describe(), "Floating point fast math flags");
    assert!(AttrConstraint::FlatSymbolRef.matches(&attr("@f")));
    assert!(!AttrConstraint::FlatSymbolRef.matches(&attr("@f::@g")));
    assert!(!AttrConstraint::FlatSymbolRef.matches(&attr("\"f\"")));
    assert_eq!(
        AttrConstraint::FlatSymbolRef.describe(),
        "flat symbol reference attribute"
    );
    assert!(AttrConstraint::Unit.matches(&attr("unit")));
    assert!(AttrConstraint::DenseI32Array.matches(&attr("array<i32: 1, 2>")));
    assert!(AttrConstraint::DenseI64Array.matches(&attr("array<i64: 1, 2>")));
    assert!(!AttrConstraint::DenseI64Array.matches(&attr("array<i32: 1, 2>")));
    assert!(AttrConstraint::Array.matches(&attr("[1, \"a\"]")));
    assert!(AttrConstraint::DictArray.matches(&attr("[{a}, {}]")));
    assert_eq!(
        AttrConstraint::DictArray.describe(),
        "Array of dictionary attributes"
    );
}

#[test]
fn scf_constraints() {
    let registry = Registry::builtin();
    let for_op = registry.op("scf.for").unwrap();
    let bound = &for_op.operands[0].constraint;
    assert!(bound.matches(&ty("index")) && bound.matches(&ty("i16")));
    assert!(!bound.matches(&ty("si16")) && !bound.matches(&ty("f32")));
    assert_eq!(bound.describe(), "signless integer or index");
    let outputs = &registry.op("scf.forall").unwrap().operands[3].constraint;
    assert!(outputs.matches(&ty("tensor<4xf32>")));
    assert!(!outputs.matches(&ty("tensor<*xf32>")) && !outputs.matches(&ty("memref<4xf32>")));
    assert_eq!(outputs.describe(), "ranked tensor of any type values");
}
