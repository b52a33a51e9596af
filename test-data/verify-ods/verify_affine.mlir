// What the C++ verifiers of affine ops check beyond their ODS constraints: map operand
// counts, regions without arguments, delinearize results, load/store types and maps,
// parallel bounds and reductions, and which values can be dimensions and symbols; with
// valid look-alikes. Run: mlir-opt --allow-unregistered-dialect --split-input-file
// --verify-diagnostics verify_affine.mlir

func.func @min_operands(%a: index, %b: index) {
  // expected-error@+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0) -> (d0)> (%a, %b)
  return
}

// -----

func.func @max_symbols(%a: index) {
  // expected-error@+1 {{'affine.max' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.max affine_map<(d0)[s0] -> (d0)> (%a)
  return
}

// -----

func.func @apply_generic(%a: index, %b: index) {
  // expected-error@+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%a, %b) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}

// -----

func.func @min_no_result(%a: index) {
  // expected-error@+1 {{'affine.min' op affine map expect at least one result}}
  %0 = "affine.min"(%a) <{map = affine_map<(d0) -> ()>}> : (index) -> index
  return
}

// -----

func.func @if_then_arguments(%n: index) {
  %c = arith.constant 200 : index
  // expected-error@+1 {{'affine.if' op region #0 should have no arguments}}
  affine.if affine_set<(i)[N] : (i - 2 >= 0)>(%c)[%n] {
  ^bb0(%arg: i32):
  }
  return
}

// -----

func.func @if_else_arguments(%n: index) {
  %c = arith.constant 200 : index
  // expected-error@+1 {{'affine.if' op region #1 should have no arguments}}
  affine.if affine_set<(i)[N] : (i - 2 >= 0)>(%c)[%n] {
  } else {
  ^bb0(%arg: i32):
  }
  return
}

// -----

func.func @delinearize_results(%i: index, %b0: index, %b1: index) {
  // expected-error@+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %1 = affine.delinearize_index %i into (%b0, %b1) : index
  return
}

// -----

func.func @vector_load_elements(%m: memref<100xf32>) {
  affine.for %i = 0 to 16 step 8 {
    // expected-error@+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
    %1 = affine.vector_load %m[%i] : memref<100xf32>, vector<8xf64>
  }
  return
}

// -----

func.func @vector_store_elements(%m: memref<100xf32>, %v: vector<8xf64>) {
  affine.for %i = 0 to 16 step 8 {
    // expected-error@+1 {{'affine.vector_store' op requires memref and vector types of the same elemental type}}
    affine.vector_store %v, %m[%i] : memref<100xf32>, vector<8xf64>
  }
  return
}

// -----

func.func @store_value_type(%m: memref<f32>) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%c0, %m) <{map = affine_map<() -> ()>}> : (i32, memref<f32>) -> ()
  return
}

// -----

func.func @load_result_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op result type must match element type of memref}}
  %0 = "affine.load"(%m, %i) <{map = affine_map<(i) -> (i)>}> : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @load_subscripts(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%m, %i, %i) <{map = affine_map<(i) -> (i)>}> : (memref<4xf32>, index, index) -> f32
  return
}

// -----

func.func @load_rank(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = "affine.load"(%m, %i) <{map = affine_map<(i) -> (i)>}> : (memref<4x4xf32>, index) -> f32
  return
}

// -----

func.func @parallel_counts() {
  // expected-error@+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (2), and the number of steps (2) must all match}}
  affine.parallel (%i) = (0, 0) to (100, 100) step (10, 10) {
  }
  return
}

// -----

func.func @parallel_reductions(%m: memref<100x100xf32>) {
  // expected-error@+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %1 = affine.parallel (%i, %j) = (0, 0) to (100, 100) step (10, 10) -> (f32) {
    %2 = affine.load %m[%i, %j] : memref<100x100xf32>
    affine.yield %2 : f32
  }
  return
}

// -----

func.func @for_iv_as_symbol() {
  affine.for %i = 0 to 7 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%i] to 7 {
    }
  }
  return
}

// -----

func.func @for_bare_iv_bound() {
  affine.for %i = 0 to 7 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @for_scf_iv_bound(%n: index) {
  scf.for %i = %n to %n step %n {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @if_iv_as_symbol() {
  affine.for %i = 0 to 7 {
    // expected-error@+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if affine_set<(i)[N] : (i >= 0, N - i >= 0)>(%i)[%i] {}
  }
  return
}

// -----

func.func @parallel_pure_of_iv_as_dim(%n: index) {
  affine.for %i = 0 to 7 {
    %y = arith.addi %i, %n : index
    // expected-error@+1 {{'affine.parallel' op operand cannot be used as a dimension id}}
    affine.parallel (%a) = (0) to (%y) {
    }
  }
  return
}

// -----

func.func @parallel_pure_of_iv_as_symbol() {
  affine.for %x = 0 to 7 {
    %y = arith.addi %x, %x : index
    // expected-error@+1 {{'affine.parallel' op operand cannot be used as a symbol}}
    affine.parallel (%i, %j) = (0, 0) to (symbol(%y), 100) step (10, 10) {
    }
  }
  return
}

// -----

// Valid: function arguments and pure ops of them are symbols anywhere in the function,
// induction variables are dimensions, affine.min does not ask, delinearize may return
// one more index than its basis.
func.func @valid(%n: index, %m: memref<?xf32>, %b0: index, %b1: index) {
  affine.for %i = 0 to 7 {
    %y = arith.addi %n, %n : index
    affine.for %j = affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%y] to %y {
      affine.if affine_set<(i)[N] : (i >= 0, N - i >= 0)>(%j)[%n] {}
    }
    affine.parallel (%a) = (%i) to (symbol(%n)) {
    }
    %0 = affine.min affine_map<(d0)[s0] -> (d0 + s0)> (%i)[%i]
    %1:3 = affine.delinearize_index %i into (%b0, %b1) : index, index, index
    %2:2 = affine.delinearize_index %i into (%b0, %b1) : index, index
  }
  %r = affine.parallel (%i) = (0) to (10) reduce ("addf") -> (f32) {
    %v = affine.load %m[%i] : memref<?xf32>
    affine.yield %v : f32
  }
  return
}
