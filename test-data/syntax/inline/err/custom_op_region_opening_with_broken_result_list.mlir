func.func @f() {
  %0:2 "foo"() : () -> (i32, i32)
  return
}
