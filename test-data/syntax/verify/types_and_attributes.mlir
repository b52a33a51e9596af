// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// Syntax errors of builtin types and attributes (checklist §4), one per chunk.

// expected-error@+1 {{expected '=' in type alias definition}}
!missing_eq_alias i32

// -----

func.func @dimension_list() {
  // expected-error@+1 {{expected 'x' in dimension list}}
  "test.op"() : () -> (tensor<4x?>)
  return
}

// -----

func.func @scalable() {
  // expected-error@+1 {{missing ']' closing scalable dimension}}
  "test.op"() : () -> (vector<[4xf32>)
  return
}

// -----

func.func @int_width() {
  // expected-error@+1 {{invalid integer width}}
  "test.op"() : () -> (i21312312323120)
  return
}

// -----

func.func @attr_value() {
  // expected-error@+1 {{expected attribute value}}
  "test.op"() {key = } : () -> ()
  return
}

// -----

func.func @duplicate_key() {
  // expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
  "test.op"() {a = 1, a = 2} : () -> ()
  return
}

// -----

// expected-error@+1 {{use of undeclared identifier}}
#map = affine_map<(i) -> (j)>

// -----

// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
#set = affine_set<(i) : (i)>

// -----

func.func @dialect_body() {
  // expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
  "test.op"() : () -> (!unreg.ptr<(i32)->)>)
  return
}

// -----

func.func @location() {
  // expected-error@+1 {{expected 'at' in callsite location}}
  "test.op"() : () -> () loc(callsite("foo"))
  return
}

// -----

func.func @strided() {
  // expected-error@+1 {{expected a 64-bit signed integer or '?'}}
  "test.op"() : () -> (memref<4xf32, strided<[x]>>)
  return
}

// -----

// A tensor's encoding is optional after its comma: a value there is the missing `>`.
// expected-error@+1 {{expected '>' in tensor type}}
func.func @encoding_not_an_attribute(%a: tensor<4xf32, %b: i32) {
  return
}
