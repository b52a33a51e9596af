// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// A broken statement after a complete op must not be swallowed by it: each line below
// starts a new statement, which reports the error.

func.func @doubled_equals() {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{expected operation name in quotes}}
  %c1 = = arith.constant 1 : index
  return
}

// -----

func.func @value_as_op_name() {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{expected operation name in quotes}}
  %c1 = %arith.constant 1 : index
  return
}

// -----

func.func @stray_paren() {
  // MLIR reports a token that cannot start an op at the end of the line before it.
  // expected-error@+1 {{expected operation name in quotes}}
  %c0 = arith.constant 0 : index
  )
  return
}

// -----

// `loc` as the last word of an op is a trailing location missing its `(`.
func.func @location_without_paren() {
  // expected-error@+1 {{expected '(' in location}}
  return loc
}

// -----

func.func @empty_location() {
  // expected-error@+1 {{expected location instance}}
  return loc()
}

// -----

// A name that starts with a digit is all digits (suffix-id, L-06): MLIR reads `%0`,
// then finds `_x` where the result list's `=` should be (issue 40).
func.func @digit_name_then_letters() {
  // expected-error@+1 {{expected '=' after SSA name}}
  %0_x = arith.constant 1 : i32
  return
}

// -----

func.func @second_result_digit_name(%a: i32) {
  %b = arith.constant 1 : i32
  // expected-error@+1 {{expected '=' after SSA name}}
  %c, %1y = "t.op"() : () -> (i32, i32)
  return
}

// -----

// A trailing location left open at the end of its line: the next line is no part of it.
func.func @loc_open_at_line_end(%a: i32) {
  // expected-error@+1 {{expected location instance}}
  %0 = arith.addi %a, %a : i32 loc(
  return
}

// -----

// The file (here: the chunk) ends inside a metadata block. MLIR places the end of the
// file on its last character: the newline closing the comment line below.
{-#
// expected-error@+0 {{expected identifier key in file metadata dictionary}}
