//! Where the server finds IRDL dialects besides open buffers: workspace files that define
//! them (found while indexing) and the files the `irdl.files` setting names (paths or
//! globs, relative to the workspace folders). Each is handed to the analysis thread as a
//! library file; the analysis decides what it defines.

use std::path::{Path, PathBuf};
use std::sync::Arc;

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

/// Reads the configured files and hands them to the analysis, and withdraws the files of
/// `before` that are no longer named (unless the workspace index holds them, `indexed`:
/// indexing offers those; a file of another extension in a workspace folder it does not
/// hold). Returns the files now named, and the patterns that are not valid globs and the
/// files that could not be read.
pub fn load_configured(
    worker: &WorkerHandle,
    patterns: &[String],
    folders: &[PathBuf],
    before: &[PathBuf],
    indexed: &dyn Fn(&Path) -> bool,
) -> (Vec<PathBuf>, Vec<String>) {
    let (files, mut problems) = crate::discovery::configured_files(patterns, folders);
    for path in &files {
        match super::workspace::read_file(path) {
            Some((uri, text)) => worker.send(Event::Library(uri, Some(text))),
            None => problems.push(path.display().to_string()),
        }
    }
    let dropped = before
        .iter()
        .filter(|path| !files.contains(path) && !indexed(path));
    for path in dropped {
        if let Some(uri) = Uri::from_file_path(path) {
            withdraw(worker, uri);
        }
    }
    (files, problems)
}
