// A function's signature declares its body's entry arguments (checklist S-03): a value
// or block argument of the body named like one is a redefinition, and an argument named
// twice is already in use. A declaration, without a body, declares nothing.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// function_arguments.mlir

// expected-note@+1 {{previously defined here}}
func.func @value_named_like_an_argument(%a: i32) {
  // expected-error@+1 {{redefinition of SSA value '%a'}}
  %a = arith.constant 1 : i32
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func.func @block_argument_named_like_an_argument(%a: i32) {
  cf.br ^bb1(%a : i32)
// expected-error@+1 {{redefinition of SSA value '%a'}}
^bb1(%a: i32):
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func.func @nested_value_named_like_an_argument(%a: i32) {
  "t.op"() ({
    // expected-error@+1 {{redefinition of SSA value '%a'}}
    %a = arith.constant 1 : i32
    "t.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// expected-error@+2 {{region entry argument '%a' is already in use}}
// expected-note@+1 {{previously referenced here}}
func.func @argument_named_twice(%a: i32, %a: i32) {
  return
}

// -----

gpu.module @kernels {
  // expected-note@+1 {{previously defined here}}
  gpu.func @kernel(%x: f32) kernel {
    // expected-error@+1 {{redefinition of SSA value '%x'}}
    %x = arith.constant 1.0 : f32
    gpu.return
  }
}

// -----

func.func private @declaration(%a: i32, %a: i32)
