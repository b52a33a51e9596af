// `vector.outerproduct`'s operand count, its two trailing types and its first operand's
// type, the two trailing types of the vector transfers, the reduction kind of
// `gpu.all_reduce` and `gpu.subgroup_reduce`, and `gpu.launch_func`'s kernel symbol and
// arguments: what their custom parsers reject before anything is verified. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics vector_gpu_parsers.mlir

func.func @one_operand(%x: f32) {
  // expected-error@+1 {{custom op 'vector.outerproduct' expected at least 2 operands}}
  %0 = vector.outerproduct %x : f32, f32
  return
}

// -----

func.func @scalar_lhs(%x: f32, %v: vector<4xf32>) {
  // expected-error@+1 {{custom op 'vector.outerproduct' expected vector type for operand #1}}
  %0 = vector.outerproduct %x, %v : f32, vector<4xf32>
  return
}

// -----

func.func @one_type(%v: vector<4xf32>) {
  // expected-error@+1 {{expected ','}}
  %0 = vector.outerproduct %v, %v : vector<4xf32>
  return
}

// -----

func.func @unknown_kind(%x: f32) {
  // expected-error@+1 {{custom op 'gpu.all_reduce' invalid op kind}}
  %0 = gpu.all_reduce max %x {} : (f32) -> (f32)
  return
}

// -----

func.func @unknown_subgroup_kind(%x: f32) {
  // expected-error@+1 {{custom op 'gpu.subgroup_reduce' invalid op kind}}
  %0 = gpu.subgroup_reduce sum %x : (f32) -> (f32)
  return
}

// -----

func.func @well_formed(%x: f32, %v: vector<4xf32>, %w: vector<8xf32>, %m: vector<4x8xf32>) {
  %0 = vector.outerproduct %v, %w : vector<4xf32>, vector<8xf32>
  %1 = vector.outerproduct %v, %w, %m {kind = #vector.kind<add>} : vector<4xf32>, vector<8xf32>
  %2 = vector.outerproduct %v, %x : vector<4xf32>, f32
  %3 = gpu.all_reduce maxnumf %x {} : (f32) -> (f32)
  %4 = gpu.subgroup_reduce add %x : (f32) -> (f32)
  %5 = gpu.all_reduce %x {
  ^bb0(%lhs : f32, %rhs : f32):
    %s = arith.addf %lhs, %rhs : f32
    gpu.yield %s : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @transfer_one_type(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{custom op 'vector.transfer_read' requires two types}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>
  return
}

// -----

func.func @transfer_write_one_type(%m: memref<?x?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error@+1 {{custom op 'vector.transfer_write' requires two types}}
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>
  return
}

// -----

func.func @transfers(%m: memref<?x?xf32>, %i: index, %f: f32, %v: vector<4xf32>) {
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4xf32>
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @kernel_named_by_string(%n : index) {
    // expected-error@+1 {{custom op 'gpu.launch_func' invalid kind of attribute specified}}
    gpu.launch_func "kernel" blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @kernel_argument_attribute(%n : index) {
    // expected-error@+1 {{expected ')' in argument list}}
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%n : index {attr})
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a : index, %b : f32) kernel {
      gpu.return
    }
  }
  func.func @launch(%n : index, %f : f32) {
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%n : index, %f : f32)
    return
  }
}
