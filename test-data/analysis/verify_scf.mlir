// The verifiers of the `scf` ops: region shapes, loop-carried values, reductions, what
// ends each region, and the header errors of the custom loop parsers. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics verify_scf.mlir

func.func @for_two_regions(%n: index) {
  // expected-error@+1 {{'scf.for' op requires one region}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    scf.yield
  }, {}) : (index, index, index) -> ()
  return
}

// -----

func.func @for_two_blocks(%n: index) {
  // expected-error@+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    scf.yield
  ^bb1:
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_empty_block(%n: index) {
  // expected-error@+1 {{'scf.for' op expects a non-empty block}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_empty_region(%n: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%n, %n, %n) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_init_without_result(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %acc: f32):
    scf.yield %acc : f32
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @for_extra_iter_arg(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 2}}
  %r = "scf.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %a: f32, %b: f32):
    scf.yield %a, %b : f32, f32
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_no_block_args(%n: index) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "scf.for"(%n, %n, %n) ({
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_yields_too_many(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = "scf.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %a: f32):
    scf.yield %a, %a : f32, f32
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_init_type(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'f16'}}
  %r = "scf.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %a: f16):
    scf.yield %a : f16
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_yield_type(%lo: index, %hi: index, %x: f32, %y: f32) -> (f32, f32) {
  // expected-error@+1 {{'scf.for' op 1-th region iter_arg and 1-th yielded value have different type: 'f32' != 'i64'}}
  %r:2 = scf.for %i = %lo to %hi step %hi iter_args(%a = %x, %b = %y) -> (f32, f32) {
    %k = arith.constant 3 : i64
    scf.yield %a, %k : f32, i64
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// MLIR 22 numbers a result mismatch 0 whatever its place.
func.func @for_result_type(%n: index, %x: f32, %y: f32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i8'}}
  %r:2 = "scf.for"(%n, %n, %n, %x, %y) ({
  ^bb0(%i: index, %a: f32, %b: f32):
    scf.yield %a, %b : f32, f32
  }) : (index, index, index, f32, f32) -> (f32, i8)
  return
}

// -----

func.func @for_iv_type(%n: i32) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    scf.yield
  }) : (i32, i32, i32) -> ()
  return
}

// -----

func.func @for_header_counts(%n: index, %x: f32) {
  // expected-error@+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r:2 = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32, f32) {
    scf.yield %a, %a : f32, f32
  }
  return
}

// -----

// Valid loops stay silent: typed bounds, carried values, an implicit `scf.yield`.
func.func @for_valid(%lo: i32, %hi: i32, %x: f32) -> f32 {
  %r = scf.for %i = %lo to %hi step %hi iter_args(%a = %x) -> (f32) : i32 {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  scf.for %j = %lo to %hi step %lo : i32 {
  }
  %g = "scf.for"(%lo, %hi, %hi, %x) ({
  ^bb0(%i: i32, %a: f32):
    scf.yield %a : f32
  }) : (i32, i32, i32, f32) -> f32
  return %r : f32
}

// -----

func.func @if_three_regions(%c: i1) {
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({}, {}, {}) : (i1) -> ()
  return
}

// -----

func.func @if_two_blocks(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects region #1 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  ^bb0:
    scf.yield
  ^bb1:
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

func.func @if_block_arguments(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: i32):
    scf.yield
  }, {}) : (i1) -> ()
  return
}

// -----

func.func @if_empty_then(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({}, {}) : (i1) -> ()
  return
}

// -----

func.func @if_results_without_else(%c: i1, %x: i32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @if_valid(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %c {
  }
  "scf.if"(%c) ({
    scf.yield
  }, {}) : (i1) -> ()
  return %r : i32
}

// -----

func.func @parallel_no_dimensions() {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  scf.parallel () = () to () step () {
  }
  return
}

// -----

func.func @parallel_zero_step(%n: index) {
  %one = arith.constant 1 : index
  %zero = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i, %j) = (%n, %n) to (%n, %n) step (%one, %zero) {
  }
  return
}

// -----

