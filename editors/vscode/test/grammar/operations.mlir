// SYNTAX TEST "source.mlir" "op names, keywords, operators, file metadata"
%0 = arith.addi %a, %b : i32
//   ^^^^^ entity.name.namespace.dialect.mlir
//        ^ punctuation.accessor.mlir
//         ^^^^ entity.name.function.operation.mlir
// ^ keyword.operator.assignment.mlir
//                     ^ punctuation.separator.colon.mlir
//                ^ punctuation.separator.comma.mlir
  llvm.mlir.global internal constant @s("x") : !llvm.array<1 x i8>
//^^^^ entity.name.namespace.dialect.mlir
//     ^^^^^^^^^^^ entity.name.function.operation.mlir
%1 = "dialect.op"(%0) : (i32) -> i32
//   ^ punctuation.definition.string.begin.mlir - string.quoted.double.mlir
//    ^^^^^^^ entity.name.namespace.dialect.mlir
//            ^^ entity.name.function.operation.mlir
//               ^ punctuation.section.parens.begin.mlir
"foo_div"() : () -> (f32, i32)
//<~------- entity.name.function.operation.mlir
%2 = "test.region"() ({ test.inner %x : i32 }) : () -> ()
//                      ^^^^ entity.name.namespace.dialect.mlir
//                           ^^^^^ entity.name.function.operation.mlir
module {
//<------ entity.name.function.operation.mlir
//     ^ punctuation.section.braces.begin.mlir
  return %x : i32
//^^^^^^ entity.name.function.operation.mlir
  scf.for %i = %lb to %ub step %c1 iter_args(%acc = %init) -> (f32) {
//^^^ entity.name.namespace.dialect.mlir
//    ^^^ entity.name.function.operation.mlir
//                 ^^ keyword.other.mlir
//                        ^^^^ keyword.other.mlir
//                                 ^^^^^^^^^ keyword.other.mlir
//                                                         ^^ keyword.operator.arrow.mlir
  } else {
//  ^^^^ keyword.other.mlir
//^ punctuation.section.braces.end.mlir
  %3 = linalg.generic {indexing_maps = [#map, #map]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
//     ^^^^^^ entity.name.namespace.dialect.mlir
//            ^^^^^^^ entity.name.function.operation.mlir
//                     ^^^^^^^^^^^^^ entity.other.attribute-name.mlir
//                                                   ^^^ keyword.other.mlir
//                                                                           ^^^^ keyword.other.mlir
//                                     ^ punctuation.section.brackets.begin.mlir
      ins(%a : tensor<4xf32>)
//    ^^^ keyword.other.mlir - entity.name.function.operation.mlir
      step %c1
//    ^^^^ keyword.other.mlir - entity.name.function.operation.mlir
  %4 = tensor.insert_slice %s into %d[0] [1] [1] : tensor<1xf32> into tensor<4xf32>
//     ^^^^^^ entity.name.namespace.dialect.mlir
//                            ^^^^ keyword.other.mlir
  func.func @f() -> i32 attributes {llvm.emit_c_interface} {
//                      ^^^^^^^^^^ keyword.other.mlir
//                                  ^^^^^^^^^^^^^^^^^^^^^ entity.other.attribute-name.mlir
  %5 = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
//                     ^^ keyword.other.mlir
//                            ^^^^^^^^^^^ keyword.other.mlir
{-#
//<--- meta.file-metadata.mlir punctuation.definition.metadata.begin.mlir
  dialect_resources: { builtin: { blob1: "0x08000000" } }
//^^^^^^^^^^^^^^^^^ meta.file-metadata.mlir entity.other.attribute-name.mlir
//                     ^^^^^^^ entity.other.attribute-name.mlir
//                                       ^^^^^^^^^^^^ meta.file-metadata.mlir string.quoted.double.mlir
#-}
//<--- meta.file-metadata.mlir punctuation.definition.metadata.end.mlir
%6 = arith.constant 0 : index
//   ^^^^^ entity.name.namespace.dialect.mlir - meta.file-metadata.mlir
