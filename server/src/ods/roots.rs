//! Which `.td` files to evaluate: the roots of a folder (files no other file includes,
//! each include resolved as llvm-tblgen would: beside the including file, then in the
//! include folders), and an installed MLIR's include folder.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// At most this many `.td` files are looked at under one folder.
const MAX_FILES: usize = 20_000;

/// The include folder of an installed MLIR (the one holding `mlir/IR/OpBase.td`):
/// `MLIR_INCLUDE_DIR`, else `MLIR_DIR`'s (a CMake package folder `lib/cmake/mlir`), else
/// `llvm-config --includedir`, else the newest `/usr/lib/llvm-*/include`.
pub fn installed_mlir_include() -> Option<PathBuf> {
    let has_ods = |dir: &Path| dir.join("mlir/IR/OpBase.td").is_file();
    if let Some(dir) = std::env::var_os("MLIR_INCLUDE_DIR").map(PathBuf::from) {
        return has_ods(&dir).then_some(dir);
    }
    if let Some(dir) = std::env::var_os("MLIR_DIR").map(PathBuf::from) {
        let include = dir.ancestors().nth(3).map(|prefix| prefix.join("include"));
        if let Some(include) = include.filter(|d| has_ods(d)) {
            return Some(include);
        }
    }
    if let Some(dir) = llvm_config_includedir().filter(|d| has_ods(d)) {
        return Some(dir);
    }
    llvm_dirs()
        .into_iter()
        .map(|dir| dir.join("include"))
        .find(|dir| has_ods(dir))
}

fn llvm_config_includedir() -> Option<PathBuf> {
    let output = std::process::Command::new("llvm-config")
        .arg("--includedir")
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    output.status.success().then(|| PathBuf::from(text.trim()))
}

/// `/usr/lib/llvm-N` folders, newest first.
pub fn llvm_dirs() -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir("/usr/lib") else {
        return Vec::new();
    };
    let mut found: Vec<(u32, PathBuf)> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let version = name.strip_prefix("llvm-")?.parse().ok()?;
            Some((version, entry.path()))
        })
        .collect();
    found.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    found.into_iter().map(|(_, path)| path).collect()
}

/// The `.td` files under `folder` that no `.td` file under it includes, sorted.
pub fn root_files(folder: &Path, include_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let files = td_files(folder);
    let mut included = HashSet::new();
    for file in &files {
        let Ok(text) = std::fs::read(file) else {
            continue;
        };
        for name in includes(&String::from_utf8_lossy(&text)) {
            if let Some(target) = resolve(&name, file, include_dirs) {
                included.insert(target);
            }
        }
    }
    let mut roots: Vec<PathBuf> = files
        .into_iter()
        .filter(|file| !included.contains(&canonical(file)))
        .collect();
    roots.sort();
    roots
}

fn td_files(folder: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    let mut seen = HashSet::new();
    while let Some(dir) = stack.pop() {
        // A symlink loop comes back to a folder already read.
        if !seen.insert(canonical(&dir)) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "td") && out.len() < MAX_FILES {
                out.push(path);
            }
        }
    }
    out
}

/// The names of a file's `include "..."` lines.
pub(super) fn includes(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("include")?;
            let rest = rest.trim_start().strip_prefix('"')?;
            Some(rest.split('"').next()?.to_string())
        })
        .collect()
}

pub(super) fn resolve(name: &str, from: &Path, include_dirs: &[PathBuf]) -> Option<PathBuf> {
    let beside = from.parent().map(|dir| dir.join(name));
    beside
        .into_iter()
        .chain(include_dirs.iter().map(|dir| dir.join(name)))
        .find(|path| path.is_file())
        .map(|path| canonical(&path))
}

/// `path` without `..` and links, as the ODS overlay's keys are.
pub fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_lines_are_read() {
        let text = "include \"mlir/IR/OpBase.td\"\n  include \"Local.td\" // why\ndef X;";
        assert_eq!(includes(text), ["mlir/IR/OpBase.td", "Local.td"]);
    }
}
