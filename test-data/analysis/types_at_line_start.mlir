// A shaped type at the start of a line: after a type it begins a new statement, an op
// named `tensor` that no dialect has; after a keyword or a separator it continues the op.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// types_at_line_start.mlir

func.func @type_after_type(%a: index) {
  %0 = arith.addi %a, %a : index
  // expected-error@+1 {{custom op 'tensor' is unknown (tried 'func.tensor' as well)}}
  tensor<42 x index>
  return
}

// -----

func.func @type_after_closed_type(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.load %m[%c0] : memref<4xf32>
  // expected-error@+1 {{custom op 'vector' is unknown (tried 'func.vector' as well)}}
  vector<4xf32>
  return
}

// -----

func.func @type_after_keyword(%m: memref<8x64xf32>) -> memref<8x4xf32, strided<[64, 1]>> {
  %0 = memref.subview %m[0, 0] [8, 4] [1, 1] : memref<8x64xf32> to
      memref<8x4xf32, strided<[64, 1]>>
  return %0 : memref<8x4xf32, strided<[64, 1]>>
}

// -----

func.func @type_after_separator(%t: tensor<4xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %1 = "test.pair"(%0, %0) : (tensor<?xf32>,
      tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
