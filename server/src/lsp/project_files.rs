//! The project files of the workspace folders (`.mlir-analyzer.toml` at a folder's root,
//! see `crate::project`): read when the server starts and again when the client says one
//! changed on disk. Their problems are published as the file's diagnostics (so they show
//! in the editor's problems list, or in the file once opened); their settings apply where
//! the editor's settings say nothing.

use std::path::{Path, PathBuf};

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{TextRange, TextSize};
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::Shared;
use super::positions::PositionMap;
use super::worker::{Outgoing, Publish};
use crate::project::{self, ProjectFile};

/// The project file of each folder that has one.
pub fn read_all(folders: &[PathBuf]) -> Vec<ProjectFile> {
    folders
        .iter()
        .filter_map(|f| ProjectFile::read(&f.join(project::FILE_NAME)))
        .collect()
}

/// Is `path` the project file at the root of one of the folders?
pub fn is_project_file(path: &Path, folders: &[PathBuf]) -> bool {
    path.file_name().is_some_and(|n| n == project::FILE_NAME)
        && folders.iter().any(|f| path.parent() == Some(f.as_path()))
}

/// Reads the project files anew, publishes their problems (none for a file gone or
/// mended), and keeps them in `shared`.
pub fn reload(shared: &Shared) {
    let folders = shared.folders();
    let files = read_all(&folders);
    let before = std::mem::replace(
        &mut *shared.projects.write().unwrap_or_else(|p| p.into_inner()),
        files.clone(),
    );
    for gone in before
        .iter()
        .filter(|b| files.iter().all(|f| f.path != b.path))
    {
        publish(shared, &gone.path, Vec::new());
    }
    for file in &files {
        publish(shared, &file.path, diagnostics(file, shared));
        for problem in &file.problems {
            let message = format!("{}: {}", file.path.display(), problem.message);
            shared.log(lsp::MessageType::WARNING, message);
        }
    }
}

/// The `irdl.files` patterns the project files give (absolute).
pub fn irdl_patterns(shared: &Shared) -> Vec<String> {
    let projects = shared.projects.read().unwrap_or_else(|p| p.into_inner());
    projects
        .iter()
        .flat_map(ProjectFile::irdl_patterns)
        .collect()
}

/// The `[ods]` settings the project files give (paths absolute): each key merged over
/// the files that set it, `None` where none does.
pub fn ods_settings(shared: &Shared) -> super::OdsSettings {
    let projects = shared.projects.read().unwrap_or_else(|p| p.into_inner());
    let mut out = super::OdsSettings::default();
    for file in projects.iter() {
        let Some(table) = &file.settings.ods else {
            continue;
        };
        if table.files.is_some() {
            out.files
                .get_or_insert_default()
                .extend(file.ods_patterns());
        }
        if table.include_dirs.is_some() {
            let dirs = out.include_dirs.get_or_insert_default();
            dirs.extend(file.ods_include_dirs());
        }
        if let Some(installed) = table.installed {
            out.installed = Some(out.installed.unwrap_or(false) || installed);
        }
        if let Some(evaluator) = table.evaluator {
            out.evaluator = Some(evaluator.name().to_owned());
        }
    }
    out
}

/// The `[external]` settings of the first project file that has the table.
pub fn external_settings(shared: &Shared) -> super::ExternalSettings {
    let projects = shared.projects.read().unwrap_or_else(|p| p.into_inner());
    let file = projects.iter().find(|f| f.settings.external.is_some());
    let Some((file, Some(table))) = file.map(|f| (f, f.settings.external.as_ref())) else {
        return super::ExternalSettings::default();
    };
    super::ExternalSettings {
        command: file.external_command().map(super::CommandSetting::Words),
        when: table.when.map(|w| w.name().to_owned()),
        timeout_ms: table.timeout_ms,
        idle_ms: table.idle_ms,
    }
}

fn diagnostics(file: &ProjectFile, shared: &Shared) -> Vec<lsp::Diagnostic> {
    let index = LineIndex::new(&file.text);
    let map = PositionMap::new(&file.text, &index, shared.encoding());
    file.problems
        .iter()
        .map(|problem| {
            let at = |offset: usize| TextSize::new(offset.min(file.text.len()) as u32);
            let range = TextRange::new(at(problem.range.start), at(problem.range.end));
            lsp::Diagnostic {
                range: map.range(range),
                severity: Some(lsp::DiagnosticSeverity::ERROR),
                code: Some(lsp::NumberOrString::String("project-file".into())),
                source: Some("mlir-analyzer".into()),
                message: problem.message.clone(),
                ..Default::default()
            }
        })
        .collect()
}

fn publish(shared: &Shared, path: &Path, diagnostics: Vec<lsp::Diagnostic>) {
    let Some(uri) = Uri::from_file_path(path) else {
        return;
    };
    let publish = Publish {
        uri,
        version: None,
        diagnostics,
        leading: false,
    };
    let _ = shared.outgoing.send(Outgoing::Diagnostics(publish));
}

/// The formatter's indentation step for the document at `path`: the editor's setting,
/// else the `format.indent_width` of the project file of the innermost workspace folder
/// holding it, else MLIR's 2.
pub fn indent_width(shared: &Shared, path: Option<&Path>) -> usize {
    let configured = shared.settings().format.indent_width;
    let valid = |w: &usize| (1..=project::MAX_INDENT_WIDTH).contains(w);
    if let Some(width) = configured.filter(valid) {
        return width;
    }
    let projects = shared.projects.read().unwrap_or_else(|p| p.into_inner());
    let holding = projects
        .iter()
        .filter(|file| path.is_some_and(|p| p.starts_with(file.folder())))
        .max_by_key(|file| file.folder().components().count());
    holding
        .and_then(|file| file.settings.format_indent_width)
        .unwrap_or(2)
}
