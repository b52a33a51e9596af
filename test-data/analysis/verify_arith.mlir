// arith op verifiers and custom parsers beyond ODS constraints (checks::verifiers::arith).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// verify_arith.mlir

func.func @constant_unsigned() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 7 : ui16
  return
}

// -----

func.func @constant_signed_generic() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() {value = -3 : si8} : () -> si8
  return
}

// -----

func.func @constant_value_type() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 2.5 : f16} : () -> f32
  return
}

// -----

func.func @constant_untyped_integer() {
  // An integer without a type is an i64.
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 5} : () -> i8
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_type_attr() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = [1, 2]} : () -> i32
  return
}

// -----

func.func @constant_string() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "abc" : i32
  return
}

// -----

func.func @constant_scalable_list() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[7, 8, 9, 10]> : vector<[4]xi16>
  return
}

// -----

func.func @constant_scalable_float_list() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[[1.0, 1.0], [2.0, 2.0]]> : vector<2x[2]xf32>
  return
}

// -----

// Splats, written once or as equal elements, and fixed vectors are fine.
func.func @constants_valid() -> (vector<[4]xi16>, vector<[2]xf32>, vector<[2]xi1>, vector<2xi32>, tensor<2xui8>) {
  %0 = arith.constant dense<5> : vector<[4]xi16>
  %1 = arith.constant dense<[0.5, 0.5]> : vector<[2]xf32>
  %2 = arith.constant dense<[true, true]> : vector<[2]xi1>
  %3 = arith.constant dense<[1, 2]> : vector<2xi32>
  %4 = arith.constant dense<[1, 2]> : tensor<2xui8>
  %5 = "arith.constant"() <{value = 4 : i32}> : () -> i32
  %6 = arith.constant true
  return %0, %1, %2, %3, %4 : vector<[4]xi16>, vector<[2]xf32>, vector<[2]xi1>, vector<2xi32>, tensor<2xui8>
}

// -----

func.func @cmpi_no_predicate(%a: i64) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi %a, %a : i64
  return
}

// -----

func.func @cmpi_float_predicate(%a: i64) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate'}}
  %0 = arith.cmpi olt, %a, %a : i64
  return
}

// -----

func.func @cmpf_integer_predicate(%a: f64) {
  // expected-error@+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf ult2, %a, %a : f64
  return
}

// -----

func.func @cmpi_float_operands(%a: f16) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f16'}}
  %0 = arith.cmpi sgt, %a, %a : f16
  return
}

// -----

func.func @cmpf_integer_operands(%a: vector<4xi8>) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'vector<4xi8>'}}
  %0 = arith.cmpf oeq, %a, %a : vector<4xi8>
  return
}

// -----

func.func @cmpi_generic_no_predicate(%a: i8) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) {other = 2} : (i8, i8) -> i1
  return
}

// -----

func.func @cmpi_generic_bad_case(%a: i8) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 10} : (i8, i8) -> i1
  return
}

// -----

func.func @cmpi_generic_narrow_predicate(%a: i8) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1 : i32} : (i8, i8) -> i1
  return
}

// -----

func.func @cmpf_generic_no_predicate(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op requires attribute 'predicate'}}
  %0 = "arith.cmpf"(%a, %a) : (f32, f32) -> i1
  return
}

// -----

func.func @cmpf_generic_bad_case(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 16} : (f32, f32) -> i1
  return
}

// -----

func.func @cmpi_result_shape(%a: vector<8xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 3} : (vector<8xi32>, vector<8xi32>) -> vector<4xi1>
  return
}

// -----

func.func @cmpf_result_scalar(%a: tensor<3xf32>) {
  // expected-error@+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 1} : (tensor<3xf32>, tensor<3xf32>) -> i1
  return
}

// -----

func.func @cmpi_dynamic_result(%a: tensor<?xindex>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0} : (tensor<?xindex>, tensor<?xindex>) -> tensor<2xi1>
  return
}

