// func, cf and builtin op verifiers and custom parsers beyond ODS constraints
// (checks::verifiers::{func, cf, builtin}). Run: mlir-opt --allow-unregistered-dialect
// --split-input-file --verify-diagnostics verify_func_cf.mlir

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration(i32) -> i1

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func public @explicit_public()

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
"func.func"() <{sym_name = "generic_declaration", function_type = () -> ()}> ({}) : () -> ()

// -----

// Private and nested declarations, and definitions, are fine; so are named arguments
// on a declaration.
func.func private @private_declaration(%x: i32)
func.func nested @nested_declaration()
func.func @definition() {
  return
}

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @plain_argument_attribute(f32 {my.note = 1}, i8 {flag})

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @plain_result_attribute() -> (i64, i64 {kind = "x"})

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
func.func private @arg_attrs_count(i32) attributes {arg_attrs = [{}, {}]}

// -----

// expected-error@+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 0, but expected 1}}
"func.func"() <{sym_name = "res_attrs_count", function_type = () -> f32, sym_visibility = "private", res_attrs = []}> ({}) : () -> ()

// -----

// Dialect attributes on arguments and results are fine.
func.func private @dialect_attributes(f32 {my.note = 1}) -> (i1 {other.flag})

// -----

// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func private no_sigil()

// -----

func.func @named_then_bare(%a: i32,
  // expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
  i64) {
  return
}

// -----

func.func @bare_then_named(i32,
  // expected-error@+1 {{custom op 'func.func' expected type instead of SSA identifier}}
  %b: i64)

// -----

// expected-error@+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @inferred_visibility() attributes {sym_visibility = "private"} {
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @inferred_type() attributes {function_type = () -> (), my.flag}

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @empty_body() {}

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @variadic(i32, ...)

// -----

// A word that names no type, where the signature wants one.
// expected-error@+1 {{expected non-function type}}
func.func private @word_argument(i32, flag)

// -----

// expected-error@+1 {{expected non-function type}}
func.func @word_argument_type(%a: i32, %b: wide) {
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @word_result() -> (i32, nothing)

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @word_single_result() -> result

// -----

func.func @constant_kind() {
  // expected-error@+1 {{custom op 'func.constant' invalid kind of attribute specified}}
  %f = func.constant "name" : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i1

func.func @constant_type() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %f = func.constant @callee : (i64) -> i1
  return
}

// -----

func.func private @callee(i32) -> i1

func.func @constant_valid() -> ((i32) -> i1) {
  %f = func.constant @callee : (i32) -> i1
  return %f : (i32) -> i1
}

// -----

func.func @switch_no_default(%flag: i8) {
  cf.switch %flag : i8, [
    // expected-error@+1 {{custom op 'cf.switch' expected 'default'}}
    1: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_keyword_value(%flag: i8) {
  cf.switch %flag : i8, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' expected integer value}}
    one: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_float_value(%flag: i8) {
  cf.switch %flag : i8, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' expected integer value}}
    2.5: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_missing_comma(%flag: i8, %v: f32) {
  cf.switch %flag : i8, [
    default: ^bb1(%v : f32),
    // expected-error@+1 {{expected ']'}}
    -1: ^bb1(%v : f32)
    7: ^bb1(%v : f32)
  ]
^bb1(%x: f32):
  return
}

// -----

func.func @switch_valid(%flag: i16, %v: f32) {
  cf.switch %flag : i16, [
    default: ^bb1(%v : f32),
    -3: ^bb2,
    0x10: ^bb1(%v : f32)
  ]
^bb1(%x: f32):
  return
^bb2:
  return
}

// -----

func.func @weights_count(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @weights_zero(%c: i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  "cf.cond_br"(%c) [^bb1, ^bb2] <{branch_weights = array<i32: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @weights_valid(%c: i1) {
  cf.cond_br %c weights([0, 5]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

// expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

// expected-error@+2 {{'builtin.module' op expects at most one data layout attribute}}
// expected-note@+1 {{'a.layout' is a data layout attribute}}
module attributes {b.layout = #dlti.dl_spec<>, a.layout = #dlti.dl_spec<>} {
}
// expected-note@-2 {{'b.layout' is a data layout attribute}}

// -----

module attributes {a.layout = #dlti.dl_spec<>, b.other = #dlti.map<>} {
}

// -----

// The branches' own syntax: upstream reports a wrong token just after the one before it.
func.func @branch_to_a_value(%c: i1) {
  // expected-error@+1 {{expected block name}}
  cf.br %c
^bb1:
  return
}

// -----

func.func @branch_operands_without_types(%c: i1) {
  // expected-error@+1 {{expected ':'}}
  cf.cond_br %c, ^bb1(%c i1), ^bb1(%c : i1)
^bb1(%x: i1):
  return
}

// -----

func.func @branch_operand_type_is_a_block(%c: i1) {
  // expected-error@+1 {{expected non-function type}}
  cf.cond_br %c, ^bb1(%c : ^bb1), ^bb1(%c : i1)
^bb1(%x: i1):
  return
}

// -----

func.func @conditional_branch_without_second_block(%c: i1) {
  // expected-error@+1 {{expected block name}}
  cf.cond_br %c, ^bb1, i1
^bb1:
  return
}

// -----

func.func @conditional_branch_without_comma(%c: i1) {
  // expected-error@+1 {{expected ','}}
  cf.cond_br %c ^bb1, ^bb1
^bb1:
  return
}

// -----

// ODS's parser resolves a variadic operand list against its types once the op is read:
// the error names the first value, and comes before anything left after the op.
func.func @return_fewer_types() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{custom op 'func.return' number of operands and types do not match: got 2 operands and 1 types}}
  return %0, %0 : i32
}

// -----

func.func @yield_more_types(%a: i32) {
  // expected-error@+2 {{custom op 'scf.yield' number of operands and types do not match: got 1 operands and 2 types}}
  %r = scf.execute_region -> i32 {
    scf.yield %a : i32, i32
  }
  return
}

// -----

// A type list that goes on after its comma with no type: the parser wants one there.
func.func @return_type_list_broken(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{expected non-function type}}
  return %a, %a : tensor<4xf32>, tensor4xf32>
}
