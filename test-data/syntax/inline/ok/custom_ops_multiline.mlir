%r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
    ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
^bb0(%in: f32, %out: f32):
  linalg.yield %in : f32
} -> tensor<4xf32>
%s = scf.if %c -> (i32) {
  scf.yield %x : i32
} else {
  scf.yield %y : i32
}
%w = scf.while (%i = %init) : (i32) -> i32 {
  scf.condition(%cond) %i : i32
} do {
^bb0(%j: i32):
  scf.yield %j : i32
}
cf.cond_br %cond,
    ^bb1, ^bb2
"next.op"() : () -> ()
