func.func @f() -> () {return}
"t.op"() {unit} : () -> ()
t.op {flag}
