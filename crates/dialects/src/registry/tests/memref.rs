//! The `memref` specs: the memref constraints in MLIR's words, the memref hooks
//! (`DynamicIndexList`, `memref.global`'s initial value, ...) and the traits that tie
//! types together (`TypesMatchWith`, `SameVariadicResultSize`).

use mlir_syntax::ast::AstNode;

use super::{attr, constraint, matched, ty};
use crate::registry::{
    AttrConstraint, AttrValue, OpMatch, Registry, ShapeProperty, Trait, TypeConstraint,
    TypeTransform, WrittenType,
};

fn texts(values: &[mlir_syntax::ast::ValueUse]) -> Vec<String> {
    values.iter().map(|v| v.syntax().to_string()).collect()
}

fn type_texts(types: &[Option<WrittenType>], source: &str) -> Vec<String> {
    let text =
        |t: &Option<WrittenType>| t.as_ref().map_or("-".into(), |t| source[t.range()].into());
    types.iter().map(text).collect()
}

fn node_text(m: &OpMatch, name: &str) -> String {
    match &m.attribute(name).unwrap().value {
        AttrValue::Node(node) => node.to_string(),
        AttrValue::Keyword(word) => word.clone(),
        other => panic!("{name}: {other:?}"),
    }
}

#[test]
fn memref_constraints_in_mlir_words() {
    let cases = [
        ("memref.load", "memref", "memref of any type values"),
        (
            "memref.dealloc",
            "memref",
            "ranked or unranked memref of any type values",
        ),
        (
            "memref.dim",
            "source",
            "unranked.memref of any type values or non-0-ranked.memref of any type values",
        ),
        (
            "memref.view",
            "source",
            "1D memref of 8-bit signless integer values",
        ),
        (
            "memref.reshape",
            "shape",
            "1D memref of signless integer or index values",
        ),
        (
            "memref.get_global",
            "result",
            "statically shaped memref of any type values",
        ),
        (
            "memref.extract_strided_metadata",
            "base_buffer",
            "strided memref of any type values of rank 0",
        ),
        (
            "memref.transpose",
            "in",
            "strided memref of any type values",
        ),
        (
            "memref.atomic_rmw",
            "memref",
            "memref of signless integer or floating-point values",
        ),
        (
            "memref.atomic_rmw",
            "value",
            "signless integer or floating-point",
        ),
    ];
    for (op, name, words) in cases {
        assert_eq!(constraint(op, name).describe(), words, "{op} ${name}");
    }
}

#[test]
fn memref_constraints_accept() {
    let any = constraint("memref.load", "memref");
    assert!(any.matches(&ty("memref<4x?xf32, strided<[?, 1]>>")));
    assert!(!any.matches(&ty("memref<*xf32>")), "MemRefOf is ranked");
    assert!(!any.matches(&ty("tensor<4xf32>")));
    let either = constraint("memref.dealloc", "memref");
    assert!(either.matches(&ty("memref<*xf32>")) && either.matches(&ty("memref<f32>")));
    let dim = constraint("memref.dim", "source");
    assert!(dim.matches(&ty("memref<*xi8>")) && dim.matches(&ty("memref<2xi8>")));
    assert!(!dim.matches(&ty("memref<i8>")));
    let bytes = constraint("memref.view", "source");
    assert!(bytes.matches(&ty("memref<?xi8>")));
    assert!(!bytes.matches(&ty("memref<2x2xi8>")) && !bytes.matches(&ty("memref<4xsi8>")));
    let global = constraint("memref.get_global", "result");
    assert!(global.matches(&ty("memref<2x3xf32>")));
    assert!(!global.matches(&ty("memref<?xf32>")));
    let base = constraint("memref.extract_strided_metadata", "base_buffer");
    assert!(base.matches(&ty("memref<f32, 3>")));
    assert!(!base.matches(&ty("memref<1xf32>")));
    let multi = TypeConstraint::MemRefWith(
        Box::new(TypeConstraint::Any),
        ShapeProperty::Ranks(vec![1, 2]),
    );
    assert_eq!(multi.describe(), "1D/2D memref of any type values");
}

#[test]
fn memref_attribute_constraints() {
    assert!(AttrConstraint::DenseI64Array.matches(&attr("array<i64: 0, -1>")));
    assert!(!AttrConstraint::DenseI64Array.matches(&attr("array<i32: 0>")));
    assert!(AttrConstraint::IndexListArray.matches(&attr("[[0, 1], [2]]")));
    assert!(!AttrConstraint::IndexListArray.matches(&attr("[0, 1]")));
    assert!(AttrConstraint::AffineMap.matches(&attr("affine_map<(d0) -> (d0)>")));
    assert_eq!(
        AttrConstraint::IndexListArray.describe(),
        "Array of 64-bit integer array attributes"
    );
    let kind = &Registry::builtin()
        .op("memref.atomic_rmw")
        .unwrap()
        .attributes[0];
    assert_eq!(kind.constraint.enum_spec().unwrap().case("xori"), Some(15));
}

#[test]
fn element_type_traits_read_like_ods() {
    let load = Registry::builtin().op("memref.load").unwrap();
    assert!(load.has_trait(&Trait::TypesMatchWith {
        summary: "result type matches element type of 'memref'".into(),
        from: "memref".into(),
        to: "result".into(),
        transform: TypeTransform::ElementType,
    }));
    let scope = Registry::builtin().op("memref.alloca_scope").unwrap();
    assert!(scope.has_trait(&Trait::SingleBlockImplicitTerminator(
        "memref.alloca_scope.return".into()
    )));
}

