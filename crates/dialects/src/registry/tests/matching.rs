//! Matching custom ops against their specs: which value use is operand #N, which type
//! node types which value, how attributes were written, and `None` for syntax that does
//! not fit.

use mlir_syntax::ast::AstNode;

use super::{custom_ops, matched};
use crate::registry::{AttrValue, OpMatch, Registry, WrittenType, match_op};
use mlir_types::{AliasTable, Lowering};

/// The texts of operand #0, #1, ...
fn operands(m: &OpMatch) -> Vec<String> {
    m.operands()
        .iter()
        .map(|v| v.syntax().to_string())
        .collect()
}

fn type_text(ty: &Option<WrittenType>, source: &str) -> String {
    match ty {
        Some(ty) => source[ty.range()].to_string(),
        None => "-".into(),
    }
}

/// The written types of operands and results, as source text (`-` for none).
fn types(m: &OpMatch, source: &str) -> (Vec<String>, Vec<String>) {
    let operands = m
        .operand_types
        .iter()
        .map(|t| type_text(t, source))
        .collect();
    let results = m
        .result_types
        .iter()
        .map(|t| type_text(t, source))
        .collect();
    (operands, results)
}

fn attr<'m>(m: &'m OpMatch, name: &str) -> &'m AttrValue {
    &m.attribute(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .value
}

#[test]
fn addi_operands_and_inferred_types() {
    let text = "%0 = arith.addi %a, %b : i32\n";
    let m = matched(text, "arith.addi").unwrap();
    assert_eq!(operands(&m), ["%a", "%b"]);
    let (operand_types, result_types) = types(&m, text);
    assert_eq!(operand_types, ["i32", "i32"]);
    assert_eq!(result_types, ["i32"]);
    assert!(m.attributes.is_empty());
}

#[test]
fn addi_overflow_flags_and_attr_dict() {
    let text = "%0 = arith.addi %a, %b overflow<nsw, nuw> {tag} : vector<4xi32>\n";
    let m = matched(text, "arith.addi").unwrap();
    assert_eq!(
        attr(&m, "overflowFlags"),
        &AttrValue::Flags(vec!["nsw".into(), "nuw".into()])
    );
    let range = m.attribute("overflowFlags").unwrap().range;
    assert_eq!(&text[range], "<nsw, nuw>");
    assert_eq!(m.attr_dict.unwrap().syntax().to_string(), "{tag}");
}

#[test]
fn cmpi_predicate_keyword_and_bool_result() {
    let text = "%c = arith.cmpi slt, %a, %b : index\n";
    let m = matched(text, "arith.cmpi").unwrap();
    assert_eq!(attr(&m, "predicate"), &AttrValue::Keyword("slt".into()));
    assert_eq!(operands(&m), ["%a", "%b"]);
    let (operand_types, result_types) = types(&m, text);
    assert_eq!(operand_types, ["index", "index"]);
    assert_eq!(result_types, ["-"], "the i1 result type is not written");
}

#[test]
fn cmpf_true_and_false_are_predicates() {
    let text = "%c = arith.cmpf false, %a, %b fastmath<none> : f32\n";
    let m = matched(text, "arith.cmpf").unwrap();
    assert_eq!(attr(&m, "predicate"), &AttrValue::Keyword("false".into()));
    assert_eq!(attr(&m, "fastmath"), &AttrValue::Flags(vec!["none".into()]));
    assert!(matched("%c = arith.cmpf bogus, %a, %b : f32\n", "arith.cmpf").is_none());
}

#[test]
fn unit_attribute_spelled_by_keyword() {
    let m = matched("%q = arith.divsi %a, %b exact : i32\n", "arith.divsi").unwrap();
    assert_eq!(attr(&m, "isExact"), &AttrValue::Present);
    let m = matched("%q = arith.divsi %a, %b : i32\n", "arith.divsi").unwrap();
    assert!(m.attribute("isExact").is_none());
}

