// Values have one type: every use agrees with the definition and the uses before it
// (checklist S-01, S-02). Run: mlir-opt --allow-unregistered-dialect --split-input-file
// --verify-diagnostics value_types.mlir

func.func @operand_vs_argument(%a: i32, %b: i64) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %r = arith.cmpi eq, %a, %b : i32
  return
}

// -----

func.func @implied_i1_result(%a: f32) -> f32 {
  %r = arith.cmpf oeq, %a, %a : f32 // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%r' expects different type than prior uses: 'f32' vs 'i1'}}
  return %r : f32
}

// -----

func.func @condition_must_be_i1(%c: i32) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @select_condition(%c: i32, %x: f32) -> f32 { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  %r = arith.select %c, %x, %x : f32
  return %r : f32
}

// -----

func.func @generic_uses(%t: tensor<4xi32, "enc">) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%t' expects different type than prior uses: 'tensor<4xi32>' vs 'tensor<4xi32, "enc">'}}
  "t.use"(%t) : (tensor<4xi32>) -> ()
  return
}

// -----

func.func @forward_reference() -> i8 {
  cf.br ^bb2
^bb1:
  // expected-note@+1 {{previously used here with type 'i8'}}
  return %v : i8
^bb2:
  // expected-error@+1 {{definition of SSA value '%v#0' has type 'f32'}}
  %v = "t.make"() : () -> f32
  cf.br ^bb1
}

// -----

func.func @forward_uses_agree() {
  cf.br ^bb2
^bb1:
  "t.use"(%v) : (i8) -> () // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%v' expects different type than prior uses: 'i16' vs 'i8'}}
  "t.use"(%v) : (i16) -> ()
  return
^bb2:
  %v = "t.make"() : () -> i8
  cf.br ^bb1
}

// -----

// A parenthesised group of values and their types in an op we have no spec for is read
// as operands of those types, whatever the op: `ins(%a : T)`, `args(%a : T, %b : U)`.
func.func @typed_operand_groups(%a: i32, %t: tensor<4xf32>) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'i32'}}
  %r = linalg.fill ins(%a : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @typed_operand_groups_each(%a: i32, %b: f32) { // expected-note {{prior use here}}
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'i64' vs 'f32'}}
  gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : i32, %b : i64)
  return
}
