//! Differential test of the canonical printer (checklist §4a, §4b): every type and
//! attribute of `test-data/types/print.mlir` is lowered and printed, and the lines must
//! equal `print.expected`, which MLIR 22's `mlir-opt` printed for the same file.

use std::path::PathBuf;

use mlir_analysis::types::{AliasTable, attr_of_node, type_of_node};
use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{AstNode, GenericOp};

fn test_data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../test-data/types")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Our printing of the type or attribute an op of the fixture holds.
fn print_op(op: &GenericOp, aliases: &AliasTable) -> String {
    let lookup = aliases.lookup();
    let name = op.name().unwrap_or_default();
    if name == "t.attr" {
        let dict = op.attr_dict().expect("t.attr has attributes");
        let value = dict
            .entry("a")
            .and_then(|e| e.value())
            .expect("t.attr has `a`");
        return attr_of_node(value.syntax(), &lookup).to_string();
    }
    let ty = op.function_type().expect("op has a type");
    let result = ty
        .result_types()
        .into_iter()
        .next()
        .expect("one result type");
    type_of_node(result.syntax(), &lookup).to_string()
}

#[test]
fn printer_matches_mlir_opt() {
    let text = test_data("print.mlir");
    let parse = mlir_syntax::parse(&text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    let root: SyntaxNode = parse.syntax_node();
    let aliases = AliasTable::of_file(&root);
    let ops: Vec<GenericOp> = root.children().filter_map(GenericOp::cast).collect();
    let expected = test_data("print.expected");
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(ops.len(), expected.len(), "one expected line per op");
    let mut mismatches = Vec::new();
    for (op, want) in ops.iter().zip(&expected) {
        let got = print_op(op, &aliases);
        if got != *want {
            let source = op.syntax().text().to_string();
            mismatches.push(format!("{source}\n  want: {want}\n  got:  {got}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
