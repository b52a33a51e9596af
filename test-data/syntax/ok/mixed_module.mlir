// A module mixing generic and custom forms, written for the parser tests.
#map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
!elem = f32

module @outer attributes {test.flag} {
  func.func private @decl(i32) -> i32
  func.func @body(%arg0: i32, %m: memref<4x?xf32, strided<[?, 1], offset: ?>>) -> (i32, !elem) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = memref.load %m[%c0, %c1] : memref<4x?xf32, strided<[?, 1], offset: ?>>
    %r:2 = "test.two"(%arg0) {attr = dense<[1, 2]> : tensor<2xi32>} : (i32) -> (i32, i32)
    %s = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %r#0) -> (i32) {
      %n = arith.addi %acc, %r#1 : i32
      scf.yield %n : i32
    }
    cf.br ^bb1(%s : i32)
  ^bb1(%x: i32 loc("a.mlir":3:4)):
    return %x, %f : i32, !elem loc(fused["a.mlir":1:1, callsite("f" at "b.mlir":2:2)])
  }
}
