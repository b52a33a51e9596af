pdl.pattern @p : benefit(1) {
  %t = type
  %root = operation -> (%t : !pdl.type)
  rewrite %root {
    %new = operation "foo.op"
    replace %root with %new
  }
}
