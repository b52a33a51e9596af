// What the C++ verifiers and custom parsers of memref ops check beyond their ODS
// constraints, with valid look-alikes that must stay silent. Run: mlir-opt
// --allow-unregistered-dialect --split-input-file --verify-diagnostics verify_memref.mlir

func.func @load_indices(%m: memref<f32>, %i: index) -> f32 {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 0 but got 1}}
  %v = memref.load %m[%i] : memref<f32>
  return %v : f32
}

// -----

func.func @store_indices(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @access_ok(%m: memref<4x?xf32>, %s: memref<i8>, %i: index) -> (f32, i8) {
  %v = memref.load %m[%i, %i] : memref<4x?xf32>
  %b = memref.load %s[] : memref<i8>
  memref.store %v, %m[%i, %i] : memref<4x?xf32>
  return %v, %b : f32, i8
}

// -----

func.func @dma_no_operands() {
  // expected-error@+1 {{'memref.dma_start' op expected at least 4 operands}}
  "memref.dma_start"() : () -> ()
  return
}

// -----

func.func @dma_source_not_memref(%f: f32, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected source to be of memref type}}
  memref.dma_start %f[%i], %f[%i], %i, %f[%i] : f32, f32, f32
  return
}

// -----

func.func @dma_source_indices(%src: memref<4x4xf32>, %dst: memref<4xf32, 1>,
                              %tag: memref<i32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.dma_start' op expected source indices to be of index type}}
  "memref.dma_start"(%src, %i, %f, %dst, %i, %i, %tag)
      : (memref<4x4xf32>, index, f32, memref<4xf32, 1>, index, index, memref<i32>) -> ()
  return
}

// -----

func.func @dma_tag_not_memref(%src: memref<4xf32>, %tag: i32, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected tag to be of memref type}}
  memref.dma_start %src[%i], %src[%i], %i, %tag[%i] : memref<4xf32>, memref<4xf32>, i32
  return
}

// -----

func.func @dma_short_for_tag(%src: memref<4xf32>, %tag: memref<2xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 7 operands}}
  "memref.dma_start"(%src, %i, %src, %i, %i, %tag)
      : (memref<4xf32>, index, memref<4xf32>, index, index, memref<2xi32>) -> ()
  return
}

// -----

func.func @dma_one_extra(%src: memref<4xf32>, %tag: memref<i32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op incorrect number of operands}}
  "memref.dma_start"(%src, %i, %src, %i, %i, %tag, %i)
      : (memref<4xf32>, index, memref<4xf32>, index, index, memref<i32>, index) -> ()
  return
}

// -----

func.func @dma_stride_type(%src: memref<4xf32>, %tag: memref<i32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.dma_start' op expected stride and num elements per stride to be of type index}}
  "memref.dma_start"(%src, %i, %src, %i, %i, %tag, %i, %f)
      : (memref<4xf32>, index, memref<4xf32>, index, index, memref<i32>, index, f32) -> ()
  return
}

// -----

func.func @dma_ok(%src: memref<8x8xf32>, %dst: memref<64xf32, 2>, %tag: memref<1xi32>,
                  %i: index, %n: index) {
  memref.dma_start %src[%i, %i], %dst[%i], %n, %tag[%i], %n, %n
      : memref<8x8xf32>, memref<64xf32, 2>, memref<1xi32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  return
}

// -----

func.func @dma_wait_indices(%tag: memref<2x2xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1}}
  memref.dma_wait %tag[%i], %i : memref<2x2xi32>
  return
}

// -----

// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dynamic : memref<?xf32>

// -----

// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'f32'}}
memref.global @scalar : f32

// -----

// expected-error@+1 {{custom op 'memref.global' initial value should be a unit or elements attribute}}
memref.global @text : memref<2xi8> = [1, 2]

// -----

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([1, 3])}}
memref.global @rows : memref<1x3xi32> = dense<[1, 2, 3]>

// -----

// expected-error@+1 {{custom op 'memref.global' expected valid '@'-identifier for symbol name}}
memref.global constant "private" @late : memref<2xf32> = uninitialized

// -----

// expected-error@+1 {{custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
memref.global @odd : memref<4xf32> = uninitialized {alignment = 12}

// -----

// expected-error@+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
memref.global "hidden" @vis : memref<2xf32> = uninitialized

// -----

// expected-error@+1 {{'memref.global' op initial value element expected to be of type 'i16', but was of type 'i32'}}
"memref.global"() <{initial_value = dense<7> : tensor<2xi32>, sym_name = "g", type = memref<2xi16>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 4 but was 2, 2}}
"memref.global"() <{initial_value = dense<7> : tensor<2x2xi32>, sym_name = "g", type = memref<4xi32>}> : () -> ()

