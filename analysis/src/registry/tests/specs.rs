//! Loading spec files: the built-in specs are well-formed, and malformed specs are
//! reported with their file and line.

use crate::registry::{AttrConstraint, Presence, Registry, Trait, TypeConstraint, Variadicity};

#[test]
fn builtin_specs_load_without_errors() {
    let (registry, errors) = Registry::with_builtin_specs();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(messages.is_empty(), "{}", messages.join("\n"));
    for dialect in [
        "func", "cf", "arith", "math", "builtin", "std", "memref", "tensor",
    ] {
        assert!(registry.dialect(dialect).is_some(), "{dialect}");
    }
}

#[test]
fn builtin_registry_covers_func_cf_arith_and_memref() {
    let registry = Registry::builtin();
    let names: Vec<&str> = registry.ops().iter().map(|op| op.name.as_str()).collect();
    let count = |dialect: &str| names.iter().filter(|n| n.starts_with(dialect)).count();
    assert_eq!(count("func."), 5);
    assert_eq!(count("cf."), 4);
    assert_eq!(count("arith."), 51);
    assert_eq!(count("builtin."), 2);
    assert_eq!(count("std."), 32);
    assert_eq!(count("memref."), 31);
    // Every op of MLIR 22's MathOps.td.
    assert_eq!(count("math."), 46);
    // Every op of MLIR 22's TensorOps.td.
    assert_eq!(count("tensor."), 21);
    assert!(names.is_sorted());
}

#[test]
fn math_specs_share_arith_fast_math_flags_and_derive_types() {
    let registry = Registry::builtin();
    let sqrt = registry.op("math.sqrt").unwrap();
    let (_, fastmath) = sqrt.attribute("fastmath").unwrap();
    assert_eq!(fastmath.presence, Presence::Default("none".into()));
    let flags = fastmath.constraint.enum_spec().unwrap();
    assert_eq!(flags.name, "FastMathFlags");
    assert!(flags.is_bits());
    // `math.isnan %x : f32` writes the operand type only; the `i1` result follows from it.
    let isnan = registry.op("math.isnan").unwrap();
    assert!(isnan.traits.iter().any(|t| matches!(
        t,
        Trait::TypesMatchWith { from, to, .. } if from == "operand" && to == "result"
    )));
    let sincos = registry.op("math.sincos").unwrap();
    assert_eq!(sincos.results.len(), 2);
    assert!(sincos.has_trait(&Trait::AllTypesMatch(vec![
        "operand".into(),
        "sin".into(),
        "cos".into()
    ])));
    let fpowi = registry.op("math.fpowi").unwrap();
    assert_eq!(
        fpowi.operands[1].constraint,
        TypeConstraint::SignlessIntegerLike
    );
}

#[test]
fn addi_spec_reads_like_ods() {
    let spec = Registry::builtin().op("arith.addi").unwrap();
    assert_eq!(spec.dialect, "arith");
    assert_eq!(spec.mnemonic(), "addi");
    let names: Vec<&str> = spec.operands.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["lhs", "rhs"]);
    assert_eq!(
        spec.operands[0].constraint,
        TypeConstraint::SignlessIntegerLike
    );
    assert_eq!(spec.results[0].name, "result");
    let flags = &spec.attributes[0];
    assert_eq!(flags.name, "overflowFlags");
    assert_eq!(flags.presence, Presence::Default("none".into()));
    assert!(flags.constraint.enum_spec().unwrap().is_bits());
    assert!(spec.has_trait(&Trait::SameOperandsAndResultType));
    assert!(spec.has_trait(&Trait::Commutative));
    assert!(spec.format.is_some());
    assert!(!spec.docs.summary.is_empty());
    assert_eq!(spec.origin.file, "arith.spec");
}

