"t.op"() {a = dense_resource<blob1> : tensor<3xi64>, b = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, c = sparse<> : tensor<2xi32>} : () -> ()
