//! Unit tests of the body checks: each case a small function and the diagnostics MLIR
//! gives for it (the fixtures under `test-data/analysis/` are also run through `mlir-opt`).

use mlir_syntax::SyntaxNode;

use crate::checks::FileContext;
use crate::hir;

/// Each diagnostic of every body as `text at range: message [note text: note]`.
fn check(text: &str) -> Vec<String> {
    let parse = mlir_syntax::parse(text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    let root = parse.syntax_node();
    let context = FileContext::of_file(&root);
    let outline = crate::outline::outline_once(&root);
    let mut out = Vec::new();
    for (green, offset) in &outline.bodies {
        let body_op = SyntaxNode::new_root(green.clone());
        let resolution = hir::resolve(&hir::lower(&body_op));
        for d in super::body_checks(&body_op, &resolution, &context) {
            let at = |r: mlir_syntax::TextRange| &text[r + *offset];
            let notes: String = d
                .notes
                .iter()
                .map(|n| format!(" [{}: {}]", at(n.range), n.message))
                .collect();
            out.push(format!("{}: {}{}", at(d.range), d.message, notes));
        }
    }
    out
}

#[test]
fn uses_must_agree_with_the_definition() {
    let text =
        "func.func @f(%a: i32, %b: i64) {\n  %r = arith.cmpi eq, %a, %b : i32\n  return\n}\n";
    assert_eq!(
        check(text),
        [
            "%b: use of value '%b' expects different type than prior uses: 'i32' vs 'i64' [%b: prior use here]"
        ]
    );
}

#[test]
fn implied_types_count() {
    // `arith.cmpf` gives `i1`; `cf.cond_br` requires an `i1`; `arith.select` one too.
    let text = "func.func @f(%a: f32, %c: i32) -> f32 {\n  %r = arith.cmpf oeq, %a, %a : f32\n  %s = arith.select %c, %a, %a : f32\n  cf.cond_br %c, ^bb1, ^bb1\n^bb1:\n  return %r : f32\n}\n";
    assert_eq!(
        check(text),
        [
            "%c: use of value '%c' expects different type than prior uses: 'i1' vs 'i32' [%c: prior use here]",
            "%c: use of value '%c' expects different type than prior uses: 'i1' vs 'i32' [%c: prior use here]",
            "%r: use of value '%r' expects different type than prior uses: 'f32' vs 'i1' [%r: prior use here]",
        ]
    );
}

#[test]
fn forward_references_fix_the_type() {
    let text = "func.func @f() -> i8 {\n  cf.br ^bb2\n^bb1:\n  return %1 : i8\n^bb2:\n  %1 = \"t.bar\"() : () -> (f32)\n  cf.br ^bb1\n}\n";
    assert_eq!(
        check(text),
        [
            "%1: definition of SSA value '%1#0' has type 'f32' [%1: previously used here with type 'i8']"
        ]
    );
}

#[test]
fn unknown_ops_and_dialect_types_say_nothing() {
    let text = "func.func @f(%a: !d.t<1>, %b: i32) {\n  \"t.use\"(%a) : (!d.t< 1 >) -> ()\n  foo.use %b : i64\n  %c = foo.make : i64\n  \"t.use\"(%c) : (i32) -> ()\n  return\n}\n";
    assert_eq!(check(text), Vec::<String>::new());
}

#[test]
fn blocks_need_terminators() {
    let text = "func.func @f() {\n  cf.br ^bb1\n^bb1:\n  %x = arith.constant 0 : i32\n}\nfunc.func @g() {\n^bb0:\n  return\n^bb1:\n}\n\"t.op\"() ({\n  %y = arith.constant 0 : i32\n}) : () -> ()\n";
    assert_eq!(
        check(text),
        [
            "arith.constant: block with no terminator, has %x = arith.constant 0 : i32",
            "func.func: empty block: expect at least a terminator",
        ]
    );
}

#[test]
fn no_missing_terminator_after_an_op_whose_verifier_is_not_modelled() {
    // MLIR verifies `tensor.reshape` in C++ first (a dynamic-length shape cannot give a
    // ranked result) and stops there: whether the block lacks a terminator is never
    // asked. We do not model that verifier, so we say nothing rather than the wrong error.
    // `math.absf`, which MLIR verifies by its constraints alone, is reported.
    let text = "func.func @f(%t: tensor<4xf32>, %s: tensor<?xindex>) {\n  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<?xindex>) -> tensor<4xf32>\n}\nfunc.func @g(%a: f32) {\n  %0 = math.absf %a : f32\n}\n";
    assert_eq!(
        check(text),
        ["math.absf: block with no terminator, has %0 = math.absf %a : f32"]
    );
}

#[test]
fn branches_fit_their_targets() {
    let text = "func.func @f(%a: i1, %b: i32) {\n  cf.br ^bb1(%a, %b : i1, i32)\n^bb1(%x: i32):\n  cf.br ^bb2(%a : i1)\n^bb2(%y: i32):\n  cf.br ^bb0\n^bb0:\n  return\n}\nfunc.func @g() {\n^bb0:\n  cf.br ^bb0\n}\n";
    assert_eq!(
        check(text),
        [
            "cf.br: branch has 2 operands for successor #0, but target block has 1",
            "cf.br: type mismatch for bb argument #0 of successor #0",
            "func.func: entry block of region may not have predecessors",
        ]
    );
}

#[test]
fn generic_ops_and_entry_labels() {
    let text = "func.func @f(%a: i32) {\n^bb0(%b: i32):\n  %c = \"arith.addi\"(%a, %a)[^bb1] : (i32, i32) -> i32\n^bb1:\n  return\n}\n";
    assert_eq!(
        check(text),
        [
            "^bb0: invalid block name in region with named arguments",
            "[: successors in non-terminator",
        ]
    );
}

#[test]
fn name_ranges_agree_with_name_tokens() {
    let text = "func.func @f(%a: i32) {\n  %r:2 = \"t.two\"(%a) : (i32) -> (i32, i32)\n  \"t.use\"(%r#1) : (i32) -> ()\n  func.func @inner(%z: i32) {\n    return\n  }\n  cf.br ^bb1(%r#0 : i32)\n^bb1(%x: i32):\n  return\n}\n";
    let root = mlir_syntax::parse(text).syntax_node();
    for (green, _) in &crate::outline::outline_once(&root).bodies {
        let body_op = SyntaxNode::new_root(green.clone());
        let tokens: Vec<_> = hir::name_tokens(&body_op)
            .iter()
            .map(|t| t.text_range())
            .collect();
        let ranges: Vec<_> = hir::name_ranges(&body_op).iter().map(|r| r.0).collect();
        assert_eq!(tokens, ranges);
        assert_eq!(hir::lower_located(&body_op).1, hir::name_ranges(&body_op));
    }
    let body_op = SyntaxNode::new_root(crate::outline::outline_once(&root).bodies[1].0.clone());
    let results: Vec<u32> = hir::name_ranges(&body_op).iter().map(|r| r.1).collect();
    assert_eq!(results, [0, 0, 0, 1, 0, 0, 0, 0]);
}

#[test]
fn ops_verified_against_their_specs_except_under_xdsl() {
    let text =
        "func.func @f(%a: f32) -> i32 {\n  %0 = arith.addi %a, %a : f32\n  return %a : f32\n}\n";
    assert_eq!(
        check(text),
        [
            "arith.addi: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
            "return: type of return operand 0 ('f32') doesn't match function result type ('i32') in function @f",
        ]
    );
    let xdsl = format!("// RUN: xdsl-opt %s | filecheck %s\n{text}");
    assert_eq!(check(&xdsl), Vec::<String>::new());
}

#[test]
fn implicit_terminators_only_in_custom_form() {
    // `scf.for` and `scf.if` may leave out their `scf.yield` in custom form only; their
    // header types the induction variable.
    let text = "func.func @f(%n: index, %c: i1) {\n  scf.for %i = %n to %n step %n {\n    %x = arith.addi %i, %i : i32\n  }\n  scf.if %c {\n    %y = arith.constant 0 : i32\n  }\n  \"scf.if\"(%c) ({\n    %z = arith.constant 1 : i32\n  }, {\n  }) : (i1) -> ()\n  return\n}\n";
    assert_eq!(
        check(text),
        [
            "%i: use of value '%i' expects different type than prior uses: 'i32' vs 'index' [%i: prior use here]",
            "%i: use of value '%i' expects different type than prior uses: 'i32' vs 'index' [%i: prior use here]",
            "arith.constant: block with no terminator, has %z = arith.constant 1 : i32",
        ]
    );
}

#[test]
fn memref_element_types_and_implicit_terminators() {
    // `memref.load` yields the element type and `memref.store` takes it; `memref.dim`
    // yields `index`; `memref.alloca_scope` may leave its terminator out.
    let text = "func.func @f(%m: memref<4xf32>, %i: index, %x: i32) {\n  %v = memref.load %m[%i] : memref<4xf32>\n  %w = arith.addf %v, %v : f32\n  memref.store %x, %m[%i] : memref<4xf32>\n  %d = memref.dim %m, %i : memref<4xf32>\n  %e = arith.addi %d, %i : index\n  memref.alloca_scope {\n    %t = memref.alloca() : memref<2xf32>\n  }\n  %g = \"memref.load\"(%m, %i) : (memref<4xf32>, index) -> f64\n  return\n}\n";
    assert_eq!(
        check(text),
        [
            "%x: use of value '%x' expects different type than prior uses: 'f32' vs 'i32' [%x: prior use here]",
            "\"memref.load\": 'memref.load' op failed to verify that result type matches element type of 'memref'",
        ]
    );
}

#[test]
fn a_word_left_mid_line_by_a_broken_line_is_no_unknown_op() {
    // The broken type leaves `xf32` where a statement would start; MLIR, which stops at
    // the first error, never sees it as an op.
    let text = "func.func @f(%a: vector<[4x4]xf32>) { }\n";
    let found = crate::file_diagnostics(text, false);
    assert!(!found.is_empty());
    assert!(
        found.iter().all(|d| !d.message.contains("is unknown")),
        "{found:?}"
    );
    // On a line of its own, the same word is an unknown op.
    let found = crate::file_diagnostics("xf32\n", false);
    let messages: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        ["custom op 'xf32' is unknown (tried 'builtin.xf32' as well)"]
    );
}

