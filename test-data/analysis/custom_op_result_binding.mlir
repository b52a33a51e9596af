// A custom op's result list must name as many results as the op has, as a generic op's
// must match its function type: MLIR's parser checks it for both (L-09, result counts).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// custom_op_result_binding.mlir

func.func @more_names_than_results(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = arith.addi %a, %b : i32
  return %a : i32
}

// -----

func.func @two_names_for_one_result(%a: i32, %b: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %p, %q = arith.addi %a, %b : i32
  return
}

// -----

func.func @names_for_an_op_without_results(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %r = memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

func.func private @pair() -> (i32, i32)

func.func @fewer_names_than_call_results() {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %x = func.call @pair() : () -> (i32, i32)
  return
}

// -----

func.func private @nothing()

func.func @names_for_a_call_without_results() {
  // expected-error@+1 {{cannot name an operation with no results}}
  %x = func.call @nothing() : () -> ()
  return
}

// -----

// Lists that bind every result are fine, in any grouping.
func.func private @pair() -> (i32, i32)

func.func @every_result_named(%a: i32, %b: i32) -> i32 {
  %p:2 = func.call @pair() : () -> (i32, i32)
  %x, %y = func.call @pair() : () -> (i32, i32)
  %s = arith.addi %p#0, %y : i32
  %c:2 = arith.addui_extended %a, %b : i32, i1
  %lo, %hi = arith.mului_extended %a, %b : i32
  return %s : i32
}