// -----

// Comparisons the parser and verifier accept.
func.func @compares_valid(%a: i32, %v: vector<[4]xf32>, %t: tensor<?x2xindex>) -> (i1, i1, vector<[4]xi1>, tensor<?x2xi1>) {
  %0 = arith.cmpi uge, %a, %a : i32
  %1 = "arith.cmpi"(%a, %a) <{predicate = 9 : i64}> : (i32, i32) -> i1
  %2 = arith.cmpf une, %v, %v fastmath<nnan> : vector<[4]xf32>
  %3 = "arith.cmpi"(%t, %t) {predicate = 4} : (tensor<?x2xindex>, tensor<?x2xindex>) -> tensor<?x2xi1>
  return %0, %1, %2, %3 : i1, i1, vector<[4]xi1>, tensor<?x2xi1>
}

// -----

func.func @index_cast_dims(%a: tensor<4xindex>) {
  // expected-error@+1 {{'arith.index_cast' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.index_cast %a : tensor<4xindex> to tensor<?xi32>
  return
}

// -----

func.func @extsi_rank(%a: tensor<i8>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<i8> to tensor<1xi32>
  return
}

// -----

// Vectors have no tensor dimensions: their shapes are compared by the shape trait.
func.func @extf_vector_shape(%a: vector<4xf16>) {
  // expected-error@+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %a : vector<4xf16> to vector<2xf32>
  return
}

// -----

func.func @casts_valid(%a: tensor<?x3xindex>, %b: vector<4xi8>) -> (tensor<?x3xi64>, vector<4xi32>) {
  %0 = arith.index_castui %a : tensor<?x3xindex> to tensor<?x3xi64>
  %1 = arith.extui %b : vector<4xi8> to vector<4xi32>
  return %0, %1 : tensor<?x3xi64>, vector<4xi32>
}

// -----

func.func @select_condition_shape(%c: vector<3xi1>, %a: vector<4xf32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : vector<3xi1>, vector<4xf32>
  return
}

// -----

// The condition's shape matches; the elementwise rule then finds a tensor and vectors.
func.func @select_condition_kind(%c: tensor<4xi1>, %a: vector<4xf32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.select"(%c, %a, %a) : (tensor<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @select_condition_rank(%c: tensor<4x1xi1>, %a: tensor<4x?xf32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : tensor<4x1xi1>, tensor<4x?xf32>
  return
}

// -----

func.func @selects_valid(%c: i1, %v: vector<4xi1>, %a: vector<4xf32>, %m: memref<2xi8>) -> (vector<4xf32>, vector<4xf32>, memref<2xi8>) {
  %0 = arith.select %c, %a, %a : vector<4xf32>
  %1 = arith.select %v, %a, %a : vector<4xi1>, vector<4xf32>
  %2 = arith.select %c, %m, %m : memref<2xi8>
  return %0, %1, %2 : vector<4xf32>, vector<4xf32>, memref<2xi8>
}

// -----

func.func @addui_extended_scalar_carry(%a: vector<2xi64>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = arith.addui_extended %a, %a : vector<2xi64>, i1
  return
}

// -----

func.func @addui_extended_carry_kind(%a: tensor<2xi64>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %0:2 = arith.addui_extended %a, %a : tensor<2xi64>, vector<2xi1>
  return
}

// -----

func.func @addui_extended_carry_shape(%a: vector<2xi64>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %0:2 = arith.addui_extended %a, %a : vector<2xi64>, vector<3xi1>
  return
}

// -----

func.func @extended_valid(%a: vector<2xi64>, %b: tensor<?xi16>) -> (vector<2xi64>, vector<2xi1>, tensor<?xi16>, tensor<?xi16>) {
  %sum, %carry = arith.addui_extended %a, %a : vector<2xi64>, vector<2xi1>
  %low, %high = arith.mulsi_extended %b, %b : tensor<?xi16>
  return %sum, %carry, %low, %high : vector<2xi64>, vector<2xi1>, tensor<?xi16>, tensor<?xi16>
}

