func.func @f(%arg0: i32, %m: memref<4xf32>) -> (i32, f32) attributes {llvm.emit_c_interface} {
  %c = arith.constant 1 : i32
  %0 = arith.addi %arg0, %c : i32
  %1 = memref.load %m[%c0] : memref<4xf32>
  cf.cond_br %cond, ^bb1(%0 : i32), ^bb2
^bb1(%x: i32):
  return %x, %1 : i32, f32
}