#[test]
fn casts_write_both_types() {
    let text = "%e = arith.truncf %x toward_zero fastmath<fast> : f32 to f16\n";
    let m = matched(text, "arith.truncf").unwrap();
    assert_eq!(
        attr(&m, "roundingmode"),
        &AttrValue::Keyword("toward_zero".into())
    );
    assert_eq!(types(&m, text), (vec!["f32".into()], vec!["f16".into()]));
    let text = "%s = arith.scaling_extf %a, %s : f4E2M1FN, f8E8M0FNU to f32\n";
    let m = matched(text, "arith.scaling_extf").unwrap();
    assert_eq!(types(&m, text).0, ["f4E2M1FN", "f8E8M0FNU"]);
}

#[test]
fn constant_value_and_its_type() {
    let text = "%c = arith.constant {tag} -1 : i32\n";
    let m = matched(text, "arith.constant").unwrap();
    assert!(m.operands().is_empty());
    assert_eq!(types(&m, text).1, ["i32"]);
    let AttrValue::Node(node) = attr(&m, "value") else {
        panic!("value is a node");
    };
    assert_eq!(node.to_string(), "-1");
    assert_eq!(&text[m.attribute("value").unwrap().range], "-1 : i32");
    // `true` is an `i1` without a written type.
    let m = matched("%t = arith.constant true\n", "arith.constant").unwrap();
    assert!(matches!(
        &m.result_types[..],
        [Some(WrittenType::Implied { ty, .. })] if ty.to_string() == "i1"
    ));
    let text = "%d = arith.constant dense<[1, 2]> : tensor<2xi8>\n";
    assert_eq!(
        types(&matched(text, "arith.constant").unwrap(), text).1,
        ["tensor<2xi8>"]
    );
}

#[test]
fn select_with_and_without_condition_type() {
    let text = "%r = arith.select %c, %a, %b : i32\n";
    let m = matched(text, "arith.select").unwrap();
    assert_eq!(
        types(&m, text),
        (
            vec!["-".into(), "i32".into(), "i32".into()],
            vec!["i32".into()]
        )
    );
    let text = "%r = arith.select %c, %a, %b : vector<2xi1>, vector<2xf32>\n";
    let m = matched(text, "arith.select").unwrap();
    assert_eq!(
        types(&m, text).0,
        ["vector<2xi1>", "vector<2xf32>", "vector<2xf32>"]
    );
}

#[test]
fn extended_arithmetic_has_two_results() {
    let text = "%lo, %hi = arith.mulsi_extended %a, %b : i32\n";
    let m = matched(text, "arith.mulsi_extended").unwrap();
    assert_eq!(
        types(&m, text),
        (vec!["i32".into(); 2], vec!["i32".into(); 2])
    );
    let text = "%s:2 = arith.addui_extended %a, %b : i64, i1\n";
    let m = matched(text, "arith.addui_extended").unwrap();
    assert_eq!(
        types(&m, text),
        (vec!["i64".into(); 2], vec!["i64".into(), "i1".into()])
    );
}

#[test]
fn func_signature_defines_region_arguments() {
    let text = "func.func private @f(%x: i32, %y: f32 {a.b}) -> (i1 {c.d}) attributes {e} {\n  return\n}\n";
    let m = matched(text, "func.func").unwrap();
    assert_eq!(
        attr(&m, "sym_visibility"),
        &AttrValue::Keyword("private".into())
    );
    let AttrValue::Symbol(name) = attr(&m, "sym_name") else {
        panic!("symbol");
    };
    assert_eq!(name.syntax().to_string(), "@f");
    let args: Vec<(String, String)> = m
        .region_args
        .iter()
        .map(|a| (a.value.syntax().to_string(), type_text(&a.ty, text)))
        .collect();
    assert_eq!(
        args,
        [("%x".into(), "i32".into()), ("%y".into(), "f32".into())]
    );
    assert!(matches!(attr(&m, "arg_attrs"), AttrValue::Elements(d) if d.len() == 1));
    assert!(matches!(attr(&m, "res_attrs"), AttrValue::Elements(d) if d.len() == 1));
    assert_eq!(m.attr_dict.as_ref().unwrap().syntax().to_string(), "{e}");
    assert_eq!(m.regions[0].len(), 1);
    let AttrValue::Signature { inputs, results } = attr(&m, "function_type") else {
        panic!("signature");
    };
    assert_eq!((inputs.len(), results.len()), (2, 1));
}