#[test]
fn a_wrong_token_is_reported_just_after_the_token_before_it() {
    // As upstream's emitWrongTokenError: column 21 (after the first `%a`), not 22.
    let text = "func.func @f(%a: i32) {\n  %0 = arith.addi %a %a : i32\n  return\n}\n";
    let found = crate::file_diagnostics(text, false);
    let at = text.find("%a %a").unwrap() + 2;
    let places: Vec<(usize, &str)> = found
        .iter()
        .map(|d| (usize::from(d.range.start()), d.message.as_str()))
        .collect();
    assert_eq!(places, [(at, "expected ','")]);
}

#[test]
fn custom_ops_naming_billions_of_results_are_checked_without_a_slot_each() {
    // Found by the fuzz target: the facts walk and the format matcher gave each named
    // result a slot, and `%r:2000000000` asked for tens of gigabytes. The results the op
    // has keep their types: `%r#0` is an `i32`, which `arith.addf` uses as an `f32`.
    let text = "func.func private @g() -> i32\n\
        func.func @f(%a: i32) {\n  %r:2000000000 = arith.addi %a, %a : i32\n  \
        %s:2000000000 = func.call @g() : () -> i32\n  %t = arith.addf %r#0, %r#0 : f32\n  \
        return\n}\n";
    let mismatch = "%r: use of value '%r' expects different type than prior uses: 'f32' vs \
        'i32' [%r: prior use here]";
    let binding = "operation defines 1 results but was provided 2000000000 to bind";
    assert_eq!(
        check(text),
        [
            format!("%r: {binding}"),
            format!("%s: {binding}"),
            mismatch.to_string(),
            mismatch.to_string()
        ]
    );
}

