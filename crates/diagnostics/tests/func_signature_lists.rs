//! The first error MLIR reports for broken `func.func` signatures and result lists
//! (`verifiers/func/lists.rs` of `mlir-checks`), as a file's diagnostics show it.

use mlir_diagnostics::line_index::LineIndex;

/// The first diagnostic of one `func.func` as `line:column: message` (1-based, as
/// `mlir-opt` prints them), or `none`.
fn first_error(text: &str) -> String {
    let diagnostics = mlir_diagnostics::file_diagnostics(text, false);
    let Some(d) = diagnostics.first() else {
        return "none".into();
    };
    let at = LineIndex::new(text).line_col(d.range.start());
    format!("{}:{}: {}", at.line + 1, at.col + 1, d.message)
}

/// Each text's first diagnostic is the one given (as `first_error` writes it).
fn assert_first_errors(cases: &[(&str, &str)]) {
    for (text, expected) in cases {
        assert_eq!(first_error(text), *expected, "{text}");
    }
}

#[test]
fn entries_end_with_a_comma_or_the_list() {
    // Each position and message is `mlir-opt`'s (MLIR 22) on the same text.
    let cases = [
        ("func.func @a(i32 f32)", "1:17: expected ')'"),
        (
            "func.func @g(i32 {a.b} loc(unknown) f32)",
            "1:36: expected ')'",
        ),
        ("func.func @l(i32 %a)", "1:17: expected ')'"),
        ("func.func @o(i32 -> f32)", "1:17: expected ')'"),
        ("func.func @i() -> (i32 f32)", "1:23: expected ')'"),
        ("func.func @p() -> (i32 {a.b} f32)", "1:29: expected ')'"),
        // A result takes no location.
        (
            "func.func @m(%a: i32) -> (i32 {a.b} loc(unknown))",
            "1:36: expected ')'",
        ),
    ];
    assert_first_errors(&cases);
}

#[test]
fn types_are_read_as_the_type_parser_reads_them() {
    let cases = [
        (
            "func.func @d(complex i32)",
            "1:21: expected '<' in complex type",
        ),
        (
            "func.func @e(tuple i32>)",
            "1:19: expected '<' in tuple type",
        ),
        (
            "func.func @f(tensor f32)",
            "1:20: expected '<' in tensor type",
        ),
        (
            "func.func @n(i32, vector f32)",
            "1:25: expected '<' in vector type",
        ),
        (
            "func.func @j() -> complex f32",
            "1:26: expected '<' in complex type",
        ),
        // Reported just after the token before the wrong one.
        (
            "func.func @a(i32,  foo)",
            "1:18: expected non-function type",
        ),
        ("func.func @b(i32,  )", "1:18: expected non-function type"),
        (
            "func.func @k() -> (i32,)",
            "1:24: expected non-function type",
        ),
        (
            "func.func @g(%a: (i32) -> i32, %b: (i32) i32) {\n  return\n}",
            "1:41: expected '->' in function type",
        ),
    ];
    assert_first_errors(&cases);
}

#[test]
fn named_arguments_are_read_whole_before_their_kind_is_compared() {
    let cases = [
        ("func.func @c(%a i32) {\n  return\n}", "1:16: expected ':'"),
        // The argument is read before it is found named after an unnamed one.
        ("func.func @e(i32, %a i32)", "1:21: expected ':'"),
        (
            "func.func @f(%a: i32,\n   %b i32) {\n  return\n}",
            "2:6: expected ':'",
        ),
        (
            "func.func @h(%a#0: i32) {\n  return\n}",
            "1:16: result number not allowed in argument list",
        ),
        (
            "func.func @c(%a: i32, i32) {\n  return\n}",
            "1:23: custom op 'func.func' expected SSA identifier",
        ),
        (
            "func.func @d(i32, %a: i32) {\n  return\n}",
            "1:19: custom op 'func.func' expected type instead of SSA identifier",
        ),
    ];
    assert_first_errors(&cases);
}

#[test]
fn well_formed_lists_and_broken_constructs_get_no_list_error() {
    let quiet = [
        "func.func private @a(i32 {a.b} loc(unknown), (i32) -> i32, !llvm.ptr, tuple<>) -> (i32 {a.b}, f32)\n",
        "func.func @b(%a: i32 {a.b} loc(unknown), %b: (i32) -> (i32, i32)) -> f32 {\n  %c = arith.constant 1.0 : f32\n  return %c : f32\n}\n",
        "func.func private @c() -> ()\n",
    ];
    for text in quiet {
        let diagnostics = mlir_diagnostics::file_diagnostics(text, false);
        assert!(diagnostics.is_empty(), "{text}: {diagnostics:?}");
    }
    // The grammar's error inside an entry is the only one: MLIR stops there.
    let broken = [
        (
            "func.func @s(%arg0: vector<[4xf32>) { }",
            "missing ']' closing scalable dimension",
        ),
        ("func.func @f() -> (i1 {)", "expected attribute name"),
        ("func.func @m(memref<2x4xi8, >)", "expected list element"),
        (
            "func.func @e(.)",
            "expected three consecutive dots for an ellipsis",
        ),
    ];
    for (text, expected) in broken {
        let diagnostics = mlir_diagnostics::file_diagnostics(text, false);
        let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, [expected], "{text}");
    }
}
