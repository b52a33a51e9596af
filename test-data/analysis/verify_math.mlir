// math ops against their specs (analysis/specs/math.spec): operand and result type
// constraints, the traits that tie types together, unknown math ops, format errors, and
// valid uses of every op form.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// verify_math.mlir

func.func @absf_of_integer(%a: i32) -> i32 {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = math.absf %a : i32
  return %r : i32
}

// -----

func.func @ctlz_of_float(%a: f32) -> f32 {
  // expected-error@+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = math.ctlz %a : f32
  return %r : f32
}

// -----

func.func @absi_of_unsigned(%a: ui32) -> ui32 {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %r = math.absi %a : ui32
  return %r : ui32
}

// -----

func.func @ipowi_of_floats(%a: f32) -> f32 {
  // expected-error@+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = math.ipowi %a, %a : f32
  return %r : f32
}

// -----

func.func @fpowi_of_integer_base(%a: i32) -> i32 {
  // expected-error@+1 {{'math.fpowi' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = math.fpowi %a, %a : i32, i32
  return %r : i32
}

// -----

func.func @fpowi_of_float_exponent(%a: f32) -> f32 {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %r = math.fpowi %a, %a : f32, f32
  return %r : f32
}

// -----

func.func @fpowi_shapes_differ(%a: vector<2xf32>, %b: i32) -> vector<2xf32> {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %r = math.fpowi %a, %b : vector<2xf32>, i32
  return %r : vector<2xf32>
}

// -----

func.func @sqrt_result_differs(%a: f32) -> f64 {
  // expected-error@+1 {{'math.sqrt' op requires the same type for all operands and results}}
  %r = "math.sqrt"(%a) : (f32) -> f64
  return %r : f64
}

// -----

func.func @fma_operands_differ(%a: f32, %b: f64) -> f32 {
  // expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
  %r = "math.fma"(%a, %b, %a) : (f32, f64, f32) -> f32
  return %r : f32
}

// -----

func.func @sincos_results_differ(%a: f32) {
  // expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %s, %c = "math.sincos"(%a) : (f32) -> (f32, f64)
  return
}

// -----

func.func @isnan_result_not_bool(%a: f32) -> i32 {
  // expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'i32'}}
  %r = "math.isnan"(%a) : (f32) -> i32
  return %r : i32
}

// -----

func.func @isinf_result_shape(%a: vector<4xf32>) -> vector<2xi1> {
  // expected-error@+1 {{'math.isinf' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "math.isinf"(%a) : (vector<4xf32>) -> vector<2xi1>
  return %r : vector<2xi1>
}

// -----

// The one type written is the type of both operands: %b is used as an f32.
// expected-note@+1 {{prior use here}}
func.func @copysign_use_type(%a: f32, %b: f64) -> f32 {
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'f32' vs 'f64'}}
  %r = math.copysign %a, %b : f32
  return %r : f32
}

// -----

// expected-note@+1 {{prior use here}}
func.func @exp_use_type(%a: f64) -> f32 {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'f64'}}
  %r = math.exp %a : f32
  return %r : f32
}

// -----

func.func @isnan_result_used_as_float(%a: f32) -> f32 {
  // expected-note@+1 {{prior use here}}
  %r = math.isnan %a : f32
  // expected-error@+1 {{use of value '%r' expects different type than prior uses: 'f32' vs 'i1'}}
  return %r : f32
}

// -----

func.func @unknown_math_op(%a: f32) {
  // expected-error@+1 {{custom op 'math.frobnicate' is unknown}}
  %r = math.frobnicate %a : f32
  return
}

// -----

func.func @missing_type(%a: f32) -> f32 {
  // expected-error@+1 {{expected ':'}}
  %r = math.cos %a
  return %r : f32
}

// -----

func.func @clampf_without_to(%a: f32) -> f32 {
  // expected-error@+1 {{custom op 'math.clampf' expected 'to'}}
  %r = math.clampf %a [%a, %a] : f32
  return %r : f32
}

// -----

