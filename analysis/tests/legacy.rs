//! Files of 2019-era MLIR (the legacy `std` dialect, written without prefix): the analyzer
//! reads `test-data/analysis/legacy/standard.mlir` without any diagnostic, knows every op
//! in it (hover shows the op's documentation), navigates its values and functions, and
//! still verifies its ops. And no op of today's corpora resolves to a legacy op.

mod common;

use std::path::PathBuf;

use common::{corpus, mlir_files};
use mlir_analysis::registry::{Registry, match_op};
use mlir_analysis::{TextRange, TextSize, file_diagnostics, ide};
use mlir_syntax::ast::{AstNode, CustomOp};

fn fixture() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../test-data/analysis/legacy/standard.mlir");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The offset of the `n`th (from 0) occurrence of `needle` in `text`, plus `delta`.
fn offset_of(text: &str, needle: &str, n: usize, delta: usize) -> TextSize {
    let (at, _) = text
        .match_indices(needle)
        .nth(n)
        .unwrap_or_else(|| panic!("no occurrence {n} of {needle:?}"));
    TextSize::new((at + delta) as u32)
}

fn text_at(text: &str, range: TextRange) -> &str {
    &text[range]
}

#[test]
fn legacy_fixture_has_no_diagnostics() {
    let text = fixture();
    let diagnostics: Vec<String> = file_diagnostics(&text, false)
        .iter()
        .map(|d| format!("{:?}: {} [{}]", d.range, d.message, d.code))
        .collect();
    assert!(diagnostics.is_empty(), "{}", diagnostics.join("\n"));
}

#[test]
fn every_op_resolves_matches_and_has_hover_docs() {
    let text = fixture();
    let parse = mlir_syntax::parse(&text);
    let root = parse.syntax_node();
    let registry = Registry::builtin();
    let mut seen = Vec::new();
    for op in root.descendants().filter_map(CustomOp::cast) {
        let name = op.name().expect("op name");
        if name.starts_with("affine.") {
            continue;
        }
        let dialect = registry.default_dialect_at(op.syntax());
        let spec = registry
            .resolve(&name, dialect.as_deref())
            .unwrap_or_else(|| panic!("`{name}` resolves to no spec"));
        let expected = match name.as_str() {
            "module" => "builtin.module".to_string(),
            n if n.starts_with("std.") => n.to_string(),
            n => format!("std.{n}"),
        };
        assert_eq!(spec.name, expected);
        assert!(match_op(&op, spec).is_some(), "`{name}` does not match");
        let at = op
            .syntax()
            .children()
            .find(|c| c.kind() == mlir_syntax::SyntaxKind::OP_NAME)
            .expect("op name node")
            .text_range()
            .start();
        let hover = ide::hover(&root, at, Registry::builtin()).expect("hover on an op name");
        let heading = format!("**{}**: {}", spec.name, spec.docs.summary);
        assert!(hover.markdown.starts_with(&heading), "{}", hover.markdown);
        seen.push(spec.name.clone());
    }
    seen.sort();
    seen.dedup();
    // Every legacy op appears in the fixture.
    let std_ops: Vec<String> = registry
        .ops()
        .iter()
        .filter(|spec| spec.dialect == "std")
        .map(|spec| spec.name.clone())
        .collect();
    let missing: Vec<&String> = std_ops.iter().filter(|n| !seen.contains(n)).collect();
    assert!(missing.is_empty(), "not in the fixture: {missing:?}");
}

#[test]
fn definitions_of_values_and_functions() {
    let text = fixture();
    let root = mlir_syntax::parse(&text).syntax_node();
    // A value used by `cond_br` goes to its definition.
    let targets = ide::definition(&root, offset_of(&text, "cond_br %less", 0, 8));
    assert_eq!(targets.len(), 1);
    assert_eq!(targets[0].start(), offset_of(&text, "%less =", 0, 0));
    assert_eq!(text_at(&text, targets[0]), "%less");
    // An entry block argument of the older form.
    let targets = ide::definition(&root, offset_of(&text, "%x, %hi", 0, 0));
    assert_eq!(targets.len(), 1);
    assert_eq!(targets[0].start(), offset_of(&text, "%x: i32, %lo", 0, 0));
    // A called function goes to its definition; a function constant to its declaration.
    let targets = ide::definition(&root, offset_of(&text, "call @min", 0, 6));
    assert_eq!(targets.len(), 1);
    assert_eq!(text_at(&text, targets[0]), "@min");
    assert_eq!(targets[0].start(), offset_of(&text, "func @min", 0, 5));
    let targets = ide::definition(&root, offset_of(&text, "constant @abs", 0, 10));
    assert_eq!(targets.len(), 1);
    assert_eq!(targets[0].start(), offset_of(&text, "func @abs", 0, 5));
}

#[test]
fn legacy_ops_are_still_verified() {
    // Type constraints, uses against definitions, returns against the function and
    // successor operands against block arguments all apply to legacy ops.
    let text = "func @f(%a: f32, %c: i32) -> i32 {\n  %s = addi %a, %a : f32\n  %t = addf %a, %a : f32\n  cond_br %c, ^bb1(%t : f32), ^bb1(%s : f32)\n^bb1(%x: i32):\n  return %x, %x : i32, i32\n}\n";
    let messages: Vec<String> = file_diagnostics(text, false)
        .into_iter()
        .map(|d| d.message)
        .collect();
    let expected = [
        "'std.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        "use of value '%c' expects different type than prior uses: 'i1' vs 'i32'",
        "type mismatch for bb argument #0 of successor #0",
        "'std.return' op has 2 operands, but enclosing function (@f) returns 1",
    ];
    for message in expected {
        assert!(
            messages.iter().any(|m| m == message),
            "missing {message:?} in {messages:#?}"
        );
    }
}

/// The legacy fallback applies only where MLIR 22 knows no op of that name, so no op of
/// today's corpora may resolve to a `std` spec. Files with syntax errors are left out:
/// MLIR stops at the first error, while our parser recovers and may leave a function's
/// `return` at the top level.
#[test]
fn modern_corpora_have_no_legacy_ops() {
    let registry = Registry::builtin();
    let dirs = [
        corpus("MLIR_CORPUS", "shared/corpus").join("valid"),
        corpus("MLIR_CORPUS", "shared/corpus").join("invalid"),
        corpus("MLIR_DOWNSTREAM_CORPUS", "shared/corpus-downstream"),
    ];
    let mut legacy = Vec::new();
    for dir in dirs.iter().filter(|d| d.exists()) {
        for path in mlir_files(dir) {
            let text = String::from_utf8_lossy(&std::fs::read(&path).expect("read")).into_owned();
            let parse = mlir_syntax::parse(&text);
            if !parse.errors().is_empty() {
                continue;
            }
            for op in parse.syntax_node().descendants().filter_map(CustomOp::cast) {
                let name = op.name().unwrap_or_default();
                let dialect = registry.default_dialect_at(op.syntax());
                if let Some(spec) = registry.resolve(&name, dialect.as_deref())
                    && spec.dialect == "std"
                {
                    let line = op.syntax().to_string();
                    let line = line.lines().next().unwrap_or("").to_string();
                    legacy.push(format!("{}: {line}", path.display()));
                }
            }
        }
    }
    assert!(legacy.is_empty(), "{}", legacy.join("\n"));
}
