"t.op"() {a = distinct[0]<>, b = distinct[1]<{x = 1}>} : () -> ()
