//! Signature help at `$0` cursors: generic and custom forms, variadic operands, and the
//! places where none is offered.

use super::*;

/// The signature's label with the active parameter in `[...]`, or "" for none.
fn check(fixture: &str) -> String {
    let offset = TextSize::new(fixture.find("$0").expect("a $0 marker") as u32);
    let text = fixture.replace("$0", "");
    let root = mlir_syntax::parse(&text).syntax_node();
    let Some(help) = signature_help(&root, offset, Registry::builtin()) else {
        return String::new();
    };
    let Some(active) = help.active_parameter else {
        return help.label;
    };
    let range = help.parameters[active as usize].label.clone();
    let label = &help.label;
    format!(
        "{}[{}]{}",
        &label[..range.start],
        &label[range.clone()],
        &label[range.end..]
    )
}

const LHS_RHS: &str = "arith.addi %lhs: signless-integer-like, %rhs: signless-integer-like";

fn active(fixture: &str) -> String {
    let shown = check(fixture);
    let start = shown.find('[').map_or(0, |s| s + 1);
    let end = shown.find(']').unwrap_or(0);
    shown.get(start..end).unwrap_or_default().to_string()
}

#[test]
fn custom_form_counts_the_values_before_the_cursor() {
    let f = |line: &str| format!("func.func @f(%a: i32) {{\n  {line}\n  return\n}}\n");
    assert_eq!(
        check(&f("%0 = arith.addi $0%a, %a : i32")),
        LHS_RHS.replace(
            "%lhs: signless-integer-like",
            "[%lhs: signless-integer-like]"
        )
    );
    assert!(active(&f("%0 = arith.addi %a, $0%a : i32")).starts_with("%rhs"));
    assert!(active(&f("%0 = arith.addi %a,$0")).starts_with("%rhs"));
    // Just typed the name and a space: the first operand.
    assert!(active(&f("%0 = arith.addi $0")).starts_with("%lhs"));
    // `eq,` is no operand: the comma after it does not move to the next one.
    assert!(active(&f("%0 = arith.cmpi eq, $0%a, %a : i32")).starts_with("%lhs"));
    assert!(active(&f("%0 = arith.cmpi eq, %a, %a$0 : i32")).starts_with("%rhs"));
}

#[test]
fn values_in_brackets_and_after_keywords() {
    let load = "func.func @f(%m: memref<4x4xf32>, %i: index) {\n  %0 = memref.load %m[%i, $0%i] : memref<4x4xf32>\n  return\n}\n";
    assert!(active(load).starts_with("%indices"), "{}", check(load));
    let memref = load.replace("%m[%i, $0%i]", "%m$0[%i, %i]");
    assert!(active(&memref).starts_with("%memref"), "{}", check(&memref));
    // `%i =` defines the induction variable: the bounds come after it.
    let for_ = "func.func @f(%a: index) {\n  scf.for %i = %a to %a step $0\n  return\n}\n";
    assert!(active(for_).starts_with("%step"), "{}", check(for_));
}

#[test]
fn generic_form_and_parenthesised_operands() {
    let generic = "func.func @f(%a: i32) {\n  %0 = \"arith.addi\"(%a, $0%a) : (i32, i32) -> i32\n  return\n}\n";
    assert!(active(generic).starts_with("%rhs"), "{}", check(generic));
    let open = "func.func @f(%a: i32) {\n  %0 = \"arith.addi\"($0\n  return\n}\n";
    assert!(active(open).starts_with("%lhs"), "{}", check(open));
    // `func.call`'s operands are one variadic group: every argument is it.
    let call = "func.func @f(%a: i32) {\n  func.call @g(%a, %a, $0%a) : (i32, i32, i32) -> ()\n  return\n}\n";
    assert!(active(call).starts_with("%operands"), "{}", check(call));
}

#[test]
fn variadic_operands_in_the_middle_take_what_the_others_leave() {
    let spec = |names: &[(&str, Variadicity)]| -> Vec<ValueSpec> {
        names
            .iter()
            .map(|(name, variadicity)| ValueSpec {
                name: name.to_string(),
                constraint: mlir_dialects::registry::TypeConstraint::Any,
                variadicity: *variadicity,
            })
            .collect()
    };
    let ops = spec(&[
        ("a", Variadicity::Single),
        ("many", Variadicity::Variadic),
        ("z", Variadicity::Single),
    ]);
    let at = |index, total| active_operand(&ops, index, total);
    assert_eq!(
        [at(0, 4), at(1, 4), at(2, 4), at(3, 4)],
        [0, 1, 1, 2].map(Some)
    );
    assert_eq!(at(1, 2), Some(2), "with two values, none is variadic");
    assert_eq!(active_operand(&[], 3, 4), None);
}

#[test]
fn none_on_names_regions_unknown_ops_and_the_next_line() {
    let f = "func.func @f(%a: i32) {\n  %0 = arith.ad$0di %a, %a : i32\n  return\n}\n";
    assert_eq!(check(f), "");
    let unknown = "\"t.op\"($0) : () -> ()\n";
    assert_eq!(check(unknown), "");
    // Inside `func.func`'s body, on an empty line: not the signature of `func.func`.
    let body = "func.func @f(%a: i32) {\n  $0\n  return\n}\n";
    assert_eq!(check(body), "");
    let comment =
        "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32 // a, b$0\n  return\n}\n";
    assert_eq!(check(comment), "");
    let string =
        "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32 loc(\"a,$0\")\n  return\n}\n";
    assert_eq!(check(string), "");
    let next_line = "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n$0  return\n}\n";
    assert_eq!(check(next_line), "");
    // Ops of an op's region get their own help, found with the default dialect.
    let ret = "func.func @f(%a: i32) {\n  return $0\n}\n";
    assert_eq!(check(ret), "func.return [%operands: any type (variadic)]");
}

#[test]
fn never_panics_anywhere() {
    let text = "func.func @f(%a: i32) {\n  %0 = \"arith.addi\"(%a, %a : (i32, i32) -> i32\n  %1 = arith.cmpi eq, %a, loc(\"é.mlir\":1:2)\n  func.call @g(%a,\n}\n\u{e9}";
    let root = mlir_syntax::parse(text).syntax_node();
    for offset in 0..=text.len() as u32 {
        let _ = signature_help(&root, TextSize::new(offset), Registry::builtin());
    }
}
