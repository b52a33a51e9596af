"t.op"() : () -> (tensor<4x?)
"t.op"() : () -> (memref<2x4xi8, >)
"t.op"() : () -> (tensor<4 f32>)
"t.op"() : () -> (tensor<4xf32, %a)