// Valid: every form of the dialect's ops, on scalars, vectors and tensors.
func.func @float_unary(%x: f32, %v: vector<4xf64>, %t: tensor<?x3xf16>) {
  %0 = math.absf %x : f32
  %1 = math.acos %x : f32
  %2 = math.acosh %x : f32
  %3 = math.asin %x : f32
  %4 = math.asinh %x : f32
  %5 = math.atan %x : f32
  %6 = math.atanh %x : f32
  %7 = math.cbrt %x : f32
  %8 = math.ceil %x : f32
  %9 = math.cos %x : f32
  %10 = math.cosh %x : f32
  %11 = math.erf %x : f32
  %12 = math.erfc %x : f32
  %13 = math.exp %x : f32
  %14 = math.exp2 %x : f32
  %15 = math.expm1 %x : f32
  %16 = math.floor %x : f32
  %17 = math.log %x : f32
  %18 = math.log10 %x : f32
  %19 = math.log1p %x : f32
  %20 = math.log2 %x : f32
  %21 = math.round %x : f32
  %22 = math.roundeven %x : f32
  %23 = math.rsqrt %x : f32
  %24 = math.sin %x : f32
  %25 = math.sinh %x : f32
  %26 = math.sqrt %x : f32
  %27 = math.tan %x : f32
  %28 = math.tanh %x : f32
  %29 = math.trunc %x : f32
  %30 = math.absf %v fastmath<nnan, ninf> : vector<4xf64>
  %31 = math.exp %t fastmath<fast> : tensor<?x3xf16>
  %32 = math.sqrt %x {fastmath = #arith.fastmath<afn>} : f32
  %33 = "math.tanh"(%v) <{fastmath = #arith.fastmath<none>}> : (vector<4xf64>) -> vector<4xf64>
  %34 = math.log %x {tag = "kept"} : f32
  %35 = math.cos %x fastmath<contract> {tag} : f32
  return
}

// -----

func.func @float_binary_and_ternary(%x: f32, %y: f32, %v: vector<2xbf16>,
                                    %t: tensor<4xf64>) {
  %0 = math.atan2 %x, %y : f32
  %1 = math.copysign %x, %y fastmath<nsz> : f32
  %2 = math.powf %v, %v : vector<2xbf16>
  %3 = math.fma %x, %y, %x : f32
  %4 = math.fma %t, %t, %t fastmath<contract> : tensor<4xf64>
  %5 = math.clampf %x to [%y, %y] : f32
  %6 = math.clampf %t to [%t, %t] fastmath<nnan> : tensor<4xf64>
  return
}

// -----

func.func @integer_ops(%a: i32, %b: i64, %i: index, %v: vector<8xi8>,
                       %t: tensor<2x?xi16>) {
  %0 = math.absi %a : i32
  %1 = math.ctlz %b : i64
  %2 = math.cttz %i : index
  %3 = math.ctpop %v : vector<8xi8>
  %4 = math.absi %t : tensor<2x?xi16>
  %5 = math.ipowi %a, %a : i32
  %6 = math.ipowi %v, %v : vector<8xi8>
  %7 = "math.ctlz"(%a) : (i32) -> i32
  return
}

// -----

func.func @powers(%x: f64, %n: i32, %v: vector<2xf32>, %e: vector<2xi64>, %t: tensor<3xf16>,
                  %k: tensor<3xi8>, %i: index) -> f64 {
  %0 = math.fpowi %x, %n : f64, i32
  %1 = math.fpowi %v, %e fastmath<fast> : vector<2xf32>, vector<2xi64>
  %2 = math.fpowi %x, %i : f64, index
  %3 = "math.fpowi"(%t, %k) : (tensor<3xf16>, tensor<3xi8>) -> tensor<3xf16>
  return %0 : f64
}

// -----

func.func @sincos(%x: f32, %v: vector<4xf16>) -> (f32, vector<4xf16>) {
  %s, %c = math.sincos %x : f32
  %r:2 = math.sincos %v fastmath<afn> : vector<4xf16>
  return %c, %r#1 : f32, vector<4xf16>
}

// -----

func.func @classification(%x: f32, %v: vector<4xf64>, %t: tensor<?xbf16>)
    -> (i1, vector<4xi1>, tensor<?xi1>, i1) {
  %0 = math.isnan %x : f32
  %1 = math.isinf %v : vector<4xf64>
  %2 = math.isfinite %t : tensor<?xbf16>
  %3 = math.isnormal %x {fastmath = #arith.fastmath<nnan>} : f32
  %4 = arith.andi %0, %3 : i1
  return %4, %1, %2, %0 : i1, vector<4xi1>, tensor<?xi1>, i1
}
