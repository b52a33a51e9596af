//! Matching the `scf` ops, whose headers are hand-written hooks: operands, the types of
//! operands and results (written or implied), and the body arguments a header declares.

use mlir_syntax::ast::AstNode;

use super::matched;
use crate::registry::{AttrValue, OpMatch};
use mlir_types::{AliasTable, Lowering};

/// The texts of operand #0, #1, ...
fn operands(m: &OpMatch) -> Vec<String> {
    m.operands()
        .iter()
        .map(|v| v.syntax().to_string())
        .collect()
}

/// Operand types, result types and `%arg: type` of each region argument, as lowered
/// types (`-` where there is none).
fn typed(m: &OpMatch) -> (Vec<String>, Vec<String>, Vec<String>) {
    let aliases = AliasTable::default();
    let lookup = aliases.lookup();
    let mut lowering = Lowering::new(&lookup);
    let mut text = |t: &Option<crate::registry::WrittenType>| match t {
        Some(t) => t.lower(&mut lowering).to_string(),
        None => "-".into(),
    };
    let operand_types = m.operand_types.iter().map(&mut text).collect();
    let result_types = m.result_types.iter().map(&mut text).collect();
    let args = m
        .region_args
        .iter()
        .map(|a| format!("{}: {}", a.value.syntax(), text(&a.ty)))
        .collect();
    (operand_types, result_types, args)
}

fn segments(m: &OpMatch) -> Vec<usize> {
    m.operand_segments.iter().map(Vec::len).collect()
}

#[test]
fn for_binds_induction_variable_and_iter_args() {
    let text =
        "%r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (i32, f32) {\n}\n";
    let m = matched(text, "scf.for").unwrap();
    assert_eq!(operands(&m), ["%lb", "%ub", "%s", "%x", "%y"]);
    let (operand_types, result_types, args) = typed(&m);
    assert_eq!(operand_types, ["index", "index", "index", "i32", "f32"]);
    assert_eq!(result_types, ["i32", "f32"]);
    assert_eq!(args, ["%i: index", "%a: i32", "%b: f32"]);
    assert!(m.attribute("unsignedCmp").is_none());
    assert_eq!(m.regions[0].len(), 1);
}

#[test]
fn for_with_bound_type_unsigned_and_attributes() {
    let text = "scf.for unsigned %i = %lb to %ub step %s : i16 {\n} {tag}\n";
    let m = matched(text, "scf.for").unwrap();
    let (operand_types, _, args) = typed(&m);
    assert_eq!(operand_types, ["i16", "i16", "i16"]);
    assert_eq!(args, ["%i: i16"]);
    assert_eq!(
        m.attribute("unsignedCmp").unwrap().value,
        AttrValue::Present
    );
    assert!(m.attr_dict.is_some());
    // A single result type may be written without parentheses.
    let text = "%r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> i8 : i32 {\n}\n";
    let (operand_types, result_types, args) = typed(&matched(text, "scf.for").unwrap());
    assert_eq!(operand_types, ["i32", "i32", "i32", "i8"]);
    assert_eq!(result_types, ["i8"]);
    assert_eq!(args, ["%i: i32", "%a: i8"]);
}

#[test]
fn forall_mixes_values_and_integers() {
    let text = "%r = scf.forall (%i, %j) = (0, %lb) to (%ub, 8) step (%s, -1) shared_outs(%o = %t) -> (tensor<4xf32>) {\n}\n";
    let m = matched(text, "scf.forall").unwrap();
    assert_eq!(operands(&m), ["%lb", "%ub", "%s", "%t"]);
    assert_eq!(segments(&m), [1, 1, 1, 1]);
    let (operand_types, result_types, args) = typed(&m);
    // The bounds' `index` is their constraint's, given by the checks (`Variadic<Index>`).
    assert_eq!(operand_types, ["-", "-", "-", "tensor<4xf32>"]);
    assert_eq!(result_types, ["tensor<4xf32>"]);
    assert_eq!(args, ["%i: index", "%j: index", "%o: tensor<4xf32>"]);
    let text = "scf.forall (%i) in (%n) {\n} {mapping = [#gpu.thread<x>]}\n";
    let m = matched(text, "scf.forall").unwrap();
    assert_eq!(segments(&m), [0, 1, 0, 0]);
    assert_eq!(typed(&m).2, ["%i: index"]);
}