#[test]
fn subview_index_lists() {
    let text = "%v = memref.subview %m[%i, 2] [4, %n] [1, -1] : memref<8x8xf32> to memref<4x?xf32, strided<[8, -1], offset: ?>>\n";
    let m = matched(text, "memref.subview").unwrap();
    let segments: Vec<Vec<String>> = m.operand_segments.iter().map(|s| texts(s)).collect();
    assert_eq!(segments, [vec!["%m"], vec!["%i"], vec!["%n"], vec![]]);
    assert_eq!(node_text(&m, "static_offsets"), "[%i, 2]");
    assert_eq!(node_text(&m, "static_strides"), "[1, -1]");
    let (operands, results) = (type_texts(&m.operand_types, text), &m.result_types);
    assert_eq!(operands, ["memref<8x8xf32>", "-", "-"]);
    assert_eq!(
        type_texts(results, text),
        ["memref<4x?xf32, strided<[8, -1], offset: ?>>"]
    );
    let broken = "%v = memref.subview %m[%i, 2.5] [4] [1] : memref<8xf32> to memref<4xf32>\n";
    assert!(matched(broken, "memref.subview").is_none());
}

#[test]
fn reinterpret_cast_and_expand_shape() {
    let text = "%r = memref.reinterpret_cast %m to offset: [%o], sizes: [], strides: [] : memref<*xf32> to memref<f32, strided<[], offset: ?>>\n";
    let m = matched(text, "memref.reinterpret_cast").unwrap();
    assert_eq!(texts(&m.operands()), ["%m", "%o"]);
    assert_eq!(node_text(&m, "static_sizes"), "[]");
    let text = "%e = memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 4, 8] : memref<?x8xf32> into memref<?x4x8xf32>\n";
    let m = matched(text, "memref.expand_shape").unwrap();
    assert_eq!(texts(&m.operands()), ["%m", "%n"]);
    assert_eq!(node_text(&m, "reassociation"), "[[0, 1], [2]]");
}

#[test]
fn globals_declared_and_defined() {
    let text = "memref.global \"private\" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}\n";
    let m = matched(text, "memref.global").unwrap();
    assert_eq!(node_text(&m, "sym_visibility"), "\"private\"");
    assert_eq!(m.attribute("constant").unwrap().value, AttrValue::Present);
    assert_eq!(node_text(&m, "type"), "memref<2xf32>");
    assert_eq!(node_text(&m, "initial_value"), "dense<[1.0, 2.0]>");
    let m = matched(
        "memref.global @u : memref<3xi32> = uninitialized\n",
        "memref.global",
    )
    .unwrap();
    assert_eq!(node_text(&m, "initial_value"), "uninitialized");
    assert!(m.attribute("sym_visibility").is_none());
    let m = matched("memref.global @d : memref<3xi32>\n", "memref.global").unwrap();
    assert!(m.attribute("initial_value").is_none());
    assert!(matched("memref.global @x : memref<2xf32> = \n", "memref.global").is_none());
}

#[test]
fn prefetch_transpose_and_scope() {
    let text = "memref.prefetch %m[%i], write, locality<1>, instr : memref<8xf32>\n";
    let m = matched(text, "memref.prefetch").unwrap();
    assert_eq!(node_text(&m, "isWrite"), "write");
    assert_eq!(node_text(&m, "localityHint"), "1");
    assert_eq!(node_text(&m, "isDataCache"), "instr");
    let bad = "memref.prefetch %m[%i], read, locality<1>, code : memref<8xf32>\n";
    assert!(matched(bad, "memref.prefetch").is_none());
    let text = "%t = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>\n";
    let m = matched(text, "memref.transpose").unwrap();
    assert!(
        matches!(&m.attribute("permutation").unwrap().value, AttrValue::Elements(e) if e.len() == 2)
    );
    let text = "%r:2 = memref.alloca_scope -> (f32, index) {\n  memref.alloca_scope.return %a, %b : f32, index\n}\n";
    let m = matched(text, "memref.alloca_scope").unwrap();
    assert_eq!(type_texts(&m.result_types, text), ["f32", "index"]);
    let text = "%r = memref.alloca_scope -> f32 {\n}\n";
    let m = matched(text, "memref.alloca_scope").unwrap();
    assert_eq!(type_texts(&m.result_types, text), ["f32"]);
    assert!(matched("memref.alloca_scope {\n}\n", "memref.alloca_scope").is_some());
}

#[test]
fn same_variadic_result_size_splits_the_types() {
    let text = "%b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index\n";
    let m = matched(text, "memref.extract_strided_metadata").unwrap();
    assert_eq!(m.result_types.len(), 6);
    assert_eq!(
        type_texts(&m.result_types[..2], text),
        ["memref<f32>", "index"]
    );
}

#[test]
fn alloc_operands_and_implied_types() {
    let text = "%a = memref.alloc(%n)[%s] {alignment = 16} : memref<?x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>\n";
    let m = matched(text, "memref.alloc").unwrap();
    let segments: Vec<Vec<String>> = m.operand_segments.iter().map(|s| texts(s)).collect();
    assert_eq!(segments, [vec!["%n"], vec!["%s"]]);
    // The index operands and the loaded element are not written: the checks stage
    // derives them from the constraints and `TypesMatchWith`.
    let text = "%v = memref.load %m[%i, %j] : memref<4x4xf32>\n";
    let m = matched(text, "memref.load").unwrap();
    assert_eq!(
        type_texts(&m.operand_types, text),
        ["memref<4x4xf32>", "-", "-"]
    );
    assert_eq!(type_texts(&m.result_types, text), ["-"]);
}
