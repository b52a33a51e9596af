// The memref ops we have specs for: type constraints, element types implied by the
// memref (`memref.load`, `memref.store`), built `index` results and operand traits.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// memref.mlir

func.func @ranked_only(%u: memref<*xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %v = "memref.load"(%u, %i) : (memref<*xf32>, index) -> f32
  return
}

// -----

func.func @load_result(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %v = "memref.load"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @loaded_type(%m: memref<4xf32>, %i: index, %c: i32) {
  %v = memref.load %m[%i] : memref<4xf32> // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%v' expects different type than prior uses: 'i32' vs 'f32'}}
  %w = arith.addi %v, %c : i32
  return
}

// -----

func.func @stored_type(%m: memref<4xf32>, %i: index, %x: i32) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'f32' vs 'i32'}}
  memref.store %x, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @dim_is_index(%m: memref<?xf32>, %i: index, %c: i64) {
  %d = memref.dim %m, %i : memref<?xf32> // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%d' expects different type than prior uses: 'i64' vs 'index'}}
  %e = arith.addi %d, %c : i64
  return
}

// -----

func.func @dim_of_rank_0(%m: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %d = memref.dim %m, %i : memref<f32>
  return
}

// -----

func.func @copy_shapes(%a: memref<2xf32>, %b: memref<3xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<2xf32> to memref<3xf32>
  return
}

// -----

func.func @copy_elements(%a: memref<?xf32>, %b: memref<*xf16>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<?xf32> to memref<*xf16>
  return
}

// -----

func.func @view_of_bytes(%m: memref<16xf32>, %i: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<16xf32>'}}
  %v = memref.view %m[%i][] : memref<16xf32> to memref<4xf32>
  return
}

// -----

memref.global "private" @g : memref<4xf32>

func.func @static_global() {
  // expected-error@+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %m = memref.get_global @g : memref<?xf32>
  return
}

// -----

func.func @rmw_value(%m: memref<4xf32>, %i: index, %v: f64) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %r = memref.atomic_rmw addf %v, %m[%i] : (f64, memref<4xf32>) -> f64
  return
}

// -----

func.func @metadata_base(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op result #0 must be strided memref of any type values of rank 0, but got 'memref<1xf32>'}}
  %b, %o, %s, %t = memref.extract_strided_metadata %m : memref<4xf32> -> memref<1xf32>, index, index, index
  return
}

// -----

func.func @scope_without_return(%n: index) -> index {
  memref.alloca_scope {
    %tmp = memref.alloca(%n) : memref<?xf32>
  }
  %r = memref.alloca_scope -> index {
    %c = arith.constant 1 : index
    memref.alloca_scope.return %c : index
  }
  %m = memref.alloc(%r) : memref<?xi8>
  %s = memref.subview %m[%n] [4] [1] : memref<?xi8> to memref<4xi8, strided<[1], offset: ?>>
  %w = memref.assume_alignment %m, 16 : memref<?xi8>
  %x = memref.load %w[%n] : memref<?xi8>
  %y = arith.addi %x, %x : i8
  memref.store %y, %s[%n] : memref<4xi8, strided<[1], offset: ?>>
  %p = memref.extract_aligned_pointer_as_index %w : memref<?xi8> -> index
  %q = memref.rank %m : memref<?xi8>
  %z = arith.addi %p, %q : index
  return %z : index
}
