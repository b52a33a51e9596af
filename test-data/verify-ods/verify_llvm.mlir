// What the verifiers of `llvm` ops report beyond ODS: llvm.mlir.constant's value against its type, atomic llvm.load/llvm.store, llvm.call's callee, llvm.return against its llvm.func; with valid look-alikes that stay silent.

// Constants of every accepted kind.
llvm.func @constants() {
  %0 = llvm.mlir.constant(42) : i32
  %1 = llvm.mlir.constant(42 : i64) : i8
  %2 = llvm.mlir.constant(1.0 : f32) : f32
  %3 = llvm.mlir.constant(1.0 : f16) : i16
  %4 = llvm.mlir.constant(1.0 : f32) : !llvm.ptr
  %5 = llvm.mlir.constant(true) : i1
  %6 = llvm.mlir.constant("foo") : !llvm.array<3 x i8>
  %7 = llvm.mlir.constant("") : !llvm.array<0 x i8>
  %8 = llvm.mlir.constant([1 : i32, 2.0 : f32]) : !llvm.struct<(i32, f32)>
  %9 = llvm.mlir.constant([1 : i32]) : !llvm.struct<packed (i32)>
  %10 = llvm.mlir.constant([[1 : i32, 2 : i32]]) : !llvm.array<1 x struct<(i32, i32)>>
  %11 = llvm.mlir.constant([#llvm.undef, #llvm.zero]) : !llvm.array<2 x struct<(i32)>>
  %12 = llvm.mlir.constant(dense<1> : tensor<2xi32>) : vector<2xi64>
  %13 = llvm.mlir.constant(dense<1.0> : tensor<2xf32>) : vector<2xi32>
  %14 = llvm.mlir.constant(dense<1.0> : tensor<4xf32>) : !llvm.array<2 x array<2 x f32>>
  %15 = llvm.mlir.constant(dense<1.0> : tensor<4xf32>) : !llvm.array<2 x vector<2xf32>>
  %16 = llvm.mlir.constant(dense<1> : tensor<4xi32>) : vector<[2]xi32>
  %17 = llvm.mlir.constant(dense<1.0> : tensor<2xf32>) : !llvm.array<2 x struct<(i32, i32)>>
  %18 = "llvm.mlir.constant"() <{value = 7 : i32}> : () -> i32
  llvm.return
}

// -----

llvm.func @constant_symbol() {
  // expected-error@+1 {{'llvm.mlir.constant' op only supports integer, float, string or elements attributes}}
  %0 = llvm.mlir.constant(@constant_symbol) : !llvm.ptr
  llvm.return
}

// -----

llvm.func @constant_zero() {
  // expected-error@+1 {{'llvm.mlir.constant' op only supports integer, float, string or elements attributes}}
  %0 = llvm.mlir.constant(#llvm.zero) : i32
  llvm.return
}

// -----

llvm.func @string_of_wrong_length() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array type of 3 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("foo") : !llvm.array<4 x i8>
  llvm.return
}

// -----

llvm.func @string_of_struct() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array type of 2 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("ab") : !llvm.struct<(i8, i8)>
  llvm.return
}

// -----

llvm.func @struct_of_scalar() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array attribute for struct type}}
  %0 = llvm.mlir.constant(1 : i32) : !llvm.struct<(i32)>
  llvm.return
}

// -----

llvm.func @struct_too_short() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array attribute of size 2}}
  %0 = llvm.mlir.constant([1 : i32]) : !llvm.struct<(!llvm.ptr, i32)>
  llvm.return
}

// -----

llvm.func @struct_of_pointer() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected struct element types to be floating point type or integer type}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<(i32, !llvm.ptr)>
  llvm.return
}

// -----

llvm.func @struct_field_not_a_number() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected element of array attribute to be floating point or integer}}
  %0 = llvm.mlir.constant([1 : i32, "a"]) : !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

llvm.func @struct_field_of_wrong_type() {
  // expected-error@+1 {{'llvm.mlir.constant' op struct element at index 0 is of wrong type}}
  %0 = llvm.mlir.constant([1 : index]) : !llvm.struct<(i64)>
  llvm.return
}

// -----

llvm.func @array_attr_of_scalar() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array or struct type for array attribute}}
  %0 = llvm.mlir.constant([1 : i32]) : vector<1xi32>
  llvm.return
}

// -----

llvm.func @array_attr_of_array_of_scalars() {
  // expected-error@+1 {{'llvm.mlir.constant' op for array with an array attribute must have a struct element type}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.array<2 x i32>
  llvm.return
}

// -----

llvm.func @array_of_structs_too_short() {
  // expected-error@+1 {{'llvm.mlir.constant' op array attribute size does not match array type size in dimension 1: 1 vs. 2}}
  %0 = llvm.mlir.constant([[1 : i32], [2 : i32]]) : !llvm.array<2 x array<2 x struct<(i32)>>>
  llvm.return
}

