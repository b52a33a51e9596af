// At a file's top level the default dialect is `builtin`: a short op name that no
// builtin op has, such as `return` left behind by a deleted function header, is unknown
// to MLIR 22 (only the legacy dialect, which MLIR 22 no longer has, knew it). Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics top_level_short_names.mlir

"t.op"() : () -> ()
// expected-error@+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
return
