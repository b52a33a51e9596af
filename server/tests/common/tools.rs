//! External verifiers for the tests: the real `mlir-opt` 22 (CI installs `mlir-22-tools`)
//! and fake tools, shell scripts written into a scratch folder that sleep, crash, print
//! garbage or flood stderr.

use std::path::{Path, PathBuf};

/// `mlir-opt` on the PATH, else MLIR 22's where Debian and Ubuntu install it; `None`,
/// with a line saying the test is skipped, on a machine without it (CI installs it, as
/// the ODS tests' MLIR `.td` files: the README's test command must run anywhere).
pub fn mlir_opt() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("mlir-opt"))
            .find(|candidate| candidate.is_file())
    });
    let found = on_path.unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"));
    if !found.is_file() {
        eprintln!("skipped: no mlir-opt (apt-get install mlir-22-tools)");
        return None;
    }
    Some(found)
}

/// An executable script `name` in `dir` running `body` under `sh` (with the arguments the
/// server adds in "$@").
#[cfg(unix)]
pub fn fake_tool(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write the fake tool");
    let mut permissions = std::fs::metadata(&path).expect("stat").permissions();
    permissions.set_mode(0o755);
    std::fs::set_permissions(&path, permissions).expect("make it executable");
    path
}
