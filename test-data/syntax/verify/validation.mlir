// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// Errors the validation pass reports on grammatically valid builtin attributes and types
// (syntax/src/validation): one per chunk, as `mlir-opt` 22 reports them.

// integer range
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 256 : i8} : () -> ()

// -----

// negative zero
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = -0 : i32} : () -> ()

// -----

// signed range
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 128 : si8} : () -> ()

// -----

// index range
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 9223372036854775808 : index} : () -> ()

// -----

// alias def range
// expected-error@+1 {{integer constant out of range for attribute}}
#attr = 2 : i1

// -----

// array element range
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = [1, -129 : i8]} : () -> ()

// -----

// property range
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() <{a = 70000 : ui16}> : () -> ()

// -----

// negative unsigned
// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"t.op"() {a = -1 : ui8} : () -> ()

// -----

// int for tensor
// expected-error@+1 {{integer literal not valid for specified type}}
"t.op"() {a = 5 : tensor<i32>} : () -> ()

// -----

// float for int
// expected-error@+1 {{floating point value not valid for specified type}}
"t.op"() {a = 1.5 : i32} : () -> ()

// -----

// hex float minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.op"() {a = -0x7C00 : f16} : () -> ()

// -----

// hex float range
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = 0x1FFFF : bf16} : () -> ()

// -----

// dense not shaped
// expected-error@+1 {{elements literal must be a shaped type}}
"t.op"() {a = dense<[4]> : i32} : () -> ()

// -----

// dense dynamic
// expected-error@+1 {{elements literal type must have static shape}}
"t.op"() {a = dense<[4]> : tensor<?xi32>} : () -> ()

// -----

// dense unranked
// expected-error@+1 {{elements literal type must have static shape}}
"t.op"() {a = dense<1> : tensor<*xi32>} : () -> ()

// -----

// dense shape
// expected-error@+1 {{inferred shape of elements literal ([1]) does not match type ([5])}}
"t.op"() {a = dense<[4]> : tensor<5xi32>} : () -> ()

// -----

// dense shape 2d
// expected-error@+1 {{inferred shape of elements literal ([1, 2]) does not match type ([2, 1])}}
"t.op"() {a = dense<[[1, 2]]> : tensor<2x1xi32>} : () -> ()

// -----

// dense ranks
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"t.op"() {a = dense<[4, [5]]> : tensor<2xi32>} : () -> ()

// -----

// dense ranks sizes
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"t.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// dense float in int
// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.op"() {a = dense<[4.0]> : tensor<1xi32>} : () -> ()

// -----

// dense bool in float
// expected-error@+1 {{expected floating point literal}}
"t.op"() {a = dense<[1.0, true]> : tensor<2xf32>} : () -> ()

// -----

// dense bool not i1
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"t.op"() {a = dense<true> : tensor<2xi16>} : () -> ()

// -----

// dense range
// expected-error@+1 {{integer constant out of range for type}}
"t.op"() {a = dense<[777]> : tensor<1xi8>} : () -> ()

// -----

// dense hex int range
// expected-error@+1 {{integer constant out of range for type}}
"t.op"() {a = dense<0xFFFFFFFFFFFFFF> : tensor<2xi16>} : () -> ()

// -----

// dense unsigned negative
// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"t.op"() {a = dense<[5, -5]> : vector<2xui32>} : () -> ()

// -----

// dense zero elements
// expected-error@+1 {{parsed zero elements, but type ('tensor<i64>') expected at least 1}}
#attr = dense<> : tensor<i64>

// -----

// dense hex float minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.op"() {a = dense<-0x7FFFFFFF> : tensor<2xf32>} : () -> ()

// -----

// dense hex float range
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = dense<0x7FF0000000000000> : tensor<2xf32>} : () -> ()

// -----

// dense complex splat
// expected-error@+1 {{parsed 1 elements, but type ('complex<f32>') expected 2 elements}}
"t.op"() {a = dense<1.0> : tensor<complex<f32>>} : () -> ()

// -----

