!alias = i32
"t.op"() : () -> (!alias, !llvm.ptr, !llvm.struct<(i32, ptr<i8>)>, !foo<"a123^^^" + bar>, !d.t<a -> b, [x]>)
