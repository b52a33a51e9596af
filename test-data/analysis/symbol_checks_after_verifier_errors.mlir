// A symbol table checks its symbols and their uses as its verification ends, which MLIR
// never reaches once an op inside the table failed to verify; `check` (which reports
// what mlir-opt reaches) leaves those findings out, the editor shows them all.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// symbol_checks_after_verifier_errors.mlir

func.func @bad_add(%x: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
  return
}
func.func @undefined_callee() {
  call @nowhere() : () -> ()
  return
}
func.func @twice() { return }
func.func @twice() { return }

// -----

module {
  module {
    func.func @bad_add(%x: f32) {
      // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
      %0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
      return
    }
  }
  func.func @undefined_callee() {
    call @nowhere() : () -> ()
    return
  }
}

// -----

module {
  module {
    func.func @bad_add(%x: f32) {
      // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
      %0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
      return
    }
  }
  module {
    func.func @undefined_callee() {
      // expected-error@+1 {{'func.call' op 'nowhere' does not reference a valid function}}
      call @nowhere() : () -> ()
      return
    }
  }
}
