// `linalg.generic`'s custom parser: its attribute dictionary gives `iterator_types` as an
// array of "parallel" and "reduction", and its operands are followed by its region.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics linalg_generic_parser.mlir

#id = affine_map<(i) -> (i)>

func.func @no_iterator_types(%m: memref<4xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  linalg.generic {indexing_maps = [#id]} outs(%m : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

#id = affine_map<(i) -> (i)>

func.func @iterator_types_not_an_array(%m: memref<4xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  linalg.generic {indexing_maps = [#id], iterator_types = "parallel"} outs(%m : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

#id = affine_map<(i) -> (i)>

func.func @unknown_iterator_type(%m: memref<4xf32>) {
  // The parser stands at the item after the dictionary.
  linalg.generic {indexing_maps = [#id], iterator_types = ["window"]}
      // expected-error@+1 {{custom op 'linalg.generic' unexpected iterator_type (window)}}
      outs(%m : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

#id = affine_map<(i) -> (i)>

func.func @no_region(%a: memref<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{expected '{' to begin a region}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%m : memref<4xf32>)
  return
}

// -----

#id = affine_map<(i) -> (i)>
#trait = {indexing_maps = [#id, #id], iterator_types = ["parallel"]}

// Well-formed: nothing to report.
func.func @fine(%a: memref<4xf32>, %m: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%m : memref<4xf32>) attrs = {tag = 1} {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.generic #trait ins(%a : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %y : f32
  }
  return
}
