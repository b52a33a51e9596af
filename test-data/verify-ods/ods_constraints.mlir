// What ODS alone says of ops of dialects we know only from their .td files: region,
// result, successor and operand counts (in that order), then required attributes and
// operand constraints. Run: mlir-opt
// --allow-unregistered-dialect --split-input-file --verify-diagnostics ods_constraints.mlir

func.func @operand_count(%a: index) -> index {
  // expected-error@+1 {{'index.add' op expected 2 operands, but found 1}}
  %0 = "index.add"(%a) : (index) -> index
  return %0 : index
}

// -----

func.func @counts_before_attributes(%a: index) -> index {
  // expected-error@+1 {{'index.constant' op requires zero operands}}
  %0 = "index.constant"(%a) : (index) -> index
  return %0 : index
}

// -----

func.func @regions_before_results(%a: index) {
  // expected-error@+1 {{'index.add' op requires zero regions}}
  "index.add"(%a, %a) ({}) : (index, index) -> ()
  return
}

// -----

func.func @one_result(%a: index) {
  // expected-error@+1 {{'index.add' op requires one result}}
  "index.add"(%a, %a) : (index, index) -> ()
  return
}

// -----

func.func @fixed_and_variadic_results(%m: memref<4xi32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op expected 2 or more results}}
  %0 = "memref.extract_strided_metadata"(%m) : (memref<4xi32>) -> memref<i32>
  return
}

// -----

func.func @variadic_regions(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected 1 or more regions}}
  "scf.index_switch"(%i) : (index) -> ()
  return
}

// -----

func.func @variadic_successors(%i: i32) {
  // expected-error@+1 {{'cf.switch' op requires at least 1 successors but found 0}}
  "cf.switch"(%i) : (i32) -> ()
  return
}

// -----

func.func @at_least_operands(%i: index) {
  // expected-error@+1 {{'gpu.launch' op expected 6 or more operands, but found 1}}
  "gpu.launch"(%i) ({}) : (index) -> ()
  return
}

// -----

func.func @operand_type(%a: i32) -> index {
  // expected-error@+1 {{'index.add' op operand #0 must be index, but got 'i32'}}
  %0 = "index.add"(%a, %a) : (i32, i32) -> index
  return %0 : index
}

// -----

func.func @required_attribute() -> index {
  // expected-error@+1 {{'index.constant' op requires attribute 'value'}}
  %0 = "index.constant"() : () -> index
  return %0 : index
}

// -----

// Attribute values, after their presence: a ConfinedAttr's bounds in custom form, in the
// attribute dictionary and in properties, worded by the attribute's ODS summary.
func.func @confined_custom() {
  // expected-error@+1 {{'linalg.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = linalg.index -1 : index
  return
}

// -----

func.func @confined_generic() {
  // expected-error@+1 {{'linalg.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = "linalg.index"() {dim = -2} : () -> index
  return
}

// -----

func.func @confined_property() {
  // expected-error@+1 {{'linalg.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = "linalg.index"() <{dim = -1}> : () -> index
  return
}

// -----

func.func @attribute_of_another_width() {
  // expected-error@+1 {{'linalg.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = "linalg.index"() {dim = 1 : i32} : () -> index
  return
}

// -----

// A type attribute holding a type of another class, or no type at all.
gpu.module @type_attribute {
  // expected-error@+1 {{'gpu.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
  "gpu.func"() ({
    gpu.return
  }) {sym_name = "kernel", function_type = i32} : () -> ()
}

// -----

gpu.module @not_a_type_attribute {
  // expected-error@+1 {{'gpu.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
  "gpu.func"() ({
    gpu.return
  }) {sym_name = "kernel", function_type = "() -> ()"} : () -> ()
}

// -----

// Valid: the same ops as ODS wants them.
func.func @valid(%a: index) -> index {
  %c = index.constant 4
  %0 = index.add %a, %c
  return %0 : index
}

// -----

// A TypeDef's class is its dialect's type of that mnemonic (`LLVM::LLVMPointerType` is
// `!llvm.ptr`), and no builtin type.
func.func @load_from_memref(%m: memref<f32>) {
  // expected-error@+1 {{'llvm.load' op operand #0 must be LLVM pointer type, but got 'memref<f32>'}}
  %0 = llvm.load %m : memref<f32> -> f32
  return
}

// -----

func.func @load_from_pointer(%p: !llvm.ptr<1>) -> i32 {
  %0 = llvm.load %p : !llvm.ptr<1> -> i32
  return %0 : i32
}

// -----

// Two variadic operand groups, split by operandSegmentSizes in the attribute dictionary.
func.func @generic_call_of_tensor(%t: tensor<*xi32>) {
  // expected-error@+1 {{'llvm.call' op operand #0 must be variadic of LLVM dialect-compatible type, but got 'tensor<*xi32>'}}
  "llvm.call"(%t) {operandSegmentSizes = array<i32: 1, 0>, op_bundle_sizes = array<i32>} : (tensor<*xi32>) -> ()
  return
}