#[test]
fn parallel_bounds_inits_and_results() {
    let text =
        "%r = scf.parallel (%i, %j) = (%a, %b) to (%c, %d) step (%e, %f) init (%z) -> f32 {\n}\n";
    let m = matched(text, "scf.parallel").unwrap();
    assert_eq!(segments(&m), [2, 2, 2, 1]);
    let (operand_types, result_types, args) = typed(&m);
    assert_eq!(operand_types.last().unwrap(), "f32");
    assert_eq!(result_types, ["f32"]);
    assert_eq!(args, ["%i: index", "%j: index"]);
}

#[test]
fn while_before_arguments_have_the_input_types() {
    let text = "%r = scf.while (%a = %x) : (i32) -> i64 {\n} do {\n} attributes {tag}\n";
    let m = matched(text, "scf.while").unwrap();
    assert_eq!(operands(&m), ["%x"]);
    let (operand_types, result_types, args) = typed(&m);
    assert_eq!(operand_types, ["i32"]);
    assert_eq!(result_types, ["i64"]);
    assert_eq!(args, ["%a: i32"]);
    assert_eq!(m.regions.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1]);
    assert!(m.attr_dict.is_some());
    let m = matched("scf.while : () -> () {\n} do {\n}\n", "scf.while").unwrap();
    assert!(m.region_args.is_empty());
}

#[test]
fn if_switch_and_execute_region() {
    let text = "%r:2 = scf.if %c -> (i32, f32) {\n} else {\n}\n";
    let m = matched(text, "scf.if").unwrap();
    let (operand_types, result_types, _) = typed(&m);
    assert_eq!(
        (operand_types, result_types),
        (vec!["-".into()], vec!["i32".into(), "f32".into()])
    );
    assert_eq!(m.regions.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1]);
    let m = matched("scf.if %c {\n}\n", "scf.if").unwrap();
    assert_eq!(m.regions.iter().map(Vec::len).collect::<Vec<_>>(), [1, 0]);

    let text = "%r = scf.index_switch %x -> i32\ncase 2 {\n}\ncase -7 {\n}\ndefault {\n}\n";
    let m = matched(text, "scf.index_switch").unwrap();
    let AttrValue::Elements(cases) = &m.attribute("cases").unwrap().value else {
        panic!("cases");
    };
    let cases: Vec<String> = cases.iter().map(ToString::to_string).collect();
    assert_eq!(cases, ["2", "-7"]);
    assert_eq!(m.regions.iter().map(Vec::len).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(typed(&m).1, ["i32"]);

    let m = matched(
        "%r = scf.execute_region -> i32 no_inline {\n}\n",
        "scf.execute_region",
    )
    .unwrap();
    assert_eq!(typed(&m).1, ["i32"]);
    assert!(m.attribute("no_inline").is_some());
}

#[test]
fn scf_syntax_that_does_not_fit_is_no_match() {
    let cases = [
        // Fewer result types than iter_args (MLIR: "mismatch in number of loop-carried
        // values and defined values").
        (
            "scf.for %i = %a to %b step %c iter_args(%x = %y) -> () {\n}\n",
            "scf.for",
        ),
        ("scf.for %i = %a to %b {\n}\n", "scf.for"),
        // One bound per induction variable.
        (
            "scf.parallel (%i, %j) = (%a) to (%b, %b) step (%c, %c) {\n}\n",
            "scf.parallel",
        ),
        (
            "scf.parallel (%i) = (%a) to (%b) step (%c) init (%x) {\n}\n",
            "scf.parallel",
        ),
        // As many input types as initial values.
        ("scf.while : (i32) -> () {\n} do {\n}\n", "scf.while"),
        ("scf.while (%a = %x) : (i32) -> i32 {\n}\n", "scf.while"),
        ("scf.forall (%i) {\n}\n", "scf.forall"),
        (
            "scf.index_switch %x -> (i32)\ndefault {\n}\n",
            "scf.index_switch",
        ),
    ];
    for (text, name) in cases {
        assert!(matched(text, name).is_none(), "{text}");
    }
}
