"t.op"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<?xf32, strided<[?], offset: ?>>, memref<f32, strided<[]>>, memref<2xf32, strided<[-1], offset: 5>>)
