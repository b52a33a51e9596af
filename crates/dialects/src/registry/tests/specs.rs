//! Loading spec files: the built-in specs are well-formed, and malformed specs are
//! reported with their file and line.

use super::{attr, matched, ty};
use crate::registry::{
    AttrConstraint, AttrValue, Presence, Registry, Trait, TypeConstraint, Variadicity,
};

#[test]
fn builtin_specs_load_without_errors() {
    let (registry, errors) = Registry::with_builtin_specs();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(messages.is_empty(), "{}", messages.join("\n"));
    for dialect in [
        "func", "cf", "arith", "math", "builtin", "std", "memref", "tensor", "index", "complex",
        "vector",
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
    // Every op of MLIR 22's IndexOps.td and ComplexOps.td.
    assert_eq!(count("index."), 26);
    assert_eq!(count("complex."), 29);
    // Every op of MLIR 22's VectorOps.td.
    assert_eq!(count("vector."), 39);
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
fn index_cmp_predicate_and_complex_element_constraints() {
    let registry = Registry::builtin();
    // `index.cmp slt(%a, %b)`: the predicate is a bare keyword before the parentheses.
    let cmp = registry.op("index.cmp").unwrap();
    let (_, pred) = cmp.attribute("pred").unwrap();
    let predicate = pred.constraint.enum_spec().unwrap();
    assert_eq!(predicate.name, "IndexCmpPredicate");
    assert_eq!(predicate.case("uge"), Some(9));
    assert_eq!(
        pred.constraint.describe(),
        "index comparison predicate kind"
    );
    let m = matched("%r = index.cmp slt(%a, %b)\n", "index.cmp").unwrap();
    assert_eq!(
        m.attribute("pred").unwrap().value,
        AttrValue::Keyword("slt".into())
    );
    assert!(matched("%r = index.cmp lt(%a, %b)\n", "index.cmp").is_none());
    // A mnemonic with a dot, and `IndexAttr`.
    assert!(registry.op("index.bool.constant").is_some());
    let constant = registry.op("index.constant").unwrap();
    let value = &constant.attribute("value").unwrap().1.constraint;
    assert!(value.matches(&attr("42 : index")));
    assert!(!value.matches(&attr("42 : i64")));
    assert_eq!(value.describe(), "index attribute");
    // `Complex<AnyFloat>` and `AnyComplex`, in MLIR's words.
    let re = &registry.op("complex.re").unwrap().operands[0].constraint;
    assert!(re.matches(&ty("complex<f32>")));
    assert!(!re.matches(&ty("complex<i32>")));
    assert!(!re.matches(&ty("f32")));
    assert_eq!(re.describe(), "complex type with floating-point elements");
    let any = &registry.op("complex.constant").unwrap().results[0].constraint;
    assert!(any.matches(&ty("complex<i1>")));
    assert_eq!(any.describe(), "complex-type");
    // arith's fast-math flags: defaulted on most ops, optional on `powi`.
    let (_, fastmath) = registry
        .op("complex.mul")
        .unwrap()
        .attribute("fastmath")
        .unwrap();
    assert_eq!(fastmath.presence, Presence::Default("none".into()));
    assert_eq!(
        fastmath.constraint.enum_spec().unwrap().name,
        "FastMathFlags"
    );
    let (_, powi) = registry
        .op("complex.powi")
        .unwrap()
        .attribute("fastmath")
        .unwrap();
    assert_eq!(powi.presence, Presence::Optional);
    let m = matched(
        "%r = complex.powi %b, %n fastmath<nnan> : complex<f32>, i32\n",
        "complex.powi",
    )
    .unwrap();
    assert_eq!(
        m.attribute("fastmath").unwrap().value,
        AttrValue::Flags(vec!["nnan".into()])
    );
}

#[test]
fn vector_combining_kinds_positions_and_vector_constraints() {
    let registry = Registry::builtin();
    // `#vector.kind<add>` is written `<add>` in custom form, or in full.
    let kind = |text: &str| {
        matched(text, "vector.reduction").map(|m| m.attribute("kind").unwrap().value.clone())
    };
    let add = AttrValue::Flags(vec!["add".into()]);
    assert_eq!(
        kind("%r = vector.reduction <add>, %v : vector<4xf32> into f32\n"),
        Some(add)
    );
    assert!(
        kind("%r = vector.reduction #vector.kind<maxnumf>, %v : vector<4xf32> into f32\n")
            .is_some()
    );
    assert!(kind("%r = vector.reduction <sum>, %v : vector<4xf32> into f32\n").is_none());
    let reduction = registry.op("vector.reduction").unwrap();
    let (_, combining) = reduction.attribute("kind").unwrap();
    assert_eq!(
        combining.constraint.enum_spec().unwrap().case("xor"),
        Some(10)
    );
    // A position mixing constants and values; `deinterleave`'s second result is typed as
    // its first.
    let m = matched(
        "%x = vector.extract %v[2, %i] : f32 from vector<4x8xf32>\n",
        "vector.extract",
    )
    .unwrap();
    assert_eq!(m.operand_segments[1].len(), 1);
    let m = matched(
        "%a, %b = vector.deinterleave %v : vector<8xi32> -> vector<4xi32>\n",
        "vector.deinterleave",
    )
    .unwrap();
    assert!(m.result_types[1].is_some());
    // Ops MLIR parses in C++ have no format; those it verifies in C++ are marked.
    let transfer = registry.op("vector.transfer_read").unwrap();
    assert!(transfer.format.is_none() && transfer.has_verifier);
    assert!(!registry.op("vector.fma").unwrap().has_verifier);
    // MLIR 22's vector constraints, in ODS's words.
    let operand = |op: &str, i: usize| registry.op(op).unwrap().operands[i].constraint.clone();
    let result = |op: &str| registry.op(op).unwrap().results[0].constraint.clone();
    let cases = [
        (
            operand("vector.extract_strided_slice", 0),
            &["vector<[4]xf32>"][..],
            &["vector<f32>"][..],
            "vector of any type values",
        ),
        (
            operand("vector.shuffle", 0),
            &["vector<f32>"],
            &["vector<2x[4]xf32>"],
            "fixed-length vector of any type values",
        ),
        (
            operand("vector.compressstore", 2),
            &[],
            &["vector<[4]xi1>", "vector<i1>"],
            "fixed-length vector of 1-bit signless integer values",
        ),
        (
            result("vector.step"),
            &["vector<[4]xindex>"],
            &["vector<4x4xindex>"],
            "vector of index values of ranks 1",
        ),
        (
            operand("vector.scalable.extract", 0),
            &["vector<[4]xf32>"],
            &["vector<4xf32>"],
            " of ranks 1",
        ),
    ];
    for (constraint, accepted, rejected, words) in cases {
        assert!(
            accepted.iter().all(|t| constraint.matches(&ty(t))),
            "{words}"
        );
        assert!(
            !rejected.iter().any(|t| constraint.matches(&ty(t))),
            "{words}"
        );
        assert_eq!(constraint.describe(), words);
    }
    assert_eq!(
        operand("vector.gather", 0).describe(),
        "Tensor or MemRef of any type values"
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
            "dialect t\nop a\n  summary: A.\n  hasVerifier: yes\n",
            "test.spec:4: `hasVerifier` is 0 or 1, not `yes`",
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