// -----

llvm.func @array_of_structs_scalar_sub_array() {
  // expected-error@+1 {{'llvm.mlir.constant' op nested attribute for sub-array in dimension 0 at index 1 must be a zero, or undef, or array attribute}}
  %0 = llvm.mlir.constant([[[1 : i32]], 2 : i32]) : !llvm.array<2 x array<1 x struct<(i32)>>>
  llvm.return
}

// -----

llvm.func @array_of_structs_scalar_struct() {
  // expected-error@+1 {{'llvm.mlir.constant' op nested attribute for struct element at index 1 must be a zero, or undef, or array attribute}}
  %0 = llvm.mlir.constant([[1 : i32, 2 : i32], 3 : i32]) : !llvm.array<2 x struct<(i32, i32)>>
  llvm.return
}

// -----

llvm.func @array_of_structs_wrong_struct_size() {
  // expected-error@+1 {{'llvm.mlir.constant' op nested array attribute size for struct element at index 0 must match struct size: 1 vs. 2}}
  %0 = llvm.mlir.constant([[1 : i32], [2 : i32]]) : !llvm.array<2 x struct<(i32, i32)>>
  llvm.return
}

// -----

llvm.func @integer_of_float() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected integer type}}
  %0 = llvm.mlir.constant(42 : i32) : f32
  llvm.return
}

// -----

llvm.func @float_of_wider_integer() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected integer type of width 32}}
  %0 = llvm.mlir.constant(1.0 : f32) : i64
  llvm.return
}

// -----

llvm.func @float_of_other_float() {
  // expected-error@+1 {{'llvm.mlir.constant' op attribute and type have different float semantics}}
  %0 = llvm.mlir.constant(1.0 : f16) : bf16
  llvm.return
}

// -----

llvm.func @elements_of_scalar() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected vector or array type}}
  %0 = llvm.mlir.constant(dense<1> : tensor<2xi32>) : i32
  llvm.return
}

// -----

llvm.func @elements_of_struct() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array attribute for struct type}}
  %0 = llvm.mlir.constant(dense<1> : tensor<2xi32>) : !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @elements_count() {
  // expected-error@+1 {{'llvm.mlir.constant' op type and attribute have a different number of elements: 2 vs. 4}}
  %0 = llvm.mlir.constant(dense<1> : tensor<2x2xi32>) : !llvm.array<2 x struct<(i32, i32)>>
  llvm.return
}

// -----

llvm.func @elements_nested_count() {
  // expected-error@+1 {{'llvm.mlir.constant' op type and attribute have a different number of elements: 4 vs. 2}}
  %0 = llvm.mlir.constant(dense<1.0> : tensor<2xf32>) : !llvm.array<2 x vector<2xf32>>
  llvm.return
}

// -----

llvm.func @scalable_not_splat() {
  // expected-error@+1 {{'llvm.mlir.constant' op scalable vector type requires a splat attribute}}
  %0 = llvm.mlir.constant(dense<[1, 2]> : tensor<2xi32>) : vector<[4]xi32>
  llvm.return
}

// -----

llvm.func @integer_elements_of_floats() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected integer element type for integer elements attribute}}
  %0 = llvm.mlir.constant(dense<1> : vector<2xi32>) : !llvm.array<2 x f32>
  llvm.return
}

// -----

llvm.func @float_elements_of_wider_integers() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected integer type of width 32}}
  %0 = llvm.mlir.constant(dense<1.0> : vector<2xf32>) : vector<2xi64>
  llvm.return
}

// -----

llvm.func @float_elements_of_other_floats() {
  // expected-error@+1 {{'llvm.mlir.constant' op attribute and type have different float semantics}}
  %0 = llvm.mlir.constant(dense<1.0> : tensor<2xf32>) : vector<2xf64>
  llvm.return
}

// -----

llvm.func @generic_constant() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected integer type}}
  %0 = "llvm.mlir.constant"() <{value = 7 : i32}> : () -> f32
  llvm.return
}

// -----

// Atomic accesses that are fine.
func.func @atomics(%p : !llvm.ptr, %v : f32, %w : i128) {
  %0 = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i8
  %1 = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> bf16
  %2 = llvm.load %p atomic seq_cst {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %3 = llvm.load %p atomic syncscope("singlethread") unordered {alignment = 16 : i64} : !llvm.ptr -> i256
  %4 = llvm.load volatile %p atomic monotonic {alignment = 3 : i64} : !llvm.ptr -> f128
  %5 = llvm.load %p : !llvm.ptr -> vector<2xf32>
  %6 = "llvm.load"(%p) <{ordering = 2 : i64, alignment = 4 : i64}> : (!llvm.ptr) -> f32
  llvm.store %v, %p atomic release {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.store %w, %p atomic seq_cst {alignment = 16 : i64} : i128, !llvm.ptr
  llvm.store %v, %p : f32, !llvm.ptr
  return
}

// -----

func.func @load_syncscope(%p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op expected syncscope to be null for non-atomic access}}
  %0 = "llvm.load"(%p) {syncscope = "singlethread"} : (!llvm.ptr) -> f32
  return
}

