// tensor ops against their specs (analysis/specs/tensor.spec): `index` operands and the
// types the syntax gives values, operand and result type constraints, unknown tensor ops,
// format errors, and valid uses of every op.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// verify_tensor.mlir

// The dynamic sizes of tensor.empty are `index` values.
// expected-note@+1 {{prior use here}}
func.func @empty_size_not_index(%n: i32) -> tensor<?xf32> {
  // expected-error@+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i32'}}
  %t = tensor.empty(%n) : tensor<?xf32>
  return %t : tensor<?xf32>
}

// -----

// expected-note@+1 {{prior use here}}
func.func @dim_index_not_index(%t: tensor<?xf32>, %d: i64) -> index {
  // expected-error@+1 {{use of value '%d' expects different type than prior uses: 'index' vs 'i64'}}
  %n = tensor.dim %t, %d : tensor<?xf32>
  return %n : index
}

// -----

// expected-note@+1 {{prior use here}}
func.func @extract_index_not_index(%t: tensor<4x4xf32>, %i: index, %j: f32) -> f32 {
  // expected-error@+1 {{use of value '%j' expects different type than prior uses: 'index' vs 'f32'}}
  %v = tensor.extract %t[%i, %j] : tensor<4x4xf32>
  return %v : f32
}

// -----

// The result of tensor.extract has the element type.
func.func @extract_result_type(%t: tensor<4xf32>, %i: index) -> i32 {
  // expected-note@+1 {{prior use here}}
  %v = tensor.extract %t[%i] : tensor<4xf32>
  // expected-error@+1 {{use of value '%v' expects different type than prior uses: 'i32' vs 'f32'}}
  return %v : i32
}

// -----

// The scalar of tensor.insert has the element type of the destination.
// expected-note@+1 {{prior use here}}
func.func @insert_scalar_type(%t: tensor<4xi32>, %x: f32, %i: index) -> tensor<4xi32> {
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'f32'}}
  %r = tensor.insert %x into %t[%i] : tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// The result of tensor.insert has the type of the destination.
func.func @insert_result_type(%t: tensor<4xi32>, %x: i32, %i: index) -> tensor<4xf32> {
  // expected-note@+1 {{prior use here}}
  %r = tensor.insert %x into %t[%i] : tensor<4xi32>
  // expected-error@+1 {{use of value '%r' expects different type than prior uses: 'tensor<4xf32>' vs 'tensor<4xi32>'}}
  return %r : tensor<4xf32>
}

// -----

// Each element of tensor.from_elements has the element type of the result.
// expected-note@+1 {{prior use here}}
func.func @from_elements_element_type(%a: f32, %b: f64) -> tensor<2xf32> {
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'f32' vs 'f64'}}
  %t = tensor.from_elements %a, %b : tensor<2xf32>
  return %t : tensor<2xf32>
}

// -----

// expected-note@+1 {{prior use here}}
func.func @splat_value_type(%x: i8) -> tensor<4xi32> {
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'i8'}}
  %t = tensor.splat %x : tensor<4xi32>
  return %t : tensor<4xi32>
}

// -----

// expected-note@+1 {{prior use here}}
func.func @slice_offset_not_index(%t: tensor<8xf32>, %o: i32) -> tensor<4xf32> {
  // expected-error@+1 {{use of value '%o' expects different type than prior uses: 'index' vs 'i32'}}
  %s = tensor.extract_slice %t[%o] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @dim_of_rank_0(%t: tensor<f32>, %c: index) -> index {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %n = tensor.dim %t, %c : tensor<f32>
  return %n : index
}

// -----

func.func @reshape_of_memref(%m: memref<4xf32>, %s: tensor<1xindex>) -> tensor<4xf32> {
  // expected-error@+1 {{'tensor.reshape' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %r = "tensor.reshape"(%m, %s) : (memref<4xf32>, tensor<1xindex>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @reshape_shape_of_rank_2(%t: tensor<4xf32>, %s: tensor<1x1xindex>) -> tensor<4xf32> {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<1x1xindex>'}}
  %r = "tensor.reshape"(%t, %s) : (tensor<4xf32>, tensor<1x1xindex>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @gather_float_indices(%t: tensor<8x16xf32>, %idx: tensor<3x1xf32>) -> tensor<3x1x16xf32> {
  // expected-error@+1 {{'tensor.gather' op operand #1 must be ranked tensor of signless integer or index values, but got 'tensor<3x1xf32>'}}
  %r = tensor.gather %t[%idx] gather_dims([0]) : (tensor<8x16xf32>, tensor<3x1xf32>) -> tensor<3x1x16xf32>
  return %r : tensor<3x1x16xf32>
}

// -----

func.func @concat_of_unranked(%a: tensor<*xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'tensor.concat' op operand #0 must be variadic of ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %r = tensor.concat dim(0) %a : (tensor<*xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @bitcast_of_index(%t: tensor<4xindex>) -> tensor<4xi64> {
  // expected-error@+1 {{'tensor.bitcast' op operand #0 must be tensor of signless integer or unsigned integer or signed integer or floating-point values, but got 'tensor<4xindex>'}}
  %r = tensor.bitcast %t : tensor<4xindex> to tensor<4xi64>
  return %r : tensor<4xi64>
}

// -----

func.func @dim_generic_of_memref(%m: memref<4xf32>, %c: index) -> index {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'memref<4xf32>'}}
  %n = "tensor.dim"(%m, %c) : (memref<4xf32>, index) -> index
  return %n : index
}

// -----

func.func @dim_of_memref(%m: memref<4xf32>, %c: index) -> index {
  // expected-error@+1 {{custom op 'tensor.dim' invalid kind of type specified}}
  %n = tensor.dim %m, %c : memref<4xf32>
  return %n : index
}

// -----

func.func @extract_of_unranked(%t: tensor<*xf32>, %c: index) -> f32 {
  // expected-error@+1 {{custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %v = tensor.extract %t[%c] : tensor<*xf32>
  return %v : f32
}

// -----

func.func @from_elements_dynamic_result(%a: f32) -> tensor<?xf32> {
  // expected-error@+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %t = "tensor.from_elements"(%a) : (f32) -> tensor<?xf32>
  return %t : tensor<?xf32>
}

// -----

func.func @yield_outside(%x: f32) {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %x : f32
}

// -----

func.func @unknown_tensor_op(%t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'tensor.foo' is unknown}}
  %r = tensor.foo %t : tensor<4xf32>
  return
}

