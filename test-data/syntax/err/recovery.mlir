// Every independent syntax error is reported, and each broken op stays in its function.
func.func @first(%a: i32) {
  "test.op"(%a %a) : (i32, i32) -> ()
  return
}

func.func @second() {
  %0 = "test.op"() {key = } : () -> i32
  %1 = "test.op"() : () -> i32
  return
}

func.func @third() {
  "test.op"() : () -> (tensor<4x?>)
  return
}