// -----

func.func @load_release(%p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op unsupported ordering 'acq_rel'}}
  %0 = llvm.load %p atomic acq_rel {alignment = 4 : i64} : !llvm.ptr -> f32
  return
}

// -----

func.func @load_narrow_integer(%p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op unsupported type 'i24' for atomic access}}
  %0 = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i24
  return
}

// -----

func.func @load_vector(%p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op unsupported type 'vector<2xf32>' for atomic access}}
  %0 = llvm.load %p atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> vector<2xf32>
  return
}

// -----

func.func @load_struct(%p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op unsupported type '!llvm.struct<(i32)>' for atomic access}}
  %0 = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> !llvm.struct<(i32)>
  return
}

// -----

func.func @load_type_before_ordering(%p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op unsupported type 'f80' for atomic access}}
  %0 = llvm.load %p atomic release : !llvm.ptr -> f80
  return
}

// -----

func.func @load_unaligned(%p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op expected alignment for atomic access}}
  %0 = "llvm.load"(%p) <{ordering = 7 : i64}> : (!llvm.ptr) -> i32
  return
}

// -----

func.func @store_acquire(%v : i64, %p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.store' op unsupported ordering 'acquire'}}
  llvm.store %v, %p atomic acquire {alignment = 8 : i64} : i64, !llvm.ptr
  return
}

// -----

func.func @store_bool(%v : i1, %p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.store' op unsupported type 'i1' for atomic access}}
  llvm.store %v, %p atomic monotonic {alignment = 1 : i64} : i1, !llvm.ptr
  return
}

// -----

func.func @store_unaligned(%v : f32, %p : !llvm.ptr) {
  // expected-error@+1 {{'llvm.store' op expected alignment for atomic access}}
  llvm.store %v, %p atomic monotonic : f32, !llvm.ptr
  return
}

// -----

// Calls that are fine.
llvm.func @callee(i8, i16) -> i32
llvm.func @void_callee(!llvm.ptr)
llvm.func @variadic(i8, ...) -> i32

llvm.func @calls(%a : i8, %b : i16, %p : !llvm.ptr) {
  %0 = llvm.call @callee(%a, %b) : (i8, i16) -> i32
  llvm.call @void_callee(%p) : (!llvm.ptr) -> ()
  %1 = llvm.call @variadic(%a, %b) vararg(!llvm.func<i32 (i8, ...)>) : (i8, i16) -> i32
  %2 = llvm.call %p(%a, %b) : !llvm.ptr, (i8, i16) -> i32
  llvm.return
}

// -----

func.func @no_callee() {
  // expected-error@+1 {{'llvm.call' op must have either a `callee` attribute or at least an operand}}
  "llvm.call"() {operandSegmentSizes = array<i32: 0, 0>, op_bundle_sizes = array<i32>} : () -> ()
  return
}

// -----

func.func @integer_callee(%callee : i32, %arg : i8) {
  // expected-error@+1 {{'llvm.call' op indirect call expects a pointer as callee: 'i32'}}
  %0 = "llvm.call"(%callee, %arg) {operandSegmentSizes = array<i32: 2, 0>, op_bundle_sizes = array<i32>} : (i32, i8) -> i8
  return
}

// -----

llvm.func @callee(i8) -> ()

func.func @too_many_arguments(%a : i8) {
  // expected-error@+1 {{'llvm.call' op incorrect number of operands (2) for callee (expecting: 1)}}
  llvm.call @callee(%a, %a) : (i8, i8) -> ()
  return
}

// -----

llvm.func @callee(i8, i16) -> i32

func.func @argument_mismatch(%a : i8, %b : i32) {
  // expected-error@+1 {{'llvm.call' op operand type mismatch for operand 1: 'i32' != 'i16'}}
  %0 = llvm.call @callee(%a, %b) : (i8, i32) -> i64
  return
}

// -----

llvm.func @callee() -> !llvm.void

func.func @void_result_used() {
  // expected-error@+1 {{'llvm.call' op calling function with void result must not produce values}}
  %0 = llvm.call @callee() : () -> i32
  return
}

// -----

llvm.func @callee() -> i32

func.func @result_dropped() {
  // expected-error@+1 {{'llvm.call' op expected function call to produce a value}}
  llvm.call @callee() : () -> ()
  return
}

// -----

llvm.func @callee() -> i8

