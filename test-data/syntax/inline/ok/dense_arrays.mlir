"t.op"() {a = array<i8>, b = array<i32: 10, 42>, c = array<f64: 42., -12.>, d = array<i1: true, false>} : () -> ()
