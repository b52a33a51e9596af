// Uses of the IRDL dialect in segments.irdl.mlir, with the errors mlir-opt reports.
// mlir-opt --irdl-file=segments.irdl.mlir --split-input-file --verify-diagnostics
//   segments_uses.mlir

func.func @valid(%v: f32, %c: index) {
  "pipe.send"(%v, %v, %c) {operandSegmentSizes = array<i32: 2, 0, 1>, resultSegmentSizes = array<i32: 0, 0>} : (f32, f32, index) -> ()
  %h:2, %a = "pipe.send"(%c, %c) {operandSegmentSizes = array<i32: 0, 1, 1>, resultSegmentSizes = array<i32: 2, 1>} : (index, index) -> (index, index, i1)
  return
}

// -----

func.func @missing(%c: index) {
  // expected-error@+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  "pipe.send"(%c) {resultSegmentSizes = array<i32: 0, 0>} : (index) -> ()
  return
}

// -----

func.func @not_a_dense_array(%c: index) {
  // expected-error@+1 {{'operandSegmentSizes' attribute is expected to be a dense i32 array}}
  "pipe.send"(%c) {operandSegmentSizes = array<i64: 0, 0, 1>, resultSegmentSizes = array<i32: 0, 0>} : (index) -> ()
  return
}

// -----

func.func @element_count(%c: index) {
  // expected-error@+1 {{'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2}}
  "pipe.send"(%c) {operandSegmentSizes = array<i32: 0, 1>, resultSegmentSizes = array<i32: 0, 0>} : (index) -> ()
  return
}

// -----

func.func @negative(%c: index) {
  // expected-error@+1 {{'operandSegmentSizes' attribute for specifying operand segments must have non-negative values}}
  "pipe.send"(%c) {operandSegmentSizes = array<i32: -1, 1, 1>, resultSegmentSizes = array<i32: 0, 0>} : (index) -> ()
  return
}

// -----

func.func @single_is_one(%c: index) {
  // expected-error@+1 {{element 2 in 'operandSegmentSizes' attribute must be equal to 1}}
  "pipe.send"(%c, %c) {operandSegmentSizes = array<i32: 0, 0, 2>, resultSegmentSizes = array<i32: 0, 0>} : (index, index) -> ()
  return
}

// -----

func.func @optional_is_at_most_one(%c: index) {
  // expected-error@+1 {{element 1 in 'operandSegmentSizes' attribute must be equal to 0 or 1}}
  "pipe.send"(%c, %c, %c) {operandSegmentSizes = array<i32: 0, 2, 1>, resultSegmentSizes = array<i32: 0, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @sum(%c: index) {
  // expected-error@+1 {{sum of elements in 'operandSegmentSizes' attribute must be equal to the number of operands}}
  "pipe.send"(%c) {operandSegmentSizes = array<i32: 1, 0, 1>, resultSegmentSizes = array<i32: 0, 0>} : (index) -> ()
  return
}

// -----

func.func @result_sizes(%c: index) {
  // expected-error@+1 {{sum of elements in 'resultSegmentSizes' attribute must be equal to the number of results}}
  %h = "pipe.send"(%c) {operandSegmentSizes = array<i32: 0, 0, 1>, resultSegmentSizes = array<i32: 0, 0>} : (index) -> index
  return
}

// -----

func.func @segments_decide_constraints(%c: index) {
  // expected-error@+1 {{expected 'index' but got 'i1'}}
  %h, %a = "pipe.send"(%c) {operandSegmentSizes = array<i32: 0, 0, 1>, resultSegmentSizes = array<i32: 1, 1>} : (index) -> (i1, i1)
  return
}
