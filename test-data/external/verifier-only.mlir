// An error only MLIR's C++ verifier of `affine.apply` finds (its result must be an
// index): no diagnostic of ours, one of mlir-opt's.
func.func @apply(%arg0: index) -> i32 {
  %0 = "affine.apply"(%arg0) {map = affine_map<(d0) -> (d0)>} : (index) -> (i32)
  return %0 : i32
}
