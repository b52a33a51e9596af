// A comma or colon missing in the typed groups of ops we have no spec for: every parser
// reads `(%a, %b : T, U)` and a function type's `(T, U)` with MLIR's list parsers, which
// stop at the first item not theirs (checks::custom_parsers::groups). Run: mlir-opt
// --allow-unregistered-dialect --split-input-file --verify-diagnostics typed_group_typos.mlir

func.func @fill_missing_colon(%cst: f32, %t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected ':'}}
  %r = linalg.fill ins(%cst : f32) outs(%t tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @copy_missing_comma(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected ')'}}
  %r = linalg.add ins(%a, %a : tensor<4xf32> tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @callee(%a: i32, %b: i32) "None" {
    spirv.Return
  }
  spirv.func @caller(%a: i32) "None" {
    // expected-error@+1 {{expected ')'}}
    spirv.FunctionCall @callee(%a, %a) : (i32 i32) -> ()
    spirv.Return
  }
}