#[test]
fn func_declaration_without_body() {
    let text = "func.func @g(i32, (i32) -> i1) -> i64\n";
    let m = matched(text, "func.func").unwrap();
    assert!(m.region_args.is_empty());
    assert!(m.regions[0].is_empty());
    let AttrValue::Signature { inputs, results } = attr(&m, "function_type") else {
        panic!("signature");
    };
    let texts: Vec<&str> = inputs.iter().map(|t| &text[t.range()]).collect();
    assert_eq!(texts, ["i32", "(i32) -> i1"]);
    assert_eq!(&text[results[0].range()], "i64");
    let aliases = AliasTable::default();
    let lookup = aliases.lookup();
    let mut lowering = Lowering::new(&lookup);
    assert_eq!(inputs[1].lower(&mut lowering).to_string(), "(i32) -> i1");
}

#[test]
fn call_and_call_indirect() {
    let text = "%r:2 = func.call @g(%x, %y) : (i32, f32) -> (i32, i1)\n";
    let m = matched(text, "func.call").unwrap();
    assert_eq!(operands(&m), ["%x", "%y"]);
    assert_eq!(
        types(&m, text),
        (
            vec!["i32".into(), "f32".into()],
            vec!["i32".into(), "i1".into()]
        )
    );
    let text = "%r = func.call_indirect %f(%x) : (i32) -> i64\n";
    let m = matched(text, "func.call_indirect").unwrap();
    assert_eq!(operands(&m), ["%f", "%x"]);
    assert_eq!(
        types(&m, text),
        (
            vec!["(i32) -> i64".into(), "i32".into()],
            vec!["i64".into()]
        )
    );
}

#[test]
fn return_with_and_without_operands() {
    let text = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n";
    let op = custom_ops(text).pop().unwrap();
    let (spec, m) = Registry::builtin()
        .match_custom_op(&op, Some("func"))
        .unwrap();
    assert_eq!(spec.name, "func.return");
    assert_eq!(types(&m, text).0, ["i32"]);
    let m = matched("func.return\n", "func.return").unwrap();
    assert!(m.operands().is_empty());
}

#[test]
fn branches_bind_successor_operands() {
    let text = "cf.cond_br %c weights([1, 2]), ^bb1(%x, %y : i32, f32), ^bb2\n";
    let m = matched(text, "cf.cond_br").unwrap();
    assert_eq!(operands(&m), ["%c", "%x", "%y"]);
    assert_eq!(
        m.operand_segments.iter().map(Vec::len).collect::<Vec<_>>(),
        [1, 2, 0]
    );
    assert_eq!(types(&m, text).0, ["-", "i32", "f32"]);
    let names: Vec<_> = m
        .successors
        .iter()
        .flatten()
        .map(|s| s.name().unwrap())
        .collect();
    assert_eq!(names, ["bb1", "bb2"]);
    assert!(m.attribute("branch_weights").is_some());
    let m = matched("cf.br ^bb3\n", "cf.br").unwrap();
    assert_eq!(m.successors[0].len(), 1);
}

#[test]
fn switch_cases() {
    let text =
        "cf.switch %f : i32, [\n  default: ^d(%a : i32),\n  4: ^x,\n  -2: ^y(%b, %c : i1, i1)\n]\n";
    let m = matched(text, "cf.switch").unwrap();
    assert_eq!(operands(&m), ["%f", "%a", "%b", "%c"]);
    assert_eq!(types(&m, text).0, ["i32", "i32", "i1", "i1"]);
    let AttrValue::Elements(values) = attr(&m, "case_values") else {
        panic!("case values");
    };
    let values: Vec<String> = values.iter().map(ToString::to_string).collect();
    assert_eq!(values, ["4", "-2"]);
    assert_eq!(m.successors[1].len(), 2);
}

