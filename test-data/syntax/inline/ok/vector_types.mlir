"t.op"() : () -> (vector<4xf32>, vector<f32>, vector<[4]xf32>, vector<4x[4]xf32>, vector<[4]x[8]xi8>)
