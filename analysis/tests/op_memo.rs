//! The shortcuts `check` takes must change nothing: on every file of the corpora and of
//! our fixtures, the memo of op shapes gives the same body diagnostics as checking every
//! op in full, and lowering a body finds its names where the names' own walk does.

mod common;

use std::path::PathBuf;

use common::{corpus, mlir_files};

use mlir_analysis::checks::FileContext;
use mlir_analysis::names::{name_diagnostics_of, name_diagnostics_unmemoized};
use mlir_analysis::outline::outline_once;

fn fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for (var, default) in [
        ("MLIR_CORPUS", "shared/corpus"),
        ("MLIR_DOWNSTREAM_CORPUS", "shared/corpus-downstream"),
    ] {
        files.extend(mlir_files(&corpus(var, default)));
    }
    let ours = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data");
    files.extend(mlir_files(&ours));
    files
}

#[test]
fn remembered_shapes_give_what_full_checks_give() {
    let files = fixtures();
    assert!(
        files.len() > 100,
        "corpora not found: {} files",
        files.len()
    );
    let mut differing = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue; // non-UTF-8 fixtures are checked elsewhere
        };
        for chunk in mlir_analysis::chunks::split_chunks(&text) {
            let parse = mlir_syntax::parse(&text[chunk]);
            let root = parse.syntax_node();
            let bodies = outline_once(&root).bodies;
            let context = FileContext::of_file(&root);
            let memoized = name_diagnostics_of(&bodies, &context);
            let full = name_diagnostics_unmemoized(&bodies, &context);
            if memoized != full {
                differing.push(format!("{} at {:?}", path.display(), chunk));
            }
        }
    }
    assert!(differing.is_empty(), "{}", differing.join("\n"));
}

#[test]
fn lowering_finds_names_where_their_walk_does() {
    for path in &fixtures() {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let root = mlir_syntax::parse(&text).syntax_node();
        for (green, _) in &outline_once(&root).bodies {
            let body_op = mlir_syntax::SyntaxNode::new_root(green.clone());
            let (_, located) = mlir_analysis::hir::lower_located(&body_op);
            let walked = mlir_analysis::hir::name_ranges(&body_op);
            assert!(located == walked, "{}", path.display());
        }
    }
}
