// Canonical printing of builtin types and attributes (checklist §4a, §4b), written for
// mlir-analyzer. Each `t.ty`/`t.fn` op holds one type (`t.fn`: a function type) and each
// `t.attr` op one attribute `a`, most in a non-canonical spelling. `print.expected` holds,
// line by line, what MLIR 22 prints for them; it was produced from the repository root with
//
//   /usr/lib/llvm-22/bin/mlir-opt --allow-unregistered-dialect --mlir-print-op-generic \
//     --mlir-print-local-scope test-data/types/print.mlir \
//   | sed -n -e 's/^ *"t\.attr"() {a = \(.*\)} : () -> ()$/\1/p' \
//            -e 's/^ *%[0-9]* = "t\.fn"() : () -> (\(.*\))$/\1/p' \
//            -e 's/^ *%[0-9]* = "t\.ty"() : () -> \(.*\)$/\1/p' > test-data/types/print.expected
//
// and `analysis/tests/types_print.rs` checks that our printer gives the same lines.

!f32_tensor = tensor<4 x f32>
!nested = tuple<!f32_tensor, !f32_tensor>
!fn = (i32) -> (i1)
#id2 = affine_map<(i, j) -> (i, j)>
#tiled = affine_map<(d0, d1) -> (d0 floordiv 32, d1 mod 32)>
#strided = strided<[?, 1], offset: ?>
#space = 3 : i32

// Integer, index, none and float keywords (B-T01..B-T04).
"t.ty"() : () -> (i1)
"t.ty"() : () -> (si8)
"t.ty"() : () -> (ui64)
"t.ty"() : () -> (i13)
"t.ty"() : () -> (i16777215)
"t.ty"() : () -> (index)
"t.ty"() : () -> (none)
"t.ty"() : () -> (bf16)
"t.ty"() : () -> (f16)
"t.ty"() : () -> (tf32)
"t.ty"() : () -> (f32)
"t.ty"() : () -> (f64)
"t.ty"() : () -> (f80)
"t.ty"() : () -> (f128)
"t.ty"() : () -> (f4E2M1FN)
"t.ty"() : () -> (f6E2M3FN)
"t.ty"() : () -> (f6E3M2FN)
"t.ty"() : () -> (f8E5M2)
"t.ty"() : () -> (f8E4M3)
"t.ty"() : () -> (f8E4M3FN)
"t.ty"() : () -> (f8E5M2FNUZ)
"t.ty"() : () -> (f8E4M3FNUZ)
"t.ty"() : () -> (f8E4M3B11FNUZ)
"t.ty"() : () -> (f8E3M4)
"t.ty"() : () -> (f8E8M0FNU)

// Complex, tuple and aliases (B-T05, B-T06, G-07).
// fmt: off (the spaces are what this line tests)
"t.ty"() : () -> (complex< f32 >)
// fmt: on
"t.ty"() : () -> (complex<i32>)
// fmt: off (the spaces are what this line tests)
"t.ty"() : () -> (tuple< >)
// fmt: on
// fmt: off (the spaces are what this line tests)
"t.ty"() : () -> (tuple<i32,f32 , tensor<i1>>)
// fmt: on
"t.ty"() : () -> (!f32_tensor)
"t.ty"() : () -> (!nested)
"t.ty"() : () -> (tuple<tuple<>, tuple<index>>)

// Function types (B-T07): a single non-function result loses its parentheses.
"t.fn"() : () -> ((i32) -> (i32))
"t.fn"() : () -> (() -> ())
"t.fn"() : () -> ((i32, f32) -> (i1, i1))
"t.fn"() : () -> ((i32) -> ((i32) -> i32))
"t.fn"() : () -> (((i32) -> i1) -> ((i1) -> i1))
"t.fn"() : () -> (!fn)
"t.fn"() : () -> ((!fn, tuple<>) -> tuple<i8>)

// Vectors (B-T13), scalable dimensions included.
"t.ty"() : () -> (vector<4xf32>)
"t.ty"() : () -> (vector<f32>)
// fmt: off (the spaces are what this line tests)
"t.ty"() : () -> (vector< 3 x 42 x i32 >)
// fmt: on
"t.ty"() : () -> (vector<[4]xf32>)
"t.ty"() : () -> (vector<4x[8]xf32>)
"t.ty"() : () -> (vector<[4]x[8]xi8>)
"t.ty"() : () -> (vector<[4]x8xf32>)
"t.ty"() : () -> (vector<2x4xindex>)

