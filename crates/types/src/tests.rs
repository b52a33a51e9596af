//! Unit tests of semantic types and attributes: lowering (aliases, cycles, broken trees),
//! value equality, shape helpers, and the exact float conversions behind the printer.
//! Printing itself is checked against `mlir-opt` by `tests/types_print.rs`.

use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{AstNode, GenericOp};

use super::float::{Decoded, FloatKind, decode, from_f64, parse_decimal};
use super::float_print::format_float;
use super::lower::{is_attr_node, is_type_node};
use super::*;

/// The last generic op of `text`, and the file's aliases.
fn last_op(text: &str) -> (GenericOp, AliasTable) {
    let root = mlir_syntax::parse(text).syntax_node();
    let aliases = AliasTable::of_file(&root);
    let op = root.children().filter_map(GenericOp::cast).last();
    (op.expect("an op"), aliases)
}

/// The type of the first result of the last op of `text` (aliases from the file).
fn ty(text: &str) -> Type {
    let (op, aliases) = last_op(text);
    let result = op
        .function_type()
        .and_then(|f| f.result_types().into_iter().next());
    type_of_node(result.expect("a result type").syntax(), &aliases.lookup())
}

/// `ty` of a file whose last op returns `t`, after the lines of `prelude`.
fn ty_of(prelude: &str, t: &str) -> Type {
    ty(&format!("{prelude}\n\"t.op\"() : () -> ({t})\n"))
}

/// The attribute `a` of the last op of a file with `prelude` and `{a = attr}`.
fn attr_of(prelude: &str, attr: &str) -> Attr {
    let text = format!("{prelude}\n\"t.op\"() {{a = {attr}}} : () -> ()\n");
    let (op, aliases) = last_op(&text);
    let value = op.attr_dict().and_then(|d| d.entry("a")?.value());
    attr_of_node(value.expect("attribute a").syntax(), &aliases.lookup())
}

/// Lowers every type and attribute node of `text`'s tree (must not panic).
fn lower_everything(text: &str) -> usize {
    let root = mlir_syntax::parse(text).syntax_node();
    let aliases = AliasTable::of_file(&root);
    let lookup = aliases.lookup();
    let mut lowering = Lowering::new(&lookup);
    let mut count = 0;
    for node in root.descendants() {
        if is_type_node(node.kind()) {
            let _ = lowering.lower_type(&node).to_string();
            count += 1;
        } else if is_attr_node(node.kind()) {
            let _ = lowering.lower_attr(&node).to_string();
            count += 1;
        }
    }
    count
}

#[test]
fn aliases_expand_through_chains() {
    let prelude = "!a = i32\n!b = tuple<!a, !a>\n#m = affine_map<(d0) -> (d0 * 2)>";
    assert_eq!(ty_of(prelude, "!b").to_string(), "tuple<i32, i32>");
    assert_eq!(
        ty_of(prelude, "memref<4xf32, #m>").to_string(),
        "memref<4xf32, affine_map<(d0) -> (d0 * 2)>>"
    );
    assert_eq!(
        attr_of(prelude, "[#m, !b]").to_string(),
        "[affine_map<(d0) -> (d0 * 2)>, tuple<i32, i32>]"
    );
}

#[test]
fn unknown_and_cyclic_aliases_are_errors() {
    assert_eq!(ty_of("", "!missing"), Type::Error);
    let cyclic = ty_of("!a = !b\n!b = tuple<!a>", "!a");
    assert_eq!(cyclic, Type::Tuple(vec![Type::Error].into()));
    assert!(ty_of("!a = !b\n!b = tuple<!a>", "!b").contains_error());
    assert_eq!(
        attr_of("#a = [#a]", "#a"),
        Attr::Array(vec![Attr::Error].into())
    );
    assert_eq!(
        attr_of("#x = [1, #x]", "#x").to_string(),
        "[1, <<error attribute>>]"
    );
}

#[test]
fn first_alias_definition_wins() {
    assert_eq!(ty_of("!a = i8\n!a = i16", "!a"), Type::int(8));
}

#[test]
fn chunk_aliases_are_the_chunks_own() {
    let text = "!a = i8\n// -----\n!a = f32\n\"t.op\"() : () -> (!a)\n";
    let file = mlir_syntax::parse(text).tree();
    let chunks = file.chunks();
    let second = AliasTable::of_chunk(&chunks[1]);
    let op = chunks[1].ops().next().unwrap().syntax().clone();
    let generic = GenericOp::cast(op).unwrap();
    let result = generic.function_type().unwrap().result_types().remove(0);
    assert_eq!(
        type_of_node(result.syntax(), &second.lookup()),
        Type::Float(FloatKind::F32)
    );
    assert!(AliasTable::of_chunk(&chunks[0]).get("!a").is_some());
}

#[test]
fn long_alias_chains_stop_at_the_depth_limit() {
    let mut prelude = String::from("!a0 = i32\n");
    for i in 1..2000 {
        prelude += &format!("!a{i} = !a{}\n", i - 1);
    }
    assert_eq!(ty_of(&prelude, "!a10"), Type::int(32));
    assert_eq!(ty_of(&prelude, "!a1999"), Type::Error);
}