#[test]
fn func_specs_have_regions_successors_and_traits() {
    let registry = Registry::builtin();
    let func = registry.op("func.func").unwrap();
    assert_eq!(func.regions[0].name, "body");
    assert_eq!(func.default_dialect.as_deref(), Some("func"));
    assert!(func.has_trait(&Trait::IsolatedFromAbove));
    assert!(func.has_trait(&Trait::Symbol));
    let ret = registry.resolve("return", Some("func")).unwrap();
    assert!(ret.is_terminator());
    assert!(ret.has_trait(&Trait::HasParent(vec!["func.func".into()])));
    assert_eq!(ret.operands[0].variadicity, Variadicity::Variadic);
    let switch = registry.op("cf.switch").unwrap();
    assert!(switch.successors[1].variadic);
    assert_eq!(
        switch.operands[2].variadicity,
        Variadicity::VariadicOfVariadic
    );
    let call = registry.op("func.call").unwrap();
    assert_eq!(
        call.attribute("callee").unwrap().1.constraint,
        AttrConstraint::FlatSymbolRef
    );
}

/// Loads `text` as `test.spec` into a registry that has the built-in specs.
fn load_errors(text: &str) -> Vec<String> {
    let (mut registry, _) = Registry::with_builtin_specs();
    registry
        .load("test.spec", text)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn malformed_specs_report_file_and_line() {
    let text = "dialect t\n  summary: test\n\nop a\n  summary: A.\n  arguments: Nope:$x\n";
    assert_eq!(
        load_errors(text),
        ["test.spec:6: unknown type constraint `Nope`"]
    );
}

#[test]
fn every_kind_of_spec_error_is_reported() {
    let cases = [
        (
            "op a\n  summary: A.\n",
            "test.spec:1: an op before any `dialect` entry",
        ),
        (
            "dialect t\nop a\n  sumary: A.\n",
            "test.spec:3: unknown field `sumary`",
        ),
        (
            "dialect t\nop a\n  arguments: I32:$x\n",
            "test.spec:2: `op a` has no `summary`",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  summary: B.\n",
            "test.spec:4: repeated field `summary`",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  arguments: I32:$x\n  format: $y\n",
            "test.spec:5: format: `$y` is not declared",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  results: I32:$r\n  format: $r\n",
            "test.spec:5: format: result `$r` outside a type directive",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  arguments: I32:$x\n  format: attr-dict\n",
            "test.spec:5: format: `$x` is not written",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  format: custom<Nope>()\n",
            "test.spec:4: format: no hook for `custom<Nope>`",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  format: `x\n",
            "test.spec:4: format: unterminated literal (at offset 0)",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  traits: Pur\n",
            "test.spec:4: unknown trait `Pur`",
        ),
        (
            "dialect t\nop a\n  summary: A.\n  arguments: I32:$x, I64:$x\n",
            "test.spec:2: `$x` is declared twice",
        ),
        (
            "dialect t\n  summary t\n",
            "test.spec:2: expected `key: value`, found `summary t`",
        ),
        (
            "dialect t\nfoo bar\n",
            "test.spec:2: unknown entry kind `foo`",
        ),
        (
            "dialect t\nenum E\n  storage: I8\n  cases: a = x\n  summary: e\n",
            "test.spec:4: bad case value in `a = x`",
        ),
        (
            "dialect t\nop addi\n  summary: A.\nop addi\n  summary: B.\n",
            "test.spec:4: op `t.addi` is defined twice",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(load_errors(text), [expected], "{text}");
    }
}

#[test]
fn spec_entries_keep_blocks_and_continuations() {
    let text = "dialect t\n  summary: test\n\nop a\n  summary: A.\n  arguments: I32:$x,\n    Variadic<Index>:$ys\n  example: |\n    %0 = t.a\n\n      nested\n  description: |\n    # not a comment\n";
    let (mut registry, _) = Registry::with_builtin_specs();
    assert!(registry.load("test.spec", text).is_empty());
    let spec = registry.op("t.a").unwrap();
    assert_eq!(spec.operands.len(), 2);
    assert_eq!(spec.operands[1].variadicity, Variadicity::Variadic);
    assert_eq!(spec.docs.examples, ["%0 = t.a\n\n  nested"]);
    assert_eq!(spec.docs.description, "# not a comment");
    assert!(spec.format.is_none());
}