#[test]
fn an_integer_type_past_the_format_starts_no_op() {
    // MLIR (22) ends `arith.constant` after its value and reports the `i32` as an op
    // without a quoted name, just after the `1`. A word there (`f32`) is not modelled.
    let text =
        "func.func @f() {\n  %0 = arith.constant 1 i32\n  %1 = arith.constant 1 f32\n  return\n}\n";
    let at_end_of_one = text.find("1 i32").unwrap() + 1;
    assert_eq!(
        reported(text),
        [(
            at_end_of_one,
            "expected operation name in quotes".to_string()
        )]
    );
}

/// Each diagnostic of the file `text` as where it starts and its message.
fn reported(text: &str) -> Vec<(usize, String)> {
    crate::file_diagnostics(text, false)
        .into_iter()
        .map(|d| (usize::from(d.range.start()), d.message))
        .collect()
}

#[test]
fn a_while_loop_with_other_input_types_than_values_is_reported_at_its_colon() {
    // Where MLIR (22) began to read the function type.
    let text = "func.func @f() {\n  scf.while : (i32) -> () {\n    %c = arith.constant true\n    scf.condition(%c)\n  } do {\n    scf.yield\n  }\n  return\n}\n";
    let message =
        "custom op 'scf.while' expected as many input types as operands (expected 0 got 1)";
    assert_eq!(
        reported(text),
        [(text.find(": (i32)").unwrap(), message.to_string())]
    );
}