#[test]
fn assert_message_and_constant_symbol() {
    let m = matched("cf.assert %ok, \"boom\"\n", "cf.assert").unwrap();
    assert!(matches!(attr(&m, "msg"), AttrValue::Node(_)));
    let text = "%f = func.constant @g : (i32) -> i32\n";
    let m = matched(text, "func.constant").unwrap();
    assert_eq!(types(&m, text).1, ["(i32) -> i32"]);
}

#[test]
fn syntax_that_does_not_fit_is_no_match() {
    let cases = [
        ("%0 = arith.addi %a : i32\n", "arith.addi"),
        ("%0 = arith.addi %a, %b\n", "arith.addi"),
        ("%0 = arith.addi %a, %b : i32 extra\n", "arith.addi"),
        (
            "%0 = arith.addi %a, %b overflow<bogus> : i32\n",
            "arith.addi",
        ),
        ("%0 = arith.extsi %a : i32 i64\n", "arith.extsi"),
        ("%r = func.call @g(%x : (i32) -> i32\n", "func.call"),
        ("%r = func.call @g(%x) : i32\n", "func.call"),
        ("cf.br\n", "cf.br"),
        ("cf.switch %f : i32, [ ^d ]\n", "cf.switch"),
        ("func.func @f(%x) {\n}\n", "func.func"),
        ("cf.cond_br %c, ^a\n", "cf.cond_br"),
    ];
    for (text, name) in cases {
        assert!(matched(text, name).is_none(), "{text}");
    }
}

#[test]
fn trailing_location_is_ignored() {
    let text = "%0 = arith.addi %a, %b : i32 loc(\"f.mlir\":1:2)\n";
    assert!(matched(text, "arith.addi").is_some());
}

#[test]
fn ops_without_format_do_not_match() {
    let (mut registry, _) = Registry::with_builtin_specs();
    let errors = registry.load("t.spec", "dialect t\nop a\n  summary: A.\n");
    assert!(errors.is_empty());
    let op = custom_ops("t.a\n").pop().unwrap();
    assert!(match_op(&op, registry.op("t.a").unwrap()).is_none());
}

/// Every prefix of every example, matched op by op against every spec: broken syntax
/// must give `None` or a match, never a panic.
#[test]
fn matching_truncated_examples_never_panics() {
    let registry = Registry::builtin();
    let specs = registry.ops();
    for spec in &specs {
        for example in &spec.docs.examples {
            let mut ends: Vec<usize> = example.char_indices().map(|(i, _)| i).collect();
            ends.retain(|i| i % 3 == 0);
            for end in ends {
                for op in custom_ops(&example[..end]) {
                    for other in specs.iter().filter(|s| s.dialect == spec.dialect) {
                        let _ = match_op(&op, other);
                    }
                }
            }
        }
    }
}

#[test]
fn unprefixed_names_resolve_through_the_default_dialect() {
    let registry = Registry::builtin();
    let name = |op: &str, dialect: Option<&str>| registry.resolve(op, dialect).map(|s| &s.name);
    assert_eq!(name("return", Some("func")).unwrap(), "func.return");
    assert_eq!(name("module", Some("builtin")).unwrap(), "builtin.module");
    // Where `builtin` is the default, a name that is no builtin op is a legacy `std` op.
    assert_eq!(name("func", Some("builtin")).unwrap(), "std.func");
    assert_eq!(name("return", Some("std")).unwrap(), "std.return");
    assert_eq!(name("std.dim", None).unwrap(), "std.dim");
    // Nowhere else: not inside other ops, not without a default dialect.
    assert!(name("dim", Some("func")).is_none());
    assert!(name("dim", Some("gpu")).is_none());
    assert!(name("func", None).is_none());
    assert!(name("builtin.func", None).is_none());
}

