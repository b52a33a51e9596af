// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// Syntax errors of generic ops, one per chunk because mlir-opt stops at the first.

func.func @missing_type() {
  "test.op"() // expected-error {{expected ':' followed by operation type}}
  return
}

// -----

func.func @empty_name() {
  // expected-error@+1 {{empty operation name is invalid}}
  ""() : () -> ()
  return
}

// -----

func.func @not_a_function_type() {
  // expected-error@+1 {{expected function type}}
  "test.op"() : i32
  return
}

// -----

func.func @operand_list(%a: i32) {
  // expected-error@+1 {{expected ')' to end operand list}}
  "test.op"(%a %a) : (i32, i32) -> ()
  return
}

// -----

func.func @result_count() {
  // expected-error@+1 {{expected named operation to have at least 1 result}}
  %0:0 = "test.op"() : () -> ()
  return
}

// -----

func.func @successors() {
  // expected-error@+1 {{expected ',' or ']'}}
  "test.op"()[^bb1 : () -> ()
^bb1:
  return
}
