// The annotation only the external verifier meets: `check --verify-diagnostics` passes
// with `--external mlir-opt` and fails without it.
func.func @apply(%arg0: index) -> i32 {
  // expected-error@+1 {{op result #0 must be index, but got 'i32'}}
  %0 = "affine.apply"(%arg0) {map = affine_map<(d0) -> (d0)>} : (index) -> (i32)
  return %0 : i32
}