// -----

memref.global "private" constant @table : memref<2x2xi32> = dense<[[1, 2], [3, 4]]>
memref.global @splat : memref<8xf32> = dense<0.5> {alignment = 64}
memref.global "nested" @uninit : memref<3xi1> = uninitialized
memref.global @external : memref<2xf64>
"memref.global"() <{initial_value = dense<7> : tensor<4xi32>, sym_name = "g", type = memref<4xi32>}> : () -> ()

func.func @read_table() -> memref<2x2xi32> {
  %t = memref.get_global @table : memref<2x2xi32>
  return %t : memref<2x2xi32>
}

// -----

memref.global @counts : memref<4xi32> = uninitialized

func.func @wrong_global_type() -> memref<4xi64> {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<4xi64>' does not match type 'memref<4xi32>' of the global memref @counts}}
  %g = memref.get_global @counts : memref<4xi64>
  return %g : memref<4xi64>
}

// -----

func.func @reshape_element(%m: memref<4xf32>, %s: memref<1xindex>) -> memref<4xi32> {
  // expected-error@+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<1xindex>) -> memref<4xi32>
  return %r : memref<4xi32>
}

// -----

func.func @reshape_source_layout(%m: memref<4xf32, strided<[2]>>, %s: memref<1xindex>) -> memref<4xf32> {
  // expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %r = memref.reshape %m(%s) : (memref<4xf32, strided<[2]>>, memref<1xindex>) -> memref<4xf32>
  return %r : memref<4xf32>
}

// -----

func.func @reshape_result_layout(%m: memref<4xf32>, %s: memref<1xindex>) -> memref<4xf32, strided<[2]>> {
  // expected-error@+1 {{'memref.reshape' op result memref type should have identity affine map}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<1xindex>) -> memref<4xf32, strided<[2]>>
  return %r : memref<4xf32, strided<[2]>>
}

// -----

func.func @reshape_dynamic_shape(%m: memref<4xf32>, %s: memref<?xindex>) -> memref<?xf32> {
  // expected-error@+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<?xindex>) -> memref<?xf32>
  return %r : memref<?xf32>
}

// -----

func.func @reshape_rank(%m: memref<4xf32>, %s: memref<2xindex>) -> memref<?xf32> {
  // expected-error@+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<2xindex>) -> memref<?xf32>
  return %r : memref<?xf32>
}

// -----

func.func @reshape_ok(%m: memref<4x4xf32>, %s: memref<2xi32>, %u: memref<?xindex>) -> memref<*xf32> {
  %r = memref.reshape %m(%s) : (memref<4x4xf32>, memref<2xi32>) -> memref<2x8xf32>
  %x = memref.reshape %m(%u) : (memref<4x4xf32>, memref<?xindex>) -> memref<*xf32>
  return %x : memref<*xf32>
}

// -----

func.func @expand_groups(%m: memref<?x?xf32>, %n: index) -> memref<?x4x?xf32> {
  // expected-error@+1 {{'memref.expand_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %r = memref.expand_shape %m [[0, 1, 2]] output_shape [%n, 4, %n] : memref<?x?xf32> into memref<?x4x?xf32>
  return %r : memref<?x4x?xf32>
}

// -----

func.func @expand_out_of_bounds(%m: memref<8xf32>) -> memref<2x4xf32> {
  // expected-error@+1 {{'memref.expand_shape' op reassociation index 2 is out of bounds}}
  %r = memref.expand_shape %m [[0, 1, 2]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  return %r : memref<2x4xf32>
}

// -----

func.func @expand_group_size(%m: memref<8xf32>) -> memref<2x2xf32> {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (8) must equal reassociation group size (4)}}
  %r = memref.expand_shape %m [[0, 1]] output_shape [2, 2] : memref<8xf32> into memref<2x2xf32>
  return %r : memref<2x2xf32>
}

// -----

func.func @expand_rank0(%m: memref<f32>) -> memref<1x3xf32> {
  // expected-error@+1 {{'memref.expand_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %r = memref.expand_shape %m [] output_shape [1, 3] : memref<f32> into memref<1x3xf32>
  return %r : memref<1x3xf32>
}

// -----

func.func @expand_bounds(%m: memref<6xf32>) -> memref<1x2x3xf32> {
  // expected-error@+1 {{'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (3) but found 2 inputs instead}}
  %r = memref.expand_shape %m [[0, 1, 2]] output_shape [2, 3] : memref<6xf32> into memref<1x2x3xf32>
  return %r : memref<1x2x3xf32>
}

// -----

