func.func @f) -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}
"foo.op"() : () -> ()