// -----

func.func @missing_type(%t: tensor<?xf32>, %c: index) -> index {
  // expected-error@+1 {{expected ':'}}
  %n = tensor.dim %t, %c
  return %n : index
}

// -----

func.func @expand_shape_without_output_shape(%t: tensor<8xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{custom op 'tensor.expand_shape' expected 'output_shape'}}
  %r = tensor.expand_shape %t [[0, 1]] : tensor<8xf32> into tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Valid: every op of the dialect.
func.func @creation(%n: index, %x: f32) -> (tensor<?x4xf32>, tensor<2xf32>, tensor<?xindex>,
                                           tensor<?x4xf32>) {
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %f = tensor.from_elements %x, %x : tensor<2xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  %s = tensor.splat %x[%n] : tensor<?x4xf32>
  %s0 = tensor.splat %x : tensor<3xf32>
  return %e, %f, %g, %s : tensor<?x4xf32>, tensor<2xf32>, tensor<?xindex>, tensor<?x4xf32>
}

func.func @elements(%t: tensor<4x?xi32>, %i: index, %x: i32) -> (i32, tensor<4x?xi32>) {
  %v = tensor.extract %t[%i, %i] : tensor<4x?xi32>
  %r = tensor.insert %x into %t[%i, %i] : tensor<4x?xi32>
  %n = tensor.dim %r, %i : tensor<4x?xi32>
  %k = tensor.rank %r : tensor<4x?xi32>
  %sum = arith.addi %n, %k : index
  return %v, %r : i32, tensor<4x?xi32>
}

func.func @slices(%t: tensor<16x16xf32>, %i: index, %n: index) -> tensor<16x16xf32> {
  %s = tensor.extract_slice %t[%i, 0] [%n, 8] [1, 2] : tensor<16x16xf32> to tensor<?x8xf32>
  %row = tensor.extract_slice %t[0, 0] [1, 16] [1, 1] : tensor<16x16xf32> to tensor<16xf32>
  %r = tensor.insert_slice %s into %t[0, %i] [%n, 8] [1, 1] : tensor<?x8xf32> into tensor<16x16xf32>
  %p = scf.forall (%j) in (16) shared_outs(%out = %r) -> (tensor<16x16xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %out[%j, 0] [1, 16] [1, 1]
          : tensor<16xf32> into tensor<16x16xf32>
    }
  }
  return %p : tensor<16x16xf32>
}

func.func @gather_scatter(%t: tensor<8x16xf32>, %idx: tensor<2x1xi32>) -> tensor<8x16xf32> {
  %g = tensor.gather %t[%idx] gather_dims([0]) unique
      : (tensor<8x16xf32>, tensor<2x1xi32>) -> tensor<2x1x16xf32>
  %s = tensor.scatter %g into %t[%idx] scatter_dims([0]) unique
      : (tensor<2x1x16xf32>, tensor<8x16xf32>, tensor<2x1xi32>) -> tensor<8x16xf32>
  return %s : tensor<8x16xf32>
}

func.func @shapes(%t: tensor<?x8xf32>, %n: index, %shape: tensor<1xi64>) -> tensor<?x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %t nofold low[1, %n] high[%n, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x8xf32> to tensor<?x10xf32>
  %c = tensor.concat dim(1) %t, %t : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x16xf32>
  %e = tensor.expand_shape %t [[0], [1, 2]] output_shape [%n, 2, 4]
      : tensor<?x8xf32> into tensor<?x2x4xf32>
  %col = tensor.collapse_shape %e [[0, 1, 2]] : tensor<?x2x4xf32> into tensor<?xf32>
  %r = tensor.reshape %col(%shape) : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %p : tensor<?x10xf32>
}

func.func @casts(%t: tensor<4xf32>) -> (tensor<*xf32>, tensor<4xui32>) {
  %d = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %u = tensor.cast %d : tensor<?xf32> to tensor<*xf32>
  %b = tensor.bitcast %t : tensor<4xf32> to tensor<4xui32>
  return %u, %b : tensor<*xf32>, tensor<4xui32>
}
