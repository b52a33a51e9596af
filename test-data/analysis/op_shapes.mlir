// Ops of one shape, checked once and then replayed: what the replay gives must be what
// checking the op again would give (types of operands and results, the op's parent).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// op_shapes.mlir

func.func @operand_types_replayed(%a: i32, %b: i64) { // expected-note {{prior use here}}
  %0 = arith.addi %a, %a : i32
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %1 = arith.addi %a, %b : i32
  return
}

// -----

func.func @result_types_replayed(%a: f32) {
  %0 = arith.mulf %a, %a : f32
  %1 = arith.mulf %a, %a : f32 // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%1' expects different type than prior uses: 'i64' vs 'f32'}}
  "test.use"(%1) : (i64) -> ()
  return
}

// -----

func.func @verified_shape_replayed(%m: memref<4x4xf32>, %i: index, %n: i32) -> f32 {
  %0 = memref.load %m[%i, %i] : memref<4x4xf32>
  %1 = memref.load %m[%i, %i] : memref<4x4xf32> // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%1' expects different type than prior uses: 'i32' vs 'f32'}}
  %2 = arith.addi %n, %1 : i32
  return %0 : f32
}

// -----

func.func @parent_checked_again(%c: i1, %x: f32) {
  %r = scf.while (%y = %x) : (f32) -> f32 {
    scf.condition(%c) %y : f32
  } do {
  ^bb0(%z: f32):
    scf.yield %z : f32
  }
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c) %x : f32
  return
}

// -----

// A return's shape is remembered, but what it returns from is checked anew.
func.func @returns_f32(%x: f32) -> f32 {
  return %x : f32
}
func.func @returns_i32(%x: f32) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('f32') doesn't match function result type ('i32') in function @returns_i32}}
  return %x : f32
}
func.func @returns_nothing(%y: f32) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@returns_nothing) returns 0}}
  return %y : f32
}

// -----

// Calls of one shape name different functions: each is checked against its own callee.
func.func private @takes_f32(f32) -> f32
func.func private @takes_i32(i32) -> f32
func.func @calls(%x: f32) {
  %0 = call @takes_f32(%x) : (f32) -> f32
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %1 = call @takes_i32(%x) : (f32) -> f32
  %2 = call @takes_f32(%x) : (f32) -> f32
  return
}
