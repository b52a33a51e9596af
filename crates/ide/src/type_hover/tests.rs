//! Hover on types and attributes, with `$0` marking the cursor.

use expect_test::{Expect, expect};
use mlir_syntax::TextSize;

use super::type_hover;

fn check(fixture: &str, expected: Expect) {
    let offset = TextSize::new(fixture.find("$0").expect("$0") as u32);
    let text = fixture.replace("$0", "");
    let root = mlir_syntax::parse(&text).syntax_node();
    let registry = mlir_dialects::registry::Registry::builtin();
    let shown = match type_hover(&root, offset, registry) {
        Some(found) => format!("{}\n{}", &text[found.range], found.markdown),
        None => "(none)".to_string(),
    };
    expected.assert_eq(&shown);
}

#[test]
fn a_memref_reads_out_shape_layout_and_memory_space() {
    check(
        "\"t.op\"() : () -> mem$0ref<4x?xf32, strided<[?, 1], offset: ?>, 3>\n",
        expect![[r#"
            memref<4x?xf32, strided<[?, 1], offset: ?>, 3>
            ```mlir
            memref<4x?xf32, strided<[?, 1], offset: ?>, 3>
            ```

            memref of `f32`, rank 2: 4 × ? (dim 1 dynamic)
            - layout: strided: dim 0 stride ? (dynamic), dim 1 stride 1; offset ? (dynamic)
            - memory space: `3`"#]],
    );
}

#[test]
fn a_static_memref_has_its_size_and_row_major_strides() {
    check(
        "\"t.op\"() : () -> memref<4x$08xi16>\n",
        expect![[r#"
            memref<4x8xi16>
            ```mlir
            memref<4x8xi16>
            ```

            memref of `i16`, rank 2: 4 × 8
            - 32 elements of 16 bits (64 bytes)
            - layout: identity (row-major, contiguous: strides [8, 1], offset 0)
            - memory space: the default (0)"#]],
    );
}

#[test]
fn the_innermost_type_is_described() {
    check(
        "\"t.op\"() : () -> memref<4xf$032>\n",
        expect![[r#"
            f32
            ```mlir
            f32
            ```

            32-bit floating point (IEEE 754 single precision)"#]],
    );
}

#[test]
fn aliases_are_expanded_in_the_canonical_form() {
    check(
        "!e = bf16\n#l = strided<[1], offset: 2>\n\"t.op\"() : () -> tens$0or<2x?x!e>\n",
        expect![[r#"
            tensor<2x?x!e>
            ```mlir
            tensor<2x?xbf16>
            ```

            ranked tensor of `bf16`, rank 2: 2 × ? (dim 1 dynamic)"#]],
    );
}

#[test]
fn vectors_tell_their_scalable_dimensions() {
    check(
        "\"t.op\"() : () -> vec$0tor<4x[8]xf32>\n",
        expect![[r#"
            vector<4x[8]xf32>
            ```mlir
            vector<4x[8]xf32>
            ```

            vector of `f32`, rank 2: 4 × [8]
            - dim 1 scalable: multiplied by the hardware's `vscale` at run time"#]],
    );
}

#[test]
fn small_floats_and_tensor_encodings() {
    check(
        "#enc = #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>\n\"t.op\"() : () -> tensor<8xf8E4M3FN, #enc$0>\n",
        expect![[r#"
            tensor<8xf8E4M3FN, #enc>
            ```mlir
            tensor<8xf8E4M3FN, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>
            ```

            ranked tensor of `f8E4M3FN`, rank 1: 8
            - 8 elements of 8 bits (8 bytes)
            - encoding: `#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>`"#]],
    );
    check(
        "\"t.op\"() : () -> tensor<8xf8E4$0M3FN>\n",
        expect![[r#"
            f8E4M3FN
            ```mlir
            f8E4M3FN
            ```

            8-bit floating point (4 exponent bits, 3 mantissa bits, finite (no infinities))"#]],
    );
}

#[test]
fn affine_maps_and_sets_with_dims_and_symbols() {
    check(
        "\"t.op\"() {m = affine_map<(d0, d1)[s0] -> (d0 * s0 + d$01, d0)>} : () -> ()\n",
        expect![[r#"
            affine_map<(d0, d1)[s0] -> (d0 * s0 + d1, d0)>
            ```mlir
            affine_map<(d0, d1)[s0] -> (d0 * s0 + d1, d0)>
            ```

            affine map: 2 dimensions (`d0`, `d1`), 1 symbol (`s0`) → 2 results
            - result 0: `d0 * s0 + d1`
            - result 1: `d0`"#]],
    );
    check(
        "\"t.op\"() {s = affine_set<(d0)[s0] : (d0 - s0 >= 0, d$00 == 0)>} : () -> ()\n",
        expect![[r#"
            affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
            ```mlir
            affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
            ```

            integer set: 1 dimension (`d0`), 1 symbol (`s0`), 2 constraints
            - `d0 - s0 >= 0`
            - `d0 == 0`"#]],
    );
}

#[test]
fn dense_literals_with_shape_and_element_type() {
    check(
        "\"t.op\"() {d = den$0se<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> ()\n",
        expect![[r#"
            dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
            ```mlir
            dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
            ```

            elements attribute: 4 elements of `i32`, shape 2 × 2
            - every element written out"#]],
    );
    check(
        "\"t.op\"() {d = dense<1.0$0> : tensor<4x4xf32>} : () -> ()\n",
        expect![[r#"
            dense<1.0> : tensor<4x4xf32>
            ```mlir
            dense<1.0> : tensor<4x4xf32>
            ```

            elements attribute: 16 elements of `f32`, shape 4 × 4
            - a splat: every element has the one value written"#]],
    );
}

#[test]
fn numbers_and_function_types() {
    check(
        "\"t.op\"() {n = 4$02 : i8, b = true} : (i32, f32) -> i1\n",
        expect![[r#"
            42 : i8
            ```mlir
            42 : i8
            ```

            integer `42` of type `i8`"#]],
    );
    check(
        "\"t.op\"() {n = 42 : i8} : (i32, f32) -$0> i1\n",
        expect![[r#"
            (i32, f32) -> i1
            ```mlir
            (i32, f32) -> i1
            ```

            function type: 2 inputs (`i32`, `f32`) to 1 result (`i1`)"#]],
    );
}

#[test]
fn nothing_on_values_broken_types_or_plain_text() {
    check("\"t.op\"(%a$0) : (i32) -> ()\n", expect!["(none)"]);
    check(
        "\"t.op\"() : () -> tensor<8xf32, #undefined$0>\n",
        expect!["(none)"],
    );
    check("\"t.op\"() : () -> memref<4x$0>\n", expect!["(none)"]);
    check("// a comment $0here\n", expect!["(none)"]);
}