#[test]
fn an_async_gpu_op_must_name_its_token_and_a_sync_wait_names_nothing() {
    // Where MLIR (22) reports them: at `async`, and at the result list.
    let unnamed = "func.func @f(%t: !gpu.async.token) {\n  gpu.wait async [%t]\n  return\n}\n";
    let message = "custom op 'gpu.wait' needs to be named when marked 'async'";
    assert_eq!(
        reported(unnamed),
        [(unnamed.find("async [").unwrap(), message.to_string())]
    );
    let named = "func.func @f(%t: !gpu.async.token) {\n  %d = gpu.wait [%t]\n  return\n}\n";
    let message = "cannot name an operation with no results";
    assert_eq!(
        reported(named),
        [(named.find("%d").unwrap(), message.to_string())]
    );
    let fine = "func.func @f(%t: !gpu.async.token) {\n  %d = gpu.wait async [%t]\n  gpu.wait [%d]\n  return\n}\n";
    assert_eq!(reported(fine), []);
}

#[test]
fn a_gpu_function_names_its_arguments() {
    let text = "gpu.module @m {\n  gpu.func @k(f32) -> f32 {\n    gpu.return\n  }\n}\n";
    let message = "custom op 'gpu.func' gpu.func requires named arguments";
    assert_eq!(
        reported(text),
        [(text.find("(f32)").unwrap(), message.to_string())]
    );
    // The list is read first, as `func.func`'s is.
    let broken = "gpu.module @m {\n  gpu.func @k(%a: f32, f32) {\n    gpu.return\n  }\n}\n";
    let message = "custom op 'gpu.func' expected SSA identifier";
    assert_eq!(
        reported(broken),
        [(broken.find("f32)").unwrap(), message.to_string())]
    );
}

