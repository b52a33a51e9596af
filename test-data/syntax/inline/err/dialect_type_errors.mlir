"t.op"() : () -> (!invalid.dialect<!x@#]!@#>)
"t.op"() : () -> (!unreg.ptr<(i32)->)>)
"t.op"() : () -> (!)