// -----

// LLVM's compatibility functions: any 1-D vector, a pointer-like type of another dialect
// in an LLVM address space, LLVM's own types.
func.func @freeze_of_compatible(%v: vector<4xindex>, %p: !ptr.ptr<#llvm.address_space<0>>, %s: !llvm.struct<(i32)>) {
  %0 = llvm.freeze %v : vector<4xindex>
  %1 = llvm.freeze %p : !ptr.ptr<#llvm.address_space<0>>
  %2 = llvm.freeze %s : !llvm.struct<(i32)>
  return
}

// -----

func.func @freeze_of_index(%i: index) {
  // expected-error@+1 {{'llvm.freeze' op operand #0 must be LLVM dialect-compatible type, but got 'index'}}
  %0 = llvm.freeze %i : index
  return
}

// -----

func.func @fadd_of_f8(%a: f8E5M2) {
  // expected-error@+1 {{'llvm.fadd' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'f8E5M2'}}
  %0 = llvm.fadd %a, %a : f8E5M2
  return
}

// -----

func.func @fadd_of_llvm_floats(%a: !llvm.ppc_fp128, %b: vector<2xf16>) {
  %0 = llvm.fadd %a, %a : !llvm.ppc_fp128
  %1 = llvm.fadd %b, %b : vector<2xf16>
  return
}

// -----

// Linalg's structured ops are parsed in C++: their typed ins/outs groups and the types
// after `->` are held to ODS's constraints all the same.
func.func @fill_returns_memref(%t: tensor<?x?xf32>, %v: f32) -> memref<?x?xf32> {
  // expected-error@+1 {{'linalg.fill' op result #0 must be variadic of ranked tensor of any type values, but got 'memref<?x?xf32>'}}
  %0 = linalg.fill ins(%v : f32) outs(%t : tensor<?x?xf32>) -> memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

// -----

func.func @matmul_into_scalar(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: f32) {
  // expected-error@+1 {{'linalg.matmul' op operand #2 must be variadic of shaped of any type values, but got 'f32'}}
  linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%c : f32)
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @generic_returns_memref(%e: tensor<4xf32>, %v: f32) -> memref<4xf32> {
  // expected-error@+1 {{'linalg.generic' op result #0 must be variadic of ranked tensor of any type values, but got 'memref<4xf32>'}}
  %1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%out: f32):
    linalg.yield %v : f32
  } -> memref<4xf32>
  return %1 : memref<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @valid_structured_ops(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>, %m: memref<4xf32>, %v: f32) -> (tensor<2x4xf32>, tensor<4xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  linalg.fill ins(%v : f32) outs(%m : memref<4xf32>)
  %e = tensor.empty() : tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%out: f32):
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<4xf32>
}

// -----

func.func @indirect_call_returns_tensor(%callee: !llvm.ptr) {
  // expected-error@+1 {{'llvm.call' op result #0 must be LLVM dialect-compatible type}}
  llvm.call %callee() : !llvm.ptr, () -> (tensor<*xi32>)
  llvm.return
}

// -----

llvm.func @g(i32)
func.func @direct_call_of_a_tensor(%t: tensor<4xi32>) {
  // expected-error@+1 {{'llvm.call' op operand #0 must be variadic of LLVM dialect-compatible type}}
  llvm.call @g(%t) : (tensor<4xi32>) -> ()
  llvm.return
}

// -----

func.func @indirect_call_of_a_tensor(%callee: !llvm.ptr, %t: tensor<4xi32>) {
  // expected-error@+1 {{'llvm.call' op operand #1 must be variadic of LLVM dialect-compatible type}}
  llvm.call %callee(%t) : !llvm.ptr, (tensor<4xi32>) -> i32
  llvm.return
}

// -----

llvm.func @h(i32) -> i32
func.func @call_with_attributes_returns_tensor(%t: i32) {
  // expected-error@+1 {{'llvm.call' op result #0 must be LLVM dialect-compatible type}}
  %0 = llvm.call @h(%t) {fastmathFlags = #llvm.fastmath<none>} : (i32) -> tensor<2xf32>
  llvm.return
}

// -----

llvm.func @f(i32) -> i32
llvm.func @v(i32, ...)
func.func @valid_calls(%callee: !llvm.ptr, %x: i32, %p: !llvm.ptr) -> i32 {
  %0 = llvm.call @f(%x) : (i32) -> i32
  %1 = llvm.call %callee(%0) : !llvm.ptr, (i32) -> i32
  llvm.call @v(%1, %p) vararg(!llvm.func<void (i32, ...)>) : (i32, !llvm.ptr) -> ()
  %2 = llvm.call tail @f(%1) : (i32) -> i32
  %3 = llvm.call fastcc @f(%2) : (i32) -> i32
  %4 = llvm.call @f(%3) : (i32) -> (i32) loc("x.mlir":1:2)
  return %4 : i32
}
