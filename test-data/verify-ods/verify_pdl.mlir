// What the pdl verifiers report (each op's verify(), pdl.rewrite's and pdl.pattern's region verifiers, the first failure of a pattern only), with valid look-alikes that stay silent.

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  // expected-error@+1 {{'pdl.apply_native_constraint' op expected at least one argument}}
  "pdl.apply_native_constraint"() {name = "c"} : () -> ()
  rewrite %op with "r"
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  // expected-error@+1 {{returning an operation from a constraint is not supported}}
  %r = apply_native_constraint "c"(%op : !pdl.operation) : !pdl.operation
  rewrite %op with "r"(%r : !pdl.operation)
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  rewrite %op {
    // expected-error@+1 {{'pdl.apply_native_rewrite' op expected at least one argument or result}}
    apply_native_rewrite "r"
  }
}

// -----

// A native rewrite with a result only, a constraint with a value result: silent.
pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  %v = apply_native_constraint "c"(%op : !pdl.operation) : !pdl.value
  rewrite %op {
    %t = apply_native_rewrite "r" : !pdl.type
    %new = operation "foo.new"(%v : !pdl.value) -> (%t : !pdl.type)
    replace %op with %new
  }
}

// -----

pdl.pattern : benefit(1) {
  %t = type
  // expected-error@+1 {{expected only one of [`type`, `value`] to be set}}
  %a = attribute : %t = 1
  %op = operation "foo.op" {"a" = %a} -> (%t : !pdl.type)
  rewrite %op with "r"
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  rewrite %op {
    // expected-error@+1 {{expected constant value when specified within a `pdl.rewrite`}}
    %a = attribute
  }
}

// -----

// A constant attribute needs no binding user; one used by the rewrite is bound.
pdl.pattern : benefit(1) {
  %c = attribute = 1
  %a = attribute
  %op = operation "foo.op"
  rewrite %op {
    %k = attribute = "k"
    %new = operation "foo.new" {"a" = %a, "k" = %k}
  }
}

// -----

pdl.pattern : benefit(1) {
  // expected-error@+1 {{'pdl.operand' op expected a bindable user when defined in the matcher body of a `pdl.pattern`}}
  %v = operand
  %op = operation "foo.op"
  rewrite %op with "r"
}

// -----

// Only the pattern's first failure is reported: `%b` is not.
pdl.pattern : benefit(1) {
  // expected-error@+1 {{'pdl.operands' op expected a bindable user}}
  %a = operands
  %b = operands
  %op = operation "foo.op"
  rewrite %op with "r"
}

// -----

pdl.pattern : benefit(1) {
  // expected-error@+1 {{'pdl.type' op expected a bindable user}}
  %t = type
  %op = operation "foo.op"
  rewrite %op with "r"
}

// -----

pdl.pattern : benefit(1) {
  // expected-error@+1 {{'pdl.types' op expected a bindable user}}
  %t = types
  %op = operation "foo.op"
  rewrite %op with "r"
}

// -----

// A result binds only when it is bound itself.
pdl.pattern : benefit(1) {
  // expected-error@+1 {{'pdl.operation' op expected a bindable user}}
  %a = operation "foo.a"
  %r = result 0 of %a
  %op = operation "foo.op"
  rewrite %op with "r"
}

// -----

// Constant types need no binding user; a bound result binds its operation.
pdl.pattern : benefit(1) {
  %t = type : i32
  %ts = types : [i32, i64]
  %a = operation "foo.a"
  %r = result 0 of %a
  %op = operation "foo.op"(%r : !pdl.value)
  rewrite %op with "r"
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  rewrite %op {
    // expected-error@+1 {{must have an operation name when nested within a `pdl.rewrite`}}
    %new = operation
  }
}

// -----

