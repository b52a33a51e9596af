pdl.pattern @p : benefit(1) {
  %a = pdl.attribute
  %op = pdl.operation "t.op" {"x" = %a, "x" = %a}
  pdl.rewrite %op with "rewriter"
}
