#a = #d.attr<x -> y, [1]>
"t.op"() {a = #a, b = #d<"raw">, c = #d.flag} : () -> ()
