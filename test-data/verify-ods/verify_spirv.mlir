// What the C++ verifiers of spirv ops check beyond their ODS constraints: the struct
// result of the extended arithmetic ops in generic form, and VectorTimesScalar's types;
// with valid look-alikes. Run: mlir-opt --allow-unregistered-dialect --split-input-file
// --verify-diagnostics verify_spirv.mlir

func.func @carry_one_member(%a: i32) {
  // expected-error@+1 {{'spirv.IAddCarry' op expected result struct type containing two members}}
  %0 = "spirv.IAddCarry"(%a, %a) : (i32, i32) -> !spirv.struct<(i32)>
  return
}

// -----

func.func @borrow_three_members(%a: i32) {
  // expected-error@+1 {{'spirv.ISubBorrow' op expected result struct type containing two members}}
  %0 = "spirv.ISubBorrow"(%a, %a) : (i32, i32) -> !spirv.struct<(i32, i32, i32)>
  return
}

// -----

func.func @mul_member_type(%a: vector<2xi32>) {
  // expected-error@+1 {{'spirv.SMulExtended' op expected all operand types and struct member types are the same}}
  %0 = "spirv.SMulExtended"(%a, %a) : (vector<2xi32>, vector<2xi32>) -> !spirv.struct<(vector<2xi32>, vector<2xi16>)>
  return
}

// -----

func.func @vector_times_scalar_result(%v: vector<4xf32>, %s: f16) {
  // expected-error@+1 {{'spirv.VectorTimesScalar' op vector operand and result type mismatch}}
  %0 = spirv.VectorTimesScalar %v, %s : (vector<4xf32>, f16) -> vector<3xf32>
  return
}

// -----

func.func @vector_times_scalar_scalar(%v: vector<4xf32>, %s: f16) {
  // expected-error@+1 {{'spirv.VectorTimesScalar' op scalar operand and result element type match}}
  %0 = spirv.VectorTimesScalar %v, %s : (vector<4xf32>, f16) -> vector<4xf32>
  return
}

// -----

// Valid: members as written with blanks, custom forms, a matching scalar.
func.func @valid(%a: vector<2xi32>, %i: i32, %v: vector<4xf32>, %s: f32) {
  %0 = "spirv.UMulExtended"(%a, %a) : (vector<2xi32>, vector<2xi32>) -> !spirv.struct<(vector<2 x i32>, vector<2xi32>)>
  %1 = spirv.IAddCarry %i, %i : !spirv.struct<(i32, i32)>
  %2 = spirv.VectorTimesScalar %v, %s : (vector<4xf32>, f32) -> vector<4xf32>
  return
}
