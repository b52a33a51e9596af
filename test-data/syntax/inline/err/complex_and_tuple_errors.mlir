"t.op"() : () -> (complex<i32)
"t.op"() : () -> (tuple i32>)
