// SYNTAX TEST "source.mlir" "comments, split markers, test annotations"
// A plain comment line.
// plain comment
//<-- comment.line.double-slash.mlir punctuation.definition.comment.mlir
// ^^^^^^^^^^^^^ comment.line.double-slash.mlir
%0 = arith.constant 1 : i32 // trailing
//                          ^^^^^^^^^^^ comment.line.double-slash.mlir
//   ^^^^^ entity.name.namespace.dialect.mlir - comment.line.double-slash.mlir
// -----
//<-- comment.line.double-slash.mlir meta.separator.split-input.mlir punctuation.definition.comment.mlir
// ^^^^^ comment.line.double-slash.mlir meta.separator.split-input.mlir keyword.control.split-input.mlir
  //   -----  
//     ^^^^^ meta.separator.split-input.mlir keyword.control.split-input.mlir
// ----- not a marker
// ^^^^^ comment.line.double-slash.mlir - meta.separator.split-input.mlir
// RUN: mlir-opt %s | FileCheck %s
// ^^^ comment.line.double-slash.mlir keyword.other.test-directive.mlir
//               ^^ comment.line.double-slash.mlir - variable.other.ssa.mlir
// CHECK-LABEL: func @f
// ^^^^^^^^^^^ keyword.other.test-directive.mlir
//                   ^^ comment.line.double-slash.mlir - variable.other.constant.symbol.mlir
// expected-error@+1 {{'arith.addi' op requires the same type}}
// ^^^^^^^^^^^^^^ comment.line.double-slash.mlir keyword.other.expected-diagnostic.mlir
//               ^^^ constant.numeric.line-offset.mlir
//                   ^^ punctuation.definition.string.begin.mlir
//                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.line.double-slash.mlir string.unquoted.expected-message.mlir
//                                                           ^^ punctuation.definition.string.end.mlir
%1 = "test.op"() : () -> () // expected-note {{here}}
//                             ^^^^^^^^^^^^^ keyword.other.expected-diagnostic.mlir
%2 = "a // not a comment"() : () -> ()
//      ^^^^^^^^^^^^^^^^ entity.name.function.operation.mlir - comment.line.double-slash.mlir
