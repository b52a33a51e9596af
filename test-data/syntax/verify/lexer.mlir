// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// Lexical errors (checklist §1), one per chunk.

func.func @stray_character() {
  // expected-error@+1 {{unexpected character}}
  $
  return
}

// -----

func.func @ellipsis() {
  // expected-error@+1 {{expected three consecutive dots for an ellipsis}}
  "test.op"() {a = .5} : () -> ()
  return
}

// -----

func.func @escape() {
  // expected-error@+1 {{unknown escape in string literal}}
  "test.op"() {a = "\q"} : () -> ()
  return
}

// -----

func.func @symbol_name() {
  // expected-error@+1 {{@ identifier expected to start with letter or '_'}}
  "test.op"() {a = @42} : () -> ()
  return
}

// -----

func.func @empty_value_name() {
  // expected-error@+1 {{invalid SSA name}}
  % = "test.op"() : () -> i32
  return
}
