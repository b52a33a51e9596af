// What the C++ verifiers of shape ops check beyond their ODS constraints (inferred result types, error propagation, the shape.reduce body and its shape.yield, operand counts), with valid look-alikes that must stay silent.

func.func @reduce_arg_count(%shape : tensor<?xindex>, %init : index) {
  // expected-error@+1 {{'shape.reduce' op ReduceOp body is expected to have 3 arguments}}
  %n = shape.reduce(%shape, %init) : tensor<?xindex> -> index {
  ^bb0(%i : index, %extent : index):
    shape.yield %extent : index
  }
  return
}

// -----

func.func @reduce_no_init_arg_count(%shape : !shape.shape) {
  // expected-error@+1 {{'shape.reduce' op ReduceOp body is expected to have 2 arguments}}
  shape.reduce(%shape) : !shape.shape {
  ^bb0(%i : index, %extent : !shape.size, %extra : index):
    shape.yield
  }
  return
}

// -----

func.func @reduce_index_arg(%shape : tensor<?xindex>, %init : index) {
  // expected-error@+1 {{'shape.reduce' op argument 0 of ReduceOp body is expected to be of IndexType}}
  %n = shape.reduce(%shape, %init) : tensor<?xindex> -> index {
  ^bb0(%i : i64, %extent : index, %acc : index):
    shape.yield %acc : index
  }
  return
}

// -----

func.func @reduce_size_over_shape(%shape : !shape.shape, %init : index) {
  // expected-error@+1 {{'shape.reduce' op argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType}}
  %n = shape.reduce(%shape, %init) : !shape.shape -> index {
  ^bb0(%i : index, %extent : index, %acc : index):
    shape.yield %acc : index
  }
  return
}

// -----

func.func @reduce_index_over_extents(%shape : tensor<3xindex>, %init : !shape.size) {
  // expected-error@+1 {{'shape.reduce' op argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor}}
  %n = shape.reduce(%shape, %init) : tensor<3xindex> -> !shape.size {
  ^bb0(%i : index, %extent : !shape.size, %acc : !shape.size):
    shape.yield %acc : !shape.size
  }
  return
}

// -----

func.func @reduce_second_init(%shape : tensor<?xindex>, %a : index, %b : i32) {
  // expected-error@+1 {{'shape.reduce' op type mismatch between argument 3 of ReduceOp body and initial value 1}}
  %n:2 = shape.reduce(%shape, %a, %b) : tensor<?xindex> -> (index, i32) {
  ^bb0(%i : index, %extent : index, %x : index, %y : i64):
    shape.yield %x, %b : index, i32
  }
  return
}

// -----

func.func @yield_count(%shape : tensor<?xindex>, %init : index) {
  %n = shape.reduce(%shape, %init) : tensor<?xindex> -> index {
  ^bb0(%i : index, %extent : index, %acc : index):
    // expected-error@+1 {{'shape.yield' op number of operands does not match number of results of its parent}}
    shape.yield
  }
  return
}

// -----

func.func @yield_types(%shape : !shape.shape, %init : !shape.size) {
  %n = shape.reduce(%shape, %init) : !shape.shape -> !shape.size {
  ^bb0(%i : index, %extent : !shape.size, %acc : !shape.size):
    // expected-error@+1 {{'shape.yield' op types mismatch between yield op and its parent}}
    shape.yield %i : index
  }
  return
}

// -----

// Valid: bodies of the right arguments, yielding the results' types.
func.func @reduce_valid(%shape : !shape.shape, %extents : tensor<?xindex>, %init : !shape.size, %n0 : index) -> (!shape.size, index) {
  %a = shape.reduce(%shape, %init) : !shape.shape -> !shape.size {
  ^bb0(%i : index, %extent : !shape.size, %acc : !shape.size):
    %next = shape.mul %acc, %extent : !shape.size, !shape.size -> !shape.size
    shape.yield %next : !shape.size
  }
  %b = shape.reduce(%extents, %n0) : tensor<?xindex> -> index {
  ^bb0(%i : index, %extent : index, %acc : index):
    %next = shape.mul %acc, %extent : index, index -> index
    shape.yield %next : index
  }
  shape.reduce(%extents) : tensor<?xindex> {
  ^bb0(%i : index, %extent : index):
    shape.yield
  }
  return %a, %b : !shape.size, index
}

