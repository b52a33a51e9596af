//! Helpers shared by the corpus tests: where the corpora are, and their `.mlir` files.

use std::path::{Path, PathBuf};

/// The corpus folder from the environment variable `var`, else `default` beside the
/// repository (`../shared/...`).
pub fn corpus(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var).map(PathBuf::from).unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(default)
    })
}

/// Every `.mlir` file under `dir`, sorted; an unreadable folder fails the test.
pub fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, &mut out);
    out.sort();
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}
