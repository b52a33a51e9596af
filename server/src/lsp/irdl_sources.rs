//! Where the server finds IRDL dialects besides open buffers: workspace files that define
//! them (found while indexing) and the files the `irdl.files` setting names (paths or
//! globs, relative to the workspace folders). Each is handed to the analysis thread as a
//! library file; the analysis decides what it defines.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use globset::GlobBuilder;
use tower_lsp_server::ls_types::Uri;

use super::worker::{Event, WorkerHandle};

/// Hands a workspace file to the analysis if it defines IRDL dialects, or if it may have
/// stopped defining them (`changed`: it was re-read after an edit on disk).
pub fn offer(worker: &WorkerHandle, uri: Uri, text: Arc<str>, changed: bool) {
    if changed || mlir_analysis::irdl::may_define_dialects(&text) {
        worker.send(Event::Library(uri, Some(text)));
    }
}

/// A file deleted from disk stops being a library file.
pub fn withdraw(worker: &WorkerHandle, uri: Uri) {
    worker.send(Event::Library(uri, None));
}

/// The files the `irdl.files` patterns name: each a path or a glob
/// (`dialects/**/*.irdl.mlir`), absolute or relative to each workspace folder. Returns the
/// files and the patterns that are not valid globs.
pub fn configured_files(patterns: &[String], folders: &[PathBuf]) -> (Vec<PathBuf>, Vec<String>) {
    let mut files = Vec::new();
    let mut invalid = Vec::new();
    for pattern in patterns {
        let absolute: Vec<PathBuf> = match Path::new(pattern).is_absolute() {
            true => vec![PathBuf::from(pattern)],
            false => folders.iter().map(|f| f.join(pattern)).collect(),
        };
        for path in absolute {
            if !pattern.contains(['*', '?', '[', '{']) {
                files.extend(Some(path).filter(|p| p.is_file()));
                continue;
            }
            // `*` stays within a folder, `**` crosses folders (as in `.gitignore`).
            let glob = GlobBuilder::new(&path.to_string_lossy())
                .literal_separator(true)
                .build();
            match glob {
                Ok(glob) => files.extend(matching_files(&path, &glob.compile_matcher())),
                Err(_) => invalid.push(pattern.clone()),
            }
        }
    }
    files.sort();
    files.dedup();
    invalid.dedup();
    (files, invalid)
}

/// The `.mlir` files under the glob's longest folder without glob characters that match it.
fn matching_files(pattern: &Path, glob: &globset::GlobMatcher) -> Vec<PathBuf> {
    let base: PathBuf = pattern
        .components()
        .take_while(|c| {
            !c.as_os_str()
                .to_string_lossy()
                .contains(['*', '?', '[', '{'])
        })
        .collect();
    super::workspace::mlir_files(&base)
        .into_iter()
        .filter(|path| glob.is_match(path))
        .collect()
}

/// Reads the configured files and hands them to the analysis, and withdraws the files of
/// `before` that are no longer named (unless a workspace folder holds them: indexing
/// offers those). Returns the files now named, and the patterns that are not valid globs
/// and the files that could not be read.
pub fn load_configured(
    worker: &WorkerHandle,
    patterns: &[String],
    folders: &[PathBuf],
    before: &[PathBuf],
) -> (Vec<PathBuf>, Vec<String>) {
    let (files, mut problems) = configured_files(patterns, folders);
    for path in &files {
        match super::workspace::read_file(path) {
            Some((uri, text)) => worker.send(Event::Library(uri, Some(text))),
            None => problems.push(path.display().to_string()),
        }
    }
    let dropped = before
        .iter()
        .filter(|path| !files.contains(path) && !in_folders(path, folders));
    for path in dropped {
        if let Some(uri) = Uri::from_file_path(path) {
            withdraw(worker, uri);
        }
    }
    (files, problems)
}

/// Does a workspace folder hold the file (`..` resolved)? A deleted file is in none.
fn in_folders(path: &Path, folders: &[PathBuf]) -> bool {
    let Ok(path) = path.canonicalize() else {
        return false;
    };
    folders
        .iter()
        .filter_map(|f| f.canonicalize().ok())
        .any(|folder| path.starts_with(folder))
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
        std::fs::remove_dir_all(&root).unwrap();
    }
}
