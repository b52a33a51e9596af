// What the C++ verifiers of tensor ops (and OffsetSizeAndStrideOpInterface) check beyond
// their ODS constraints, with valid look-alikes that must stay silent. Run: mlir-opt
// --allow-unregistered-dialect --split-input-file --verify-diagnostics verify_tensor_ops.mlir

func.func @cast_ranks(%t: tensor<2x3xi8>) -> tensor<6xi8> {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2x3xi8>' and result type 'tensor<6xi8>' are cast incompatible}}
  %c = tensor.cast %t : tensor<2x3xi8> to tensor<6xi8>
  return %c : tensor<6xi8>
}

// -----

func.func @cast_elements(%t: tensor<*xf16>) -> tensor<?xbf16> {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<*xf16>' and result type 'tensor<?xbf16>' are cast incompatible}}
  %c = tensor.cast %t : tensor<*xf16> to tensor<?xbf16>
  return %c : tensor<?xbf16>
}

// -----

// Valid: dynamic sizes fit static ones, unranked fits any rank, encodings are not compared.
func.func @casts_ok(%t: tensor<?x5xf32>, %e: tensor<3xi1, "enc">) -> (tensor<7x?xf32>, tensor<3xi1>) {
  %a = tensor.cast %t : tensor<?x5xf32> to tensor<7x?xf32>
  %u = tensor.cast %a : tensor<7x?xf32> to tensor<*xf32>
  %b = tensor.cast %e : tensor<3xi1, "enc"> to tensor<3xi1>
  return %a, %b : tensor<7x?xf32>, tensor<3xi1>
}

// -----

func.func @concat_rank(%a: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %c = tensor.concat dim(0) %a : (tensor<2x2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concat_dim(%a: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %c = tensor.concat dim(2) %a, %a : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @concat_other_dims(%a: tensor<2x?x4xi32>, %b: tensor<5x3x6xi32>) {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 2}}
  %c = tensor.concat dim(0) %a, %b : (tensor<2x?x4xi32>, tensor<5x3x6xi32>) -> tensor<7x3x4xi32>
  return
}

// -----

func.func @concat_result(%a: tensor<?x2xi32>, %b: tensor<?x3xi32>, %c: tensor<?x1xi32>) {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<?x5xi32>'does not match inferred shape 'tensor<?x6xi32>' static sizes}}
  %r = tensor.concat dim(1) %a, %b, %c : (tensor<?x2xi32>, tensor<?x3xi32>, tensor<?x1xi32>) -> tensor<?x5xi32>
  return
}

// -----

// Valid: a dynamic input makes the concatenated size dynamic; another dimension takes its
// static size from any input.
func.func @concat_ok(%a: tensor<2x?xi32>, %b: tensor<?x3xi32>) -> tensor<2x9xi32> {
  %c = tensor.concat dim(1) %a, %b : (tensor<2x?xi32>, tensor<?x3xi32>) -> tensor<2x9xi32>
  return %c : tensor<2x9xi32>
}

// -----

func.func @extract_indices(%t: tensor<4x4xf32>, %i: index) -> f32 {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %v = tensor.extract %t[%i] : tensor<4x4xf32>
  return %v : f32
}

// -----

func.func @insert_indices(%t: tensor<i8>, %x: i8, %i: index) -> tensor<i8> {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %r = tensor.insert %x into %t[%i] : tensor<i8>
  return %r : tensor<i8>
}

// -----

func.func @empty_sizes(%n: index) -> tensor<?x?xf32> {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2}}
  %e = tensor.empty(%n) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @splat_sizes(%x: f32, %n: index) -> tensor<4xf32> {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 0}}
  %s = tensor.splat %x[%n] : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @generate_sizes(%n: index) -> tensor<?x?xindex> {
  // expected-error@+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 1, expected 2}}
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %i : index
  } : tensor<?x?xindex>
  return %g : tensor<?x?xindex>
}

// -----

func.func @generate_argument_count(%n: index) -> tensor<?x2xindex> {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?x2xindex>
  return %g : tensor<?x2xindex>
}

// -----

func.func @generate_argument_type(%n: index) -> tensor<?xindex> {
  // expected-error@+1 {{all body arguments must be index}}
  %g = tensor.generate %n {
  ^bb0(%i: i64):
    %c = arith.constant 0 : index
    tensor.yield %c : index
  } : tensor<?xindex>
  return %g : tensor<?xindex>
}

// -----

func.func @generate_yield(%n: index) -> tensor<?xi64> {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xi64>
  return %g : tensor<?xi64>
}

// -----

