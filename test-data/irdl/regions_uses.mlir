// Uses of the IRDL dialect in regions.irdl.mlir, with the errors mlir-opt reports. The
// regions end in `llvm.unreachable`: IRDL ops need terminators in their blocks.
// mlir-opt --irdl-file=regions.irdl.mlir --split-input-file --verify-diagnostics
//   regions_uses.mlir

func.func @valid() {
  "loop.for"() ({
  ^bb0(%i: index):
    llvm.unreachable
  }, {
  }) : () -> ()
  "loop.pair"() ({
  ^bb0(%a: f32, %b: f32):
    llvm.unreachable
  }) : () -> ()
  return
}

// -----

func.func @region_count() {
  // expected-error@+1 {{'loop.for' op unexpected number of regions: expected 2 but got 1}}
  "loop.for"() ({
  ^bb0(%i: index):
    llvm.unreachable
  }) : () -> ()
  return
}

// -----

func.func @block_count() {
  // expected-error@+1 {{expected region 0 to have 1 block(s) but got 2}}
  "loop.for"() ({
  ^bb0(%i: index):
    llvm.unreachable
  ^bb1:
    llvm.unreachable
  }, {
  }) : () -> ()
  return
}

// -----

func.func @empty_region() {
  // expected-error@+1 {{expected region 0 to have 1 block(s) but got 0}}
  "loop.for"() ({
  }, {
  }) : () -> ()
  return
}

// -----

func.func @argument_type() {
  // expected-note@+1 {{see the operation}}
  "loop.for"() ({
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  ^bb0(%i: i64):
    llvm.unreachable
  }, {
  }) : () -> ()
  return
}

// -----

func.func @argument_count() {
  // expected-note@+1 {{see the operation}}
  "loop.for"() ({
  ^bb0(%i: index):
    llvm.unreachable
  }, {
  // expected-error@+1 {{expected region 1 to have 0 arguments but got 1}}
  ^bb0(%j: index):
    llvm.unreachable
  }) : () -> ()
  return
}

// -----

func.func @no_arguments() {
  // expected-error@+1 {{expected region 0 to have 2 arguments but got 0}}
  "loop.pair"() ({
    llvm.unreachable
  }) : () -> ()
  return
}

// -----

func.func @arguments_bound_once() {
  // expected-note@+1 {{see the operation}}
  "loop.pair"() ({
  // expected-error@+1 {{expected 'f32' but got 'f64'}}
  ^bb0(%a: f32, %b: f64):
    llvm.unreachable
  }) : () -> ()
  return
}

// -----

func.func @terminator() {
  "loop.pair"() ({
  ^bb0(%a: f32, %b: f32):
    // expected-error@+1 {{block with no terminator, has}}
    "loop.for"() ({
    ^bb0(%i: index):
      llvm.unreachable
    }, {
    }) : () -> ()
  }) : () -> ()
  return
}
