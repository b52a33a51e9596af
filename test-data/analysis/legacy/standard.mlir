// A program in the standard dialect of 2019-era MLIR: unprefixed `func` at the top level
// and unprefixed `std` ops inside functions. MLIR 22 cannot read it (hence its own
// folder, out of the mlir-opt run of .ci/run); analysis/tests/legacy.rs checks that the
// analyzer gives it no diagnostic and knows every op in it.

func @abs(i32) -> i32
func @external_scale(f32, index) -> f32

// The smaller of two integers, through a conditional branch.
func @min(%a: i32, %b: i32) -> i32 {
  %less = cmpi "slt", %a, %b : i32
  cond_br %less, ^done(%a : i32), ^done(%b : i32)
^done(%m: i32):
  return %m : i32
}

// The older form: bare argument types, named by the entry block's label.
func @clamp(i32, i32, i32) -> i32 {
^bb0(%x: i32, %lo: i32, %hi: i32):
  %above = cmpi "sgt", %x, %hi : i32
  %low = cmpi "slt", %x, %lo : i32
  %upper = select %above, %hi, %x : i32
  %r = select %low, %lo, %upper : i32
  return %r : i32
}

// Integer arithmetic and calls, direct and through a function value.
func @mix(%a: i32, %b: i32) -> i32 {
  %sum = addi %a, %b : i32
  %q = divis %sum, %b : i32
  %uq = diviu %sum, %b : i32
  %r = remis %q, %a : i32
  %ur = remiu %uq, %a : i32
  %bits = and %r, %ur : i32
  %either = or %bits, %q : i32
  %flip = xor %either, %sum : i32
  %m = call @min(%flip, %b) : (i32, i32) -> i32
  %fn = constant @abs : (i32) -> i32
  %pos = call_indirect %fn(%m) : (i32) -> i32
  %seven = constant 7 : i32
  %c = call @clamp(%pos, %seven, %sum) : (i32, i32, i32) -> i32
  br ^exit(%c : i32)
^exit(%result: i32):
  return %result : i32
}

// Memory: allocation, loads and stores in a loop of blocks, DMA and casts.
func @scale_rows(%A: memref<?x8xf32>, %factor: f32) -> memref<?x?xf32> {
  %zero = constant 0 : index
  %one = constant 1 : index
  %n = dim %A, 0 : memref<?x8xf32>
  %tmp = alloc(%n) : memref<?x8xf32>
  br ^head(%zero : index)
^head(%i: index):
  %more = cmpi "ult", %i, %n : index
  cond_br %more, ^body, ^tail
^body:
  %v = load %A[%i, %zero] : memref<?x8xf32>
  %w = mulf %v, %factor : f32
  %x = addf %w, %v : f32
  %y = call @external_scale(%x, %i) : (f32, index) -> f32
  store %y, %tmp[%i, %zero] : memref<?x8xf32>
  %next = addi %i, %one : index
  br ^head(%next : index)
^tail:
  %size = constant 8 : index
  %tag = alloc() : memref<1xi32>
  %local = alloc_static(0x4000) : memref<8xf32, 1>
  dma_start %tmp[%zero, %zero], %local[%zero], %size, %tag[%zero]
      : memref<?x8xf32>, memref<8xf32, 1>, memref<1xi32>
  dma_wait %tag[%zero], %size : memref<1xi32>
  dealloc %tag : memref<1xi32>
  dealloc %local : memref<8xf32, 1>
  %general = memref_cast %tmp : memref<?x8xf32> to memref<?x?xf32>
  return %general : memref<?x?xf32>
}

// Tensors: copies between memrefs and tensors, element reads and casts.
func @tensors(%m: memref<4x4xi32>) -> i32 {
  %t = tensor_load %m : memref<4x4xi32>
  %c1 = constant 1 : index
  %e = extract_element %t[%c1, %c1] : tensor<4x4xi32>
  %u = tensor_cast %t : tensor<4x4xi32> to tensor<?x?xi32>
  %r = std.tensor_cast %u : tensor<?x?xi32> to tensor<4x4xi32>
  tensor_store %r, %m : memref<4x4xi32>
  return %e : i32
}

// Inside the ops of other dialects, unprefixed names are still `std` ops.
func @fill(%m: memref<16xf32>, %v: f32) {
  affine.for %i = 0 to 16 {
    %old = load %m[%i] : memref<16xf32>
    %new = addf %old, %v : f32
    store %new, %m[%i] : memref<16xf32>
  }
  return
}

// The same ops inside an explicit module.
module @nested {
  func @twice(%x: f32) -> f32 {
    %y = addf %x, %x : f32
    return %y : f32
  }
}