func.func @reshape_elements(%t: tensor<2x3xf32>, %s: tensor<2xindex>) -> tensor<3x3xf32> {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %r = tensor.reshape %t(%s) : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

func.func @reshape_shape_length(%t: tensor<?xf32>, %s: tensor<3xi32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %r = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<3xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Valid: an unranked result takes a shape of any length; counts are compared only when
// both shapes are static.
func.func @reshapes_ok(%t: tensor<2x3xf32>, %s: tensor<?xindex>, %d: tensor<?x3xf32>,
                       %s2: tensor<2xindex>) -> (tensor<*xf32>, tensor<9x9xf32>) {
  %u = tensor.reshape %t(%s) : (tensor<2x3xf32>, tensor<?xindex>) -> tensor<*xf32>
  %r = tensor.reshape %d(%s2) : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<9x9xf32>
  return %u, %r : tensor<*xf32>, tensor<9x9xf32>
}

// -----

func.func @expand_group_size(%t: tensor<6x4xf32>) -> tensor<2x4x4xf32> {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 4] : tensor<6x4xf32> into tensor<2x4x4xf32>
  return %e : tensor<2x4x4xf32>
}

// -----

func.func @expand_output_shape(%t: tensor<6xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 3 inputs instead}}
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 3, 1] : tensor<6xf32> into tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}

// -----