#[test]
fn repeated_alias_uses_are_lowered_once() {
    // Expanded in full this type has 2^40 leaves; the cache keeps lowering linear.
    let mut prelude = String::from("!a0 = i1\n");
    for i in 1..=40 {
        prelude += &format!("!a{i} = tuple<!a{}, !a{}>\n", i - 1, i - 1);
    }
    let Type::Tuple(parts) = ty_of(&prelude, "!a40") else {
        panic!("a tuple");
    };
    assert_eq!(parts.len(), 2);
    // Both halves share one value (comparing them structurally would take 2^39 steps).
    let (Type::Tuple(left), Type::Tuple(right)) = (&parts[0], &parts[1]) else {
        panic!("tuples");
    };
    assert!(std::sync::Arc::ptr_eq(left, right));
}

#[test]
fn broken_types_lower_to_errors() {
    for broken in [
        "tensor<4x",
        "memref<",
        "vector<?xf32>",
        "complex<",
        "!",
        "(i32)",
        "i0x",
        "tensor<99999999999999999999xf32>",
    ] {
        let text = format!("\"t.op\"() : () -> ({broken})\n");
        let root = mlir_syntax::parse(&text).syntax_node();
        let nodes: Vec<SyntaxNode> = root
            .descendants()
            .filter(|n| is_type_node(n.kind()))
            .collect();
        let lookup = |_: &str| None;
        let lowered: Vec<Type> = nodes.iter().map(|n| type_of_node(n, &lookup)).collect();
        assert!(
            lowered.iter().any(Type::contains_error),
            "{broken}: {lowered:?}"
        );
    }
}

#[test]
fn every_prefix_of_a_file_lowers_without_panicking() {
    let text = "!t = tensor<4x?xf32, #d.e<[1]>>\n#m = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>\n\
        \"t.op\"() {a = [1, 2.5 : f16, \"s\", @x::@y, {k}], b = array<i8: 1, -2>, c = strided<[?, 1], offset: 3>, \
        d = 0x7C00 : f16, e = affine_set<(d0) : (d0 - 1 >= 0)>, f = dense<[1, 2]> : tensor<2xi8>} \
        : (memref<4x4xf32, #m, 1>, vector<[4]x2xi1>, !t, complex<f32>) -> ((i32) -> (tuple<>, !d.x<y>))\n";
    let mut total = 0;
    for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
        total += lower_everything(&text[..end]);
    }
    assert!(total > 1000);
}

#[test]
fn values_compare_like_mlir() {
    assert_eq!(
        ty_of("", "memref<4xf32, affine_map<(d0) -> (d0)>>"),
        ty_of("", "memref<4xf32>")
    );
    assert_eq!(ty_of("", "memref<4xf32, 0>"), ty_of("", "memref<4xf32>"));
    assert_ne!(
        ty_of("", "memref<4xf32, strided<[1]>>"),
        ty_of("", "memref<4xf32>")
    );
    assert_eq!(
        ty_of("", "memref<4xf32, strided<[1], offset: 0>>"),
        ty_of("", "memref<4xf32, strided<[1]>>")
    );
    assert_ne!(ty_of("", "memref<0xf32>"), ty_of("", "memref<f32>"));
    assert_eq!(attr_of("", "255 : i8"), attr_of("", "-1 : i8"));
    assert_ne!(attr_of("", "255 : ui8"), attr_of("", "255 : i8"));
    assert_eq!(attr_of("", "{b = 1, a = 2}"), attr_of("", "{a = 2, b = 1}"));
    assert_ne!(attr_of("", "0.0"), attr_of("", "-0.0"));
    assert_eq!(attr_of("", "1 : i1"), Attr::bool(true));
    assert_eq!(attr_of("", "7 : index"), Attr::integer(Type::Index, 7));
}

#[test]
fn dialect_bodies_are_kept_verbatim() {
    let t = ty_of("", "!d.t<a,\n  b>");
    assert_eq!(t.to_string(), "!d.t<a,\n  b>");
    let Type::Opaque(opaque) = ty_of("", "!d<x>") else {
        panic!("opaque");
    };
    assert_eq!((opaque.dialect.as_str(), opaque.data.as_str()), ("d", "x"));
    assert_eq!(
        attr_of("", "#d<\"a b\"> : i32").to_string(),
        "#d<\"a b\"> : i32"
    );
}

#[test]
fn shape_helpers() {
    let t = ty_of("", "tensor<2x?x3xf32>");
    assert_eq!(t.rank(), Some(3));
    assert_eq!(t.element_type(), Some(&Type::Float(FloatKind::F32)));
    assert!(!t.has_static_shape());
    assert_eq!(t.num_elements(), None);
    let v = ty_of("", "vector<2x[4]xi8>");
    assert_eq!(v.shape(), Some(vec![Dim::Static(2), Dim::Static(4)]));
    assert_eq!(v.num_elements(), Some(8));
    assert!(v.is_shaped() && v.has_static_shape());
    let u = ty_of("", "memref<*xf32>");
    assert!(u.is_shaped());
    assert_eq!(u.rank(), None);
    assert!(Type::Index.is_int_or_index_or_float());
    assert_eq!(ty_of("", "f8E4M3FN").int_or_float_bit_width(), Some(8));
    assert_eq!(ty_of("", "si7").int_or_float_bit_width(), Some(7));
    assert!(!Type::None.is_shaped());
}