pdl.pattern : benefit(1) {
  // expected-error@+1 {{expected the same number of attribute values and attribute names, got 2 names and 0 values}}
  %op = "pdl.operation"() {attributeValueNames = ["a", "b"], operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pdl.operation
  rewrite %op with "r"
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  rewrite %op {
    %c = type : i32
    %t = type
    // expected-error@+2 {{op must have inferable or constrained result types when nested within `pdl.rewrite`}}
    // expected-note@+1 {{result type #1 was not constrained}}
    %new = operation "builtin.unrealized_conversion_cast" -> (%c, %t : !pdl.type, !pdl.type)
  }
}

// -----

// Types bound in the matcher, constant ones, a native rewrite's, or the replaced op's:
// silent; an op of a dialect MLIR has not loaded might infer its types.
pdl.pattern : benefit(1) {
  %t = type
  %v = operand : %t
  %op = operation "foo.op"(%v : !pdl.value)
  rewrite %op {
    %c = type : i32
    %n = apply_native_rewrite "r" : !pdl.type
    %a = operation "builtin.unrealized_conversion_cast" -> (%t, %c, %n : !pdl.type, !pdl.type, !pdl.type)
    %u = type
    %b = operation "foo.bar" -> (%u : !pdl.type)
    %d = operation "builtin.unrealized_conversion_cast" -> (%u : !pdl.type)
    replace %op with %d
  }
}

// -----

// expected-error@+1 {{'pdl.pattern' op expected body to terminate with `pdl.rewrite`}}
pdl.pattern : benefit(1) {
  // expected-note@+1 {{see terminator defined here}}
  "test.end"() : () -> ()
}

// -----

// expected-error@+1 {{'pdl.pattern' op expected only `pdl` operations within the pattern body}}
pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  rewrite %op {
    // expected-note@+1 {{see non-`pdl` operation defined here}}
    "test.other"() : () -> ()
  }
}

// -----

// expected-error@+1 {{the pattern must contain at least one `pdl.operation`}}
pdl.pattern : benefit(1) {
  %v = operand
  rewrite with "r"(%v : !pdl.value)
}

// -----

// The pattern's region is verified only once its ops passed.
pdl.pattern : benefit(1) {
  // expected-error@+1 {{expected a bindable user}}
  %t = type
  "test.other"() : () -> ()
  rewrite with "r"
}

// -----

// A constraint's operands, a shared type or attribute, and the rewrite connect nothing.
// expected-error@+1 {{the operations must form a connected component}}
pdl.pattern : benefit(1) {
  %t = type
  %a = operation "foo.a" -> (%t : !pdl.type)
  %b = operation "foo.b" -> (%t : !pdl.type)
  apply_native_constraint "c"(%a, %b : !pdl.operation, !pdl.operation)
  %ra = result 0 of %a
  // expected-note@+1 {{see a disconnected value / operation here}}
  %rb = result 0 of %b
  rewrite %a {
    %new = operation "foo.new"(%ra, %rb : !pdl.value, !pdl.value)
  }
}

// -----

// Operands, results, results ranges and a constraint's results connect.
pdl.pattern : benefit(1) {
  %v = operand
  %a = operation "foo.a"(%v : !pdl.value)
  %b = operation "foo.b"(%v : !pdl.value)
  %rs = results of %b
  %c = operation "foo.c"(%rs : !pdl.range<value>)
  %x = apply_native_constraint "c"(%c : !pdl.operation) : !pdl.value
  %d = operation "foo.d"(%x : !pdl.value)
  // Used by a constraint only: need not be connected.
  %e = operation "foo.e"
  apply_native_constraint "k"(%e : !pdl.operation)
  rewrite {
    erase %a
    erase %d
  }
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "foo.op"
  rewrite %root {
    %new = operation "foo.new"
    %r = result 0 of %new
    // expected-error@+1 {{expected no replacement values to be provided when the replacement operation is present}}
    "pdl.replace"(%root, %new, %r) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!pdl.operation, !pdl.operation, !pdl.value) -> ()
  }
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "foo.op"
  // expected-error@+1 {{expected `pdl.range<value>` result type when no index is specified, but got: '!pdl.value'}}
  %r = "pdl.results"(%root) : (!pdl.operation) -> !pdl.value
  rewrite %root with "r"
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "foo.op"
  // expected-error@+1 {{expected rewrite region to be non-empty if external name is not specified}}
  rewrite %root {
  }
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "foo.op"
  // expected-error@+1 {{expected no external arguments when the rewrite is specified inline}}
  "pdl.rewrite"(%root, %root) ({
  ^bb0:
  }) {operandSegmentSizes = array<i32: 1, 1>} : (!pdl.operation, !pdl.operation) -> ()
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "foo.op"
  // expected-error@+1 {{expected rewrite region to be empty when rewrite is external}}
  "pdl.rewrite"(%root) ({
  ^bb0:
  }) {name = "r", operandSegmentSizes = array<i32: 1, 0>} : (!pdl.operation) -> ()
}
