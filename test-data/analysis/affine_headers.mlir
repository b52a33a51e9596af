// The headers of `affine.for` and `affine.if` as their custom parsers read them (the
// induction variable, the bounds and their maps' operands, the step, the loop-carried
// values and a condition's operands), the bracketed subscripts of affine loads and
// stores, and the reductions of `affine.parallel`. Each error ends MLIR's parse of its
// chunk. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics affine_headers.mlir

func.func @iv_not_a_value() {
  // expected-error@+1 {{expected SSA operand}}
  affine.for i = 1 to 10 {
  }
  return
}

// -----

func.func @iv_result_number() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.for %n0#0 = 0 to 7 {
  }
  return
}

// -----

func.func @no_equal() {
  // expected-error@+1 {{expected '='}}
  affine.for %i 1 to 10 {
  }
  return
}

// -----

func.func @no_to() {
  // expected-error@+1 {{custom op 'affine.for' expected 'to' between bounds}}
  affine.for %i = 1 too 10 {
  }
  return
}

// -----

func.func @bound_out_of_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  affine.for %i = 1 to 9223372036854775810 {
  }
  return
}

// -----

func.func @bound_max_in_upper(%n: index) {
  // expected-error@+1 {{expected attribute value}}
  affine.for %i = 1 to max affine_map<(d0) -> (d0, 100)>(%n) {
  }
  return
}

// -----

func.func @two_bound_operands(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' expected only one loop bound operand}}
  affine.for %i = %n, %n to 10 {
  }
  return
}

// -----

#map_s = affine_map<(i)[j] -> (i+j)>
func.func @symbol_mismatch(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' symbol operand count and affine map symbol count must match}}
  affine.for %i = #map_s(%n) to 100 {
  }
  return
}

// -----

#map_d = affine_map<(i)[j] -> (i+j)>
func.func @dim_mismatch(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' dim operand count and affine map dim count must match}}
  affine.for %i = #map_d(%n, %n)[%n] to 100 {
  }
  return
}

// -----

func.func @multi_result_no_max(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<(d0) -> (d0, 100)>(%n) to 100 {
  }
  return
}

// -----

func.func @multi_result_no_min(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<(d0) -> (d0, 100)>(%n) {
  }
  return
}

// -----

func.func @bound_not_a_map() {
  // expected-error@+1 {{custom op 'affine.for' expected valid affine map representation for loop bounds}}
  affine.for %i = 0 to "x" {
  }
  return
}

// -----

func.func @step_value(%s: index) {
  // expected-error@+1 {{expected attribute value}}
  affine.for %i = 1 to 5 step %s {
  }
  return
}

// -----

func.func @step_negative() {
  // expected-error@+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %i = 1 to 10 step -1 {
  }
  return
}

// -----

func.func @step_zero() {
  affine.for %i = 1 to 10 step 0 {
  }
  return
}

// -----

func.func @step_typo() {
  // expected-error@+1 {{expected constant integer or floating point value}}
  affine.for %i = 1 to 100 step -- 1 {
  }
  return
}

// -----

func.func @iter_args_mismatch(%x: f32) -> f32 {
  // expected-error@+1 {{custom op 'affine.for' mismatch between the number of loop-carried values and results}}
  %r = affine.for %i = 0 to 10 step 2 iter_args(%a = %x) -> (f32, f32) {
    affine.yield %a : f32
  }
  return %r : f32
}

// -----

#set_s = affine_set<(i)[N] : (i >= 0, N - i >= 0)>
func.func @if_symbols(%n: index) {
  // expected-error@+1 {{custom op 'affine.if' symbol operand count and integer set symbol count must match}}
  affine.if #set_s(%n) {
  }
  return
}

// -----

#set_d = affine_set<(i)[N] : (i >= 0, N - i >= 0)>
func.func @if_dims(%n: index) {
  // expected-error@+1 {{custom op 'affine.if' dim operand count and integer set dim count must match}}
  affine.if #set_d()[%n] {
  }
  return
}

// -----

func.func @fine(%n: index, %x: f32) -> f32 {
  affine.for %i = 0 to %n step 4 {
  }
  affine.for %i loc("iv") = 0 to %n {
  }
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0)>(%n)[%n] to min affine_map<(d0) -> (d0, 10)>(%n) {
  }
  affine.for %i = -2 to 9223372036854775807 {
  }
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    affine.yield %a : f32
  }
  affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%n)[%n] {
  }
  return %r : f32
}

// -----

func.func @store_no_bracket(%m: memref<4xf32>, %v: f32) {
  // expected-error@+1 {{expected '[' in affine map}}
  affine.store %v, %m : memref<4xf32>
  return
}

// -----

func.func @load_no_bracket(%m: memref<4xf32>) {
  // expected-error@+1 {{expected '[' in affine map}}
  %0 = affine.load %m : memref<4xf32>
  return
}

// -----

func.func @vector_load_no_bracket(%m: memref<4xf32>) {
  // expected-error@+1 {{expected '[' in affine map}}
  %0 = affine.vector_load %m : memref<4xf32>, vector<4xf32>
  return
}

// -----

func.func @accesses(%m: memref<4xf32>, %v: f32, %i: index) {
  %0 = affine.load %m[%i] : memref<4xf32>
  affine.store %v, %m[%i + 1] : memref<4xf32>
  %1 = affine.load %m [0] : memref<4xf32>
  return
}

// -----

func.func @parallel_reduction(%m: memref<100xf32>) {
  // expected-error@+1 {{custom op 'affine.parallel' invalid reduction value: "mulx"}}
  %0:2 = affine.parallel (%i) = (0) to (100) reduce ("addf", "mulx") -> (f32, f32) {
    %1 = affine.load %m[%i] : memref<100xf32>
    affine.yield %1, %1 : f32, f32
  }
  return
}

// -----

func.func @parallel_reductions(%m: memref<100xf32>) {
  %0:2 = affine.parallel (%i) = (0) to (100) reduce ("addf", "mulf") -> (f32, f32) {
    %1 = affine.load %m[%i] : memref<100xf32>
    affine.yield %1, %1 : f32, f32
  }
  return
}

// -----

func.func @for_without_a_body() {
  // expected-error@+1 {{expected '{' to begin a region}}
  affine.for %i = 1 to 10 step 2
}
