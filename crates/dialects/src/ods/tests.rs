//! Tests of the ODS import on `test-data/ods/ToyOps.td`, a dialect of our own whose JSON
//! (`ToyOps.json`, from `llvm-tblgen --dump-json`) is checked in beside it.

use std::fmt::Write;

use expect_test::expect;
use mlir_types::Type;
use tablegen::Records;

use super::{OdsImport, lower};
use crate::registry::{OpSpec, Registry, TypeConstraint};

fn toy() -> OdsImport {
    let json = include_str!("../../../../test-data/ods/ToyOps.json");
    let records = Records::from_dump_json_str(json).expect("the fixture reads");
    lower(&[&records])
}

fn toy_op(name: &str) -> OpSpec {
    let import = toy();
    let op = import.ops.into_iter().find(|op| op.name == name);
    op.unwrap_or_else(|| panic!("{name} is imported"))
}

/// One line per declaration, in words.
fn outline(op: &OpSpec) -> String {
    let mut out = format!("{} ({}:{})\n", op.name, op.origin.file, op.origin.line);
    for v in &op.operands {
        let _ = writeln!(
            out,
            "  operand {}: {} {:?}",
            v.name,
            v.constraint.describe(),
            v.variadicity
        );
    }
    for v in &op.results {
        let _ = writeln!(
            out,
            "  result {}: {} {:?}",
            v.name,
            v.constraint.describe(),
            v.variadicity
        );
    }
    for a in &op.attributes {
        let _ = writeln!(
            out,
            "  attribute {}: {:?} {:?} property={}",
            a.name, a.constraint, a.presence, a.is_property
        );
    }
    for r in &op.regions {
        let _ = writeln!(
            out,
            "  region {}: {:?} variadic={}",
            r.name, r.constraint, r.variadic
        );
    }
    for s in &op.successors {
        let _ = writeln!(out, "  successor {} variadic={}", s.name, s.variadic);
    }
    let _ = writeln!(out, "  traits {:?}", op.traits);
    let _ = writeln!(
        out,
        "  format {} verifier {}",
        op.format.is_some(),
        op.has_verifier
    );
    out
}

