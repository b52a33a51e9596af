//! Corpus test for the semantic layer: every file of the valid corpus and of the
//! downstream corpus must get no diagnostic at all from `file_diagnostics` (syntax and
//! name resolution), split into chunks where the file has `// -----` markers, as the
//! oracle checked them.

mod common;

use std::path::PathBuf;

use common::{corpus, mlir_files};

use mlir_analysis::chunks::run_line_requests_split;
use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{Severity, file_diagnostics};

/// `split` decides per file whether `// -----` chunks are separate files.
fn check(dir: PathBuf, split: fn(&str) -> bool) {
    let files = mlir_files(&dir);
    assert!(!files.is_empty(), "no files under {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read")).into_owned();
        let index = LineIndex::new(&text);
        let diagnostics = file_diagnostics(&text, split(&text));
        // Hints say what we could not check; they are no false errors.
        let found = diagnostics.iter().filter(|d| d.severity != Severity::Hint);
        for d in found.take(3) {
            let line = index.line_col(d.range.start()).line + 1;
            failures.push(format!(
                "{}:{line}: {} [{}]",
                path.display(),
                d.message,
                d.code
            ));
        }
    }
    println!(
        "{}: {} files, {} false diagnostics",
        dir.display(),
        files.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "false diagnostics:\n{}",
        failures.join("\n")
    );
}

#[test]
fn valid_corpus_has_no_diagnostics() {
    // The oracle checked every valid file with --split-input-file.
    check(
        corpus("MLIR_CORPUS", "shared/corpus").join("valid"),
        |text| text.contains("// -----"),
    );
}

#[test]
fn downstream_corpus_has_no_diagnostics() {
    // Downstream files are valid under their own RUN lines.
    check(
        corpus("MLIR_DOWNSTREAM_CORPUS", "shared/corpus-downstream"),
        run_line_requests_split,
    );
}