#[test]
fn spirv_extended_arithmetic_wants_a_struct_of_two_members() {
    let op = |ty: &str| {
        format!("func.func @f(%x: i32) {{\n  %0 = spirv.IAddCarry %x, %x : {ty}\n  return\n}}\n")
    };
    let message = "custom op 'spirv.IAddCarry' expected spirv.struct type with two members";
    for wrong in [
        "!spirv.struct<(i32)>",
        "!spirv.struct<()>",
        "i32",
        "!spirv.struct<(i32 [0], i32 [4], i32 [8])>",
    ] {
        let text = op(wrong);
        assert_eq!(
            reported(&text),
            [(text.rfind(wrong).unwrap(), message.to_string())],
            "{wrong}"
        );
    }
    for fine in [
        "!spirv.struct<(i32, i32)>",
        "!spirv.struct<(i32 [0], i32 [4])>",
        "!pair",
    ] {
        let text = format!("!pair = !spirv.struct<(i32, i32)>\n{}", op(fine));
        assert_eq!(reported(&text), [], "{fine}");
    }
}

#[test]
fn linalg_generic_reads_its_iterator_types_and_wants_a_region() {
    let op = |dict: &str, rest: &str| {
        format!(
            "func.func @f(%m: memref<4xf32>) {{\n  linalg.generic {dict} outs(%m : memref<4xf32>){rest}\n  return\n}}\n"
        )
    };
    let body = " {\n  ^bb0(%x: f32):\n    linalg.yield %x : f32\n  }";
    let text = op("{iterator_types = [\"parallel\", \"diagonal\"]}", body);
    let message = "custom op 'linalg.generic' unexpected iterator_type (diagonal)";
    assert_eq!(
        reported(&text),
        [(text.find("outs").unwrap(), message.to_string())]
    );
    let text = op("{indexing_maps = []}", body);
    let message = "custom op 'linalg.generic' expected \"iterator_types\" array attribute";
    assert_eq!(
        reported(&text),
        [(text.find("{indexing").unwrap(), message.to_string())]
    );
    // Just after the operands, where MLIR's parser wanted the region.
    let text = op("{iterator_types = [\"reduction\"]}", "");
    let message = "expected '{' to begin a region";
    assert_eq!(
        reported(&text),
        [(text.rfind(">)").unwrap() + 2, message.to_string())]
    );
    // Iterator types that are no strings crash MLIR 22's parser: nothing is said.
    let text = op("{iterator_types = [#linalg.iterator_type<parallel>]}", body);
    assert_eq!(reported(&text), []);
}

#[test]
fn a_transform_sequence_types_every_binding() {
    let sequence = |types: &str| {
        format!(
            "transform.sequence failures(propagate) {{\n^bb0(%r: !transform.any_op):\n  transform.sequence %r, %r : {types} failures(propagate) {{\n  ^bb0(%a: !transform.any_op, %b: !transform.any_op):\n  }}\n}}\n"
        )
    };
    let any = "!transform.any_op";
    let message = "custom op 'transform.sequence' expected types to be provided for all operands";
    for wrong in [
        format!("({any}, {any}, {any})"),
        format!("{any}, {any}, {any}"),
    ] {
        let text = sequence(&wrong);
        let at = text.rfind("transform.sequence %r").unwrap();
        assert_eq!(reported(&text), [(at, message.to_string())], "{wrong}");
    }
    for fine in [format!("({any}, {any})"), format!("{any}, {any}")] {
        assert_eq!(reported(&sequence(&fine)), [], "{fine}");
    }
}

#[test]
fn a_literal_missing_from_an_ops_format_is_reported_where_mlir_wants_it() {
    let body = |op: &str| format!("func.func @f(%a: i32, %i: index) {{\n  {op}\n  return\n}}\n");
    // Punctuation: just after what was read before it.
    let text = body("%0 = memref.alloc() memref<4xf32>");
    assert_eq!(
        reported(&text),
        [(text.find("() ").unwrap() + 2, "expected ':'".to_string())]
    );
    // A keyword: on what stands there instead.
    let text = body("%0 = arith.index_cast %i : index i32");
    let message = "custom op 'arith.index_cast' expected 'to'";
    assert_eq!(
        reported(&text),
        [(text.rfind("i32").unwrap(), message.to_string())]
    );
    // A word where a type is wanted.
    let text = body("%0 = memref.alloc() : memref?xf32>");
    let message = "expected '<' in memref type";
    assert_eq!(
        reported(&text),
        [(text.find("?xf32").unwrap(), message.to_string())]
    );
    let text = body("%0 = arith.addi %a, %a : i32x");
    assert_eq!(
        reported(&text),
        [(
            text.find(": i32x").unwrap() + 1,
            "expected non-function type".to_string()
        )]
    );
    // Once an optional group's first element is read, the rest of the group must follow.
    let text = "func.func @f(%a: i32) -> (i32, i32) {\n  return %a %a : i32, i32\n}\n";
    assert_eq!(
        reported(text),
        [(text.find("%a %a").unwrap() + 2, "expected ':'".to_string())]
    );
}

