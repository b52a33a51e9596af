// An op without a region defines nothing but its results: the values it writes are
// operands, which must be defined (checklist S-03), also in a call, whose symbol names
// the callee; so are the values of `ins(...)` and `outs(...)`, region or not. Run: mlir-opt --allow-unregistered-dialect --split-input-file
// --verify-diagnostics operands_of_ops_without_regions.mlir

func.func @copy_from_nowhere(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %c = linalg.copy ins(%nope : tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

func.func private @g(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>

func.func @call_with_nothing(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %r = func.call @g(%t, %gone) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @rewrite_of_nothing() {
  pdl_interp.func @matcher(%root: !pdl.operation) {
    // expected-error@+1 {{use of undeclared SSA value name}}
    pdl_interp.apply_constraint "check"(%missing : !pdl.operation) -> ^bb1, ^bb1
  ^bb1:
    pdl_interp.finalize
  }
  return
}

// -----

#id = affine_map<(i) -> (i)>

func.func @generic_over_nothing(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{use of undeclared SSA value name}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%absent : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
