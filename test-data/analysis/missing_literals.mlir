// A literal of an op's assembly format (`:`, `]`, `to`) missing where MLIR's parser wants
// it: punctuation is reported just after what was read before it, a keyword on what was
// found instead. A word where a type is wanted: a shaped type's keyword without its `<`,
// or a word that is no type. An optional group whose first element was read is no longer optional
// (`func.return %a %a`: the operands were read, so the `:` must follow). Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics missing_literals.mlir

func.func @alloc_without_colon() {
  // expected-error@+1 {{expected ':'}}
  %0 = memref.alloc() memref<4xf32>
  return
}

// -----

func.func @load_with_a_missing_comma(%m: memref<4x4xf32>, %i: index) -> f32 {
  // expected-error@+1 {{expected ']'}}
  %0 = memref.load %m[%i %i] : memref<4x4xf32>
  return %0 : f32
}

// -----

func.func @cast_without_to(%i: index) -> i32 {
  // expected-error@+1 {{custom op 'arith.index_cast' expected 'to'}}
  %0 = arith.index_cast %i : index i32
  return %0 : i32
}

// -----

func.func @return_without_colon(%a: i32) -> (i32, i32) {
  // expected-error@+1 {{expected ':'}}
  return %a %a : i32, i32
}

// -----

func.func @memref_without_angle() {
  // expected-error@+1 {{expected '<' in memref type}}
  %0 = memref.alloc() : memref?xf32>
  return
}

// -----

func.func @no_type_at_all(%a: i32) {
  // expected-error@+1 {{expected non-function type}}
  %0 = arith.addi %a, %a : i32x
  return
}
