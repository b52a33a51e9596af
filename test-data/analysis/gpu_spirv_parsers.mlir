// The `async` keyword of the GPU ops that take async dependencies (it gives the op a
// token result, which must be named), the result `gpu.wait` has only when `async`,
// `gpu.func`'s argument list, and the struct type of the SPIR-V extended arithmetic
// ops: what their custom parsers reject before anything is verified. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics gpu_spirv_parsers.mlir

func.func @unnamed_async_wait() {
  // expected-error@+1 {{custom op 'gpu.wait' needs to be named when marked 'async'}}
  gpu.wait async
  return
}

// -----

func.func @unnamed_async_dealloc(%t0: !gpu.async.token, %m: memref<8xf32>) {
  // expected-error@+1 {{custom op 'gpu.dealloc' needs to be named when marked 'async'}}
  gpu.dealloc async [%t0] %m : memref<8xf32>
  return
}

// -----

func.func @unnamed_async_launch(%n: index) {
  // expected-error@+1 {{custom op 'gpu.launch' needs to be named when marked 'async'}}
  gpu.launch async blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
             threads(%tx, %ty, %tz) in (%lx = %n, %ly = %n, %lz = %n) {
    gpu.terminator
  }
  return
}

// -----

func.func @named_sync_wait(%t0: !gpu.async.token) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %done = gpu.wait [%t0]
  return
}

// -----

func.func @two_names_for_one_token(%t0: !gpu.async.token) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %a, %b = gpu.wait async [%t0]
  return
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{custom op 'gpu.func' gpu.func requires named arguments}}
  gpu.func @unnamed(f32, index) kernel {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{custom op 'gpu.func' expected SSA identifier}}
  gpu.func @named_then_not(%x: f32, index) kernel {
    gpu.return
  }
}

// -----

func.func @three_members(%x: i32) {
  // expected-error@+1 {{custom op 'spirv.IAddCarry' expected spirv.struct type with two members}}
  %0 = spirv.IAddCarry %x, %x : !spirv.struct<(i32, i32, i32)>
  return
}

// -----

func.func @not_a_struct(%x: i32) {
  // expected-error@+1 {{custom op 'spirv.SMulExtended' expected spirv.struct type with two members}}
  %0 = spirv.SMulExtended %x, %x : i32
  return
}

// -----

// Well-formed uses: nothing to report.
gpu.module @fine_kernels {
  gpu.func @named(%x: f32, %i: index) kernel {
    gpu.return
  }
  gpu.func @no_arguments() {
    gpu.return
  }
}

func.func @fine(%t0: !gpu.async.token, %m: memref<8xf32>, %x: i32, %v: vector<2xi32>) {
  %t1 = gpu.wait async [%t0]
  gpu.wait [%t1]
  gpu.wait
  %t2 = gpu.dealloc async [%t1] %m : memref<8xf32>
  %0 = spirv.ISubBorrow %x, %x : !spirv.struct<(i32, i32)>
  %1 = spirv.UMulExtended %v, %v : !spirv.struct<(vector<2xi32>, vector<2xi32>)>
  return
}
