// index, complex and vector ops against their specs (analysis/specs/index.spec,
// complex.spec, vector.spec): types of the wrong C++ class, unknown ops of complete
// dialects, hand-written parse checks of ops MLIR parses in C++, the C++ verifiers of the
// index casts and complex.constant, and valid uses.
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

// -----

func.func @index_casts_both_index(%a: index) {
  // expected-error@+1 {{'index.casts' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.casts %a : index to index
  return
}

// -----

func.func @index_castu_both_integers(%a: i64) {
  // expected-error@+1 {{'index.castu' op operand type 'i64' and result type 'i64' are cast incompatible}}
  %0 = index.castu %a : i64 to i64
  return
}

// -----

// Valid: index to an integer of any width and signedness, and back.
func.func @index_casts_ok(%a: index, %b: i64, %s: si64) {
  %0 = index.casts %a : index to i32
  %1 = index.castu %b : i64 to index
  %2 = "index.castu"(%s) : (si64) -> index
  return
}

// -----

func.func @complex_constant_one_part() {
  // expected-error@+1 {{'complex.constant' op requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0 : f32] : complex<f32>
  return
}

// -----

func.func @complex_constant_part_types() {
  // expected-error@+1 {{'complex.constant' op requires attribute's element types ('f32', 'f64') to match the element type of the op's return type ('f64')}}
  %0 = complex.constant [1.0 : f32, -1.0 : f64] : complex<f64>
  return
}

// -----

func.func @complex_constant_integer_parts() {
  // expected-error@+1 {{'complex.constant' op requires attribute's element types ('i32', 'i32') to match the element type of the op's return type ('i64')}}
  %0 = complex.constant [1 : i32, 2 : i32] : complex<i64>
  return
}

// -----

func.func @complex_constant_strings() {
  // expected-error@+1 {{'complex.constant' op requires attribute's elements to be float or integer attributes}}
  %0 = complex.constant ["a", "b"] : complex<f32>
  return
}

// -----

// Valid: two parts of the element type.
func.func @complex_constants_ok() {
  %0 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %1 = complex.constant [1 : i16, 2 : i16] : complex<i16>
  %2 = "complex.constant"() <{value = [0.5 : f64, 0.0 : f64]}> : () -> complex<f64>
  return
}
