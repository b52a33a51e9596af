//! Body checks as a file's diagnostics show them (issues 4 and 5): each case a small file
//! and what MLIR reports for it, after the syntax errors and MLIR's reach are applied
//! (the body checks alone are tested in `mlir-checks`).

/// Each diagnostic of the file `text` as where it starts and its message.
fn reported(text: &str) -> Vec<(usize, String)> {
    mlir_diagnostics::file_diagnostics(text, false)
        .into_iter()
        .map(|d| (usize::from(d.range.start()), d.message))
        .collect()
}

#[test]
fn a_word_left_mid_line_by_a_broken_line_is_no_unknown_op() {
    // The broken type leaves `xf32` where a statement would start; MLIR, which stops at
    // the first error, never sees it as an op.
    let text = "func.func @f(%a: vector<[4x4]xf32>) { }\n";
    let found = mlir_diagnostics::file_diagnostics(text, false);
    assert!(!found.is_empty());
    assert!(
        found.iter().all(|d| !d.message.contains("is unknown")),
        "{found:?}"
    );
    // On a line of its own, the same word is an unknown op.
    let found = mlir_diagnostics::file_diagnostics("xf32\n", false);
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
    let found = mlir_diagnostics::file_diagnostics(text, false);
    let at = text.find("%a %a").unwrap() + 2;
    let places: Vec<(usize, &str)> = found
        .iter()
        .map(|d| (usize::from(d.range.start()), d.message.as_str()))
        .collect();
    assert_eq!(places, [(at, "expected ','")]);
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
