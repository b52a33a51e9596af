// What the C++ verifiers of vector ops check beyond their ODS constraints: broadcast,
// shuffle, insert/extract positions, outerproduct and the transfers' indices and
// permutation maps, with valid look-alikes that must stay silent. Run: mlir-opt
// --allow-unregistered-dialect --split-input-file --verify-diagnostics verify_vector_ops.mlir

func.func @broadcast_rank_higher(%a: vector<4x4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %1 = vector.broadcast %a : vector<4x4xf32> to vector<4xf32>
  return
}

// -----

func.func @broadcast_first_mismatch(%a: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (2 vs. 4)}}
  %1 = vector.broadcast %a : vector<2x3xf32> to vector<4x5xf32>
  return
}

// -----

func.func @broadcast_scalable(%a: vector<1x[4]xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch ([4] vs. 4)}}
  %1 = vector.broadcast %a : vector<1x[4]xf32> to vector<2x4xf32>
  return
}

// -----

func.func @broadcast_scalable_one(%a: vector<[1]xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch ([1] vs. 4)}}
  %1 = vector.broadcast %a : vector<[1]xf32> to vector<4xf32>
  return
}

// -----

func.func @broadcast_not_a_vector(%a: memref<4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op source type is not a vector}}
  %1 = vector.broadcast %a : memref<4xf32> to vector<4xf32>
  return
}

// -----

func.func @broadcast_element_first(%a: vector<7xf32>) {
  // expected-error@+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %1 = vector.broadcast %a : vector<7xf32> to vector<3xf16>
  return
}

// -----

func.func @broadcast_generic_element(%a: tensor<2xf32>) {
  // expected-error@+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %1 = "vector.broadcast"(%a) : (tensor<2xf32>) -> vector<4x3xf16>
  return
}

// -----

// Valid: scalars, 0-d vectors and fixed 1s broadcast anywhere, scalable sizes to equal ones.
func.func @broadcasts_ok(%a: vector<f32>, %b: vector<1xf32>, %c: f32, %d: vector<1x[4]xf32>, %e: vector<3x1xf32>, %i: index) {
  %1 = vector.broadcast %a : vector<f32> to vector<2x4xf32>
  %2 = vector.broadcast %b : vector<1xf32> to vector<[4]xf32>
  %3 = vector.broadcast %c : f32 to vector<2x[4]xf32>
  %4 = vector.broadcast %d : vector<1x[4]xf32> to vector<3x2x[4]xf32>
  %5 = vector.broadcast %e : vector<3x1xf32> to vector<3x7xf32>
  %6 = vector.broadcast %c : f32 to vector<f32>
  %7 = "vector.broadcast"(%i) : (index) -> vector<4x3xindex>
  return
}

// -----

func.func @shuffle_ranks(%a: vector<2xf32>, %b: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op rank mismatch}}
  %1 = vector.shuffle %a, %b [0, 1] : vector<2xf32>, vector<4x2xf32>
  return
}

// -----

func.func @shuffle_trailing(%a: vector<2x2xf32>, %b: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.shuffle' op dimension mismatch}}
  %1 = vector.shuffle %a, %b [0, 1] : vector<2x2xf32>, vector<2x4xf32>
  return
}

// -----

func.func @shuffle_index(%a: vector<2xf32>, %b: vector<3xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %1 = vector.shuffle %a, %b [0, 5, -1, 4] : vector<2xf32>, vector<3xf32>
  return
}

// -----

func.func @shuffle_negative(%a: vector<2xf32>, %b: vector<3xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %1 = vector.shuffle %a, %b [0, -2] : vector<2xf32>, vector<3xf32>
  return
}

// -----

func.func @shuffle_0d(%a: vector<f32>, %b: vector<f32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %1 = vector.shuffle %a, %b [0, 2] : vector<f32>, vector<f32>
  return
}

// -----

func.func @shuffle_empty(%a: vector<2xf32>, %b: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op invalid mask length}}
  %1 = vector.shuffle %a, %b [] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @shuffle_generic_length(%a: vector<2xf32>, %b: vector<3xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask length mismatch}}
  %1 = "vector.shuffle"(%a, %b) <{mask = array<i64: 0, 1>}> : (vector<2xf32>, vector<3xf32>) -> vector<3xf32>
  return
}