func.func @parallel_induction_count(%n: index) {
  // expected-error@+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_induction_type(%n: index) {
  // expected-error@+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: i64):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_wrong_terminator(%n: index) {
  // expected-error@+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: index):
    // expected-note@+1 {{terminator here}}
    "test.done"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_missing_reduction(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
  }
  return
}

// -----

func.func @parallel_missing_init(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> f32
  return
}

// -----

func.func @parallel_reduced_type(%n: index, %x: f32, %k: i32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%k : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}

// -----

func.func @parallel_header_bounds(%n: index) {
  // expected-error@+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%n, %n) to (%n) step (%n, %n) {
  }
  return
}

// -----

func.func @parallel_header_inits(%n: index, %x: f32) {
  // expected-error@+1 {{custom op 'scf.parallel' number of operands and types do not match: got 2 operands and 1 types}}
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x, %x) -> f32 {
  }
  return
}

// -----

func.func @reduce_argument_count(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @reduce_argument_type(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f64):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @reduce_terminator(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      "test.done"(%a) : (f32) -> ()
    }
  }
  return
}

// -----

func.func @reduce_return_type(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      %k = arith.constant 1 : i16
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %k : i16
    }
  }
  return
}

// -----

func.func @parallel_valid(%n: index, %x: f32, %k: i32) -> (f32, i32) {
  %c2 = arith.constant 2 : index
  %r:2 = scf.parallel (%i, %j) = (%n, %n) to (%n, %n) step (%c2, %n) init (%x, %k) -> (f32, i32) {
    scf.reduce(%x, %k : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  scf.parallel (%i) = (%n) to (%n) step (%n) {
    "test.work"(%i) : (index) -> ()
  }
  return %r#0, %r#1 : f32, i32
}

// -----

func.func @while_header_types(%x: i32) {
  // expected-error@+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 2)}}
  scf.while (%a = %x) : (i32, i32) -> () {
    %c = arith.constant true
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_one_region(%c: i1) {
  // expected-error@+1 {{'scf.while' op expected 2 regions}}
  "scf.while"() ({
    scf.condition(%c)
  }) : () -> ()
  return
}

// -----

func.func @while_empty_after(%c: i1) {
  // expected-error@+1 {{'scf.while' op region #1 ('after') failed to verify constraint: region with 1 blocks}}
  "scf.while"() ({
    scf.condition(%c)
  }, {
  }) : () -> ()
  return
}

// -----

func.func @while_empty_block(%c: i1) {
  %t = arith.constant true
  // expected-error@+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
  return
}

// -----

func.func @while_before_terminator(%c: i1) {
  %t = arith.constant true
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note@+1 {{terminator here}}
    "test.done"() : () -> ()
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_after_terminator(%c: i1) {
  // expected-error@+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  scf.while () : () -> () {
    scf.condition(%c)
  } do {
    // expected-note@+1 {{terminator here}}
    "test.done"() : () -> ()
  }
  return
}

// -----

func.func @while_valid(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// `RegionBranchOpInterface`: what each region of `scf.if` yields passes its results.
func.func @if_yields_other_type(%c: i1, %a: i32, %f: f32) -> i32 {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %1 = scf.if %c -> (i32) {
    // expected-note@+1 {{region branch point}}
    scf.yield %f : f32
  } else {
    scf.yield %a : i32
  }
  return %1 : i32
}

// -----

func.func @if_else_yields_more(%c: i1, %a: i32) -> i32 {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %1 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    // expected-note@+1 {{region branch point}}
    scf.yield %a, %a : i32, i32
  }
  return %1 : i32
}

// -----

// The custom parser ends a region without a terminator with a yield of nothing, at the op.
func.func @if_implicit_yield(%c: i1, %a: i32) -> i32 {
  // expected-error@+2 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %1 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
  }
  return %1 : i32
}

// -----

// A loop body that yields nothing to its iter_args: the edge back into the body.
func.func @for_yields_nothing(%lb: index, %x: f32) -> f32 {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return %0 : f32
}

// -----

func.func @for_without_yield(%lb: index, %x: f32) -> f32 {
  // expected-error@+2 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    %1 = arith.addf %a, %a : f32
  }
  return %0 : f32
}
