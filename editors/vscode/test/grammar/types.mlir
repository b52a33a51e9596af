// SYNTAX TEST "source.mlir" "builtin, shaped, alias and dialect types"
"t.ints"() : () -> (i1, i32, si8, ui64, index, none)
//                  ^^ support.type.builtin.mlir
//                      ^^^ support.type.builtin.mlir
//                           ^^^ support.type.builtin.mlir
//                                ^^^^ support.type.builtin.mlir
//                                      ^^^^^ support.type.builtin.mlir
//                                             ^^^^ support.type.builtin.mlir
"t.floats"() : () -> (f16, bf16, tf32, f32, f64, f80, f128)
//                    ^^^ support.type.builtin.mlir
//                         ^^^^ support.type.builtin.mlir
//                               ^^^^ support.type.builtin.mlir
//                                     ^^^ support.type.builtin.mlir
//                                          ^^^ support.type.builtin.mlir
//                                               ^^^ support.type.builtin.mlir
//                                                    ^^^^ support.type.builtin.mlir
"t.small"() : () -> (f8E4M3FN, f8E5M2, f8E4M3B11FNUZ, f8E8M0FNU, f4E2M1FN, f6E3M2FN)
//                   ^^^^^^^^ support.type.builtin.mlir
//                             ^^^^^^ support.type.builtin.mlir
//                                     ^^^^^^^^^^^^^ support.type.builtin.mlir
//                                                    ^^^^^^^^^ support.type.builtin.mlir
//                                                               ^^^^^^^^ support.type.builtin.mlir
//                                                                         ^^^^^^^^ support.type.builtin.mlir
"t.shaped"() : () -> tensor<4x?x8xf32>
//                   ^^^^^^ meta.type.shaped.mlir support.type.builtin.mlir
//                         ^ meta.type.shaped.mlir punctuation.definition.body.begin.mlir
//                          ^ constant.numeric.integer.dimension.mlir
//                             ^ punctuation.separator.dimension.mlir
//                            ^ constant.language.dynamic.mlir
//                              ^ constant.numeric.integer.dimension.mlir
//                                ^^^ meta.type.shaped.mlir support.type.builtin.mlir
//                                   ^ meta.type.shaped.mlir punctuation.definition.body.end.mlir
"t.m"() : () -> (memref<*xf32>, memref<0x4xi8, 1>, vector<[4]x8xf32>, vector<4 x f32>)
//                      ^ constant.language.unranked.mlir
//                                     ^ constant.numeric.integer.dimension.mlir - constant.numeric.integer.hexadecimal.mlir
//                                         ^^ support.type.builtin.mlir
//                                             ^ constant.numeric.integer.decimal.mlir
//                                                        ^ punctuation.definition.scalable.begin.mlir
//                                                          ^ punctuation.definition.scalable.end.mlir
//                                                                    ^^^^^^ support.type.builtin.mlir
"t.c"() : () -> (complex<f32>, tuple<i32, tensor<?xi1>>, tensor<f32>)
//               ^^^^^^^ meta.type.builtin.mlir support.type.builtin.mlir
//                             ^^^^^ meta.type.builtin.mlir support.type.builtin.mlir
//                                                 ^^ meta.type.builtin.mlir meta.type.shaped.mlir support.type.builtin.mlir
!avx_m128 = vector<4 x f32>
//<- entity.name.type.alias.mlir punctuation.definition.type.mlir
//<~-------- entity.name.type.alias.mlir
"t.d"(%p) : (!llvm.ptr) -> !tf<string>
//           ^ entity.name.type.dialect.mlir punctuation.definition.type.mlir
//            ^^^^^^^^ entity.name.type.dialect.mlir
//                          ^^ meta.type.dialect.mlir entity.name.type.dialect.mlir
//                             ^^^^^^ meta.type.dialect.mlir - support.type.builtin.mlir
"t.e"() : () -> !llvm.struct<(i32, ptr<1>)>
//               ^^^^^^^^^^^ entity.name.type.dialect.mlir
//                            ^^^ meta.type.dialect.mlir support.type.builtin.mlir
//                                        ^ meta.type.dialect.mlir punctuation.definition.body.end.mlir
"t.f"() : () -> !llvm.array<4 x i8>
//                          ^ meta.type.dialect.mlir constant.numeric.integer.dimension.mlir
//                            ^ punctuation.separator.dimension.mlir
//                              ^^ support.type.builtin.mlir
"t.g"() : (i32, f32) -> (index)
//                   ^^ keyword.operator.arrow.mlir
"t.h"() : () -> !foo<"a123^^^" + bar>
//                   ^^^^^^^^^ meta.type.dialect.mlir string.quoted.double.mlir
%n = "t.i"() : () -> index
//                   ^^^^^ support.type.builtin.mlir
%q = index.add %a, %b
//   ^^^^^ entity.name.namespace.dialect.mlir - support.type.builtin.mlir
// An unclosed body (half-typed type) ends before the next statement.
%r = "t.j"() : () -> tensor<4x
//                   ^^^^^^ meta.type.shaped.mlir
%s = arith.addi %a, %b : i32
//<-- variable.other.ssa.mlir - meta.type.shaped.mlir
//   ^^^^^ entity.name.namespace.dialect.mlir - meta.type.shaped.mlir
%t = "t.k"() : () -> !llvm.struct<(i32,
//                    ^^^^^^^^^^^ meta.type.dialect.mlir
^bb1:
//<---- entity.name.label.block.mlir - meta.type.dialect.mlir
#multi = #llvm.di_subprogram<id = distinct[0]<>,
    name = "f", linkageName = "f">
//  ^^^^ meta.attribute.dialect.mlir entity.other.attribute-name.mlir
//         ^^^ meta.attribute.dialect.mlir string.quoted.double.mlir
%u = arith.constant 0 : i32
//   ^^^^^ entity.name.namespace.dialect.mlir - meta.attribute.dialect.mlir
