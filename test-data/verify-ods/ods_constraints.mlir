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
