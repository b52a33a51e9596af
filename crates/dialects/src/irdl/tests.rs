//! Reading IRDL definitions (a dialect of our own, in the shape of IRDL.md's examples).

use super::*;

const DIALECT: &str = r#"irdl.dialect @shapes {
  irdl.type @pair {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(first: %2, second: %2)
  }
  irdl.operation @swap {
    %0 = irdl.any
    %1 = irdl.parametric @shapes::@pair<%0, %0>
    irdl.operands(in: %1, extra: variadic %0)
    irdl.results(out: %1)
    irdl.attributes {"tag" = %0}
  }
  irdl.operation @check {
    %0 = irdl.base "!builtin.integer"
    %1 = irdl.c_pred "::llvm::isa<::mlir::IntegerType>($_self)"
    %2 = irdl.all_of(%0, %1)
    irdl.operands(flag: optional %2)
  }
}
"#;

#[test]
fn dialects_ops_types_and_constraints() {
    let root = mlir_syntax::parse(DIALECT).syntax_node();
    let dialects = dialects_of(&root);
    assert_eq!(dialects.len(), 1);
    let d = &dialects[0];
    assert_eq!(d.name, "shapes");
    assert_eq!(d.types[0].name, "pair");
    assert_eq!(d.types[0].parameters.len(), 2);
    assert_eq!(d.types[0].constraints[2], Constraint::AnyOf(vec![0, 1]));
    let swap = &d.ops[0];
    assert_eq!(swap.name, "swap");
    assert_eq!(swap.constraints[0], Constraint::Any);
    assert_eq!(
        swap.constraints[1],
        Constraint::Parametric("shapes::pair".into(), vec![0, 0])
    );
    let operands: Vec<_> = swap
        .operands
        .iter()
        .map(|v| (v.name.as_str(), v.constraint, v.variadicity))
        .collect();
    assert_eq!(
        operands,
        [
            ("in", 1, Variadicity::Single),
            ("extra", 0, Variadicity::Variadic)
        ]
    );
    assert_eq!(swap.results[0].name, "out");
    assert_eq!(swap.attributes, [("tag".to_string(), 0)]);
    let check = &d.ops[1];
    assert_eq!(
        check.constraints[0],
        Constraint::Base("!builtin.integer".into())
    );
    assert!(matches!(check.constraints[1], Constraint::CPred(_)));
    assert_eq!(check.operands[0].variadicity, Variadicity::Optional);
}

#[test]
fn regions_with_argument_constraints_and_block_counts() {
    let text = r#"irdl.dialect @flow {
  irdl.operation @loop {
    %0 = irdl.is index
    %r0 = irdl.region(%0) with size 2
    %r1 = irdl.region()
    %r2 = irdl.region
    irdl.regions(body: %r0, exit: %r1, any: %r2)
  }
  irdl.operation @tagged {
    %0 = irdl.is "on"
    irdl.attributes {"mode" = %0}
  }
}
"#;
    let dialects = dialects_in(text);
    let regions = dialects[0].ops[0].regions.clone().expect("regions");
    let shapes: Vec<_> = regions
        .iter()
        .map(|r| (r.name.as_str(), r.args.clone(), r.blocks))
        .collect();
    assert_eq!(
        shapes,
        [
            ("body", Some(vec![0]), Some(2)),
            ("exit", Some(vec![]), None),
            ("any", None, None)
        ]
    );
    // `irdl.is` holds an attribute: a string here, a type attribute above.
    let tagged = &dialects[0].ops[1];
    assert_eq!(
        tagged.constraints[0],
        Constraint::Is(Attr::string("on"), "\"on\"".into())
    );
    assert!(matches!(
        &dialects[0].ops[0].constraints[0],
        Constraint::Is(Attr::Type(_), text) if text == "index"
    ));
}

#[test]
fn parameters_split_at_top_level_commas_only() {
    let parts = constraint::split_top_level(r#"(i32) -> i32, "a,b", [1, 2]"#);
    assert_eq!(parts, ["(i32) -> i32", r#" "a,b""#, " [1, 2]"]);
}

#[test]
fn the_green_prefilter_finds_dialects_where_the_readers_look() {
    let holds = |text: &str| {
        let root = mlir_syntax::parse(text).syntax_node();
        root.green()
            .children()
            .filter_map(|c| c.into_node())
            .any(is_or_holds_dialect)
    };
    let dialect = "irdl.dialect @d {\n  irdl.type @t {\n  }\n}\n";
    assert!(holds(dialect));
    assert!(holds(&format!("module {{\n{dialect}}}\n")));
    assert!(holds(&format!(
        "\"builtin.module\"() ({{\n{dialect}}}) : () -> ()\n"
    )));
    assert!(!holds("module {\n  func.func @f() {\n    return\n  }\n}\n"));
    // Deeper than a top-level module's body is not where dialects are read.
    let nested =
        format!("func.func @f() {{\n  \"test.op\"() ({{\n{dialect}}}) : () -> ()\n  return\n}}\n");
    assert!(!holds(&nested));
    assert!(dialects_of(&mlir_syntax::parse(&nested).syntax_node()).is_empty());
}