// -----

func.func @mul_index_result(%lhs : index, %rhs : !shape.size) -> index {
  // expected-error@+1 {{'shape.mul' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %r = shape.mul %lhs, %rhs : index, !shape.size -> index
  return %r : index
}

// -----

func.func @div_index_result(%lhs : !shape.size, %rhs : index) -> index {
  // expected-error@+1 {{'shape.div' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %r = shape.div %lhs, %rhs : !shape.size, index -> index
  return %r : index
}

// -----

func.func @get_extent_of_shape(%shape : !shape.shape, %dim : index) -> index {
  // expected-error@+1 {{'shape.get_extent' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %r = shape.get_extent %shape, %dim : !shape.shape, index -> index
  return %r : index
}

// -----

func.func @rank_of_shape(%shape : !shape.shape) -> index {
  // expected-error@+1 {{'shape.rank' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %r = shape.rank %shape : !shape.shape -> index
  return %r : index
}

// -----

func.func @broadcast_to_extents(%a : tensor<?xindex>, %b : !shape.shape) -> tensor<?xindex> {
  // expected-error@+1 {{'shape.broadcast' op if at least one of the operands can hold error values then the result must be of type `shape` to propagate them}}
  %r = shape.broadcast %a, %b : tensor<?xindex>, !shape.shape -> tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

func.func @shape_of_value_shape(%v : !shape.value_shape) -> tensor<?xindex> {
  // expected-error@+1 {{'shape.shape_of' op if at least one of the operands can hold error values then the result must be of type `shape` to propagate them}}
  %r = shape.shape_of %v : !shape.value_shape -> tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// Valid: errors reach a `size` or `shape` result; plain operands may give either.
func.func @propagation_valid(%s : !shape.size, %i : index, %shape : !shape.shape, %t : tensor<?xindex>, %v : !shape.value_shape) {
  %0 = shape.add %s, %i : !shape.size, index -> !shape.size
  %1 = shape.add %i, %i : index, index -> index
  %2 = shape.mul %i, %i : index, index -> !shape.size
  %3 = shape.get_extent %t, %i : tensor<?xindex>, index -> index
  %4 = shape.get_extent %shape, %i : !shape.shape, index -> !shape.size
  %5 = shape.num_elements %t : tensor<?xindex> -> index
  %6 = shape.rank %t : tensor<?xindex> -> !shape.size
  %7 = shape.broadcast %t, %t : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %8 = shape.broadcast %shape, %t : !shape.shape, tensor<?xindex> -> !shape.shape
  %9 = shape.shape_of %v : !shape.value_shape -> !shape.shape
  %10 = shape.shape_of %t : tensor<?xindex> -> tensor<1xindex>
  return
}

// -----

func.func @shape_of_rank(%m : memref<2x3x4xf32>) {
  // expected-error@+2 {{'shape.shape_of' op failed to infer returned types}}
  // expected-error@+1 {{'shape.shape_of' op inferred type(s) 'tensor<3xindex>' are incompatible with return type(s) of operation 'tensor<2xindex>'}}
  %r = shape.shape_of %m : memref<2x3x4xf32> -> tensor<2xindex>
  return
}

// -----

// Valid: an unranked operand or a `?` result fits any rank, `!shape.shape` any shape.
func.func @shape_of_valid(%u : tensor<*xf32>, %r : tensor<1x2xf32>, %v : vector<4xi8>) {
  %0 = shape.shape_of %u : tensor<*xf32> -> tensor<5xindex>
  %1 = shape.shape_of %r : tensor<1x2xf32> -> tensor<?xindex>
  %2 = shape.shape_of %r : tensor<1x2xf32> -> !shape.shape
  %3 = shape.shape_of %v : vector<4xi8> -> tensor<1xindex>
  return
}

// -----

func.func @const_shape_dynamic() {
  // expected-error@+2 {{'shape.const_shape' op failed to infer returned types}}
  // expected-error@+1 {{'shape.const_shape' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of operation 'tensor<?xindex>'}}
  %0 = shape.const_shape [1, 2] : tensor<?xindex>
  return
}

// -----

func.func @const_shape_generic() {
  // expected-error@+2 {{'shape.const_shape' op failed to infer returned types}}
  // expected-error@+1 {{'shape.const_shape' op inferred type(s) 'tensor<0xindex>' are incompatible with return type(s) of operation 'tensor<1xindex>'}}
  %0 = "shape.const_shape"() {shape = dense<> : tensor<0xindex>} : () -> tensor<1xindex>
  return
}

// -----

// Valid: exactly as many extents, or `!shape.shape`.
func.func @const_shape_valid() {
  %0 = shape.const_shape [] : tensor<0xindex>
  %1 = shape.const_shape [4, 5, 6] : tensor<3xindex>
  %2 = shape.const_shape [4, 5, 6] : !shape.shape
  %3 = "shape.const_shape"() {shape = dense<[1, 2]> : tensor<2xindex>} : () -> tensor<2xindex>
  return
}

// -----

func.func @meet_size_and_shape(%a : !shape.size, %b : tensor<2xindex>) {
  // expected-error@+2 {{'shape.meet' op failed to infer returned types}}
  // expected-error@+1 {{requires all sizes or shapes}}
  %r = shape.meet %b, %a : tensor<2xindex>, !shape.size -> !shape.size
  return
}

// -----

func.func @meet_cardinality(%a : tensor<2xindex>, %b : tensor<4xindex>) {
  // expected-error@+2 {{'shape.meet' op failed to infer returned types}}
  // expected-error@+1 {{unequal shape cardinality}}
  %r = shape.meet %a, %b : tensor<2xindex>, tensor<4xindex> -> tensor<?xindex>
  return
}

// -----

func.func @meet_result_group(%a : !shape.shape, %b : !shape.shape) {
  // expected-error@+2 {{'shape.meet' op failed to infer returned types}}
  // expected-error@+1 {{'shape.meet' op inferred type(s) '!shape.shape' are incompatible with return type(s) of operation 'index'}}
  %r = shape.meet %a, %b : !shape.shape, !shape.shape -> index
  return
}

// -----

// Valid: sizes meet sizes, shapes meet shapes, a `?` meets any cardinality.
func.func @meet_valid(%s : !shape.size, %i : index, %shape : !shape.shape, %t2 : tensor<2xindex>, %td : tensor<?xindex>) {
  %0 = shape.meet %s, %i : !shape.size, index -> index
  %1 = shape.meet %i, %i : index, index -> index
  %2 = shape.meet %shape, %t2 : !shape.shape, tensor<2xindex> -> tensor<2xindex>
  %3 = shape.meet %t2, %td : tensor<2xindex>, tensor<?xindex> -> tensor<2xindex>
  %4 = shape.meet %td, %td : tensor<?xindex>, tensor<?xindex> -> tensor<7xindex>
  %5 = shape.meet %t2, %t2 : tensor<2xindex>, tensor<2xindex> -> !shape.shape
  return
}

// -----

func.func @assuming_all_empty() {
  // expected-error@+1 {{'shape.assuming_all' op no operands specified}}
  %w = shape.assuming_all
  return
}

// -----

func.func @cstr_broadcastable_one(%t : tensor<?xindex>) {
  // expected-error@+1 {{'shape.cstr_broadcastable' op required at least 2 input shapes}}
  %w = shape.cstr_broadcastable %t : tensor<?xindex>
  return
}

// -----

// Valid: one witness is enough to join, two shapes to compare.
func.func @counts_valid(%w : !shape.witness, %t : tensor<?xindex>, %s : !shape.shape) {
  %0 = shape.assuming_all %w
  %1 = shape.cstr_broadcastable %t, %s : tensor<?xindex>, !shape.shape
  return
}

// -----

// expected-error@+1 {{only SymbolRefAttr allowed in shape.lib attribute array}}
module attributes {shape.lib = [@lib, 7]} {
  shape.function_library @lib {
    func.func @fn(%arg : !shape.value_shape) -> !shape.shape {
      %0 = shape.shape_of %arg : !shape.value_shape -> !shape.shape
      return %0 : !shape.shape
    }
  } mapping {
    test.op = @fn
  }
}

// -----

// expected-error@+1 {{only SymbolRefAttr or array of SymbolRefAttrs allowed as shape.lib attribute}}
module attributes {shape.lib = "lib"} {
}

// -----

// expected-error@+1 {{@fn required to be shape function library}}
module attributes {shape.lib = @fn} {
  func.func private @fn()
}

// -----

// expected-error@+1 {{@fn does not refer to FunctionLibraryOp}}
module attributes {shape.lib = [@lib, @fn]} {
  shape.function_library @lib {
    func.func @f() { return }
  } mapping {
    test.a = @f
  }
  func.func private @fn()
}

// -----

// Two libraries may not map one op: the second's keys meet the first's.
// expected-error@+1 {{only one op to shape mapping allowed, found multiple for `"test.b"`}}
module attributes {shape.lib = [@one, @two]} {
  shape.function_library @one {
    func.func @f() { return }
  } mapping {
    test.a = @f, test.b = @f
  }
  shape.function_library @two {
    func.func @g() { return }
  } mapping {
    test.c = @g, test.b = @g
  }
}

// -----

module attributes {shape.lib = [@lib]} {
  shape.function_library @lib {
    func.func @f() { return }
  } mapping {
    // expected-error@+1 {{duplicate key 'test.a' in dictionary attribute}}
    test.a = @f, test.a = @f
  }
}

// -----

// Valid: libraries mapping different ops, or one library named alone.
module attributes {shape.lib = [@one, @two]} {
  shape.function_library @one {
    func.func @f() { return }
  } mapping {
    test.a = @f
  }
  shape.function_library @two {
    func.func @g() { return }
  } mapping {
    test.b = @g
  }
  module attributes {shape.lib = @inner} {
    shape.function_library @inner {
      func.func @h() { return }
    } mapping {
      test.a = @h
    }
  }
}

// -----

func.func @reduce_generic_init(%shape : tensor<?xindex>, %init : index) {
  // expected-error@+1 {{'shape.reduce' op type mismatch between argument 2 of ReduceOp body and initial value 0}}
  %n = "shape.reduce"(%shape, %init) ({
  ^bb0(%i : index, %e : index, %acc : f32):
    "shape.yield"(%acc) : (f32) -> ()
  }) : (tensor<?xindex>, index) -> index
  return
}

// -----

func.func @yield_generic_result(%shape : tensor<?xindex>, %init : index) {
  %n = "shape.reduce"(%shape, %init) ({
  ^bb0(%i : index, %e : index, %acc : index):
    // expected-error@+1 {{'shape.yield' op types mismatch between yield op and its parent}}
    "shape.yield"(%acc) : (index) -> ()
  }) : (tensor<?xindex>, index) -> f32
  return
}

// -----

func.func @lib_on_op(%v : !shape.value_shape) {
  // expected-error@+1 {{shape.lib attribute may only be on op implementing SymbolTable}}
  %0 = shape.shape_of %v {shape.lib = @x} : !shape.value_shape -> !shape.shape
  return
}

// -----

// Valid: other attributes of the dialect's ops are left alone.
func.func @other_attribute(%v : !shape.value_shape) {
  %0 = shape.shape_of %v {shape.other = @x} : !shape.value_shape -> !shape.shape
  return
}
