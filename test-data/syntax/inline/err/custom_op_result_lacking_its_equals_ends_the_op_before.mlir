func.func @f(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1  arith.addi %0, %0 : i32
  return %1 : i32
}
