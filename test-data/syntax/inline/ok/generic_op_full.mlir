%r = "d.op"(%a, %b#1) [^bb1, ^bb2] <{p = 1}> ({
  "d.yield"() : () -> ()
}, {}) {attr = "x"} : (i32, i64) -> f32 loc("f.mlir":3:4)
