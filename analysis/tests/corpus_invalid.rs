//! Corpus measurement: how many `expected-error` annotations of the real corpus'
//! `invalid/` files (`MLIR_CORPUS`, default `../shared/corpus`) our diagnostics reproduce
//! on the right line with MLIR's text, in all and per category of the name-resolution
//! checks (SSA values, blocks, symbols, aliases). Prints the counts; fails only if a file
//! cannot be read, if we fall below the floors already reached, or if the diagnostics no
//! annotation expects grow past their ceiling (so progress is never lost).

mod common;

use std::path::PathBuf;

use common::{corpus, mlir_files};

use mlir_analysis::chunks::run_line_requests_split;
use mlir_analysis::expectations::{as_mlir_opt_reports, parse_expectations, verify};
use mlir_analysis::{Reach, Severity, TextSize, file_diagnostics_with};

/// Annotations reproduced when this floor was last raised.
const FLOOR: usize = 556;

/// Diagnostics no annotation expects when this ceiling was last lowered: they may not grow
/// back. They are read as `check --verify-diagnostics` reads them: MLIR's reach
/// (`Reach::UpToSyntaxError`), the first syntax error of each buffer. Left: errors MLIR
/// meets in another order (a result list bound after its op's other errors, a nested
/// `scf.yield`'s parent check after its op's), and terminator errors where MLIR's
/// verifier stops at an op we do not verify.
const CEILING: usize = 10;

/// The categories of issue 4's name checks, each with the message fragments that put an
/// annotation in it (the first category that matches wins), and the annotations of the
/// category reproduced when its floor was last raised.
const CATEGORIES: &[(&str, &[&str], usize)] = &[
    (
        "ssa",
        &[
            "SSA value",
            "different type than prior uses",
            "does not dominate this use",
            "results but was provided",
            "region entry argument",
            "cannot name an operation with no results",
        ],
        29,
    ),
    (
        "block",
        &[
            "block with no terminator",
            "empty block: expect at least a terminator",
            "for successor #",
            "of successor #",
            "successors in non-terminator",
            "entry block of region",
            "invalid block name",
            "undefined block",
            "redefinition of block",
        ],
        11,
    ),
    (
        "symbol",
        &[
            "redefinition of symbol named",
            "reference to undefined function",
            "does not reference a symbol",
            "does not reference a valid",
            "is undefined",
            "does not refer to a type or attribute",
            "symbol '@",
            "@fn not found",
        ],
        14,
    ),
    (
        "alias",
        &[
            "alias id",
            "names with a '.' are reserved",
            "location alias",
            "expected location, but found",
        ],
        9,
    ),
];

/// The test folders of issue 5's dialects (and builtin types and attributes), each with
/// the error annotations of its files reproduced when its floor was last raised.
const FOLDERS: &[(&str, usize)] = &[
    ("mlir/test/Dialect/Arith/", 74),
    ("mlir/test/Dialect/Func/", 17),
    ("mlir/test/Dialect/ControlFlow/", 6),
    ("mlir/test/Dialect/SCF/", 44),
    ("mlir/test/Dialect/MemRef/", 51),
    ("mlir/test/Dialect/Builtin/", 3),
];

fn category(message: &str) -> Option<usize> {
    CATEGORIES
        .iter()
        .position(|(_, fragments, _)| fragments.iter().any(|f| message.contains(f)))
}

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
    let mut per_category = vec![(0, 0); CATEGORIES.len()];
    let mut per_folder = vec![(0, 0); FOLDERS.len()];
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read corpus file");
        // Every corpus file is one buffer: chunks were cut apart when the corpus was made.
        let split = run_line_requests_split(&text) && text.contains("// -----");
        // What `check --verify-diagnostics` compares with the annotations.
        let diagnostics = file_diagnostics_with(&text, split, &[], Reach::UpToSyntaxError);
        let diagnostics = as_mlir_opt_reports(&text, split, diagnostics);
        let errors = parse_expectations(&text, TextSize::new(0))
            .into_iter()
            .filter(|e| e.severity == Severity::Error)
            .count();
        let result = verify(&text, TextSize::new(0), &diagnostics);
        for e in parse_expectations(&text, TextSize::new(0)) {
            let Some(c) = category(&e.message).filter(|_| e.severity == Severity::Error) else {
                continue;
            };
            per_category[c].0 += 1;
            if !result.unmatched.contains(&e) {
                per_category[c].1 += 1;
            }
        }
        let unmatched = result
            .unmatched
            .iter()
            .filter(|e| e.severity == Severity::Error)
            .count();
        let path_text = path.to_string_lossy().replace('\\', "/");
        if let Some(f) = FOLDERS.iter().position(|(dir, _)| path_text.contains(dir)) {
            per_folder[f].0 += errors;
            per_folder[f].1 += errors - unmatched;
        }
        expected += errors;
        reproduced += errors - unmatched;
        extra += result.unexpected.len();
    }
    println!(
        "invalid corpus: {reproduced} of {expected} expected errors reproduced on the right line \
         with MLIR's text; {extra} diagnostics no annotation expects"
    );
    for ((name, _, floor), (total, hit)) in CATEGORIES.iter().zip(&per_category) {
        let percent = 100.0 * *hit as f64 / (*total).max(1) as f64;
        println!("  {name}: {hit} of {total} ({percent:.0}%)");
        assert!(hit >= floor, "{name}: reproduced {hit} < floor {floor}");
    }
    for ((dir, floor), (total, hit)) in FOLDERS.iter().zip(&per_folder) {
        println!("  {dir}: {hit} of {total}");
        assert!(hit >= floor, "{dir}: reproduced {hit} < floor {floor}");
    }
    assert!(
        reproduced >= FLOOR,
        "reproduced {reproduced} < floor {FLOOR}"
    );
    assert!(
        extra <= CEILING,
        "{extra} unexpected diagnostics > ceiling {CEILING}"
    );
}
