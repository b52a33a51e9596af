// An IRDL dialect whose ops constrain their attributes (issue: IRDL). Its users are
// checked with: mlir-opt --irdl-file=attributes.irdl.mlir --split-input-file
// --verify-diagnostics attributes_uses.mlir
irdl.dialect @sched {
  // A unit of work with a priority, a kind and a width type.
  irdl.attribute @slot {
    %0 = irdl.base "#builtin.integer"
    irdl.parameters(number: %0)
  }
  irdl.operation @task {
    %0 = irdl.base "#builtin.integer"
    %1 = irdl.is "compute"
    %2 = irdl.is "copy"
    %3 = irdl.any_of(%1, %2)
    %4 = irdl.is i32
    %5 = irdl.is i64
    %6 = irdl.any_of(%4, %5)
    irdl.attributes {"priority" = %0, "kind" = %3, "width" = %6}
  }
  // Binds the same type attribute as its operand's type.
  irdl.operation @cast {
    %0 = irdl.base "!builtin.integer"
    irdl.operands(in: %0)
    irdl.attributes {"to" = %0}
  }
  // Holds a slot attribute of this dialect.
  irdl.operation @place {
    %0 = irdl.any
    %1 = irdl.parametric @sched::@slot<%0>
    irdl.attributes {"at" = %1}
  }
}