// Tensors (B-T08, B-T09), with dimension lists split as MLIR splits them.
"t.ty"() : () -> (tensor<?x?x13x?xf32>)
"t.ty"() : () -> (tensor<f32>)
"t.ty"() : () -> (tensor<0x42xf32>)
"t.ty"() : () -> (tensor<0xf32>)
// fmt: off (the spaces are what this line tests)
"t.ty"() : () -> (tensor< * x f32 >)
// fmt: on
"t.ty"() : () -> (tensor<4x?xcomplex<f64>>)
"t.ty"() : () -> (tensor<4xvector<4xf32>>)
"t.ty"() : () -> (tensor<4x!d.t>)
"t.ty"() : () -> (tensor<4xf32, "enc">)
"t.ty"() : () -> (tensor<4xf32, 1>)
"t.ty"() : () -> (tensor<4xf32, 1 : i32>)
"t.ty"() : () -> (tensor<?x?xf64, #d.enc<a = 1>>)
"t.ty"() : () -> (tensor<8xf32, {k = 0 : i8}>)

// Memrefs (B-T10, B-T11): identity layouts, zero offsets and memory space 0 drop out.
"t.ty"() : () -> (memref<16x32xf32, #id2>)
"t.ty"() : () -> (memref<4xf32, affine_map<(d0) -> (d0)>>)
"t.ty"() : () -> (memref<4xf32, affine_map<(d0) -> (d0 + 0)>>)
"t.ty"() : () -> (memref<4x4xf32, #tiled>)
"t.ty"() : () -> (memref<4x8xf32, affine_map<(d0, d1) -> (d1 + d0 * 8)>>)
"t.ty"() : () -> (memref<2x3xf32, strided<[6, 2]>>)
"t.ty"() : () -> (memref<2x3xf32, strided<[6, 2], offset: 0>>)
"t.ty"() : () -> (memref<?x?xf32, #strided, 1>)
"t.ty"() : () -> (memref<4xf32, strided<[?]>>)
"t.ty"() : () -> (memref<4x4xf32, strided<[-4, 1], offset: 12>>)
"t.ty"() : () -> (memref<f32, strided<[]>>)
"t.ty"() : () -> (memref<f32>)
"t.ty"() : () -> (memref<0xf32>)
"t.ty"() : () -> (memref<1x0xf32>)
"t.ty"() : () -> (memref<4xf32, 0>)
"t.ty"() : () -> (memref<4xf32, 1>)
"t.ty"() : () -> (memref<4xf32, 1 : i64>)
"t.ty"() : () -> (memref<4xf32, #space>)
"t.ty"() : () -> (memref<4xf32, "shared">)
"t.ty"() : () -> (memref<4x4xf32, #tiled, 2>)
"t.ty"() : () -> (memref<4xvector<4xf32>>)
"t.ty"() : () -> (memref<4xmemref<2xi8>>)
"t.ty"() : () -> (memref<4xcomplex<f32>>)
"t.ty"() : () -> (memref<*xf32>)
"t.ty"() : () -> (memref<*xf32, 0>)
"t.ty"() : () -> (memref<*xf32, 10>)
"t.ty"() : () -> (memref<*xf32, #space>)

// Dialect types (G-08, B-T12): bodies are kept as written.
"t.ty"() : () -> (!llvm.ptr)
"t.ty"() : () -> (!d.t<>)
"t.ty"() : () -> (!d.t< a , b >)
"t.ty"() : () -> (!d.foo.bar)
"t.ty"() : () -> (!d<x>)
"t.ty"() : () -> (!d<t<i32>>)
"t.ty"() : () -> (!d<"x y">)
"t.ty"() : () -> (!d<  x  >)
"t.ty"() : () -> (!d.a<"q" + [1] -> {x}>)

// Integer attributes (B-A07): i64 by default, signless read signed, `i1` as a bool.
"t.attr"() {a = 10} : () -> ()
"t.attr"() {a = -10} : () -> ()
"t.attr"() {a = 0x2A} : () -> ()
"t.attr"() {a = 10 : i32} : () -> ()
"t.attr"() {a = 255 : i8} : () -> ()
"t.attr"() {a = 0x80 : i8} : () -> ()
"t.attr"() {a = -128 : i8} : () -> ()
"t.attr"() {a = 255 : ui8} : () -> ()
"t.attr"() {a = -1 : si8} : () -> ()
"t.attr"() {a = 15 : i4} : () -> ()
"t.attr"() {a = 18446744073709551615 : i64} : () -> ()
"t.attr"() {a = 18446744073709551615 : ui64} : () -> ()
"t.attr"() {a = 170141183460469231731687303715884105727 : i128} : () -> ()
"t.attr"() {a = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i136} : () -> ()
"t.attr"() {a = 7 : index} : () -> ()
"t.attr"() {a = -7 : index} : () -> ()
"t.attr"() {a = true} : () -> ()
"t.attr"() {a = false} : () -> ()
"t.attr"() {a = 1 : i1} : () -> ()
"t.attr"() {a = 0 : i1} : () -> ()

// Float attributes (B-A08): f64 by default; six digits when they read back exactly,
// else the shortest exact form, else the bits in hex.
"t.attr"() {a = 1.0} : () -> ()
"t.attr"() {a = 1.0 : f32} : () -> ()
"t.attr"() {a = 42. : f32} : () -> ()
"t.attr"() {a = -0.0} : () -> ()
"t.attr"() {a = 0.0 : bf16} : () -> ()
"t.attr"() {a = 0.1} : () -> ()
"t.attr"() {a = 0.1 : f32} : () -> ()
"t.attr"() {a = 0.3 : f16} : () -> ()
"t.attr"() {a = 0.1 : bf16} : () -> ()
"t.attr"() {a = 1.5e300} : () -> ()
"t.attr"() {a = 1.0e-5} : () -> ()
"t.attr"() {a = 1.0e15} : () -> ()
"t.attr"() {a = 1.0e+30 : f32} : () -> ()
"t.attr"() {a = 16777217.0} : () -> ()
"t.attr"() {a = 123456789.0} : () -> ()
"t.attr"() {a = 12345.678} : () -> ()
"t.attr"() {a = 0.000123456789} : () -> ()
"t.attr"() {a = 3.4028234663852886e+38 : f32} : () -> ()
"t.attr"() {a = 1.7976931348623157e308} : () -> ()
"t.attr"() {a = 4.9e-324} : () -> ()
"t.attr"() {a = 2.2250738585072014e-308} : () -> ()
"t.attr"() {a = 65504.0 : f16} : () -> ()
"t.attr"() {a = 1.0e-7 : f16} : () -> ()
"t.attr"() {a = 3.14159 : f16} : () -> ()
"t.attr"() {a = -2.5 : tf32} : () -> ()
"t.attr"() {a = 2.5 : f80} : () -> ()
"t.attr"() {a = 0.1 : f80} : () -> ()
"t.attr"() {a = 0.1 : f128} : () -> ()
"t.attr"() {a = -2.5e-300 : f128} : () -> ()
"t.attr"() {a = 0.5 : f8E4M3FN} : () -> ()
"t.attr"() {a = 1.0 : f8E5M2} : () -> ()
"t.attr"() {a = 0.3 : f8E4M3} : () -> ()
"t.attr"() {a = 240.0 : f8E4M3FNUZ} : () -> ()
"t.attr"() {a = 2.0 : f4E2M1FN} : () -> ()
"t.attr"() {a = 3.0 : f6E2M3FN} : () -> ()
"t.attr"() {a = 0.25 : f6E3M2FN} : () -> ()
"t.attr"() {a = 8.0 : f8E8M0FNU} : () -> ()
"t.attr"() {a = 1.5 : f8E3M4} : () -> ()
"t.attr"() {a = 0x7C00 : f16} : () -> ()
"t.attr"() {a = 0x3C00 : f16} : () -> ()
"t.attr"() {a = 0x7FC00000 : f32} : () -> ()
"t.attr"() {a = 0xFF800000 : f32} : () -> ()
"t.attr"() {a = 0x0000000000000001 : f64} : () -> ()
"t.attr"() {a = 0x7FF8000000000000 : f64} : () -> ()
"t.attr"() {a = 0x3FFF8000000000000000 : f80} : () -> ()
"t.attr"() {a = 0x7F : f8E4M3FN} : () -> ()
"t.attr"() {a = 0x80 : f8E4M3FNUZ} : () -> ()
"t.attr"() {a = 0xFF : f8E8M0FNU} : () -> ()
"t.attr"() {a = 0x01 : f8E5M2} : () -> ()

// Strings (B-A12): non-printable bytes, quotes and backslashes escaped.
"t.attr"() {a = "plain"} : () -> ()
"t.attr"() {a = "tab\tnew\nline \"q\" \\ \41\7f é"} : () -> ()
"t.attr"() {a = ""} : () -> ()
"t.attr"() {a = "typed" : !d.string} : () -> ()
"t.attr"() {a = "typed" : i32} : () -> ()

// Collections (B-A02, B-A17): array elements drop `: i64` and decimal `: f64`;
// dictionaries sort their keys and quote those that are not identifiers.
"t.attr"() {a = []} : () -> ()
"t.attr"() {a = [1, 2 : i32, 1.5, 0x7FF0000000000000 : f64, 2.5 : f32, true, unit, "s"]} : () -> ()
"t.attr"() {a = [[1], [[]], {k = 5}, i32, @sym]} : () -> ()
"t.attr"() {a = {}} : () -> ()
"t.attr"() {a = {z = 1, "x y" = 2, a = 3.0, "b.c" = "s", "0" = 4, flag, _u = unit, "q" = [1]}} : () -> ()
"t.attr"() {a = {inner = {b = 1, a = 2}}} : () -> ()

// Types as attributes (B-A14) and symbol references (B-A13).
"t.attr"() {a = i32} : () -> ()
"t.attr"() {a = (i32) -> (i32)} : () -> ()
// fmt: off (the spaces are what this line tests)
"t.attr"() {a = tensor< 4 x f32 >} : () -> ()
// fmt: on
"t.attr"() {a = !f32_tensor} : () -> ()
"t.attr"() {a = @flat} : () -> ()
"t.attr"() {a = @"quoted"} : () -> ()
"t.attr"() {a = @"needs quotes"::@nested::@"x.y"} : () -> ()
"t.attr"() {a = @"0x"} : () -> ()

// Affine maps and sets (B-A01, B-A09): renamed, simplified, printed canonically.
"t.attr"() {a = #id2} : () -> ()
"t.attr"() {a = affine_map<() -> ()>} : () -> ()
"t.attr"() {a = affine_map<() -> (0)>} : () -> ()
"t.attr"() {a = affine_map<(i)[N] -> (i + N, N, 3)>} : () -> ()
"t.attr"() {a = affine_map<(d0, d1) -> (d1 + d0)>} : () -> ()
"t.attr"() {a = affine_map<(d0) -> (2 * d0)>} : () -> ()
"t.attr"() {a = affine_map<(d0) -> (d0 - 1, -d0, d0 * -2, -(d0 + 1))>} : () -> ()
"t.attr"() {a = affine_map<(d0, d1) -> (d0 - d1, d0 - d1 * 3, d0 + (d1 + 3))>} : () -> ()
"t.attr"() {a = affine_map<(d0) -> (1 + 2 + d0, d0 - 1 + 1, d0 * 2 * 3)>} : () -> ()
"t.attr"() {a = affine_map<(d0)[s0] -> ((d0 + s0) floordiv 2, d0 ceildiv 4, d0 mod 8)>} : () -> ()
"t.attr"() {a = affine_map<(d0) -> (d0 floordiv 1, d0 mod 1, (d0 * 4) mod 2, (d0 * 6) mod 4)>} : () -> ()
"t.attr"() {a = affine_map<(d0) -> (7 mod 3, 7 floordiv 2, 7 ceildiv 2, -7 floordiv 2, -7 mod 3)>} : () -> ()
"t.attr"() {a = affine_map<(d0) -> ((d0 * 4) floordiv 2, (d0 * 4 + 8) floordiv 4, d0 floordiv 2 floordiv 3)>} : () -> ()
"t.attr"() {a = affine_map<(d0) -> (d0 - (d0 floordiv 4) * 4, d0 * 2 - d0 * 2, d0 floordiv 4 * 4)>} : () -> ()
"t.attr"() {a = affine_map<(d0)[s0, s1] -> (s1 + s0, s0 * 2 + d0, d0 + 2 + s0, 3 * s0, s1 * s0)>} : () -> ()
"t.attr"() {a = affine_map<(d0, d1, d2) -> (d2 + d1 + d0, d0 * 0, d0 * 1, (d0 + 1) * 2)>} : () -> ()
"t.attr"() {a = affine_map<(d0)[s0, s1] -> (d0 * s0 * s1, d0 ceildiv -2)>} : () -> ()
"t.attr"() {a = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0, d0 <= 10, 5 >= d0)>} : () -> ()
"t.attr"() {a = affine_set<(i, j) : (i - 2 * j + 1 >= 0, i + j == 4)>} : () -> ()

// Strided layouts (B-A16).
"t.attr"() {a = strided<[12, 4, 1]>} : () -> ()
// fmt: off (the spaces are what this line tests)
"t.attr"() {a = strided<[ ?, 1 ], offset : ?>} : () -> ()
// fmt: on
"t.attr"() {a = strided<[], offset: 0>} : () -> ()
"t.attr"() {a = strided<[1], offset: 5>} : () -> ()
"t.attr"() {a = #strided} : () -> ()

// Dense arrays (B-A03).
"t.attr"() {a = array<i8>} : () -> ()
"t.attr"() {a = array<i32: 10, 0x2A, -1>} : () -> ()
"t.attr"() {a = array<i8: 255, -128>} : () -> ()
"t.attr"() {a = array<f64: 42., -12.5, 0.1>} : () -> ()
"t.attr"() {a = array<f32: 1.0>} : () -> ()
"t.attr"() {a = array<i1: true, false>} : () -> ()

// Dialect attributes: bodies kept as written, `#d<x>` printed as `#d.x`.
"t.attr"() {a = #d.a< x , y >} : () -> ()
"t.attr"() {a = #d.flag} : () -> ()
"t.attr"() {a = #d<"raw data"> : i32} : () -> ()
"t.attr"() {a = #d<x>} : () -> ()
"t.attr"() {a = #d.a<>} : () -> ()

// Double negation (a parser fix).
"t.attr"() {a = affine_map<(d0) -> (--d0, -(-d0) + 1)>} : () -> ()
