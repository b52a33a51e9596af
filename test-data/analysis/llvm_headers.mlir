// The LLVM dialect ops whose custom parsers check what they read: `alloca`'s trailing
// function type and alignment, `getelementptr`'s functional type, `call`'s trailing types
// (MLIR reports two errors for some) and the predicates of `icmp` and `fcmp`. Run:
// mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics llvm_headers.mlir

func.func @alloca_empty_fn(%size : i64) {
  // expected-error@+1 {{custom op 'llvm.alloca' expected trailing function type with one argument and one result}}
  %0 = llvm.alloca %size x i32 : () -> ()
  return
}

// -----

func.func @alloca_no_input(%size : i64) {
  // expected-error@+1 {{custom op 'llvm.alloca' expected trailing function type with one argument and one result}}
  %0 = llvm.alloca %size x i32 : () -> (!llvm.ptr)
  return
}

// -----

func.func @alloca_not_fn(%size : i64) {
  // expected-error@+1 {{custom op 'llvm.alloca' expected trailing function type with one argument and one result}}
  %0 = llvm.alloca %size x i32 : !llvm.ptr
  return
}

// -----

func.func @alloca_float_align(%size : i64) {
  // expected-error@+1 {{custom op 'llvm.alloca' expected integer alignment}}
  %0 = llvm.alloca %size x i32 {alignment = 3.0} : (i64) -> !llvm.ptr
  return
}

// -----

func.func @gep_empty_fn(%pos : i64, %base : !llvm.ptr) {
  // expected-error@+1 {{custom op 'llvm.getelementptr' number of operands and types do not match: got 2 operands and 0 types}}
  %0 = llvm.getelementptr %base[%pos] : () -> (), i64
  return
}

// -----

func.func @gep_not_fn(%pos : i64, %base : !llvm.ptr) {
  // expected-error@+1 {{custom op 'llvm.getelementptr' invalid kind of type specified: expected builtin.function, but found '!llvm.ptr'}}
  %0 = llvm.getelementptr %base[%pos] : !llvm.ptr, i64
  return
}

// -----

func.func @call_indirect_one_type(%callee : !llvm.ptr, %arg : i8) {
  // expected-error@+1 {{custom op 'llvm.call' expected indirect call to have 2 trailing types}}
  %0 = llvm.call %callee(%arg) : (i8) -> (i8)
  return
}

// -----

func.func private @callee(i8) -> i8
func.func @call_direct_two_types(%arg : i8) {
  // expected-error@+2 {{expected '('}}
  // expected-error@+1 {{custom op 'llvm.call' expected direct call to have 1 trailing types}}
  %0 = llvm.call @callee(%arg) : !llvm.ptr, (i8) -> (i8)
  return
}

// -----

func.func @call_not_fn(%callee : !llvm.ptr, %arg : i8) {
  // expected-error@+2 {{expected '('}}
  // expected-error@+1 {{custom op 'llvm.call' expected trailing function type}}
  llvm.call %callee(%arg) : !llvm.ptr, !llvm.func<i8 (i8)>
  return
}

// -----

func.func @call_void(%callee : !llvm.ptr, %arg : i8) {
  // expected-error@+1 {{custom op 'llvm.call' expected a non-void result type}}
  llvm.call %callee(%arg) : !llvm.ptr, (i8) -> (!llvm.void)
  return
}

// -----

func.func @call_two_results(%callee : !llvm.ptr) {
  // expected-error@+1 {{custom op 'llvm.call' expected function with 0 or 1 result}}
  llvm.call %callee() : !llvm.ptr, () -> (i32, i32)
  return
}

// -----

func.func @icmp_int(%a : i32) {
  // expected-error@+1 {{custom op 'llvm.icmp' invalid kind of attribute specified}}
  %0 = llvm.icmp 42 %a, %a : i32
  return
}

// -----

func.func @icmp_bad(%a : i32) {
  // expected-error@+1 {{custom op 'llvm.icmp' 'foo' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "foo" %a, %a : i32
  return
}

// -----

llvm.func @fine2(i8) -> i8
llvm.func @va(i8, ...)
func.func @fine(%size : i64, %pos : i64, %base : !llvm.ptr, %callee : !llvm.ptr, %a : i32, %b : i8) {
  %0 = llvm.alloca %size x i32 : (i64) -> !llvm.ptr
  %1 = llvm.alloca %size x i32 {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %2 = llvm.alloca inalloca %size x i32 : (i64) -> !llvm.ptr
  %3 = llvm.getelementptr %base[%pos] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %4 = llvm.getelementptr inbounds %base[%pos, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  %5 = llvm.call %callee(%b) : !llvm.ptr, (i8) -> i8
  llvm.call %callee(%b) : !llvm.ptr, (i8) -> ()
  %6 = llvm.icmp "eq" %a, %a : i32
  %7 = llvm.call @fine2(%b) : (i8) -> i8
  llvm.call @va(%b) vararg(!llvm.func<void (i8, ...)>) : (i8) -> ()
  return
}

// -----

func.func @fcmp_bad(%a : f32) {
  // expected-error@+1 {{custom op 'llvm.fcmp' 'false' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.fcmp "false" %a, %a : f32
  return
}

// -----

func.func @fcmp_fine(%a : f32) {
  %0 = llvm.fcmp "_false" %a, %a : f32
  %1 = llvm.fcmp "oeq" %a, %a : f32
  %2 = llvm.fcmp "_true" %a, %a : f32
  return
}
