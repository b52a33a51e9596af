// Block structure: terminators, successor operands, entry blocks (checklist S-04, S-05).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// blocks.mlir

func.func @no_terminator() {
  %x = arith.constant 0 : i32 // expected-error {{block with no terminator, has}}
}

// -----

func.func @empty_block() { // expected-error {{empty block: expect at least a terminator}}
^bb0:
  return
^bb1:
}

// -----

func.func @operand_count(%a: i1, %b: i32) {
  // expected-error@+1 {{branch has 2 operands for successor #0, but target block has 1}}
  cf.br ^bb1(%a, %b : i1, i32)
^bb1(%x: i32):
  return
}

// -----

func.func @operand_type(%a: i1) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i1)
^bb1(%x: i32):
  return
}

// -----

func.func @entry_predecessor() { // expected-error {{entry block of region may not have predecessors}}
^bb0:
  cf.br ^bb0
}

// -----

func.func @successors_of_a_non_terminator(%a: i32) {
  // expected-error@+1 {{successors in non-terminator}}
  %c = "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32
^bb1:
  return
}

// -----

func.func @label_after_named_arguments(%a: i32) {
^bb0(%b: i32): // expected-error {{invalid block name in region with named arguments}}
  return
}

// -----

// A single-block region of an op we do not know may end without a terminator.
"t.op"() ({
  %y = arith.constant 0 : i32
}) : () -> ()

// -----

// MLIR verifies a block's ops before it asks for the block's terminator, and stops at
// the first op that fails.
func.func @op_fails_before_terminator(%a: i32, %m: memref<4xf32>) {
  %0 = arith.addi %a, %a : i32
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 0}}
  %1 = "memref.load"(%m) : (memref<4xf32>) -> f32
}
