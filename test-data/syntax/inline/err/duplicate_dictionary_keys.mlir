func.func @f() attributes {a = 1, "a" = 2} {
  return
}
"t.op"() {b = 1, "b" = 2} : () -> ()
