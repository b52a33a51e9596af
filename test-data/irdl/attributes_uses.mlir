// Uses of the IRDL dialect in attributes.irdl.mlir, with the errors mlir-opt reports.
// mlir-opt --irdl-file=attributes.irdl.mlir --split-input-file --verify-diagnostics
//   attributes_uses.mlir

func.func @valid(%n: i16) {
  "sched.task"() {priority = 3 : i8, kind = "copy", width = i64} : () -> ()
  "sched.task"() {kind = "compute", priority = 1, width = i32, extra} : () -> ()
  "sched.cast"(%n) {to = i16} : (i16) -> ()
  "sched.place"() {at = #sched.slot<2>} : () -> ()
  return
}

// -----

func.func @missing() {
  // expected-error@+1 {{'sched.task' op attribute "width" is expected but not provided}}
  "sched.task"() {priority = 3 : i8, kind = "copy"} : () -> ()
  return
}

// -----

func.func @base_attribute() {
  // expected-error@+1 {{expected base attribute 'builtin.integer' but got 'builtin.float'}}
  "sched.task"() {priority = 2.5 : f32, kind = "copy", width = i32} : () -> ()
  return
}

// -----

func.func @type_is_not_an_integer_attribute() {
  // expected-error@+1 {{expected base attribute 'builtin.integer' but got 'builtin.type'}}
  "sched.task"() {priority = i32, kind = "copy", width = i32} : () -> ()
  return
}

// -----

func.func @any_of_strings() {
  // expected-error@+1 {{'"move"' does not satisfy the constraint}}
  "sched.task"() {priority = 3 : i8, kind = "move", width = i32} : () -> ()
  return
}

// -----

func.func @any_of_types() {
  // expected-error@+1 {{'f32' does not satisfy the constraint}}
  "sched.task"() {priority = 3 : i8, kind = "copy", width = f32} : () -> ()
  return
}

// -----

func.func @not_a_type(%n: i16) {
  // expected-error@+1 {{expected type, got attribute '4 : i64}}
  "sched.cast"(%n) {to = 4} : (i16) -> ()
  return
}

// -----

func.func @bound_by_attribute_first(%n: i16) {
  // expected-error@+1 {{expected 'i8' but got 'i16'}}
  "sched.cast"(%n) {to = i8} : (i16) -> ()
  return
}

// -----

func.func @not_a_slot() {
  // expected-error@+1 {{expected base attribute 'slot.sched' but got '"first"'}}
  "sched.place"() {at = "first"} : () -> ()
  return
}

// -----

func.func @properties() {
  // expected-error@+1 {{invalid properties {kind = "copy"} for op sched.task: extensible Dialects don't support properties}}
  "sched.task"() <{kind = "copy"}> : () -> ()
  return
}
