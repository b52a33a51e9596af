// An IRDL dialect whose ops constrain their regions: how many, their blocks and their
// entry arguments (issue: IRDL). Its users are checked with:
// mlir-opt --irdl-file=regions.irdl.mlir --split-input-file --verify-diagnostics
//   regions_uses.mlir
irdl.dialect @loop {
  // A loop over an index with a body of one block, and a cleanup without arguments.
  irdl.operation @for {
    %0 = irdl.is index
    %body = irdl.region(%0) with size 1
    %cleanup = irdl.region()
    irdl.regions(body: %body, cleanup: %cleanup)
  }
  // A region whose two arguments have one type, whatever it is.
  irdl.operation @pair {
    %0 = irdl.any
    %r = irdl.region(%0, %0)
    irdl.regions(body: %r)
  }
}
