//! Evaluator tests: our fixtures evaluate to the records `llvm-tblgen --dump-json` gave
//! for them (the `.json` beside each, made by `scripts/regen-tablegen-json.sh`), and
//! errors are diagnostics with their place that cost only their statement.

use std::path::{Path, PathBuf};

use expect_test::{Expect, expect};

use crate::{Records, SourceCache, compare, evaluate};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data/tablegen")
}

fn evaluates_like_llvm_tblgen(name: &str) {
    let dir = fixtures();
    let mut cache = SourceCache::default();
    let evaluation = evaluate(
        &mut cache,
        &dir.join(format!("{name}.td")),
        std::slice::from_ref(&dir),
    );
    assert_eq!(evaluation.diagnostics, [], "{name}.td has no error");
    let expected = std::fs::read(dir.join(format!("{name}.json"))).expect("the fixture's JSON");
    let expected = Records::from_dump_json(&expected).expect("the fixture's JSON reads");
    let ours = Records::from_dump_json_str(&evaluation.records.to_dump_json()).expect("ours reads");
    let comparison = compare(&expected, &ours, &|_| false);
    assert_eq!(comparison.differences, Vec::<String>::new(), "{name}.td");
    assert_eq!(comparison.equal, comparison.compared);
    assert!(comparison.compared > 0);
}

#[test]
fn basics_evaluate_like_llvm_tblgen() {
    evaluates_like_llvm_tblgen("basics");
}

#[test]
fn includes_evaluate_like_llvm_tblgen() {
    evaluates_like_llvm_tblgen("includes");
}

#[test]
fn multiclasses_evaluate_like_llvm_tblgen() {
    evaluates_like_llvm_tblgen("multiclass");
}

#[test]
fn common_definitions_evaluate_like_llvm_tblgen() {
    evaluates_like_llvm_tblgen("common");
}

/// Evaluates `text` as a file `main.td` (with `extra` files beside it) and prints its
/// records and diagnostics.
fn check(text: &str, expected: Expect) {
    let dir = std::env::temp_dir().join(format!(
        "tablegen-eval-{}-{}",
        std::process::id(),
        fxhash(text)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let root = dir.join("main.td");
    std::fs::write(&root, text).unwrap();
    let mut cache = SourceCache::default();
    let evaluation = evaluate(&mut cache, &root, &[]);
    let mut out = String::new();
    for record in &evaluation.records {
        if !record.anonymous {
            out.push_str(&format!("{record}\n"));
        }
    }
    for diagnostic in &evaluation.diagnostics {
        out.push_str(&format!(
            "main.td:{}:{}: {}\n",
            diagnostic.line, diagnostic.column, diagnostic.message
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
    expected.assert_eq(&out);
}

fn fxhash(text: &str) -> u64 {
    text.bytes().fold(0xcbf29ce484222325, |hash, byte| {
        (hash ^ byte as u64).wrapping_mul(0x100000001b3)
    })
}

#[test]
fn late_binding_sees_a_later_let() {
    check(
        "class C<int x> { int Y = x; int Yplus1 = !add(Y, 1); }\nlet Y = 10 in def rec1 : C<5>;\ndef rec2 : C<5> { let Y = 7; }\n",
        expect![[r#"
            def rec1: C @ main.td:2
              Y = 10
              Yplus1 = 11
            def rec2: C @ main.td:3
              Y = 7
              Yplus1 = 8
        "#]],
    );
}

#[test]
fn an_error_costs_only_its_record() {
    check(
        "class A { int x = 1; }\ndef B : Missing;\ndef C : A { let y = 2; }\ndef D : A { let x = \"s\"; }\ndef E : A;\n",
        expect![[r#"
            def E: A @ main.td:5
              x = 1
            main.td:2:9: Couldn't find class 'Missing'
            main.td:3:17: Value 'y' unknown!
            main.td:4:17: Field 'x' of type 'int' is incompatible with value '"s"'
        "#]],
    );
}

#[test]
fn a_missing_include_is_reported_where_it_is() {
    check(
        "include \"nowhere.td\"\ndef X;\n",
        expect![[r#"
        def X @ main.td:2
        main.td:1:1: Could not find include file 'nowhere.td'
    "#]],
    );
}

#[test]
fn a_failed_assert_is_reported() {
    check(
        "class P<int n> { assert !gt(n, 0), \"n must be positive: \" # n; int N = n; }\ndef Good : P<1>;\ndef Bad : P<0>;\n",
        expect![[r#"
            def Good: P @ main.td:2
              N = 1
            def Bad: P @ main.td:3
              N = 0
            main.td:1:18: assertion failed: n must be positive: 0
        "#]],
    );
}

#[test]
fn foreach_over_a_huge_range_ends_with_an_error() {
    check(
        "foreach i = 0...100000000 in def R#i;\ndef After;\n",
        expect![[r#"
        def After @ main.td:2
        main.td:1:1: foreach over more than 1048576 values, or negative ones
    "#]],
    );
}

#[test]
fn a_class_that_instantiates_itself_ends() {
    check(
        "class R<int n> { int v = R<!add(n, 1)>.v; }\ndef X : R<0>;\n",
        expect![[r#"
        def X: R @ main.td:2
          v = anonymous_0.v
        main.td:1:1: class 'R' is instantiated too deeply (does it instantiate itself?)
        main.td:2:1: Initializer of 'v' in 'X' could not be fully resolved: anonymous_0.v
    "#]],
    );
}

#[test]
fn a_multiclass_that_instantiates_itself_ends_at_once() {
    check(
        "class I;\nmulticlass M {\n  def _a : I;\n  defm X : M;\n  defm Y : M;\n}\ndefm Top : M;\ndef After : I;\n",
        expect![[r#"
            def After: I @ main.td:8
            main.td:4:12: multiclass 'M' instantiates itself
            main.td:5:12: multiclass 'M' instantiates itself
        "#]],
    );
}

#[test]
fn wrong_template_arguments_are_errors_that_name_their_owner() {
    check(
        "class C<int a> { int A = a; }\nmulticlass M<int b> { def _x : C<b>; }\ndef X : C<1, 2>;\ndef Y : C<z = 1>;\ndefm Z : M<q = 1>;\ndef Ok : C<a = 3>;\n",
        expect![[r#"
            def Ok: C @ main.td:6
              A = 3
            main.td:3:14: Too many template arguments: C
            main.td:4:15: Argument z doesn't exist in class C
            main.td:5:16: Argument q doesn't exist in multiclass M
        "#]],
    );
}