// -----

func.func @shuffle_generic_rank(%a: vector<2xf32>, %b: vector<3xf32>) {
  // expected-error@+1 {{'vector.shuffle' op rank mismatch}}
  %1 = "vector.shuffle"(%a, %b) <{mask = array<i64: 0, 1>}> : (vector<2xf32>, vector<3xf32>) -> vector<2x1xf32>
  return
}

// -----

func.func @shuffle_generic_element(%a: vector<2xf32>, %b: vector<3xf32>) {
  // expected-error@+1 {{'vector.shuffle' op failed to verify that first operand v1 and result have same element type}}
  %1 = "vector.shuffle"(%a, %b) <{mask = array<i64: 0, 1>}> : (vector<2xf32>, vector<3xf32>) -> vector<2xi32>
  return
}

// -----

// Valid: -1 is poison; 0-d operands give a 1-d result.
func.func @shuffles_ok(%a: vector<2xf32>, %b: vector<3xf32>, %c: vector<2x4xf32>, %z: vector<f32>) {
  %1 = vector.shuffle %a, %b [0, 4, -1] : vector<2xf32>, vector<3xf32>
  %2 = vector.shuffle %c, %c [3, 0, 1] : vector<2x4xf32>, vector<2x4xf32>
  %3 = vector.shuffle %z, %z [0, 1] : vector<f32>, vector<f32>
  return
}

// -----

func.func @insert_vector_rank(%a: vector<4xf32>, %b: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank + source rank to match dest vector rank}}
  %1 = vector.insert %a, %b[3] : vector<4xf32> into vector<4x8x16xf32>
  return
}

// -----

func.func @insert_scalar_rank(%a: f32, %b: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %1 = vector.insert %a, %b[3, 3] : f32 into vector<4x8x16xf32>
  return
}

// -----

func.func @insert_position(%a: f32, %b: vector<4x8x16xf32>, %i: index) {
  // expected-error@+1 {{'vector.insert' op expected position attribute #2 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %1 = vector.insert %a, %b[%i, 8, 15] : f32 into vector<4x8x16xf32>
  return
}

// -----

func.func @insert_negative(%a: f32, %b: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %1 = vector.insert %a, %b[-2, 7, 15] : f32 into vector<4x8x16xf32>
  return
}

// -----

func.func @extract_rank(%b: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %1 = vector.extract %b[3, 3, 3, 3] : f32 from vector<4x8x16xf32>
  return
}

// -----

func.func @extract_scalable_position(%b: vector<4x[8]xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %2 = vector.extract %b[3, 9] : f32 from vector<4x[8]xf32>
  return
}

// -----

// Valid: SSA and poison (-1) positions, sub-vectors.
func.func @positions_ok(%a: f32, %v: vector<16xf32>, %b: vector<4x8x16xf32>, %i: index) {
  %1 = vector.insert %a, %b[-1, 7, 15] : f32 into vector<4x8x16xf32>
  %2 = vector.insert %v, %b[%i, 7] : vector<16xf32> into vector<4x8x16xf32>
  %3 = vector.extract %b[-1, 7, 15] : f32 from vector<4x8x16xf32>
  %4 = vector.extract %b[3, %i] : vector<16xf32> from vector<4x8x16xf32>
  return
}

// -----

func.func @outerproduct_lhs_rank(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %1 = vector.outerproduct %a, %a : vector<4x8xf32>, vector<4x8xf32>
  return
}

// -----

func.func @outerproduct_rhs_rank(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #2}}
  %1 = vector.outerproduct %b, %a : vector<4xf32>, vector<4x8xf32>
  return
}

// -----

func.func @outerproduct_axpy_lhs(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %1 = vector.outerproduct %a, %s : vector<4x8xf32>, f32
  return
}

// -----

func.func @outerproduct_scalable_lhs_only(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected either both or only #2 operand dim to be scalable}}
  %1 = vector.outerproduct %n, %c : vector<[4]xf32>, vector<8xf32>
  return
}

// -----

