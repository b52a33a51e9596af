// The argument and result lists of `func.func`'s signature, read as MLIR's function
// parser reads them (checks::verifiers::func::lists). Run: mlir-opt
// --allow-unregistered-dialect --split-input-file --verify-diagnostics
// func_signature_lists.mlir

// expected-error@+1 {{expected ')'}}
func.func private @two_types_without_a_comma(i32 f32)

// -----

// expected-error@+1 {{expected ')'}}
func.func @named_then_a_second_type(%a: i32 f32) {
  return
}

// -----

// expected-error@+1 {{expected ':'}}
func.func @named_without_a_colon(%a i32) {
  return
}

// -----

// expected-error@+1 {{expected ':'}}
func.func private @unnamed_then_named_without_colon(i32, %a i32)

// -----

// expected-error@+1 {{expected '<' in complex type}}
func.func private @complex_without_angle(complex i32)

// -----

// expected-error@+1 {{expected '<' in tuple type}}
func.func private @tuple_without_angle(tuple i32>)

// -----

// expected-error@+1 {{expected '<' in tensor type}}
func.func private @tensor_without_angle(tensor f32)

// -----

// expected-error@+1 {{expected ')'}}
func.func private @location_then_type(i32 {a.b} loc(unknown) f32)

// -----

// expected-error@+1 {{expected '<' in complex type}}
func.func @named_complex_without_angle(%a: i32, %b: complex f32) {
  return
}

// -----

// expected-error@+1 {{expected ')'}}
func.func private @results_without_a_comma() -> (i32 f32)

// -----

// expected-error@+1 {{expected '<' in complex type}}
func.func private @single_result_complex() -> complex f32

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @trailing_comma(i32,)

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @trailing_result_comma() -> (i32,)

// -----

// expected-error@+1 {{expected ')'}}
func.func @location_before_attributes(%a: i32 loc(unknown) {a.b}) {
  return
}

// -----

// expected-error@+1 {{expected ')'}}
func.func private @result_with_location(%a: i32) -> (i32 {a.b} loc(unknown))

// -----

// expected-error@+1 {{expected '->' in function type}}
func.func @function_type_without_arrow(%a: (i32) -> i32, %b: (i32) i32) {
  return
}

// -----

// expected-error@+1 {{result number not allowed in argument list}}
func.func @result_number(%a#0: i32) {
  return
}

// -----

func.func @named_on_two_lines(%a: i32,
   // expected-error@+1 {{expected ':'}}
   %b i32) {
  return
}

// -----

// Well-formed lists: no error.
func.func private @declaration(i32 {a.b} loc(unknown), (i32) -> i32, tuple<>, !llvm.ptr) -> (i32 {a.b}, f32)
func.func @definition(%a: i32 {a.b} loc(unknown), %b: (i32) -> (i32, i32)) -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}

// -----

// An arrow missing its `>`: the function ends after its arguments, and no op name can
// start with `-`.
// expected-error@+1 {{expected operation name in quotes}}
func.func @half_an_arrow(%a: i32) - i32 {
  return %a : i32
}

// -----

// expected-error@+1 {{expected '{' in attribute dictionary}}
func.func @attributes_without_braces() attributes noinline {
  return
}

// -----

// The `(` of the argument list missing: the parser wants it just after the name, and
// stops there (what the grammar then finds on the line follows from it).
// expected-error@+1 {{expected '('}}
func.func private @no_open_paren) -> i32

// -----

// expected-error@+1 {{expected '('}}
func.func private @no_open_paren_before_value%a: i32) -> i32

// -----

// With a body: the body belongs to the broken function, and its ops are not read as ops
// of the top level (no `return` there to call unknown).
// expected-error@+1 {{expected '('}}
func.func @no_open_paren_with_body) -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}
