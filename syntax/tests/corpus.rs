//! Corpus test: every file of the real corpora (`MLIR_CORPUS`, default `../shared/corpus`,
//! `valid/` only; `MLIR_DOWNSTREAM_CORPUS`, default `../shared/corpus-downstream`) must parse
//! with zero syntax errors into a tree whose text is the file. The corpora are not ours and
//! stay outside the repository; a missing corpus fails the test loudly.

use std::path::{Path, PathBuf};

fn corpus_root(var: &str, default: &str) -> PathBuf {
    match std::env::var_os(var) {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
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

/// Parses every file under `dir`; returns (files, failures) where a failure describes a
/// file with syntax errors or a lossy tree.
fn parse_all(dir: &Path) -> (usize, Vec<String>) {
    let mut files = Vec::new();
    mlir_files(dir, &mut files);
    files.sort();
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("read corpus file");
        let text = String::from_utf8_lossy(&bytes);
        let parse = mlir_syntax::parse(&text);
        if parse.syntax_node().text() != text.as_ref() {
            failures.push(format!(
                "{}: tree text differs from the file",
                path.display()
            ));
        }
        for e in parse.errors().iter().take(3) {
            let line = text[..usize::from(e.range.start())].lines().count().max(1);
            failures.push(format!("{}:{line}: {}", path.display(), e.message));
        }
    }
    (files.len(), failures)
}

fn check_corpus(var: &str, default: &str, sub: &str) {
    let root = corpus_root(var, default).join(sub);
    let (count, failures) = parse_all(&root);
    println!(
        "{}: {count} files, {} syntax errors",
        root.display(),
        failures.len()
    );
    assert!(count > 0, "no .mlir files under {}", root.display());
    assert!(
        failures.is_empty(),
        "false syntax errors:\n{}",
        failures.join("\n")
    );
}

#[test]
fn valid_corpus_has_no_syntax_errors() {
    check_corpus("MLIR_CORPUS", "shared/corpus", "valid");
}

#[test]
fn downstream_corpus_has_no_syntax_errors() {
    check_corpus("MLIR_DOWNSTREAM_CORPUS", "shared/corpus-downstream", "");
}

/// Small edits of `text` that break it in varied ways, chosen by a fixed-seed generator.
fn mutations(text: &str) -> Vec<String> {
    let mut seed = text.len() as u64 * 2_654_435_761 + 1;
    let mut out = Vec::new();
    for _ in 0..3 {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let bytes = text.as_bytes();
        if bytes.is_empty() {
            break;
        }
        let at = (seed >> 33) as usize % bytes.len();
        let mut edited = bytes.to_vec();
        if seed & 1 == 0 {
            let len = ((seed >> 20) as usize % 8).min(bytes.len() - at);
            edited.drain(at..at + len);
        } else {
            edited.insert(at, b"=(}%{:^>\"["[(seed >> 5) as usize % 10]);
        }
        out.extend(String::from_utf8(edited).ok());
    }
    out
}

#[test]
fn parsing_in_pieces_gives_the_sequential_parse() {
    // The parallel parser cuts a file into as many pieces as it can (64 threads, pieces of
    // any size) and must then give exactly the sequential tree and errors, on every file
    // of both corpora (invalid ones too) and broken variants of them.
    let (mut cut, mut texts) = (0, 0);
    for (path, text) in corpus_texts() {
        for text in std::iter::once(text.clone()).chain(mutations(&text)) {
            texts += 1;
            let Some(pieces) = mlir_syntax::parse_in_pieces(&text, 64, 1) else {
                continue;
            };
            cut += 1;
            let whole = mlir_syntax::parse_sequentially(&text);
            assert!(pieces == whole, "{} differs:\n{text}", path.display());
        }
    }
    eprintln!("{cut} of {texts} texts were parsed in pieces");
    assert!(cut > 500, "only {cut} of {texts} texts could be cut");
}

#[test]
fn the_cut_scan_in_two_halves_gives_the_one_pass_scan() {
    // Large files are scanned for cut points in two halves on two threads; wherever the
    // second half starts, joining them must give exactly the one-pass scan.
    for (path, text) in corpus_texts() {
        for text in std::iter::once(text.clone()).chain(mutations(&text)) {
            assert!(
                mlir_syntax::cut_scan_halves_agree(&text, 8),
                "{} differs:\n{text}",
                path.display()
            );
        }
    }
}

#[test]
fn token_only_nodes_hold_only_tokens() {
    // Walks skip such nodes whole, also in broken code: every corpus file and variant.
    for (path, text) in corpus_texts() {
        for text in std::iter::once(text.clone()).chain(mutations(&text)) {
            for node in mlir_syntax::parse(&text).syntax_node().descendants() {
                if node.kind().holds_only_tokens() {
                    assert!(node.first_child().is_none(), "{}: {node:?}", path.display());
                }
            }
        }
    }
}

/// Every file of both corpora (invalid ones too), with its text.
fn corpus_texts() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    mlir_files(&corpus_root("MLIR_CORPUS", "shared/corpus"), &mut files);
    mlir_files(
        &corpus_root("MLIR_DOWNSTREAM_CORPUS", "shared/corpus-downstream"),
        &mut files,
    );
    files.sort();
    assert!(!files.is_empty(), "no corpus files");
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("read corpus file");
            let text = String::from_utf8_lossy(&bytes).into_owned();
            (path, text)
        })
        .collect()
}
