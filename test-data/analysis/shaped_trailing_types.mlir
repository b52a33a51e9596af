// Vector and tensor ops whose format reads a trailing type of one builtin class: MLIR's
// parser rejects another class (an unranked tensor is not `builtin.tensor`) before any
// verifier runs. Aliases and well-formed types pass. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics shaped_trailing_types.mlir

func.func @broadcast_to_scalar(%a : f32) {
  // expected-error@+1 {{custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.broadcast %a : f32 to f32
  return
}

// -----

func.func @broadcast_to_tensor(%a : f32) {
  // expected-error@+1 {{custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'tensor<4xf32>'}}
  %0 = vector.broadcast %a : f32 to tensor<4xf32>
  return
}

// -----

func.func @shape_cast_from_scalar(%a : f32) {
  // expected-error@+1 {{custom op 'vector.shape_cast' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.shape_cast %a : f32 to vector<1xf32>
  return
}

// -----

func.func @shape_cast_to_scalar(%a : vector<4xf32>) {
  // expected-error@+1 {{custom op 'vector.shape_cast' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.shape_cast %a : vector<4xf32> to f32
  return
}

// -----

func.func @splat_to_memref(%a : f32) {
  // expected-error@+1 {{custom op 'tensor.splat' invalid kind of type specified: expected builtin.tensor, but found 'memref<?xf32>'}}
  %0 = tensor.splat %a : memref<?xf32>
  return
}

// -----

func.func @splat_to_unranked(%a : f32) {
  // expected-error@+1 {{custom op 'tensor.splat' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.splat %a : tensor<*xf32>
  return
}

// -----

func.func @from_elements_to_vector(%a : i32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' invalid kind of type specified: expected builtin.tensor, but found 'vector<1xi32>'}}
  %0 = tensor.from_elements %a : vector<1xi32>
  return
}

// -----

func.func @empty_to_memref() {
  // expected-error@+1 {{custom op 'tensor.empty' invalid kind of type specified: expected builtin.tensor, but found 'memref<8xf32>'}}
  %0 = tensor.empty() : memref<8xf32>
  return
}

// -----

!vec = vector<4xf32>
func.func @well_formed(%a : f32, %v : vector<4xf32>, %n : index) {
  %0 = vector.broadcast %a : f32 to vector<4 x f32>
  %1 = vector.broadcast %a {some.attr} : f32 to !vec
  %2 = vector.shape_cast %v : vector<4xf32> to vector<2x2xf32>
  %3 = tensor.splat %a[%n] : tensor<?x4xf32>
  %4 = tensor.from_elements %a, %a : tensor<2xf32>
  %5 = tensor.empty(%n) : tensor<?xf32>
  return
}
