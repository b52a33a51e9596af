"t.op"() : () -> () loc()
"t.op"() : () -> () loc(callsite("foo"))
"t.op"() : () -> () loc(fused["a":1:2)
"t.op"() : () -> () loc("a":x)
