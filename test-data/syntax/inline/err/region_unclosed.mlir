"foo.op"() ({
  "foo.a"() : () -> ()