func.func @collapse_out_of_bounds(%m: memref<?x?xf32>) -> memref<?xf32> {
  // expected-error@+1 {{'memref.collapse_shape' op reassociation index 2 is out of bounds}}
  %r = memref.collapse_shape %m [[0, 1, 2]] : memref<?x?xf32> into memref<?xf32>
  return %r : memref<?xf32>
}

// -----

func.func @collapse_dynamic(%m: memref<?x4xf32>) -> memref<16xf32> {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %r = memref.collapse_shape %m [[0, 1]] : memref<?x4xf32> into memref<16xf32>
  return %r : memref<16xf32>
}

// -----

func.func @collapse_memory_space(%m: memref<2x4xf32, 1>) -> memref<8xf32> {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<8xf32, 1>' but found 'memref<8xf32>'}}
  %r = memref.collapse_shape %m [[0, 1]] : memref<2x4xf32, 1> into memref<8xf32>
  return %r : memref<8xf32>
}

// -----

func.func @reassociation_ok(%m: memref<2x4x?xf32>, %n: index) -> memref<2x2x2x?xf32> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x4x?xf32> into memref<8x?xf32>
  %e = memref.expand_shape %m [[0], [1, 2], [3]] output_shape [2, 2, 2, %n]
      : memref<2x4x?xf32> into memref<2x2x2x?xf32>
  return %e : memref<2x2x2x?xf32>
}

// -----

func.func @cast_offsets(%m: memref<?xf32>) -> memref<4x4xf32, strided<[4, 1]>> {
  // expected-error@+1 {{expected 1 offset values, got 2}}
  %r = memref.reinterpret_cast %m to offset: [0, 0], sizes: [4, 4], strides: [4, 1]
      : memref<?xf32> to memref<4x4xf32, strided<[4, 1]>>
  return %r : memref<4x4xf32, strided<[4, 1]>>
}

// -----

func.func @cast_sizes(%m: memref<?xf32>) -> memref<4x4xf32> {
  // expected-error@+1 {{expected 2 size values, got 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [16], strides: [1]
      : memref<?xf32> to memref<4x4xf32>
  return %r : memref<4x4xf32>
}

// -----

func.func @cast_element(%m: memref<?xf32>) -> memref<4xi32> {
  // expected-error@+1 {{different element types specified for source type 'memref<?xf32>' and result memref type 'memref<4xi32>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1]
      : memref<?xf32> to memref<4xi32>
  return %r : memref<4xi32>
}

// -----

func.func @cast_space(%m: memref<*xf32, 3>) -> memref<4xf32> {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<*xf32, 3>' and result memref type 'memref<4xf32>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1]
      : memref<*xf32, 3> to memref<4xf32>
  return %r : memref<4xf32>
}

// -----

func.func @cast_size(%m: memref<?xf32>, %n: index) -> memref<4xf32> {
  // expected-error@+1 {{expected result type with size = dynamic instead of 4 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n], strides: [1]
      : memref<?xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// -----

func.func @cast_offset(%m: memref<?xf32>) -> memref<4xf32, strided<[1], offset: 3>> {
  // expected-error@+1 {{expected result type with offset = 5 instead of 3}}
  %r = memref.reinterpret_cast %m to offset: [5], sizes: [4], strides: [1]
      : memref<?xf32> to memref<4xf32, strided<[1], offset: 3>>
  return %r : memref<4xf32, strided<[1], offset: 3>>
}

// -----

func.func @cast_stride(%m: memref<?xf32>) -> memref<2x8xf32> {
  // expected-error@+1 {{expected result type with stride = 16 instead of 8 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [16, 1]
      : memref<?xf32> to memref<2x8xf32>
  return %r : memref<2x8xf32>
}

// -----

func.func @cast_ok(%m: memref<*xf32>, %n: index) -> memref<?x8xf32, strided<[?, 1], offset: ?>> {
  %a = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 8], strides: [8, 1]
      : memref<*xf32> to memref<?x8xf32>
  %b = memref.reinterpret_cast %m to offset: [%n], sizes: [%n, 8], strides: [%n, 1]
      : memref<*xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  return %b : memref<?x8xf32, strided<[?, 1], offset: ?>>
}

// -----

