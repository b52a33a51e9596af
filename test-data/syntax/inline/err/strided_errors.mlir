"t.op"() : () -> (memref<4xf32, strided<[x]>>)
"t.op"() : () -> (memref<4xf32, strided<[1] offset: 1>>)
