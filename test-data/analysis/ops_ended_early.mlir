// A custom op whose items go on past its assembly format: MLIR's parser ends the op
// where the format ends and reads a new op from there, and an integer type is no op
// name (checks::facts, registry::left_over). Run: mlir-opt --allow-unregistered-dialect
// --split-input-file --verify-diagnostics ops_ended_early.mlir

func.func @untyped_constant() {
  // expected-error@+1 {{expected operation name in quotes}}
  %0 = arith.constant 1 i32
  return
}

// -----

func.func @typed_constant_then_a_type() {
  // expected-error@+1 {{expected operation name in quotes}}
  %0 = arith.constant 1 : i32 i32
  return
}

// -----

func.func @addi_then_a_type(%a: i32) {
  // expected-error@+1 {{expected operation name in quotes}}
  %0 = arith.addi %a, %a : i32 ui8
  return
}

// -----

func.func @constant_in_a_region() {
  "foo.region"() ({
    // expected-error@+1 {{expected operation name in quotes}}
    %0 = arith.constant 1 si16
  }) : () -> ()
  return
}