// -----

func.func @three_operands(%a: i32) -> i32 {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %a, %a : i32
  return %0 : i32
}

// -----

func.func @parenthesized_operands(%a: f32) -> f32 {
  // expected-error@+1 {{expected SSA operand}}
  %0 = arith.mulf(%a, %a) : f32
  return %0 : f32
}

// -----

func.func @missing_comma(%a: i64) -> i64 {
  // expected-error@+1 {{expected ','}}
  %0 = arith.subi %a %a : i64
  return %0 : i64
}

// -----

// Flags and attribute dictionaries before the colon are fine.
func.func @binary_valid(%a: i64, %f: f32) -> (i64, f32) {
  %0 = arith.subi %a, %a overflow<nsw> {tag} : i64
  %1 = arith.addf %f, %f fastmath<fast> : f32
  return %0, %1 : i64, f32
}

// -----

func.func @constant_too_wide() -> i8 {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 256 : i8
  return %0 : i8
}

// -----

func.func @constant_index_sign_bit() -> index {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 0x8000000000000000 : index
  return %0 : index
}

// -----

func.func @constant_negative_unsigned() {
  // expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
  %0 = arith.constant -2 : ui16
  return
}

// -----

// A float literal of a type that is no float: MLIR's parser reports it where it stands
// once the type is read, at the next token.
func.func @constant_float_of_integer_type() {
  %0 = arith.constant 0.0 : i64
  // expected-error@+1 {{floating point value not valid for specified type}}
  return
}

// -----

func.func @constant_float_of_index_type() {
  // expected-error@+1 {{floating point value not valid for specified type}}
  %0 = arith.constant 1.5 : index loc("here")
  return
}

// -----

func.func @constant_float_of_vector_type() {
  %0 = arith.constant 2.0 : vector<2xf32>
  // expected-error@+1 {{floating point value not valid for specified type}}
  %1 = arith.constant 1 : i32
  return
}

// -----

func.func @constant_integer_of_tensor_type() {
  // expected-error@+1 {{integer literal not valid for specified type}}
  %0 = arith.constant 2 : tensor<2xi32>
  return
}

// -----

func.func @constant_hex_float_too_wide() {
  // expected-error@+1 {{hexadecimal float constant out of range for type}}
  %0 = arith.constant 0x1FFFF : bf16
  return
}

// -----

func.func @constant_hex_float_negative() {
  // expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
  %0 = arith.constant -0x7F : f32
  return
}

// -----

// Hexadecimal bit patterns of float types, up to their width.
func.func @constant_hex_floats_valid() -> (bf16, f32, f64) {
  %0 = arith.constant 0x7FC0 : bf16
  %1 = arith.constant 0xFFFFFFFF : f32
  %2 = arith.constant 0x0 : f64
  return %0, %1, %2 : bf16, f32, f64
}

// -----

// Signless integers hold both signed and unsigned readings.
func.func @constant_ranges_valid() -> (i8, i8, i1, i64) {
  %0 = arith.constant 255 : i8
  %1 = arith.constant -128 : i8
  %2 = arith.constant -1 : i1
  %3 = arith.constant 0xFFFFFFFFFFFFFFFF : i64
  return %0, %1, %2, %3 : i8, i8, i1, i64
}

// -----

// The value's type after the colon must begin like a type.
func.func @constant_value_type_not_a_type() {
  // expected-error@+1 {{expected non-function type}}
  %0 = arith.constant dense<0> : <vector 4 x f32>
  return
}

// -----

// A comparison whose predicate is a case of its enum but whose comma is missing.
func.func @cmpi_missing_comma(%a: i32) {
  // expected-error@+1 {{expected ','}}
  %r = arith.cmpi slt %a, %a : i32
  return
}
