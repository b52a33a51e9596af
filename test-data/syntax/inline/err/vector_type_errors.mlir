"t.op"() : () -> (vector<[4xf32>)
"t.op"() : () -> (vector<4xf32)
