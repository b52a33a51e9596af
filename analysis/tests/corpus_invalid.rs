//! Corpus measurement: how many `expected-error` annotations of the real corpus'
//! `invalid/` files (`MLIR_CORPUS`, default `../shared/corpus`) our diagnostics reproduce
//! on the right line with MLIR's text. Prints the count; fails only if a file cannot be
//! read or if we fall below the floor already reached (so progress is never lost).

mod common;

use std::path::PathBuf;

use common::{corpus, mlir_files};

use mlir_analysis::chunks::run_line_requests_split;
use mlir_analysis::expectations::{parse_expectations, verify};
use mlir_analysis::{Severity, TextSize, file_diagnostics};

/// Annotations reproduced when this floor was last raised.
const FLOOR: usize = 245;

fn corpus_invalid() -> PathBuf {
    corpus("MLIR_CORPUS", "shared/corpus").join("invalid")
}

#[test]
fn invalid_corpus_errors_reproduced() {
    let files = mlir_files(&corpus_invalid());
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