func.func @result_mismatch() {
  // expected-error@+1 {{'llvm.call' op result type mismatch: 'i32' != 'i8'}}
  %0 = llvm.call @callee() : () -> i32
  return
}

// -----

llvm.func @variadic(i8, ...) -> i32

func.func @variadic_without_type(%a : i8) {
  // expected-error@+1 {{'llvm.call' op missing var_callee_type attribute for vararg call}}
  %0 = llvm.call @variadic(%a) : (i8) -> i32
  return
}

// -----

// Returns that are fine; one in a region of another op is checked against the function too.
llvm.func @returns(%a : i32) -> i32 {
  "test.region"() ({
    llvm.return %a : i32
  }) : () -> ()
  llvm.return %a : i32
}

llvm.func @void_return() -> !llvm.void {
  llvm.return
}

func.func @in_func(%a : i32) -> i32 {
  llvm.return %a : i32
}

// -----

// expected-note@+1 {{when returning from function}}
llvm.func @void_function(%a : i32) {
  // expected-error@+1 {{'llvm.return' op expected no operands}}
  llvm.return %a : i32
}

// -----

// expected-note@+1 {{when returning from function}}
llvm.func @function_with_result() -> i64 {
  // expected-error@+1 {{'llvm.return' op expected 1 operand}}
  llvm.return
}

// -----

// expected-note@+1 {{when returning from function}}
llvm.func @nested_return() -> i64 {
  "test.region"() ({
    // expected-error@+1 {{'llvm.return' op expected 1 operand}}
    llvm.return
  }) : () -> ()
  %0 = llvm.mlir.constant(0 : i64) : i64
  llvm.return %0 : i64
}

// -----

// expected-note@+1 {{when returning from function}}
llvm.func @result_mismatch(%a : i32) -> i64 {
  // expected-error@+1 {{'llvm.return' op mismatching result types}}
  llvm.return %a : i32
}

// -----

// expected-note@+1 {{when returning from function}}
"llvm.func"() <{function_type = !llvm.func<i64 (i32)>, sym_name = "generic", CConv = #llvm.cconv<ccc>, linkage = #llvm.linkage<external>, visibility_ = 0 : i64}> ({
^bb0(%a: i32):
  // expected-error@+1 {{'llvm.return' op mismatching result types}}
  llvm.return %a : i32
}) : () -> ()

// -----

// Globals, constructors and GEPs that are fine.
llvm.mlir.global private @aligned(42 : i64) {alignment = 64 : i64} : i64
llvm.func @ctor() {
  llvm.return
}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [#llvm.zero]
llvm.mlir.global_dtors dtors = [@ctor, @ctor], priorities = [0 : i32, 1 : i32], data = [@aligned, #llvm.zero]
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.func @gep(%base : !llvm.ptr, %i : i64) {
  %0 = "llvm.getelementptr"(%base, %i) <{elem_type = !llvm.array<4 x f32>, rawConstantIndices = array<i32: 0, -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
  %1 = llvm.getelementptr %base[%i, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x f32>
  llvm.return
}

// -----

// expected-error@+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global private @unaligned(42 : i64) {alignment = 0} : i64

// -----

// expected-error@+1 {{alignment attribute is not a power of 2}}
"llvm.mlir.global"() <{alignment = 3 : i64, global_type = i64, linkage = #llvm.linkage<private>, sym_name = "generic", value = 42 : i64, visibility_ = 0 : i64}> ({}) : () -> ()

// -----

llvm.func @ctor() {
  llvm.return
}
// expected-error@+1 {{ctors, priorities, and data must have the same number of elements}}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = []

// -----

llvm.func @dtor() {
  llvm.return
}
// expected-error@+1 {{data element must be symbol or #llvm.zero}}
llvm.mlir.global_dtors dtors = [@dtor], priorities = [0 : i32], data = [1 : i32]

// -----

llvm.func @dtor()
// expected-error@+1 {{'llvm.mlir.global_dtors' op 'dtor' does not have a definition}}
llvm.mlir.global_dtors dtors = [@dtor], priorities = [0 : i32], data = [#llvm.zero]

// -----

func.func @gep_too_many_dynamic(%base : !llvm.ptr, %i : i64) {
  // expected-error@+1 {{'llvm.getelementptr' op expected as many dynamic indices as specified in 'rawConstantIndices'}}
  %0 = "llvm.getelementptr"(%base, %i) {elem_type = f32, rawConstantIndices = array<i32: 1>} : (!llvm.ptr, i64) -> !llvm.ptr
  return
}

// -----

func.func @gep_without_result(%base : !llvm.ptr, %i : i64) {
  // expected-error@+1 {{'llvm.getelementptr' op requires one result}}
  llvm.getelementptr %base[%i] : (!llvm.ptr, i64) -> (), i64
  return
}
