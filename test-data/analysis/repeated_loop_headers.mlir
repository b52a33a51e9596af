// Loops and conditionals whose headers are written alike (the memo of op shapes replays
// the second of each pair): what differs is in their regions (arguments, a wrong op, a
// wrong yield), and each is reported on the op it concerns. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics repeated_loop_headers.mlir

func.func @regions(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  %1 = scf.if %c -> (i32) {
  ^bb0(%z: i32):
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// -----

func.func @bodies(%lb: index, %ub: index, %s: index, %x: f32) -> f32 {
  %0 = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    %1 = arith.addf %acc, %acc : f32
    scf.yield %1 : f32
  }
  %2 = scf.for %i = %lb to %ub step %s iter_args(%acc = %0) -> (f32) {
    // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
    %3 = arith.addi %acc, %acc : f32
    scf.yield %3 : f32
  }
  return %2 : f32
}

// -----

func.func @iter_types(%lb: index, %ub: index, %s: index, %x: f32) -> f32 {
  %0 = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    scf.yield %acc : f32
  }
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'index'}}
  %1 = scf.for %i = %lb to %ub step %s iter_args(%acc = %0) -> (f32) {
    scf.yield %i : index
  }
  return %1 : f32
}
