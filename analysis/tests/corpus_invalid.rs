//! Corpus measurement: how many `expected-error` annotations of the real corpus'
//! `invalid/` files (`MLIR_CORPUS`, default `../shared/corpus`) our diagnostics reproduce
//! on the right line with MLIR's text. Prints the count; fails only if a file cannot be
//! read or if we fall below the floor already reached (so progress is never lost).

use std::path::{Path, PathBuf};

use mlir_analysis::chunks::run_line_requests_split;
use mlir_analysis::expectations::{parse_expectations, verify};
use mlir_analysis::{Severity, TextSize, file_diagnostics};

/// Annotations reproduced when this floor was last raised.
const FLOOR: usize = 225;

fn corpus_invalid() -> PathBuf {
    let root = std::env::var_os("MLIR_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    root.join("invalid")
}

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            mlir_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}

#[test]
fn invalid_corpus_errors_reproduced() {
    let mut files = Vec::new();
    mlir_files(&corpus_invalid(), &mut files);
    assert!(
        !files.is_empty(),
        "no corpus files under {}",
        corpus_invalid().display()
    );
    let (mut expected, mut reproduced, mut extra) = (0, 0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read corpus file");
        // Every corpus file is one buffer: chunks were cut apart when the corpus was made.
        let split = run_line_requests_split(&text) && text.contains("// -----");
        let diagnostics = file_diagnostics(&text, split);
        let errors = parse_expectations(&text, TextSize::new(0))
            .into_iter()
            .filter(|e| e.severity == Severity::Error)
            .count();
        let result = verify(&text, TextSize::new(0), &diagnostics);
        let unmatched = result
            .unmatched
            .iter()
            .filter(|e| e.severity == Severity::Error)
            .count();
        expected += errors;
        reproduced += errors - unmatched;
        extra += result.unexpected.len();
    }
    println!(
        "invalid corpus: {reproduced} of {expected} expected errors reproduced on the right line \
         with MLIR's text; {extra} diagnostics no annotation expects"
    );
    assert!(
        reproduced >= FLOOR,
        "reproduced {reproduced} < floor {FLOOR}"
    );
}
