//! Unit tests of the structure checks of IRDL definitions (`nesting`, and the
//! redefinitions and repeated lists of `def_checks`): each case a small file and what
//! `mlir-opt` 22 reports for it (measured with `--split-input-file`).

use crate::check_memo::FileChecksMemo;
use crate::file_checks::{file_checks, file_checks_with};

/// Each file-check diagnostic as `text at range: message [note text: note]`.
fn check(text: &str) -> Vec<String> {
    let parse = mlir_syntax::parse(text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    // Hints (the c_pred one) say what is not checked: no errors, and not tested here.
    let mut out: Vec<String> = file_checks(&parse.syntax_node())
        .into_iter()
        .filter(|d| d.severity != mlir_checks::diagnostic::Severity::Hint)
        .map(|d| {
            let notes: String = d
                .notes
                .iter()
                .map(|n| format!(" [{}: {}]", &text[n.range], n.message))
                .collect();
            format!("{}: {}{}", &text[d.range], d.message, notes)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn definitions_must_be_directly_in_a_dialect() {
    let text = "irdl.type @loose {\n}\n// -----\nmodule {\n  irdl.attribute @a {\n  }\n}\n\
                // -----\nirdl.dialect @d {\n  irdl.operation @o {\n    irdl.operation @p {\n    }\n  }\n}\n";
    assert_eq!(
        check(text),
        [
            "irdl.attribute: 'irdl.attribute' op expects parent op 'irdl.dialect'",
            "irdl.operation: 'irdl.operation' op expects parent op 'irdl.dialect'",
            "irdl.type: 'irdl.type' op expects parent op 'irdl.dialect'",
        ]
    );
}

#[test]
fn constraints_must_be_directly_in_a_definition() {
    // The one in the function is found by the outline's walk, which passes every op.
    let text = "irdl.dialect @d {\n  %0 = irdl.any\n}\n// -----\n\
                func.func @f(%a: !irdl.attribute) {\n  scf.execute_region {\n    \
                %1 = \"irdl.all_of\"(%a) : (!irdl.attribute) -> !irdl.attribute\n    scf.yield\n  }\n  return\n}\n";
    assert_eq!(
        check(text),
        [
            "\"irdl.all_of\": 'irdl.all_of' op expects parent op to be one of 'irdl.type, irdl.attribute, irdl.operation'",
            "irdl.any: 'irdl.any' op expects parent op to be one of 'irdl.type, irdl.attribute, irdl.operation'",
        ]
    );
}

#[test]
fn c_pred_may_stand_anywhere() {
    let text = "%0 = irdl.c_pred \"true\"\nirdl.dialect @d {\n  %1 = irdl.c_pred \"true\"\n}\n";
    assert_eq!(check(text), Vec::<String>::new());
}

#[test]
fn lists_must_be_in_the_right_definition() {
    let text = "irdl.dialect @d {\n  irdl.type @t {\n    %0 = irdl.region\n    irdl.operands()\n  }\n\
                irdl.operation @o {\n    irdl.parameters()\n  }\n}\n// -----\n\
                func.func @f(%a: !irdl.attribute) {\n  irdl.attributes {\"n\" = %a}\n  return\n}\n";
    assert_eq!(
        check(text),
        [
            "irdl.attributes: 'irdl.attributes' op expects parent op 'irdl.operation'",
            "irdl.operands: 'irdl.operands' op expects parent op 'irdl.operation'",
            "irdl.parameters: 'irdl.parameters' op expects parent op to be one of 'irdl.attribute, irdl.type'",
            "irdl.region: 'irdl.region' op expects parent op 'irdl.operation'",
        ]
    );
}

#[test]
fn a_dialect_must_be_in_a_symbol_table() {
    let error = "irdl.dialect: 'irdl.dialect' op symbol's parent must have the SymbolTable trait";
    let in_function = "func.func @f() {\n  irdl.dialect @d {\n  }\n  return\n}\n";
    assert_eq!(check(in_function), [error]);
    let in_operation =
        "irdl.dialect @d {\n  irdl.operation @o {\n    irdl.dialect @e {\n    }\n  }\n}\n";
    assert_eq!(check(in_operation), [error]);
    // A dialect, a module or the file are symbol tables; an unknown op may be one.
    let fine = "irdl.dialect @d {\n  irdl.dialect @e {\n  }\n}\nmodule {\n  irdl.dialect @f {\n  }\n}\n\
                \"my.table\"() ({\n  irdl.dialect @g {\n  }\n}) : () -> ()\n";
    assert_eq!(check(fine), Vec::<String>::new());
}

#[test]
fn definitions_are_symbols_of_their_dialect() {
    let note = "[irdl.type: see existing symbol definition here]";
    let text = "irdl.dialect @d {\n  irdl.type @t {\n  }\n  irdl.operation @t {\n  }\n}\n";
    assert_eq!(
        check(text),
        [format!(
            "irdl.operation: redefinition of symbol named 't' {note}"
        )]
    );
    // A definition without a region is a symbol too; other dialects may reuse the name.
    let text = "irdl.dialect @d {\n  irdl.attribute @a\n  irdl.attribute @a\n}\n\
                irdl.dialect @e {\n  irdl.attribute @a\n}\n";
    let note = "[irdl.attribute: see existing symbol definition here]";
    assert_eq!(
        check(text),
        [format!(
            "irdl.attribute: redefinition of symbol named 'a' {note}"
        )]
    );
}

#[test]
fn a_definition_has_each_list_at_most_once() {
    let trait_error = "failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type";
    // MLIR names the first op seen a second time, and reports at the definition.
    let text = "irdl.dialect @d {\n  irdl.operation @o {\n    irdl.operands()\n    irdl.results()\n    \
                irdl.results()\n    irdl.operands()\n  }\n}\n";
    assert_eq!(
        check(text),
        [format!("irdl.operation: {trait_error} irdl.results")]
    );
    // Written generically too.
    let text = "\"irdl.dialect\"() <{sym_name = \"d\"}> ({\n  \"irdl.type\"() <{sym_name = \"t\"}> ({\n    \
                \"irdl.parameters\"() <{names = []}> : () -> ()\n    \
                \"irdl.parameters\"() <{names = []}> : () -> ()\n  }) : () -> ()\n}) : () -> ()\n";
    assert_eq!(
        check(text),
        [format!("\"irdl.type\": {trait_error} irdl.parameters")]
    );
}

#[test]
fn names_in_strings_are_no_ops() {
    let text = "func.func @f() attributes {op = \"irdl.any\"} {\n  \
                \"test.op\"() {name = \"irdl.type\"} : () -> ()\n  return\n}\n";
    assert_eq!(check(text), Vec::<String>::new());
}

#[test]
fn nesting_errors_in_a_function_survive_the_memo() {
    let text = "func.func @f() {\n  %0 = irdl.any\n  return\n}\n";
    let root = mlir_syntax::parse(text).syntax_node();
    let outline = mlir_hir::outline::outline_once(&root);
    let mut memo = FileChecksMemo::default();
    let first = file_checks_with(&root, &outline, &mut memo);
    let again = file_checks_with(&root, &outline, &mut memo);
    assert_eq!(first.len(), 1);
    assert_eq!(first, again);
}

/// An IRDL op written in custom form, and a `c_pred`: hints, never errors.
#[test]
fn custom_form_uses_get_a_hint_and_no_error() {
    let dialect = concat!(
        "irdl.dialect @shapes {\n",
        "  irdl.operation @swap {\n    %0 = irdl.any\n    irdl.operands(in: %0)\n",
        "    irdl.results(out: %0)\n  }\n",
        "  irdl.operation @check {\n",
        "    %0 = irdl.c_pred \"::llvm::isa<::mlir::IntegerType>($_self)\"\n",
        "    irdl.operands(flag: optional %0)\n  }\n}\n",
    );
    let text = format!(
        "{dialect}func.func @f(%a: f32) {{\n  %0 = shapes.swap %a : f32\n  \"shapes.check\"() : () -> ()\n  return\n}}\n"
    );
    let found: Vec<_> = crate::file_diagnostics(&text, false)
        .into_iter()
        .map(|d| (d.severity, d.code, text[d.range].to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (
                mlir_checks::diagnostic::Severity::Hint,
                "irdl-c-pred",
                "irdl.c_pred".to_string()
            ),
            (
                mlir_checks::diagnostic::Severity::Hint,
                "irdl-custom-form",
                "shapes.swap".to_string()
            ),
        ]
    );
}
