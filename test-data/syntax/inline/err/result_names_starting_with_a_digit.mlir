func.func @f() {
  %0_x = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2, %3x = "t.op"() : () -> (i32, i32)
  return
}
