// Type constraints and traits of the ops we have specs for, and func.return against its
// function (checklist §5). Run: mlir-opt --allow-unregistered-dialect --split-input-file
// --verify-diagnostics op_verify.mlir

func.func @constraint(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @result_constraint(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (i32, i32) -> i32
  return
}

// -----

func.func @same_types(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @all_types_match(%c: i1, %a: i32, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @return_type(%a: i32) -> i64 {
  // expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @return_type}}
  return %a : i32
}

// -----

func.func @return_count(%a: i32) -> (i32, i32) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 2}}
  return %a : i32
}

// -----

func.func @unknown_custom_op(%a: i32) {
  // expected-error@+1 {{custom op 'arith.frobnicate' is unknown}}
  %0 = arith.frobnicate %a : i32
  return
}

// -----

// An unprefixed name is looked up in the default dialect: func's in a function.
func.func @unknown_unprefixed_op(%a: i32) {
  // expected-error@+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  %0 = frobnicate %a : i32
  return
}

// -----

// builtin's at the top level and in a module.
module {
  // expected-error@+1 {{custom op 'frobnicate' is unknown (tried 'builtin.frobnicate' as well)}}
  frobnicate
}

// -----

func.func @unknown_generic_op(%a: i32) {
  // expected-error@+1 {{unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations}}
  %0 = "arith.frobnicate"(%a) : (i32) -> i32
  return
}

// -----

func.func @cast_widths(%a: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @cast_shapes(%a: vector<2xi8>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : vector<2xi8> to vector<3xi32>
  return
}

// -----

// HasParent: a return in a loop body is not in its function's region.
func.func @return_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

// A generic op's regions keep the default dialect around it: `return` is `func.return`.
func.func @return_in_generic_region() {
  "test.region"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    return
  }) : () -> ()
  return
}

// -----

func.func @yield_outside_loop() {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  "scf.yield"() : () -> ()
}