func.func @outerproduct_result_rank(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 2-d vector result}}
  %1 = "vector.outerproduct"(%b, %c) : (vector<4xf32>, vector<8xf32>) -> vector<8xf32>
  return
}

// -----

func.func @outerproduct_dim1(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected #1 operand dim to match result dim #1}}
  %1 = "vector.outerproduct"(%b, %c) : (vector<4xf32>, vector<8xf32>) -> vector<8x16xf32>
  return
}

// -----

func.func @outerproduct_dim2(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected #2 operand dim to match result dim #2}}
  %1 = "vector.outerproduct"(%b, %c) : (vector<4xf32>, vector<8xf32>) -> vector<4x16xf32>
  return
}

// -----

func.func @outerproduct_axpy_result(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector result}}
  %1 = "vector.outerproduct"(%b, %s) : (vector<4xf32>, f32) -> vector<4x8xf32>
  return
}

// -----

func.func @outerproduct_axpy_dim(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected #1 operand dim to match result dim #1}}
  %1 = "vector.outerproduct"(%c, %s) : (vector<8xf32>, f32) -> vector<16xf32>
  return
}

// -----

func.func @outerproduct_acc(%a: vector<4x8xf32>, %b: vector<4xf32>, %c: vector<8xf32>, %n: vector<[4]xf32>, %s: f32, %r: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected operand #3 of same type as result type}}
  %1 = "vector.outerproduct"(%b, %c, %r) : (vector<4xf32>, vector<8xf32>, vector<4x16xf32>) -> vector<4x8xf32>
  return
}

// -----

// Valid: outer products and AXPYs, with and without accumulators; scalable sizes compare
// by size against a written result.
func.func @outerproducts_ok(%a: vector<4xf32>, %b: vector<8xf32>, %c: vector<4x8xf32>, %s: f32, %n: vector<[4]xf32>) {
  %1 = vector.outerproduct %a, %b : vector<4xf32>, vector<8xf32>
  %2 = vector.outerproduct %a, %b, %c : vector<4xf32>, vector<8xf32>
  %3 = vector.outerproduct %a, %s : vector<4xf32>, f32
  %4 = vector.outerproduct %a, %s, %a : vector<4xf32>, f32
  %5 = vector.outerproduct %b, %n : vector<8xf32>, vector<[4]xf32>
  %6 = "vector.outerproduct"(%a, %b) : (vector<4xf32>, vector<8xf32>) -> vector<4x[8]xf32>
  return
}

// -----

func.func @read_indices(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i, %i, %i], %p : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_map_symbols(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires permutation_map without symbols}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1)[s0] -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_map_inputs(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_map_results(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %e[%i, %i], %pv {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xvector<4xf32>>, vector<8x4xf32>
  return
}

// -----

func.func @read_map_constant(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (1)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_map_sum(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %t[%i, %i, %i], %p {permutation_map = affine_map<(d0, d1, d2) -> (d0 * 2)>} : tensor<?x?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_map_twice(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %t[%i, %i, %i], %p {permutation_map = affine_map<(d0, d1, d2) -> (d0, d0)>} : tensor<?x?x?xf32>, vector<3x7xf32>
  return
}

// -----

func.func @write_indices(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_write' op requires 2 indices}}
  vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @write_map_results(%m: memref<?x?xf32>, %t: tensor<?x?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_write' op requires a permutation_map with result dims of the same rank as the vector type}}
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

// Valid: minor identities by default, broadcasts (0), transposes, vector elements.
func.func @transfers_ok(%m: memref<?x?xf32>, %e: memref<?x?xvector<4xf32>>, %i: index, %p: f32, %pv: vector<4xf32>, %v: vector<4x4xf32>) {
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<4x4xf32>
  %1 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x4xf32>
  %2 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf32>, vector<4xf32>
  %3 = vector.transfer_read %e[%i, %i], %pv {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xvector<4xf32>>, vector<8x4xf32>
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @shuffle_custom_elements(%a: vector<2xf32>, %b: vector<2xi32>) {
  // expected-error@+1 {{'vector.shuffle' op failed to verify that second operand v2 and result have same element type}}
  %1 = vector.shuffle %a, %b [0, 1] : vector<2xf32>, vector<2xi32>
  return
}
