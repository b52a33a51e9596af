// index, complex and vector ops against their specs (analysis/specs/index.spec,
// complex.spec, vector.spec): types of the wrong C++ class, unknown ops of complete
// dialects, hand-written parse checks of ops MLIR parses in C++, and valid uses.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// verify_index_complex_vector.mlir

func.func @abs_of_float(%a: f32) -> f32 {
  // expected-error@+1 {{custom op 'complex.abs' invalid kind of type specified: expected builtin.complex, but found 'f32'}}
  %0 = complex.abs %a : f32
  return %0 : f32
}

// -----

func.func @step_of_float() {
  // expected-error@+1 {{custom op 'vector.step' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.step : f32
  return
}

// -----

func.func @unknown_index_op(%a: index) {
  // expected-error@+1 {{custom op 'index.addf' is unknown}}
  %0 = index.addf %a, %a
  return
}

// -----

func.func @unknown_vector_op(%v: vector<4xf32>) {
  // expected-error@+1 {{custom op 'vector.extractelement' is unknown}}
  %0 = vector.extractelement %v[%v : vector<4xf32>] : vector<4xf32>
  return
}

// -----

func.func @transfer_with_one_type(%m: memref<?xf32>, %i: index, %pad: f32) {
  // expected-error@+1 {{custom op 'vector.transfer_read' requires two types}}
  %0 = vector.transfer_read %m[%i], %pad : memref<?xf32>
  return
}

// -----

func.func @valid(%a: index, %b: index, %c: complex<f32>, %v: vector<4xf32>,
                 %w: vector<4xf32>, %t: tensor<4x8xf32>, %shape: tensor<1xindex>)
    -> (i1, f32, vector<4xf32>, tensor<32xf32>) {
  %lt = index.cmp slt(%a, %b)
  %sum = index.add %a, %b
  %abs = complex.abs %c : complex<f32>
  %x = vector.extract %v[2] : f32 from vector<4xf32>
  %mix = vector.shuffle %v, %w [0, 4, 1, 5] : vector<4xf32>, vector<4xf32>
  %ins = vector.insert %x, %v[%sum] : f32 into vector<4xf32>
  %flat = tensor.reshape %t(%shape) : (tensor<4x8xf32>, tensor<1xindex>) -> tensor<32xf32>
  return %lt, %abs, %ins, %flat : i1, f32, vector<4xf32>, tensor<32xf32>
}
