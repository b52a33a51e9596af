"t.op"() : () -> (i1, si8, ui64, index, none, bf16, f8E4M3FN, complex<f32>, tuple<>, tuple<i32, f32>)