// dense complex list
// expected-error@+1 {{parsed 3 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"t.op"() {a = dense<[(1.0, 2.0), 3.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// dense hex digits
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.op"() {a = dense<"0x012"> : tensor<3xi8>} : () -> ()

// -----

// dense hex size
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
"t.op"() {a = dense<"0x0102"> : tensor<3xi8>} : () -> ()

// -----

// dense hex size i1
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<9xi1>'}}
"t.op"() {a = dense<"0x02"> : tensor<9xi1>} : () -> ()

// -----

// dense strings
// expected-error@+1 {{expected string token, got 1}}
"t.op"() {a = dense<[1, 2]> : tensor<2x!foo.t>} : () -> ()

// -----

// dense alias type
!t = tensor<3xi8>
// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"t.op"() {a = dense<[1, 2]> : !t} : () -> ()

// -----

// resource not shaped
// expected-error@+1 {{`dense_resource` expected a shaped type}}
#attr = dense_resource<resource> : i32

// -----

// sparse values rank
// expected-error@+1 {{expected 1-d tensor for sparse element values}}
"t.op"() {a = sparse<[[0, 0, 0]], [[-2.0]]> : vector<1x1x1xf16>} : () -> ()

// -----

// sparse index
// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[1, 1], and type='tensor<1x1xi16>'}}
"t.op"() {a = sparse<1, 10> : tensor<1x1xi16>} : () -> ()

// -----

// sparse negative index
// expected-error@+1 {{sparse index #1 is not contained within the value shape, with index=[18446744073709551615, 0], and type='tensor<2x2xi32>'}}
"t.op"() {a = sparse<[[0, 0], [-1, 0]], [1, 2]> : tensor<2x2xi32>} : () -> ()

// -----

// sparse shapes
// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"t.op"() {a = sparse<[[0, 0]], [1, 2]> : tensor<2x2xi32>} : () -> ()

// -----

// sparse float index
// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.op"() {a = sparse<[[0.5, 0]], [1]> : tensor<2x2xi32>} : () -> ()

// -----

// sparse not shaped
// expected-error@+1 {{elements literal must be a shaped type}}
"t.op"() {a = sparse<[0], [1]> : i32} : () -> ()

// -----

// array type
// expected-error@+1 {{expected integer or float type, got: 'vector<i32>'}}
#attr = array<vector<i32>>

// -----

// array width
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
#attr = array<i7>

// -----

// array float width
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
#attr = array<f4E2M1FN: 1.0>

// -----

// array range
// expected-error@+1 {{integer constant out of range}}
#attr = array<i8: 1, 256>

// -----

// array int literal
// expected-error@+1 {{expected integer literal}}
#attr = array<i8: 1.5>

// -----

// array bool
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
#attr = array<i8: true>

// -----

// array i1 int
// expected-error@+1 {{expected 'true' or 'false' values for i1 type}}
#attr = array<i1: true, 0>

// -----

// array float bool
// expected-error@+1 {{expected floating point literal}}
#attr = array<f32: true>

// -----

// array hex float minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
#attr = array<f32: -0x1>

// -----

// affine mul
// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#map = affine_map<(i, j) -> (i * j)>

// -----

// affine mul chain
// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#map = affine_map<(d0, d1)[s0] -> (d0 * 2 * d1)>

// -----

// affine floordiv
// expected-error@+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
#map = affine_map<(i, j) -> (j floordiv i)>

// -----

// affine ceildiv
// expected-error@+1 {{non-affine expression: right operand of ceildiv has to be either a constant or symbolic}}
#map = affine_map<(i, j)[s0] -> (i ceildiv (s0 * j))>

// -----

// affine mod
// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
#map = affine_map<(i, j) -> (i mod (2 + i))>

// -----

// affine set mul
// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#set = affine_set<(d0, d1) : (d0 * d1 >= 0)>

// -----

// affine constant
// expected-error@+1 {{constant too large for index}}
#map = affine_map<(d0) -> (d0 + 9223372036854775808)>

// -----