#[test]
fn default_dialect_at_each_level() {
    let text = "func @legacy() {\n  affine.for %i = 0 to 2 {\n    dim\n  }\n  return\n}\nmodule {\n  func.func @f() {\n    affine.for %j = 0 to 2 {\n      rank\n    }\n    return\n  }\n  %0 = t.wrap {\n    u.op\n  }\n  %1 = wrap {\n    v.op\n  }\n  e.loop {\n    loop {\n      inner\n    }\n  }\n}\n";
    let registry = Registry::builtin();
    let at = |name: &str| {
        let op = custom_ops(text)
            .into_iter()
            .find(|op| op.name().as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no `{name}`"));
        let dialect = registry.default_dialect_at(op.syntax());
        (dialect, op)
    };
    assert_eq!(at("func").0.as_deref(), Some("builtin"));
    assert_eq!(at("module").0.as_deref(), Some("builtin"));
    assert_eq!(at("func.func").0.as_deref(), Some("builtin"));
    let returns: Vec<Option<String>> = custom_ops(text)
        .iter()
        .filter(|op| op.name().as_deref() == Some("return"))
        .map(|op| registry.default_dialect_at(op.syntax()))
        .collect();
    assert_eq!(returns, [Some("std".into()), Some("func".into())]);
    // Inside an op we do not know, a legacy function's `std` stays (2019-era MLIR read
    // every unprefixed name as `std`); elsewhere the op's own dialect is the default.
    assert_eq!(at("dim").0.as_deref(), Some("std"));
    assert_eq!(at("rank").0.as_deref(), Some("affine"));
    // An unknown op's own dialect; none inside an unknown op written without prefix
    // where `builtin` is the default (MLIR knows no such op there).
    assert_eq!(at("u.op").0.as_deref(), Some("t"));
    assert_eq!(at("v.op").0, None);
    // An unknown op written without prefix in another dialect's region is that
    // dialect's (`for` in `emitc.for` is `emitc.for`), and so is its own region.
    assert_eq!(at("loop").0.as_deref(), Some("e"));
    assert_eq!(at("inner").0.as_deref(), Some("e"));
}

/// The legacy `constant` (a hook of `hooks_std`): an attribute or a function's `@name`,
/// with its type, which is the result's.
#[test]
fn legacy_constant_values() {
    let text = "func @f() {\n  %a = constant 42 : i32\n  %b = constant @g : (i32) -> i1\n  %c = constant 2.5\n  return\n}\n";
    let registry = Registry::builtin();
    let mut found = Vec::new();
    for op in custom_ops(text)
        .into_iter()
        .filter(|op| op.name().as_deref() == Some("constant"))
    {
        let dialect = registry.default_dialect_at(op.syntax());
        let (spec, m) = registry
            .match_custom_op(&op, dialect.as_deref())
            .expect("constant matches");
        assert_eq!(spec.name, "std.constant");
        let value = match &m.attribute("value").expect("value bound").value {
            AttrValue::Symbol(symbol) => format!("symbol {}", symbol.syntax()),
            AttrValue::Node(node) => format!("node {node}"),
            other => format!("{other:?}"),
        };
        found.push((value, types(&m, text).1));
    }
    let results = |t: &str| vec![t.to_string()];
    assert_eq!(
        found,
        [
            ("node 42".to_string(), results("i32")),
            ("symbol @g".to_string(), results("(i32) -> i1")),
            ("node 2.5".to_string(), results("-")),
        ]
    );
}

#[test]
fn legacy_dma_start_with_and_without_stride() {
    let text = "func @f(%m: memref<4xf32>, %t: memref<1xi32>, %i: index) {\n  dma_start %m[%i], %m[%i], %i, %t[%i] : memref<4xf32>, memref<4xf32>, memref<1xi32>\n  dma_start %m[%i], %m[], %i, %t[%i], %i, %i : memref<4xf32>, memref<4xf32>, memref<1xi32>\n  return\n}\n";
    let registry = Registry::builtin();
    let segments: Vec<Vec<usize>> = custom_ops(text)
        .into_iter()
        .filter(|op| op.name().as_deref() == Some("dma_start"))
        .map(|op| {
            let dialect = registry.default_dialect_at(op.syntax());
            let (_, m) = registry
                .match_custom_op(&op, dialect.as_deref())
                .expect("dma_start matches");
            m.operand_segments.iter().map(Vec::len).collect()
        })
        .collect();
    assert_eq!(
        segments,
        [
            vec![1, 1, 1, 1, 1, 1, 1, 0, 0],
            vec![1, 1, 1, 0, 1, 1, 1, 1, 1]
        ]
    );
}
