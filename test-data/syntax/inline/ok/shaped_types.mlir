"t.op"() : () -> (tensor<4x?x8xf32>, tensor<0x10xf32>, tensor<*xf32>, tensor<? x 4 x f32>, tensor<f32, #enc>, tensor<4xvector<4xf32>>)
"t.op"() : () -> (memref<16x32xf32, #identity>, memref<2x3xf32, strided<[6, 2]>>, memref<?x?xf32, strided<[?, 1], offset: ?>, 1>, memref<*xf32, 10>)
