"t.op"() {a = dense<[1, } : () -> ()
"t.op"() {a = dense<1>} : () -> ()
"t.op"() {a = dense<(1, 2> : tensor<complex<i32>>} : () -> ()
