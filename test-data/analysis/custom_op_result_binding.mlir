// A custom op's result list must name as many results as the op has, as a generic op's
// must match its function type: MLIR's parser checks it for both (L-09, result counts).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// custom_op_result_binding.mlir

func.func @more_names_than_results(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = arith.addi %a, %b : i32
  return %a : i32
}

// -----

func.func @two_names_for_one_result(%a: i32, %b: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %p, %q = arith.addi %a, %b : i32
  return
}

// -----

func.func @names_for_an_op_without_results(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %r = memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

func.func private @pair() -> (i32, i32)

func.func @fewer_names_than_call_results() {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %x = func.call @pair() : () -> (i32, i32)
  return
}

// -----

func.func private @nothing()

func.func @names_for_a_call_without_results() {
  // expected-error@+1 {{cannot name an operation with no results}}
  %x = func.call @nothing() : () -> ()
  return
}

// -----

// Lists that bind every result are fine, in any grouping.
func.func private @pair() -> (i32, i32)

func.func @every_result_named(%a: i32, %b: i32) -> i32 {
  %p:2 = func.call @pair() : () -> (i32, i32)
  %x, %y = func.call @pair() : () -> (i32, i32)
  %s = arith.addi %p#0, %y : i32
  %c:2 = arith.addui_extended %a, %b : i32, i1
  %lo, %hi = arith.mului_extended %a, %b : i32
  return %s : i32
}

// -----

// Ops with a variadic result list have as many results as their syntax writes types,
// and nothing of an op whose names do not fit is verified (MLIR's parse stops there).
func.func @if_with_two_names(%c: i1, %a: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %x, %y = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @if_without_results(%c: i1) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %x = scf.if %c {
  }
  return
}

// -----

func.func @for_with_more_names(%lb: index, %ub: index, %s: index, %a: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%acc = %a) -> (i32) {
    scf.yield %acc : i32
  }
  return
}

// -----

func.func @while_with_more_names(%a: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @call_indirect_with_fewer_names(%f: (i32) -> (i32, i32), %a: i32) {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %r = func.call_indirect %f(%a) : (i32) -> (i32, i32)
  return
}

// -----

func.func @parallel_with_more_names(%lb: index, %ub: index, %s: index, %a: f32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%a) -> f32 {
    scf.reduce(%a : f32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @variadic_results_named_right(%c: i1, %a: i32, %f: (i32) -> (i32, i32), %i: index,
                                        %lb: index, %ub: index, %s: index) {
  %x = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %a : i32
  }
  %p, %q = func.call_indirect %f(%a) : (i32) -> (i32, i32)
  %k = scf.index_switch %i -> i32
  default {
    scf.yield %a : i32
  }
  %t:2 = scf.for %j = %lb to %ub step %s iter_args(%u = %a, %v = %a) -> (i32, i32) {
    scf.yield %u, %v : i32, i32
  }
  return
}

// -----

// An operand of the wrong type is found while the op parses, before its results are
// bound: the result list's count is never compared.
// expected-note@below {{prior use here}}
func.func @operand_type_before_result_count(%a: i32, %b: i64) {
  // expected-error@below {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %r:2 = arith.addi %a, %b : i32
  return
}

// -----

// Several result declarations, two of them variadic: one result per type written.
func.func @several_declarations_one_per_written_type(%m: memref<4x4xf32>) {
  // expected-error@below {{operation defines 6 results but was provided 3 to bind}}
  %a:3 = memref.extract_strided_metadata %m : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
  return
}

// -----

func.func @several_declarations_named_right(%m: memref<4x4xf32>) {
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
  %r:6 = memref.extract_strided_metadata %m : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
  return
}

// -----

// A result whose type differs from its forward uses' is found when the results are
// bound, which a wrong count stops before.
func.func @result_count_before_definition_type(%a: i32) {
  cf.br ^bb2
^bb1:
  "t.use"(%r#0) : (i64) -> ()
  return
^bb2:
  // expected-error@below {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = arith.addi %a, %a : i32
  cf.br ^bb1
}

// -----

func.func @definition_type_with_the_right_count(%a: i32) {
  cf.br ^bb2
^bb1:
  // expected-note@below {{previously used here with type 'i64'}}
  "t.use"(%r) : (i64) -> ()
  return
^bb2:
  // expected-error@below {{definition of SSA value '%r#0' has type 'i32'}}
  %r = arith.addi %a, %a : i32
  cf.br ^bb1
}

// -----

// The results are bound before the parser reads on: a result list naming another count
// than the op has is the error, not what is left after the op.
func.func @binding_before_left_over(%a: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = arith.addi %a, %a : i32 i32
  return
}
