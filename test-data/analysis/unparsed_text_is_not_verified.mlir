// MLIR verifies a text only once it has parsed, and stops parsing at its first error. So
// in a text with an error found while parsing, `check` reports no verifier finding, and
// nothing past the first syntax error.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// unparsed_text_is_not_verified.mlir

func.func @custom_parser_error(%a: i32) -> i32 {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %a
  return %0 : i32
}

// The return's types and the missing terminator are the verifier's to find.
func.func @return_of_the_wrong_type(%a: i32) -> i64 {
  return %a : i32
}

func.func @no_terminator() {
  %0 = arith.constant 1 : i32
}

// -----

// A branch to the entry block is the verifier's to find.
func.func @entry_block_branched_to() {
^bb0:
  cf.br ^bb0
}

func.func @syntax_error() {
  // expected-error@+1 {{expected ')' to end operand list}}
  %0 = "x.y"( : () -> ()
}

// -----

// An undefined value is reported as its function ends, past the error.
func.func @undefined_value_in_a_broken_function() {
  "x.use"(%1) : (i32) -> ()
  // expected-error@+1 {{expected operation name in quotes}}
  %2 = arith.constant 1 i32
  return
}

// -----

// A syntax error at the start of a text: nothing after it is checked.
// expected-error@+1 {{expected '"' in string literal}}
"x.op"() {a = "unterminated
func.func @f() -> i32 {
  return
}
