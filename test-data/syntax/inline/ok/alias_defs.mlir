#map = affine_map<(d0, d1) -> (d1, d0)>
!tensor = tensor<4xf32>
#loc = loc("a.mlir":1:2)
