// Symbol uses that upstream verifiers look up (checklist S-06, S-07).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// symbols.mlir

func.func @missing_callee() {
  // expected-error@+1 {{'llvm.call' op 'nowhere' does not reference a symbol in the current scope}}
  llvm.call @nowhere() : () -> ()
  llvm.return
}

// -----

func.func private @not_llvm()
func.func @wrong_callee() {
  // expected-error@+1 {{'llvm.call' op 'not_llvm' does not reference a valid LLVM function}}
  llvm.call @not_llvm() : () -> ()
  llvm.return
}

// -----

func.func private @not_a_global()
func.func @get_global() {
  // expected-error@+1 {{'memref.get_global' op 'not_a_global' does not reference a valid global memref}}
  %0 = memref.get_global @not_a_global : memref<3xf32>
  return
}

// -----

// expected-error@+1 {{'llvm.mlir.global_ctors' op 'init' does not reference a valid LLVM function}}
llvm.mlir.global_ctors ctors = [@init], priorities = [0 : i32], data = [#llvm.zero]

// -----

module attributes {gpu.container_module} {
  func.func @launch(%n: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel container 'kernels' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @launch(%n: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function '@kernels::@k' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
}

// -----

// expected-error@+1 {{shape function library @lib not found}}
module attributes {shape.lib = @lib} {
}

// -----

irdl.dialect @d {
  irdl.type @t {
    // expected-error@+1 {{'irdl.base' op symbol '@d::@missing' not found}}
    %0 = irdl.base @d::@missing
    irdl.parameters(p: %0)
  }
}
