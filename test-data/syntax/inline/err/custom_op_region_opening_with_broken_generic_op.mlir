func.func @f() {
  "test.op") {value = 1} : () -> ()
  return
}
