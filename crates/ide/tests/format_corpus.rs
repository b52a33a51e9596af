//! The formatter over every file of the corpora (`../shared/corpus`, valid and invalid,
//! and `../shared/corpus-downstream`; `MLIR_CORPUS`/`MLIR_DOWNSTREAM_CORPUS` point
//! elsewhere): the tokens, comments included, are unchanged, and formatting the result
//! again changes nothing. In files with syntax errors, the statements that hold them are
//! left as written.

use std::path::{Path, PathBuf};

use mlir_ide::{FormatOptions, apply_format_edits, format};
use mlir_syntax::SyntaxKind;

fn corpus_root(var: &str, default: &str) -> PathBuf {
    match std::env::var_os(var) {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../..")
            .join(default),
    }
}

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            mlir_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}

/// The text of each token that is not whitespace, in order.
fn token_texts(text: &str) -> Vec<String> {
    mlir_syntax::parse(text)
        .syntax_node()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() != SyntaxKind::WHITESPACE)
        .map(|t| t.text().to_string())
        .collect()
}

/// Formats every file under `root`: (files formatted, files with statements left as
/// written, failures).
fn format_all(root: &Path) -> (usize, usize, Vec<String>) {
    let mut files = Vec::new();
    mlir_files(root, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no .mlir files under {}", root.display());
    let (mut formatted, mut left, mut failures) = (0, 0, Vec::new());
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read")).into_owned();
        let parse = mlir_syntax::parse(&text);
        let result = format(&parse, &text, FormatOptions::default(), None);
        if !result.left_alone.is_empty() {
            left += 1;
        }
        let edits = result.edits;
        formatted += 1;
        let once = apply_format_edits(&text, &edits);
        if token_texts(&once) != token_texts(&text) {
            failures.push(format!("{}: the tokens changed", path.display()));
            continue;
        }
        let again = format(
            &mlir_syntax::parse(&once),
            &once,
            FormatOptions::default(),
            None,
        );
        if !again.edits.is_empty() {
            failures.push(format!("{}: a second pass changes it", path.display()));
        }
    }
    (formatted, left, failures)
}

fn check(var: &str, default: &str) {
    let root = corpus_root(var, default);
    let (formatted, left, failures) = format_all(&root);
    println!(
        "{}: {formatted} formatted, {left} of them with statements left as written",
        root.display()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn corpus_keeps_its_tokens_and_formats_once() {
    check("MLIR_CORPUS", "shared/corpus");
}

#[test]
fn downstream_corpus_keeps_its_tokens_and_formats_once() {
    check("MLIR_DOWNSTREAM_CORPUS", "shared/corpus-downstream");
}
