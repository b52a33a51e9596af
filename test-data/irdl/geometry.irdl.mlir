// A dialect of our own defined in IRDL, for the IRDL fixtures (issue: IRDL). Its users
// are checked with: mlir-opt --irdl-file=geometry.irdl.mlir --split-input-file
// --verify-diagnostics geometry_uses.mlir
irdl.dialect @geo {
  // A point with coordinates of one float type.
  irdl.type @point {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(coord: %2)
  }
  // The distance between two points of the same type, as their coordinate type.
  irdl.operation @distance {
    %0 = irdl.any
    %1 = irdl.parametric @geo::@point<%0>
    irdl.operands(a: %1, b: %1)
    irdl.results(d: %0)
  }
  // Scales by an i32 factor and any number of extra values.
  irdl.operation @scale {
    %0 = irdl.is i32
    %1 = irdl.any
    irdl.operands(factor: %0, extra: variadic %1)
    irdl.results()
  }
  // Takes an optional integer of any width.
  irdl.operation @maybe {
    %0 = irdl.base "!builtin.integer"
    irdl.operands(flag: optional %0)
  }
}
