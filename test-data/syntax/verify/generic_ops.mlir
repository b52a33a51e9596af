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

// -----

func.func @fewer_operand_types(%a: i32) {
  // expected-error@+1 {{expected 2 operand types but had 1}}
  "test.op"(%a, %a) : (i32) -> ()
  return
}

// -----

func.func @more_operand_types() {
  // expected-error@+1 {{expected 0 operand types but had 2}}
  %0 = "test.op"() : (i32, i32) -> i64
  return
}

// -----

func.func @operand_types_with_a_region(%a: i32) {
  // MLIR 22 prints a NUL byte after `type` here: the annotation matches up to it.
  // expected-error@+3 {{expected 1 operand type}}
  "test.op"(%a) ({
    "test.inner"() : () -> ()
  }) : () -> ()
  return
}
