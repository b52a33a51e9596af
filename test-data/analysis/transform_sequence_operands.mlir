// `transform.sequence`'s root and extra bindings: after the `:`, the root's type and then
// one type for each binding, in parentheses or not; MLIR's parser says so at the op's
// name otherwise. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics transform_sequence_operands.mlir

transform.sequence failures(propagate) {
^bb0(%root: !transform.any_op, %extra: !transform.any_op):
  // expected-error@+1 {{custom op 'transform.sequence' expected types to be provided for all operands}}
  transform.sequence %root, %extra, %extra : (!transform.any_op, !transform.any_op) failures(propagate) {
  ^bb0(%a: !transform.any_op, %b: !transform.any_op, %c: !transform.any_op):
  }
}

// -----

transform.sequence failures(propagate) {
^bb0(%root: !transform.any_op, %extra: !transform.any_op):
  // expected-error@+1 {{custom op 'transform.sequence' expected types to be provided for all operands}}
  transform.sequence %root, %extra : !transform.any_op, !transform.any_op, !transform.any_op failures(propagate) {
  ^bb0(%a: !transform.any_op, %b: !transform.any_op):
  }
}

// -----

// Well-formed: nothing to report.
transform.sequence failures(propagate) {
^bb0(%root: !transform.any_op, %extra: !transform.any_op):
  transform.sequence %root : !transform.any_op failures(propagate) {
  ^bb0(%a: !transform.any_op):
  }
  transform.sequence %root, %extra : (!transform.any_op, !transform.any_op) failures(suppress) {
  ^bb0(%a: !transform.any_op, %b: !transform.any_op):
  }
  transform.sequence %root, %extra : !transform.any_op, !transform.any_op failures(propagate) {
  ^bb0(%a: !transform.any_op, %b: !transform.any_op):
  }
}
