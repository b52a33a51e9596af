%3 = iree_encoding.set_encoding %arg0 encoding_dims{%m, %n} : tensor<?xf32> -> tensor<?xf32>{%d0}
%0 = hal.tensor.import wait(%fence) => %view : !hal.buffer_view -> tensor<4xf32>
%one_op = pdl.operation "arith.constant" {"value" = %one_val} -> (%t : !pdl.type)
%19 = tosa.apply_scale %18 {rounding_mode = DOUBLE_ROUND} : (i32) -> i32
pdl_interp.record_match @r::@p(%5 : !pdl.value) : benefit(1), loc([%root]) -> ^bb1
acc.parallel num_gangs({%a : i32}) {
  acc.yield
}
func.func @arg_attrs(%X: tensor<8xf64> {"llvm.noalias"},
                     %Y: tensor<8xf64> {llvm.noalias}) {
  %out = torch.dequantize
      %input, %scale
      : !torch.float, !torch.int -> !torch.vtensor<[4,8],f32>
  return
}
