func.func @f(%a: i32, %n: index) {
  %0 = builtin.unrealized_conversion_cast %n : index to !emitc.size_t
  for %i = %0 to %0 step %0 : !emitc.size_t {
    %1 = add %a, %a : (i32, i32) -> i32
    assign %1 : i32 to %v : <i32>
    if %c {
    }
  }
  %p = linalg.pack %a padding_value(%a : f16)
      into %b : tensor<4xf16> -> tensor<1x4xf16>
  %s = store [%n] %a : index, i32
  sink %s : i32
  return
}
