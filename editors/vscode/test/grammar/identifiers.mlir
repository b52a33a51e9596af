// SYNTAX TEST "source.mlir" "values, block labels, symbols"
%0 = arith.addi %arg0, %foo_bar.baz$-1 : i32
//<- variable.other.ssa.mlir punctuation.definition.variable.mlir
//<~- variable.other.ssa.mlir
//              ^^^^^ variable.other.ssa.mlir
//                     ^^^^^^^^^^^^^^^ variable.other.ssa.mlir
%res:2 = "test.two"() : () -> (i32, i32)
//<---- variable.other.ssa.mlir
//  ^ punctuation.separator.result-count.mlir - variable.other.ssa.mlir
//   ^ constant.numeric.integer.result-count.mlir - variable.other.ssa.mlir
%a, %b = "test.two"() : () -> (i32, i32)
//<-- variable.other.ssa.mlir
//  ^^ variable.other.ssa.mlir
"test.use"(%res#1, %res#0) : (i32, i32) -> ()
//         ^^^^ variable.other.ssa.mlir
//             ^ variable.other.ssa.mlir punctuation.separator.result-index.mlir
//              ^ variable.other.ssa.mlir constant.numeric.integer.result-index.mlir
^bb0(%x: i32, %y: !t):
//<- entity.name.label.block.mlir punctuation.definition.label.mlir
//<~--- entity.name.label.block.mlir
//   ^^ variable.other.ssa.mlir
//       ^^^ support.type.builtin.mlir
  cf.cond_br %c, ^bb1(%x : i32), ^exit
//               ^^^^ entity.name.label.block.mlir
//                               ^^^^^ entity.name.label.block.mlir
func.func @main(%arg0: i32) -> i32
//        ^ variable.other.constant.symbol.mlir punctuation.definition.symbol.mlir
//         ^^^^ variable.other.constant.symbol.mlir
%r = func.call @"quoted name\22"(%x) : (i32) -> i32
//             ^ variable.other.constant.symbol.mlir punctuation.definition.symbol.mlir
//              ^ variable.other.constant.symbol.mlir punctuation.definition.string.begin.mlir
//               ^^^^^^^^^^^ variable.other.constant.symbol.mlir
//                          ^^^ variable.other.constant.symbol.mlir constant.character.escape.mlir
//                             ^ variable.other.constant.symbol.mlir punctuation.definition.string.end.mlir
%s = symbol_ref.use @outer::@inner::@"leaf" : i32
//                  ^^^^^^ variable.other.constant.symbol.mlir
//                        ^^ punctuation.separator.namespace.symbol.mlir
//                          ^^^^^^ variable.other.constant.symbol.mlir
//                                ^^ punctuation.separator.namespace.symbol.mlir
//                                    ^^^^ variable.other.constant.symbol.mlir
memref.global "private" @gv : memref<2xf32>
//                      ^^^ variable.other.constant.symbol.mlir
func.func private @decl()
//        ^^^^^^^ storage.modifier.visibility.mlir
