func.func @f(%a: index) {
  %0 = arith.addi %a, %a : index
  tensor<42 x index
  return
}
