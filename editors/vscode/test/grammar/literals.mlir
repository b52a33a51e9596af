// SYNTAX TEST "source.mlir" "strings, numbers, constants"
%s = arith.constant "hello\n\t\"\\\0A" : none
//                  ^ string.quoted.double.mlir punctuation.definition.string.begin.mlir
//                   ^^^^^ string.quoted.double.mlir
//                        ^^ string.quoted.double.mlir constant.character.escape.mlir
//                          ^^ constant.character.escape.mlir
//                            ^^ constant.character.escape.mlir
//                              ^^ constant.character.escape.mlir
//                                ^^^ constant.character.escape.mlir
//                                   ^ string.quoted.double.mlir punctuation.definition.string.end.mlir
//                                       ^^^^ support.type.builtin.mlir
%b = "test.op"() {s = "bad \q escape"} : () -> ()
//                         ^^ string.quoted.double.mlir invalid.illegal.escape.mlir
%u = "test.op"() {s = "unterminated} : () -> ()
//                     ^^^^^^^^^^^^^ string.quoted.double.mlir
%n = "test.op"() : () -> ()
//    ^^^^ entity.name.namespace.dialect.mlir - string.quoted.double.mlir
%i = arith.constant 42 : i64
//                  ^^ constant.numeric.integer.decimal.mlir
%m = arith.constant -7 : i8
//                  ^^ constant.numeric.integer.decimal.mlir
%h = arith.constant 0x7FC00000 : f32
//                  ^^^^^^^^^^ constant.numeric.integer.hexadecimal.mlir
%f = arith.constant 1.5 : f32
//                  ^^^ constant.numeric.float.mlir
%g = arith.constant -2.0e-3 : f64
//                  ^^^^^^^ constant.numeric.float.mlir
%k = arith.constant 3.E+4 : f64
//                  ^^^^^ constant.numeric.float.mlir
%c = arith.constant true
//                  ^^^^ constant.language.boolean.mlir
%d = "test.op"() {a = false, b = unit} : () -> ()
//                    ^^^^^ constant.language.boolean.mlir
//                               ^^^^ constant.language.unit.mlir
%w = arith.constant 10abc : i32
//                  ^^^^^ - constant.numeric.integer.decimal.mlir
