// The `scf` ops: the types their headers give operands and body arguments, and the
// terminators their custom form may leave out. Run: mlir-opt --allow-unregistered-dialect
// --split-input-file --verify-diagnostics scf.mlir

func.func @implicit_terminators(%c: i1, %n: index, %t: tensor<4xf32>) {
  scf.if %c {
    %x = arith.addi %n, %n : index
  } else {
  }
  scf.for %i = %n to %n step %n {
    %x = arith.addi %i, %i : index
  }
  scf.parallel (%i, %j) = (%n, %n) to (%n, %n) step (%n, %n) {
    %x = arith.addi %i, %j : index
  }
  scf.forall (%i) in (4) {
    %x = arith.addi %i, %i : index
  }
  %r = scf.forall (%i) = (0) to (%n) step (2) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  scf.index_switch %n
  default {
    %x = arith.addi %n, %n : index
  }
  return
}

// -----

func.func @for_bounds_are_index_unless_typed(%n: index) {
  %c0 = arith.constant 0 : i32 // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%c0' expects different type than prior uses: 'index' vs 'i32'}}
  scf.for %i = %c0 to %n step %n {
  }
  return
}

// -----

func.func @for_typed_bounds(%a: i32, %b: i32) -> i32 {
  %r = scf.for unsigned %i = %a to %b step %b iter_args(%acc = %a) -> (i32) : i32 {
    %next = arith.addi %acc, %i : i32
    scf.yield %next : i32
  }
  return %r : i32
}

// -----

func.func @iter_args_have_the_result_types(%n: index) {
  %f = arith.constant 1.0 : f32 // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%f' expects different type than prior uses: 'i32' vs 'f32'}}
  %r = scf.for %i = %n to %n step %n iter_args(%acc = %f) -> (i32) {
    scf.yield %acc : i32
  }
  return
}

// -----

func.func @induction_variable_is_index(%n: index, %a: i32) {
  scf.for %i = %n to %n step %n { // expected-note {{prior use here}}
    // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'i32' vs 'index'}}
    %x = arith.addi %i, %a : i32
  }
  return
}

// -----

func.func @forall_induction_variable_is_index(%n: index, %a: i32) {
  scf.forall (%i, %j) in (%n, 8) { // expected-note {{prior use here}}
    // expected-error@+1 {{use of value '%j' expects different type than prior uses: 'i32' vs 'index'}}
    %x = arith.addi %j, %a : i32
  }
  return
}

// -----

func.func @parallel_bounds_are_index(%lb: i32, %n: index) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%lb' expects different type than prior uses: 'index' vs 'i32'}}
  scf.parallel (%i) = (%lb) to (%n) step (%n) {
  }
  return
}

// -----

func.func @while_arguments_have_the_input_types(%a: i32, %b: i64, %c: i1) {
  %r = scf.while (%x = %a) : (i32) -> i32 { // expected-note {{prior use here}}
    // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
    %y = arith.addi %x, %b : i64
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%z: i32):
    scf.yield %z : i32
  }
  return
}

// -----

func.func @if_condition_is_i1(%a: i32) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  scf.if %a {
  }
  return
}

// -----

func.func @switch_value_is_index(%a: i32) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'index' vs 'i32'}}
  scf.index_switch %a
  default {
  }
  return
}

// -----

func.func @loops_are_not_terminators(%n: index) {
  // expected-error@+1 {{block with no terminator}}
  scf.for %i = %n to %n step %n {
  }
}

// -----

func.func @generic_form_needs_the_terminator(%c: i1) {
  "scf.if"(%c) ({
    // expected-error@+1 {{block with no terminator}}
    %x = arith.constant 1 : i32
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @bound_constraint(%a: f32, %n: index) {
  // expected-error@+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
  "scf.for"(%a, %n, %n) ({
  ^bb0(%i: f32):
    scf.yield
  }) : (f32, index, index) -> ()
  return
}

// -----

func.func @bounds_share_a_type(%a: i32, %n: index) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%n, %a, %n) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}
