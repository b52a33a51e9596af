// An IRDL dialect of parametric types and attributes, checked wherever they are written
// (issue: IRDL). Its users are checked with:
// mlir-opt --irdl-file=parameters.irdl.mlir --split-input-file --verify-diagnostics
//   parameters_uses.mlir
irdl.dialect @units {
  // A quantity of a float type in a unit named by a string.
  irdl.type @quantity {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.base "#builtin.string"
    irdl.parameters(value: %2, unit: %3)
  }
  // A scale factor.
  irdl.attribute @scale {
    %0 = irdl.base "#builtin.integer"
    irdl.parameters(factor: %0)
  }
  irdl.operation @convert {
    %0 = irdl.any
    %1 = irdl.any
    %2 = irdl.parametric @units::@scale<%1>
    irdl.operands(in: %0)
    irdl.results(out: %0)
    irdl.attributes {"by" = %2}
  }
}
