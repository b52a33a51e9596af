// An IRDL dialect with several optional and variadic operand and result lists, whose
// sizes ops give in `operandSegmentSizes`/`resultSegmentSizes` (issue: IRDL). Its users
// are checked with: mlir-opt --irdl-file=segments.irdl.mlir --split-input-file
// --verify-diagnostics segments_uses.mlir
irdl.dialect @pipe {
  // Sends some values, an optional token, and a channel; returns any number of handles
  // and acknowledgements.
  irdl.operation @send {
    %0 = irdl.any
    %1 = irdl.is index
    %2 = irdl.is i1
    irdl.operands(values: variadic %0, token: optional %1, channel: %1)
    irdl.results(handles: variadic %1, acks: variadic %2)
  }
}