func.func @transpose_repeat(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map}}
  %t = memref.transpose %m (i, j) -> (j, j) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_rank(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %t = memref.transpose %m (i, j, k) -> (k, j, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_ok(%m: memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>> {
  %t = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  return %t : memref<?x?xf32, strided<[1, ?]>>
}

// -----

memref.global @dims : memref<4xi32> = uninitialized

func.func @dynamic_get_global() {
  // expected-error@+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xi64>'}}
  %g = memref.get_global @dims : memref<?xi64>
  return
}

// -----

func.func @alloc_sizes(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 2, expected 1}}
  %m = memref.alloc(%n, %n) : memref<?x4xf32>
  return
}

// -----

func.func @alloca_symbols(%n: index) {
  // expected-error@+1 {{'memref.alloca' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %m = memref.alloca() : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

func.func @alloc_ok(%n: index) {
  %a = memref.alloc(%n)[%n] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %b = memref.alloca(%n) {alignment = 32} : memref<4x?xi8>
  %c = memref.alloc() : memref<4xf32, strided<[2], offset: 1>>
  return
}

// -----

func.func @realloc_size(%m: memref<4xf32>) {
  // expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %r = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @realloc_element(%m: memref<4xf32>) {
  // expected-error@+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xi32>'}}
  %r = "memref.realloc"(%m) : (memref<4xf32>) -> memref<8xi32>
  return
}

// -----

func.func @view_sizes(%b: memref<64xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 1, expected 2}}
  %v = memref.view %b[%i][%i] : memref<64xi8> to memref<?x?xf32>
  return
}

// -----

func.func @view_space(%b: memref<64xi8, 1>, %i: index) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<64xi8, 1>' and view memref type 'memref<4xf32>'}}
  %v = memref.view %b[%i][] : memref<64xi8, 1> to memref<4xf32>
  return
}

// -----

func.func @view_ok(%b: memref<64xi8, 1>, %i: index) {
  %v = memref.view %b[%i][%i] : memref<64xi8, 1> to memref<?x4xf32, 1>
  %r = memref.realloc %b(%i) : memref<64xi8, 1> to memref<?xi8, 1>
  return
}

// -----

func.func @prefetch_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %m[%i], read, locality<1>, data : memref<4x4xf32>
  return
}

// -----

func.func @rmw_subscripts(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %r = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4x4xf32>) -> f32
  return
}

// -----

func.func @rmw_kind(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
  %r = memref.atomic_rmw addi %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @rmw_ok(%m: memref<4xi32>, %f: memref<4xf32>, %i: index, %v: i32, %x: f32) {
  %r = memref.atomic_rmw maxs %v, %m[%i] : (i32, memref<4xi32>) -> i32
  %s = memref.atomic_rmw assign %x, %f[%i] : (f32, memref<4xf32>) -> f32
  memref.prefetch %m[%i], write, locality<3>, instr : memref<4xi32>
  return
}

// -----

// A one-dimensional strided layout with stride 1 and offset 0 is an identity layout.
func.func @identity_strided(%m: memref<8xf32, strided<[1]>>, %s: memref<1xindex>,
                            %b: memref<64xi8, strided<[1], offset: 0>>, %i: index) {
  %r = memref.reshape %m(%s) : (memref<8xf32, strided<[1]>>, memref<1xindex>) -> memref<8xf32>
  %v = memref.view %b[%i][] : memref<64xi8, strided<[1], offset: 0>> to memref<4x4xf32>
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<8xf32, strided<[1]>> into memref<2x4xf32>
  return
}

// -----

func.func @collapse_keeps_no_layout(%m: memref<2x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<8xf32>' but found 'memref<8xf32, strided<[1]>>'}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x4xf32> into memref<8xf32, strided<[1]>>
  return
}

// -----

// A variadic result's constraint is worded as ODS words `Variadic<Index>`.
func.func @strided_metadata_of_wrong_type(%m: memref<128xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op result #2 must be variadic of index, but got 'i64'}}
  %a:4 = memref.extract_strided_metadata %m : memref<128xf32> -> memref<f32>, index, i64, index
  return
}

// -----

// ODS's parser reads `type($memref)` as the C++ class of the operand's constraint and
// stops at a type of another class, where the type is written: with the class's name for
// `MemRefType`, without one for `BaseMemRefType` (ranked or unranked memrefs).
func.func @load_of_a_scalar_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'i32'}}
  %r = memref.load %m[%i] : i32
  return
}

// -----

func.func @load_of_an_unranked_memref(%u: memref<*xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %r = memref.load %u[%i] : memref<*xf32>
  return
}

// -----

func.func @alloc_of_a_tensor() {
  // expected-error@+1 {{custom op 'memref.alloc' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %r = memref.alloc() : tensor<4xf32>
  return
}

// -----

func.func @dealloc_of_a_scalar(%f: f32) {
  // expected-error@+1 {{custom op 'memref.dealloc' invalid kind of type specified}}
  memref.dealloc %f : f32
  return
}

// -----

func.func @cast_to_a_scalar(%m: memref<4xf32>) {
  // expected-error@+1 {{custom op 'memref.cast' invalid kind of type specified}}
  %r = memref.cast %m : memref<4xf32> to i32
  return
}