// tensor element
// expected-error@+1 {{invalid tensor element type}}
"t.op"() : () -> (tensor<tensor<i8>>)

// -----

// tensor none
// expected-error@+1 {{invalid tensor element type}}
"t.op"() : () -> (tensor<4xnone>)

// -----

// tensor unranked encoding
// expected-error@+1 {{cannot apply encoding to unranked tensor}}
"t.op"() : () -> (tensor<*xf32, #foo.enc>)

// -----

// memref element
// expected-error@+1 {{invalid memref element type}}
"t.op"() : () -> (memref<?xtensor<i8>>)

// -----

// memref unranked element
// expected-error@+1 {{invalid memref element type}}
"t.op"() : () -> (memref<*xtuple<>>)

// -----

// memref spaces
// expected-error@+1 {{multiple memory spaces specified in memref type}}
"t.op"() : () -> (memref<2x4xi8, affine_map<(d0, d1) -> (d0, d1)>, 1, 2>)

// -----

// memref space last
#map = affine_map<(d0, d1) -> (d0, d1)>
// expected-error@+1 {{expected memory space to be last in memref type}}
"t.op"() : () -> (memref<2x4xi8, 1, #map>)

// -----

// memref unranked layout
// expected-error@+1 {{cannot have affine map for unranked memref type}}
"t.op"() : () -> (memref<*xf32, affine_map<(d0) -> (d0)>>)

// -----

// memref map rank
#map = affine_map<(d0, d1) -> (d0, d1)>
// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"t.op"() : () -> (memref<42xi8, #map>)

// -----

// memref strides
// expected-error@+1 {{expected the number of strides to match the rank}}
"t.op"() : () -> (memref<?x?xf32, strided<[1]>>)

// -----

// memref space kind
// expected-error@+1 {{unsupported memory space Attribute}}
"t.op"() : () -> (memref<2x4xi8, i8>)

// -----

// vector zero
// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"t.op"() : () -> (vector<0xi32>)

// -----

// vector zero inner
// expected-error@+1 {{vector types must have positive constant sizes but got 1, 0}}
"t.op"() : () -> (vector<1x0xi32>)

// -----

// vector scalable zero
// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"t.op"() : () -> (vector<[0]xf32>)

// -----

// vector element
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"t.op"() : () -> (vector<2xvector<2xi32>>)

// -----

// complex element
// expected-error@+1 {{invalid element type for complex}}
"t.op"() : () -> (complex<memref<2x4xi8>>)

// -----

// complex index
// expected-error@+1 {{invalid element type for complex}}
!t = complex<index>

// -----

// metadata key
{-#
  // expected-error@+1 {{unknown key 'some_key' in file metadata dictionary}}
  some_key: {}
#-}

// -----

// metadata string key
{-#
  // expected-error@+1 {{expected identifier key in file metadata dictionary}}
  "dialect_resources": {}
#-}

// -----

// metadata group
{-#
  // expected-error@+1 {{expected '{'}}
  dialect_resources: "value"
#-}

// -----

// metadata group key
{-#
  dialect_resources: {
    // expected-error@+1 {{expected identifier key for 'resource' entry}}
    "builtin": {}
  }
#-}

// -----

// metadata blob
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: 10
    }
  }
#-}

// -----

// metadata blob alignment
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
      blob: "0x"
    }
  }
#-}

// -----

// metadata blob pow2
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
      blob: "0x03000000aa"
    }
  }
#-}

// -----

