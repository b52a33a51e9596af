"t.op"() {a = distinct[0]<>, b = distinct[1]<{x = 1}>, c = distinct[0x10]<>} : () -> ()
