// SYNTAX TEST "source.mlir" "attribute aliases, dialect and builtin attributes, keys"
#map = affine_map<(d0, d1)[s0] -> (d0 floordiv 2, d1 + s0 mod 4)>
//<- constant.other.attribute.alias.mlir punctuation.definition.attribute.mlir
//<~--- constant.other.attribute.alias.mlir
//   ^ keyword.operator.assignment.mlir
//     ^^^^^^^^^^ meta.attribute.affine.mlir support.function.builtin.mlir
//                 ^^ variable.parameter.dimension.mlir
//                         ^^ variable.parameter.symbol.mlir
//                             ^^ meta.attribute.affine.mlir keyword.operator.arrow.mlir
//                                    ^^^^^^^^ keyword.operator.affine.mlir
//                                                        ^^^ keyword.operator.affine.mlir
//                                                              ^ meta.attribute.affine.mlir punctuation.definition.body.end.mlir
#set = affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>
//     ^^^^^^^^^^ support.function.builtin.mlir
//                               ^^ meta.attribute.affine.mlir keyword.operator.comparison.mlir
//                                        ^^ keyword.operator.comparison.mlir
//                                             ^ meta.attribute.affine.mlir punctuation.definition.body.end.mlir
%0 = "t.a"() {a = #map, b = #gpu.address_space<workgroup>, c = #foo<"x">, d = #tf.plain} : () -> ()
//                ^^^^ constant.other.attribute.alias.mlir
//                          ^ constant.other.attribute.dialect.mlir punctuation.definition.attribute.mlir
//                           ^^^^^^^^^^^^^^^^^ meta.attribute.dialect.mlir constant.other.attribute.dialect.mlir
//                                             ^^^^^^^^^ meta.attribute.dialect.mlir
//                                                              ^^^ constant.other.attribute.dialect.mlir
//                                                                             ^^^^^^^^ constant.other.attribute.dialect.mlir
%1 = "t.b"() {v = dense<[1, 2]> : tensor<2xi32>, r = dense_resource<blob1> : tensor<0xf32>} : () -> ()
//                ^^^^^ meta.attribute.builtin.mlir support.function.builtin.mlir
//                                                   ^^^^^^^^^^^^^^ support.function.builtin.mlir
//                       ^ meta.attribute.builtin.mlir constant.numeric.integer.decimal.mlir
%2 = "t.c"() {a = array<i32: 1, 2>, s = sparse<[[0, 0]], [1.0]> : tensor<2x2xf32>} : () -> ()
//                ^^^^^ support.function.builtin.mlir
//                      ^^^ meta.attribute.builtin.mlir support.type.builtin.mlir
//                                      ^^^^^^ support.function.builtin.mlir
%3 = "t.d"() : () -> memref<4x?xf32, strided<[1, ?], offset: ?>>
//                                   ^^^^^^^ meta.attribute.strided.mlir support.function.builtin.mlir
//                                                   ^^^^^^ meta.attribute.strided.mlir entity.other.attribute-name.mlir
//                                                           ^ constant.language.dynamic.mlir
%4 = "t.e"() : () -> i32 loc("file.mlir":3:4)
//                       ^^^ meta.location.mlir support.function.builtin.mlir
//                           ^^^^^^^^^^^ meta.location.mlir string.quoted.double.mlir
//                                       ^ meta.location.mlir constant.numeric.integer.decimal.mlir
"t.f"() : () -> () loc(callsite("foo"("a.mlir":1:2) at fused<#meta>["b", unknown]))
//                     ^^^^^^^^ support.function.builtin.mlir
//                               ^^^ meta.location.mlir string.quoted.double.mlir - entity.name.function.operation.mlir
//                                                  ^^ keyword.other.mlir
//                                                     ^^^^^ support.function.builtin.mlir
//                                                                       ^^^^^^^ support.function.builtin.mlir
//                                                                                ^ meta.location.mlir punctuation.section.parens.end.mlir
#loc1 = loc(unknown)
//<----- constant.other.attribute.alias.mlir
//      ^^^ support.function.builtin.mlir
%5 = "t.g"() <{fruit = "banana", count = 3 : i64}> {gpu.container_module, llvm.emit_c_interface, "quoted key" = 1} : () -> ()
//             ^^^^^ entity.other.attribute-name.mlir
//                               ^^^^^ entity.other.attribute-name.mlir
//                                                  ^^^^^^^^^^^^^^^^^^^^ entity.other.attribute-name.mlir - entity.name.function.operation.mlir
//                                                                        ^^^^^^^^^^^^^^^^^^^^^ entity.other.attribute-name.mlir - entity.name.namespace.dialect.mlir
//                                                                                               ^^^^^^^^^^^^ string.quoted.double.mlir
module attributes {test.attr = 1 : i64, in = 2} {
//                 ^^^^^^^^^ entity.other.attribute-name.mlir - entity.name.namespace.dialect.mlir
//                                      ^^ entity.other.attribute-name.mlir - keyword.other.mlir
%6 = "t.h"() {m = distinct[0]<#llvm.di_file<"a" in "b">>} : () -> ()
//                ^^^^^^^^ support.function.builtin.mlir
//                             ^^^^^^^^^^^^ constant.other.attribute.dialect.mlir
%7 = affine.apply #map(%i)[symbol(%n)]
//                         ^^^^^^ support.function.builtin.mlir
//                ^^^^ constant.other.attribute.alias.mlir
