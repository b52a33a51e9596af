// A call against its callee (checklist S-07): operand and result counts and types.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// calls.mlir

func.func private @takes_i64(i64) -> i32

func.func @operand_type(%x: i32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0}}
  %0 = func.call @takes_i64(%x) : (i32) -> i32
  return
}

// -----

func.func private @takes_i64(i64) -> i32

func.func @operand_count(%x: i64) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = func.call @takes_i64(%x, %x) : (i64, i64) -> i32
  return
}

// -----

func.func private @takes_i64(i64) -> i32

func.func @result_type(%x: i64) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'i64'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = func.call @takes_i64(%x) : (i64) -> i64
  return
}

// -----

!wide = i64
func.func private @takes_i64(!wide) -> i32

func.func @through_an_alias(%x: i64) -> i32 {
  %0 = "func.call"(%x) {callee = @takes_i64} : (i64) -> i32
  return %0 : i32
}
