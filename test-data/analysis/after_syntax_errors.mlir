// MLIR verifies only what parsed: an op holding a syntax error gets no verifier error
// (nor does its block, if it is the block's last op), only the syntax error itself.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// after_syntax_errors.mlir

// A declaration is public unless told otherwise, but this one never parses.
// expected-error@+1 {{invalid tensor element type}}
func.func @nested_tensor(tensor<tensor<i8>>) -> ()

// -----

func.func @last_op_broken(%a: f32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addf %a, %a, %a : f32
}

// -----

// MLIR reports an undeclared value when its region ends, which a syntax error prevents.
func.func @undeclared_in_broken_op(%arg0: i32) {
  // expected-error@+1 {{expected non-function type}}
  %z = "x.op"(%x) : (ppop32) -> i32
}

// -----

// An op of a dialect that allows no unknown op is found unregistered by the verifier,
// after the whole file parsed.
func.func @unregistered_generic_op_broken() {
  // expected-error@+1 {{expected attribute value}}
  "arith.foo"() {a = [} : () -> ()
  return
}

// -----

// The lexer stops at the name's unterminated string, before the op has a name.
func.func @unterminated_op_name() {
  // expected-error@+1 {{expected '"' in string literal}}
  %c1 = "arith.constant 1 : index
  return
}