// metadata external
{-#
  external_resources: {
    tool: {
      // expected-error@+1 {{expected string value for key 'k'}}
      k: 10
    }
  }
#-}

// -----

// valid: none of the checks fire
#map0 = affine_map<(d0, d1)[s0] -> ((d0 - d0) * d1, (d0 mod 1) * d1, (d0 + 1 - d0) * d1, d1 mod (d0 - d0 + 2), d1 floordiv 0)>
#map1 = affine_map<(d0, d1)[s0, s1] -> (d0 * s0, s0 * s1, d0 floordiv (s0 + 2), (d0 + s1) mod s0, -d1 * 3)>
#set0 = affine_set<(d0)[s0] : (d0 * s0 >= 0, d0 - s0 == 0)>
!elem = f32
"t.op"() {a = 255 : i8, b = -128 : i8, c = 0xFF : i8, d = 9223372036854775807 : index, e = 0 : i0, f = -1 : i1, g = 18446744073709551615 : i64, h = 127 : si8, i = -128 : si8, j = 255 : ui8, k = 0x7C00 : f16, l = 0xFFFFFFFF : f32, m = 1.5 : f32, n = 2 : i64, o = "s" : !foo.t, p = 0x7FFFFFFFFFFFFFFFFFFF : f80} : () -> ()
"t.op"() {a = dense<1> : memref<2xi32>, b = dense<"abc"> : tensor<3x!foo.t>, c = dense<[]> : tensor<0xi32>, d = dense<> : tensor<0xi32>, e = dense<"0x"> : tensor<0xi32>, f = dense<1> : tensor<0xi32>, g = dense<[true, false]> : tensor<2xi1>, h = dense<"0x01"> : tensor<2xi1>, i = dense<"0x0101"> : tensor<9xi1>, j = dense<"0x01"> : tensor<2xi4>, k = dense<"0x01000000"> : tensor<2xcomplex<i16>>} : () -> ()
"t.op"() {a = dense<[1, 2]> : vector<[2]xi32>, b = dense<(1, 2)> : tensor<complex<i32>>, c = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2x!elem>, d = dense<[0x7F800000, 1.0]> : tensor<2xf32>, e = dense<[-1, 255]> : tensor<2xi8>, f = dense<1> : tensor<2xindex>, g = dense<"0x0100"> : tensor<2xi8>} : () -> ()
"t.op"() {a = sparse<[0, 1], [1, 2]> : tensor<2xi32>, b = sparse<0, 1> : tensor<i32>, c = sparse<[], []> : tensor<2xi32>, d = sparse<[[0, 0]], "0x01000000"> : tensor<2x2xi32>, e = sparse<[[1, 1]], [1]> : memref<2x2xi32>, f = sparse<> : tensor<2xi32>} : () -> ()
"t.op"() {a = array<i0>, b = array<i1: true, false>, c = array<ui8: -1>, d = array<i8: -128, 255>, e = array<f32: 1.0, 0x7F800000, -2.5>, f = array<bf16: 1.0>, g = array<f64>, h = array<i1>} : () -> ()
"t.op"() : () -> (tensor<!foo.t>, tensor<4xvector<2xf32>>, tensor<complex<f32>>, tensor<*x!foo.t>, tensor<2xf32, #foo.enc>, memref<2xcomplex<f32>>, memref<2xvector<2xf32>>, memref<2xmemref<2xf32>>, memref<2xmemref<*xf32>>)
"t.op"() : () -> (memref<4xf32, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>>, memref<4xf32, "s">, memref<4xf32, {a}>, memref<4xf32, true>, memref<4xf32, 5 : i8>, memref<*xf32, 1>, memref<4xf32, strided<[0]>>, memref<4xf32, strided<[1], offset: -1>>, memref<4xf32, affine_map<(d0)[s0] -> (d0)>, 1>)
"t.op"() : () -> (vector<2xindex>, vector<2xi0>, complex<i0>, vector<2xf4E2M1FN>, vector<4x[4]xf32>, vector<f32>, complex<!elem>)
%c = arith.constant 255 : i8
%d = arith.constant dense<[1, 2]> : tensor<2xi32>
{-#
  dialect_resources: {
    builtin: {
      a: "0x01000000", b: "0x00000000", c: "0x0400000008B030BE"
    }
  },
  external_resources: {
    tool: {
      s: "x", t: true, u: "0x01000000aa"
    }
  }
#-}

// -----

// A decimal integer where a float is wanted, with MLIR's note on how to write it.
// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.op"() {value = dense<[4]> : tensor<1xf32>} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.op"() {value = array<f32: 4>} : () -> ()