func.func @expand_group_count(%t: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{'tensor.expand_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
  %e = tensor.expand_shape %t [[0, 1, 2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %e : tensor<2x3x4xf32>
}

// -----

func.func @expand_element(%t: tensor<6xf32>) -> tensor<2x3xf16> {
  // expected-error@+1 {{'tensor.expand_shape' op expected collapsed type to be 'tensor<6xf16>', but got 'tensor<6xf32>'}}
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf16>
  return %e : tensor<2x3xf16>
}

// -----

func.func @collapse_dynamic(%t: tensor<2x?xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x?xf32> into tensor<8xf32>
  return %c : tensor<8xf32>
}

// -----

func.func @collapse_order(%t: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #1 to be valid and contiguous.}}
  %c = tensor.collapse_shape %t [[0], [2, 1]] : tensor<2x3x4xf32> into tensor<2x12xf32>
  return %c : tensor<2x12xf32>
}

// -----

func.func @collapse_group_indices(%t: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (3), but it is  2.}}
  %c = tensor.collapse_shape %t [[0, 1], [1]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %c : tensor<6x4xf32>
}

// -----

func.func @collapse_rank(%t: tensor<6xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<6xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x3xf32>'.}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<6xf32> into tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}

// -----

// Valid: dynamic groups, a static output shape that is not compared with the result,
// a rank-0 tensor expanded into ones.
func.func @reassociations_ok(%t: tensor<?x4xf32>, %n: index, %s: tensor<f32>)
    -> (tensor<?x2x2xf32>, tensor<?xf32>, tensor<1x1xf32>) {
  %e = tensor.expand_shape %t [[0], [1, 2]] output_shape [%n, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<?x2x2xf32> into tensor<?xf32>
  %o = tensor.expand_shape %s [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  return %e, %c, %o : tensor<?x2x2xf32>, tensor<?xf32>, tensor<1x1xf32>
}

// -----

func.func @slice_lists(%t: tensor<8x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %s = tensor.extract_slice %t[0, 0] [4, 1] [1] : tensor<8x8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @slice_negative(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected sizes to be non-negative, but got -4}}
  %s = tensor.extract_slice %t[0] [-4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @slice_rank_reduced_wrongly(%t: tensor<8x8xf32>) -> tensor<4x1xf32> {
  // expected-error@+1 {{expected type to be 'tensor<1x4xf32>' or a rank-reduced version. (size mismatch)}}
  %s = tensor.extract_slice %t[0, 0] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<4x1xf32>
  return %s : tensor<4x1xf32>
}

// -----

func.func @slice_offset_out_of_bounds(%t: tensor<8x8xf32>, %i: index) -> tensor<?x2xf32> {
  // expected-error@+1 {{offset 1 is out-of-bounds: 8 >= 8}}
  %s = tensor.extract_slice %t[%i, 8] [%i, 2] [1, 1] : tensor<8x8xf32> to tensor<?x2xf32>
  return %s : tensor<?x2xf32>
}

// -----

func.func @slice_out_of_bounds(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %s = tensor.extract_slice %t[3] [4] [2] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @insert_slice_element(%t: tensor<8x8xi32>, %u: tensor<4xi64>) -> tensor<8x8xi32> {
  // expected-error@+1 {{expected element type to be 'i32'}}
  %r = tensor.insert_slice %u into %t[0, 0] [1, 4] [1, 1] : tensor<4xi64> into tensor<8x8xi32>
  return %r : tensor<8x8xi32>
}

// -----

func.func @insert_slice_out_of_bounds(%t: tensor<8x8xi32>, %u: tensor<4xi32>) -> tensor<8x8xi32> {
  // expected-error@+1 {{slice along dimension 1 runs out-of-bounds: 8 >= 8}}
  %r = tensor.insert_slice %u into %t[7, 5] [1, 4] [1, 1] : tensor<4xi32> into tensor<8x8xi32>
  return %r : tensor<8x8xi32>
}

// -----

// Valid: rank-reducing slices, dynamic entries, negative strides, an empty slice, and a
// dynamic tensor any offset fits.
func.func @slices_ok(%t: tensor<8x8xf32>, %d: tensor<?xf32>, %i: index) -> tensor<8x8xf32> {
  %a = tensor.extract_slice %t[0, 0] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<4xf32>
  %b = tensor.extract_slice %t[%i, 7] [%i, 1] [2, 1] : tensor<8x8xf32> to tensor<?xf32>
  %c = tensor.extract_slice %t[7, 7] [4, 1] [-1, 1] : tensor<8x8xf32> to tensor<4x1xf32>
  %e = tensor.extract_slice %t[0, 7] [8, 0] [1, 1] : tensor<8x8xf32> to tensor<8x0xf32>
  %f = tensor.extract_slice %d[100] [4] [3] : tensor<?xf32> to tensor<4xf32>
  %r = tensor.insert_slice %a into %t[7, 4] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @pad_result(%t: tensor<4x?xf32>, %x: f32) -> tensor<?x?xf32> {
  // expected-error@+1 {{specified type 'tensor<?x?xf32>' does not match the inferred type 'tensor<7x?xf32>'}}
  %p = tensor.pad %t low[1, 1] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<4x?xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

// -----

func.func @pad_arguments(%t: tensor<4xf32>, %x: f32) -> tensor<6xf32> {
  // expected-error@+1 {{expected the block to have 1 arguments}}
  %p = tensor.pad %t low[1] high[1] {
  ^bb0:
    tensor.yield %x : f32
  } : tensor<4xf32> to tensor<6xf32>
  return %p : tensor<6xf32>
}

// -----

func.func @pad_argument_type(%t: tensor<4x4xf32>, %x: f32) -> tensor<6x6xf32> {
  // expected-error@+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: i32):
    tensor.yield %x : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  return %p : tensor<6x6xf32>
}

// -----

func.func @pad_yield(%t: tensor<4xf32>, %x: f64) -> tensor<6xf32> {
  // expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %p = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %x : f64
  } : tensor<4xf32> to tensor<6xf32>
  return %p : tensor<6xf32>
}

// -----

// Valid: a dynamic padding makes its dimension dynamic, which any size fits.
func.func @pad_ok(%t: tensor<4x4xf32>, %x: f32, %n: index) -> tensor<6x9xf32> {
  %p = tensor.pad %t low[1, %n] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<4x4xf32> to tensor<6x9xf32>
  return %p : tensor<6x9xf32>
}

// -----

func.func @gather_last_index_size(%t: tensor<4x5xf32>, %i: tensor<3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %g = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x2xindex>) -> tensor<3x1x5xf32>
  return
}

// -----

func.func @gather_order(%t: tensor<4x5xf32>, %i: tensor<3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %g = tensor.gather %t[%i] gather_dims([1, 0]) : (tensor<4x5xf32>, tensor<3x2xindex>) -> tensor<3x1x1xf32>
  return
}

// -----

func.func @gather_result(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.gather' op result type mismatch: expected 'tensor<3x4x1xf32>' or its rank-reduced variant 'tensor<3x4xf32>' (got: 'tensor<3x5xf32>')}}
  %g = tensor.gather %t[%i] gather_dims([1]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x5xf32>
  return
}

// -----

// Valid: the gathered dimensions kept as 1 or dropped.
func.func @gathers_ok(%t: tensor<4x5x6xf32>, %i: tensor<2x3x2xi32>)
    -> (tensor<2x3x1x5x1xf32>, tensor<2x3x5xf32>) {
  %a = tensor.gather %t[%i] gather_dims([0, 2]) : (tensor<4x5x6xf32>, tensor<2x3x2xi32>) -> tensor<2x3x1x5x1xf32>
  %b = tensor.gather %t[%i] gather_dims([0, 2]) unique : (tensor<4x5x6xf32>, tensor<2x3x2xi32>) -> tensor<2x3x5xf32>
  return %a, %b : tensor<2x3x1x5x1xf32>, tensor<2x3x5xf32>
}