#[test]
fn integer_attr_values() {
    let Attr::Integer(int) = attr_of("", "0xFF : i8") else {
        panic!("integer");
    };
    assert_eq!(int.value_i128(), Some(-1));
    assert_eq!(int.width(), 8);
    let Attr::Integer(int) = attr_of("", "-1 : i200") else {
        panic!("integer");
    };
    assert_eq!(int.value_i128(), Some(-1));
    assert_eq!(
        Attr::integer(Type::integer(4, Signedness::Unsigned), 15).to_string(),
        "15 : ui4"
    );
}

#[test]
fn literals_that_mlir_rejects_lower_to_errors() {
    for bad in [
        "42 : f32",
        "1.5 : i32",
        "0x1FFFF : f16",
        "-0x1 : f16",
        "1.0e999",
    ] {
        assert!(attr_of("", bad).is_error(), "{bad}");
    }
    let Attr::String(string) = attr_of("", "\"s\" : (i32") else {
        panic!("a string");
    };
    assert_eq!(string.ty, Some(Type::Error));
}

#[test]
fn non_affine_expressions_are_errors() {
    assert!(attr_of("", "affine_map<(d0, d1) -> (d0 * d1)>").is_error());
    assert!(attr_of("", "affine_map<(d0, d1) -> (d0 floordiv d1)>").is_error());
    assert!(!attr_of("", "affine_map<(d0)[s0] -> (d0 floordiv s0)>").is_error());
}

#[test]
fn affine_identity_and_printing() {
    let Attr::AffineMap(map) = attr_of("", "affine_map<(a, b) -> (a, b)>") else {
        panic!("map");
    };
    assert!(map.is_identity());
    let e = AffineExpr::Dim(0).plus(AffineExpr::Symbol(0).times(AffineExpr::Constant(-3)));
    assert_eq!(e.to_string(), "d0 - s0 * 3");
    assert_eq!(
        AffineExpr::Constant(2).plus(AffineExpr::Constant(3)),
        AffineExpr::Constant(5)
    );
}

/// A small deterministic generator, so the float tests need no dependency.
fn pseudo_random(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 11
}

#[test]
fn decimal_parsing_agrees_with_rust_for_f32_and_f64() {
    let mut seed = 42;
    for _ in 0..2000 {
        let bits = pseudo_random(&mut seed);
        let value = f64::from_bits(bits);
        if !value.is_finite() {
            continue;
        }
        let text = format!("{value:e}");
        assert_eq!(
            parse_decimal(FloatKind::F64, &text),
            Some(u128::from(bits)),
            "{text}"
        );
        let single: f32 = text.parse().unwrap();
        assert_eq!(
            parse_decimal(FloatKind::F32, &text),
            Some(u128::from(single.to_bits())),
            "{text}"
        );
    }
}

#[test]
fn f64_to_f32_conversion_agrees_with_rust() {
    let mut seed = 7;
    for _ in 0..2000 {
        let value = f64::from_bits(pseudo_random(&mut seed));
        let expected = value as f32;
        let got = from_f64(FloatKind::F32, value);
        if expected.is_nan() {
            assert!(value.is_nan());
            continue;
        }
        assert_eq!(got, u128::from(expected.to_bits()), "{value:e}");
    }
}

#[test]
fn float_formats() {
    let f = |kind, bits| format_float(kind, bits).0;
    assert_eq!(f(FloatKind::F64, 1.0f64.to_bits().into()), "1.000000e+00");
    assert_eq!(f(FloatKind::F64, 0.1f64.to_bits().into()), "1.000000e-01");
    assert_eq!(
        f(FloatKind::F64, 16777217.0f64.to_bits().into()),
        "0x4170000010000000"
    );
    assert_eq!(f(FloatKind::F32, 0x7FC0_0000), "0x7FC00000");
    assert_eq!(f(FloatKind::F16, 0x8000), "-0.000000e+00");
    assert_eq!(f(FloatKind::F8E8M0FNU, 0x7F), "1.000000e+00");
    assert_eq!(decode(FloatKind::F8E4M3FNUZ, 0x80), Decoded::NaN);
    assert_eq!(from_f64(FloatKind::F8E4M3FN, -1000.0), 0xFF);
    assert_eq!(from_f64(FloatKind::F16, 1.0e6), 0x7C00);
}

#[test]
fn every_float_keyword_round_trips() {
    for kind in FloatKind::ALL {
        assert_eq!(FloatKind::from_name(kind.name()), Some(kind));
        assert_eq!(ty_of("", kind.name()).to_string(), kind.name());
    }
    assert_eq!(FloatKind::from_name("f8e4m3fn"), None);
}