#[test]
fn a_legacy_terminator_at_the_top_level_is_an_unknown_op() {
    // MLIR 22 tries `builtin.return` and knows no `return` there.
    let text = "\"t.op\"() : () -> ()\nreturn\n";
    let message = "custom op 'return' is unknown (tried 'builtin.return' as well)";
    assert_eq!(
        reported(text),
        [(text.find("return").unwrap(), message.to_string())]
    );
}

#[test]
fn a_variadic_values_constraint_is_worded_as_ods_words_it() {
    let text = "func.func @f(%m: memref<8xf32>) {\n  %a:4 = memref.extract_strided_metadata %m : memref<8xf32> -> memref<f32>, index, i64, index\n  return\n}\n";
    let message =
        "'memref.extract_strided_metadata' op result #2 must be variadic of index, but got 'i64'";
    assert_eq!(
        reported(text),
        [(text.find("memref.extract").unwrap(), message.to_string())]
    );
}

#[test]
fn what_follows_a_functions_signature_and_body_must_start_an_op() {
    // A `-` where `->` was meant: MLIR ends the function after its arguments.
    let text = "func.func @f(%a: i32) - i32 {\n  return %a : i32\n}\n";
    let message = "expected operation name in quotes";
    assert_eq!(
        reported(text),
        [(text.find(" - ").unwrap(), message.to_string())]
    );
    let text = "func.func @g() attributes noinline {\n  return\n}\n";
    let message = "expected '{' in attribute dictionary";
    assert_eq!(
        reported(text),
        [(text.find(" noinline").unwrap(), message.to_string())]
    );
}

#[test]
fn typed_groups_of_unknown_ops_type_their_values() {
    // `%v, %w : T, U` and `%v : T, %w : U` pair values and types; other groups do not.
    let text = "func.func @f(%a: i32, %b: f32) {\n  x.op (%a, %b : i64)\n  x.op (%a = %b : f64)\n  x.op (%a : i64, f64)\n  x.op (%a, %b : i32, f32) [%a : i64]\n  x.op (%a, %b : i32, f32,)\n  x.op (%b, %a : f32, i64)\n  x.op (%b : f32, %a : i1)\n  return\n}\n";
    assert_eq!(
        check(text),
        [
            "%a: use of value '%a' expects different type than prior uses: 'i64' vs 'i32' [%a: prior use here]",
            "%a: use of value '%a' expects different type than prior uses: 'i1' vs 'i32' [%a: prior use here]",
        ]
    );
}

#[test]
fn typed_groups_of_unknown_ops_miss_no_separator_silently() {
    // Every parser reads these alike; groups of other shapes say nothing.
    let text = "func.func @f(%a: i32, %b: f32) {\n  x.op (%a %b)\n  x.op (%a : i32 {x})\n  x.op (%a : i32 loc(\"l\"))\n  x.op : (i32 {x}) -> i32\n  x.op (%a, %b : i32, f32)\n  x.op (%a, %b f32)\n  x.op : (i32, i32 f32) -> i32\n  return\n}\n";
    // (Wrong-token errors are empty ranges just after the token before: after `%a`,
    // after the second `i32`.)
    assert_eq!(check(text), [": expected ':'", ": expected ')'"]);
}
