//! Finding files on disk (server stage: the only one that does IO): the `.mlir` files of a
//! folder, for the workspace index and `check`, and the files that settings name by path
//! or glob (`irdl.files`, `ods.files`: relative to the workspace folders or to a project
//! file's).

use std::path::{Path, PathBuf};

use globset::GlobBuilder;

/// Files bigger than this are not indexed (they can still be opened).
const MAX_FILE_BYTES: u64 = 64 << 20;
/// At most this many files are indexed, so a huge tree cannot exhaust memory.
const MAX_FILES: usize = 20_000;

/// Every `.mlir` file under `root`, skipping hidden folders, build outputs and packages.
pub fn mlir_files(root: &Path) -> Vec<PathBuf> {
    files_ending(root, ".mlir")
}

/// Every file under `root` whose name ends with `suffix`, skipping what `mlir_files` skips.
fn files_ending(root: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir()
                && !name.starts_with('.')
                && !matches!(name.as_str(), "target" | "node_modules" | "build")
            {
                stack.push(path);
            } else if kind.is_file() && name.ends_with(suffix) && small_enough(&path) {
                out.push(path);
            }
            if out.len() >= MAX_FILES {
                return out;
            }
        }
    }
    out.sort();
    out
}

fn small_enough(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() <= MAX_FILE_BYTES)
}

/// The files the `irdl.files` patterns name: each a path or a glob
/// (`dialects/**/*.irdl.mlir`), absolute or relative to each workspace folder. Returns the
/// files and the patterns that are not valid globs.
pub fn configured_files(patterns: &[String], folders: &[PathBuf]) -> (Vec<PathBuf>, Vec<String>) {
    let found = configured(patterns, folders, ".mlir");
    (found.files, found.invalid)
}

/// What a list of paths and globs names.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Configured {
    /// The files, sorted.
    pub files: Vec<PathBuf>,
    /// Patterns that are not valid globs.
    pub invalid: Vec<String>,
    /// Patterns that name no file in any folder.
    pub missing: Vec<String>,
}

/// The files `patterns` name, as `configured_files` finds them; a glob matches files
/// whose name ends with `suffix` (`.mlir`, `.td`).
pub fn configured(patterns: &[String], folders: &[PathBuf], suffix: &str) -> Configured {
    let mut out = Configured::default();
    for pattern in patterns {
        let absolute: Vec<PathBuf> = match Path::new(pattern).is_absolute() {
            true => vec![PathBuf::from(pattern)],
            false => folders.iter().map(|f| f.join(pattern)).collect(),
        };
        let before = out.files.len();
        for path in absolute {
            if !pattern.contains(['*', '?', '[', '{']) {
                out.files.extend(Some(path).filter(|p| p.is_file()));
                continue;
            }
            // `*` stays within a folder, `**` crosses folders (as in `.gitignore`).
            let glob = GlobBuilder::new(&path.to_string_lossy())
                .literal_separator(true)
                .build();
            match glob {
                Ok(glob) => {
                    let matcher = glob.compile_matcher();
                    out.files.extend(matching_files(&path, &matcher, suffix));
                }
                Err(_) => out.invalid.push(pattern.clone()),
            }
        }
        if out.files.len() == before && !out.invalid.contains(pattern) {
            out.missing.push(pattern.clone());
        }
    }
    out.files.sort();
    out.files.dedup();
    out.invalid.dedup();
    out
}

/// The files under the glob's longest folder without glob characters that match it.
fn matching_files(pattern: &Path, glob: &globset::GlobMatcher, suffix: &str) -> Vec<PathBuf> {
    let base: PathBuf = pattern
        .components()
        .take_while(|c| {
            !c.as_os_str()
                .to_string_lossy()
                .contains(['*', '?', '[', '{'])
        })
        .collect();
    files_ending(&base, suffix)
        .into_iter()
        .filter(|path| glob.is_match(path))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_name_files_by_path_and_by_glob() {
        let root = std::env::temp_dir().join(format!("irdl-sources-{}", std::process::id()));
        let dialects = root.join("dialects/nested");
        std::fs::create_dir_all(&dialects).unwrap();
        std::fs::write(dialects.join("a.irdl.mlir"), "irdl.dialect @a {}\n").unwrap();
        std::fs::write(root.join("b.mlir"), "irdl.dialect @b {}\n").unwrap();
        std::fs::write(root.join("user.mlir"), "\n").unwrap();
        let folders = [root.clone()];
        let patterns = |p: &[&str]| -> Vec<String> { p.iter().map(|s| s.to_string()).collect() };
        let (files, invalid) =
            configured_files(&patterns(&["dialects/**/*.irdl.mlir", "b.mlir"]), &folders);
        assert_eq!(files, [root.join("b.mlir"), dialects.join("a.irdl.mlir")]);
        assert!(invalid.is_empty());
        let absolute = format!("{}/**/a.*.mlir", root.display());
        let (files, _) = configured_files(&patterns(&[&absolute]), &[]);
        assert_eq!(files, [dialects.join("a.irdl.mlir")]);
        let (files, _) = configured_files(&patterns(&["../*.mlir"]), &[root.join("dialects")]);
        let above = root.join("dialects/..");
        assert_eq!(
            files,
            [above.join("b.mlir"), above.join("user.mlir")],
            "`*` stays in its folder"
        );
        let (files, invalid) = configured_files(&patterns(&["missing.mlir", "a[.mlir"]), &folders);
        assert!(files.is_empty());
        assert_eq!(invalid, ["a[.mlir"]);
        std::fs::write(dialects.join("Ops.td"), "").unwrap();
        let td = configured(
            &patterns(&["**/*.td", "none/*.td", "x.td"]),
            &folders,
            ".td",
        );
        assert_eq!(td.files, [dialects.join("Ops.td")]);
        assert_eq!(td.missing, ["none/*.td", "x.td"]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
