// What the C++ verifiers of gpu ops check beyond their ODS constraints: all_reduce's
// reduction body, memcpy's operands, memset's value; with valid look-alikes. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics verify_gpu.mlir

func.func @reduce_one_argument(%a : f32) {
  // expected-error@+1 {{expected two region arguments}}
  %res = gpu.all_reduce %a {
  ^bb(%lhs : f32):
    "gpu.yield"(%lhs) : (f32) -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @reduce_argument_type(%a : f32) {
  // expected-error@+1 {{incorrect region argument type}}
  %res = gpu.all_reduce %a {
  ^bb(%lhs : f32, %rhs : i32):
    "gpu.yield"(%lhs) : (f32) -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @reduce_two_yielded(%a : f32) {
  // expected-error@+1 {{expected one gpu.yield operand}}
  %res = gpu.all_reduce %a {
  ^bb(%lhs : f32, %rhs : f32):
    "gpu.yield"(%lhs, %rhs) : (f32, f32) -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @reduce_yield_type(%a : f32) {
  // expected-error@+1 {{incorrect gpu.yield type}}
  %res = gpu.all_reduce %a {
  ^bb(%lhs : f32, %rhs : f32):
    %one = arith.constant 1 : i32
    "gpu.yield"(%one) : (i32) -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @reduce_no_yield(%a : f32) {
  // expected-error@+1 {{expected gpu.yield op in region}}
  %res = gpu.all_reduce %a {
  ^bb(%lhs : f32, %rhs : f32):
    "test.finish" () : () -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @reduce_kind_and_body(%a : f32) {
  // expected-error@+1 {{expected either an op attribute or a non-empty body}}
  %res = gpu.all_reduce add %a {
  ^bb(%lhs : f32, %rhs : f32):
    "gpu.yield"(%lhs) : (f32) -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @reduce_neither(%a : f32) {
  // expected-error@+1 {{expected either an op attribute or a non-empty body}}
  %res = gpu.all_reduce %a {
  } : (f32) -> (f32)
  return
}

// -----

// Valid: a reduction kind with an empty body, or a body that combines two values.
func.func @reduces_ok(%a : f32) {
  %res = gpu.all_reduce add %a {} : (f32) -> (f32)
  %r2 = gpu.all_reduce %a {
  ^bb(%lhs : f32, %rhs : f32):
    %s = arith.addf %lhs, %rhs : f32
    "gpu.yield"(%s) : (f32) -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @memcpy_elements(%dst : memref<?xf32>, %src : memref<?xi32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible element type}}
  gpu.memcpy %dst, %src : memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @memcpy_sizes(%dst : memref<7xf32>, %src : memref<9xf32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %dst, %src : memref<7xf32>, memref<9xf32>
  return
}

// -----

// Valid: dynamic sizes are compatible with static ones.
func.func @memcpys_ok(%dst : memref<?xf32>, %src : memref<9xf32>, %d2: memref<3x?xf32>, %s2: memref<?x4xf32>) {
  gpu.memcpy %dst, %src : memref<?xf32>, memref<9xf32>
  gpu.memcpy %d2, %s2 : memref<3x?xf32>, memref<?x4xf32>
  return
}

// -----

func.func @memcpy_ranks(%dst : memref<7xf32>, %src : memref<7x1xf32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %dst, %src : memref<7xf32>, memref<7x1xf32>
  return
}

// -----

func.func @memset_value(%dst : memref<?xf32>, %v : i32) {
  // expected-error@+1 {{'gpu.memset' op failed to verify that all of {dst, value} have same element type}}
  gpu.memset %dst, %v : memref<?xf32>, i32
  return
}