#[test]
fn every_op_and_the_dialect_are_imported() {
    let import = toy();
    let mut names: Vec<&str> = import.ops.iter().map(|op| op.name.as_str()).collect();
    names.sort();
    expect![[r#"["toy.add", "toy.br", "toy.broken_format", "toy.cmp", "toy.const", "toy.count", "toy.fill", "toy.loop", "toy.pack", "toy.shape_of", "toy.sum", "toy.sync", "toy.tile", "toy.unbox", "toy.yield"]"#]]
        .assert_eq(&format!("{names:?}"));
    let dialect = &import.dialects[0];
    assert_eq!(dialect.name, "toy");
    assert_eq!(dialect.summary, "A dialect for tests");
    assert_eq!(
        dialect.description,
        "Ops to test the import with.\n\nSecond paragraph."
    );
    assert!(import.skipped.is_empty(), "{:?}", import.skipped);
}

#[test]
fn declarations_keep_their_variadicity_presence_and_words() {
    let ops = [
        "toy.add",
        "toy.sum",
        "toy.cmp",
        "toy.shape_of",
        "toy.loop",
        "toy.yield",
        "toy.br",
    ];
    let text: String = ops.iter().map(|name| outline(&toy_op(name))).collect();
    expect![[r#"
        toy.add (ToyOps.td:24)
          operand lhs: 32-bit signless integer or 32-bit float Single
          operand rhs: 32-bit signless integer or 32-bit float Single
          result result: 32-bit signless integer or 32-bit float Single
          attribute note: Str Optional property=false
          attribute bias: Int(64) Default("0") property=false
          traits [Pure, AllTypesMatch(["lhs", "rhs", "result"])]
          format true verifier false
        toy.sum (ToyOps.td:36)
          operand input: tensor of 32-bit float values Single
          operand dim: index Optional
          result result: 32-bit float Single
          attribute flags: Any Optional property=true
          attribute fast: Unit Optional property=false
          traits []
          format true verifier false
        toy.cmp (ToyOps.td:44)
          operand lhs: 32-bit signless integer Single
          operand rhs: 32-bit signless integer Single
          result result: 32-bit signless integer Single
          attribute predicate: Enum(EnumSpec { name: "Predicate", kind: Integer { width: 64 }, cases: [("eq", 0), ("ne", 1)], summary: "toy comparison" }) Required property=false
          traits []
          format true verifier false
        toy.shape_of (ToyOps.td:50)
          operand shape: toy shape Single
          result dims: index Variadic
          traits []
          format false verifier false
        toy.loop (ToyOps.td:55)
          operand inits: any type Variadic
          result results: any type Variadic
          region body: Sized(1) variadic=false
          traits [IsolatedFromAbove, SingleBlock, SingleBlockImplicitTerminator("toy.yield")]
          format false verifier true
        toy.yield (ToyOps.td:65)
          operand values: any type Variadic
          traits [Terminator, HasParent(["toy.loop"])]
          format true verifier false
        toy.br (ToyOps.td:70)
          successor dest variadic=false
          traits [Terminator, Branch]
          format true verifier false
    "#]].assert_eq(&text);
}

#[test]
fn imported_constraints_check_by_their_predicates() {
    let add = toy_op("toy.add");
    let lhs = &add.operands[0].constraint;
    assert!(lhs.matches(&Type::int(32)));
    assert!(lhs.matches(&Type::Float(mlir_types::FloatKind::F32)));
    assert!(!lhs.matches(&Type::Index));
    let sum = toy_op("toy.sum");
    let input = &sum.operands[0].constraint;
    assert!(!input.matches(&Type::Float(mlir_types::FloatKind::F32)));
    assert_eq!(input.describe(), "tensor of 32-bit float values");
    // A dialect's own type test is C++ we do not model: anything passes.
    let shape = &toy_op("toy.shape_of").operands[0].constraint;
    assert!(shape.matches(&Type::Index));
    assert!(matches!(shape, TypeConstraint::Imported(_)));
}

#[test]
fn a_format_naming_an_unknown_declaration_is_left_to_generic_reading() {
    assert!(toy_op("toy.broken_format").format.is_none());
    assert!(toy_op("toy.loop").format.is_none());
}

#[test]
fn built_in_specs_stay_over_imported_ones() {
    let base = Registry::with_builtin_specs().0;
    let mut import = toy();
    let mut fake = import.ops[0].clone();
    fake.name = "arith.addi".into();
    fake.docs.summary = "imported".into();
    import.ops.push(fake);
    let registry = base.with_imported(&import);
    assert_ne!(registry.op("arith.addi").unwrap().docs.summary, "imported");
    assert!(registry.op("toy.add").is_some());
    assert!(registry.dialect("toy").is_some());
}

#[test]
fn records_cut_down_to_what_the_roots_reach_lower_the_same() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test-data/ods/ToyOps.json"
    );
    let full = Records::from_dump_json(&std::fs::read(path).unwrap()).unwrap();
    let kept = full.reachable_through(super::is_lowered_root, super::is_read_field);
    assert!(
        kept.len() < full.len(),
        "nothing was cut: the test shows nothing"
    );
    let whole = format!("{:?}", lower(&[&full]));
    let cut = format!("{:?}", lower(&[&kept]));
    assert_eq!(whole, cut);
}

/// `ConfinedAttr`'s bounds are read from its constraints' predicates, `TypeAttrOf`'s type
/// from its predicate; messages quote ODS's summary, hover reads our words.
#[test]
fn confined_and_type_attributes_check_their_values() {
    use mlir_types::{Attr, FloatKind};
    let tile = toy_op("toy.tile");
    let words: String = tile
        .attributes
        .iter()
        .map(|a| {
            format!(
                "{}: {}\n  {}\n",
                a.name,
                a.constraint.describe(),
                a.constraint_words()
            )
        })
        .collect();
    expect![[r#"
        depth: 64-bit signless integer attribute whose minimum value is 0 whose maximum value is 8
          64-bit signless integer attribute whose minimum value is 0 whose maximum value is 8
        size: 64-bit signless integer attribute whose minimum value is 1
          64-bit signless integer attribute whose value is positive
        signature: type attribute of function type
          type attribute of function type
    "#]]
    .assert_eq(&words);
    let constraint = |name: &str| tile.attribute(name).unwrap().1.constraint.clone();
    let int = |value: i128| Attr::integer(Type::int(64), value);
    let depth = constraint("depth");
    assert!(depth.matches(&int(0)) && depth.matches(&int(8)));
    assert!(!depth.matches(&int(-1)) && !depth.matches(&int(9)));
    assert!(
        !depth.matches(&Attr::integer(Type::int(32), 3)),
        "an i64 attribute"
    );
    let size = constraint("size");
    assert!(size.matches(&int(1)) && !size.matches(&int(0)));
    let signature = constraint("signature");
    assert!(signature.matches(&Attr::Type(Type::function(vec![], vec![]))));
    assert!(!signature.matches(&Attr::Type(Type::Float(FloatKind::F32))));
    assert!(!signature.matches(&Attr::string("f32")));
}

#[test]
fn type_and_attribute_defs_are_documented() {
    let import = toy();
    let mut out = String::new();
    for def in &import.type_defs {
        let _ = writeln!(
            out,
            "{} {:?}: {} ({})",
            def.key(),
            def.kind,
            def.summary,
            def.assembly_format
        );
        for p in &def.parameters {
            let line = format!("  {}: {} {}", p.name, p.cpp_type, p.summary);
            let _ = writeln!(out, "{}", line.trim_end());
        }
        if !def.description.is_empty() {
            let _ = writeln!(out, "  {}", def.description);
        }
    }
    expect![[r#"
        !toy.box Type: a box of toy values (`<` $element `,` $count `>`)
          element: ::mlir::Type
          count: unsigned how many
          A box holds `count` values of `element`.
        #toy.color Attr: a color (`<` $rgb `>`)
          rgb: ::llvm::ArrayRef<int64_t> red, green and blue
    "#]]
    .assert_eq(&out);
}
