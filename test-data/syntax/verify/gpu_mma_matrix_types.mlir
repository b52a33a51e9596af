// The GPU dialect's `!gpu.mma_matrix<RxCxT, "Op">` types: a static shape of two
// dimensions, an operand of AOp, BOp or COp, and an element type of those the
// matrix ops take (syntax/src/validation/gpu.rs). Run:
// mlir-opt --allow-unregistered-dialect -split-input-file -verify-diagnostics gpu_mma_matrix_types.mlir

func.func private @valid(!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x8xsi8, "BOp">,
    !gpu.mma_matrix<8x8xf32, "COp">, !gpu.mma_matrix< 32x16xui32 , "COp" >)

// -----

// expected-error@+1 {{MMAMatrixType must have exactly two dimensions}}
func.func private @rank_three(!gpu.mma_matrix<16x16x16xf16, "AOp">)

// -----

// expected-error@+1 {{operand expected to be one of AOp, BOp or COp}}
func.func private @operand(!gpu.mma_matrix<16x16xf16, "DOp">)

// -----

// expected-error@+1 {{expected static shape}}
func.func private @dynamic(!gpu.mma_matrix<16x?xf16, "AOp">)

// -----

func.func @element(%m: memref<32x32xi8>, %i: index) {
  // expected-error@+1 {{MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xi8> -> !gpu.mma_matrix<16x16xi8, "AOp">
  return
}
