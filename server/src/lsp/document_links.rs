//! `textDocument/documentLink`: the file locations `ide::document_links` finds, each
//! resolved on disk (as written if absolute, else against the document's folder, then each
//! workspace folder) and linked to `file:///...#L<line>,<column>`, the fragment VS Code
//! and other editors open at that line and column. Files that do not exist get no link.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use mlir_analysis::ide;
use tower_lsp_server::ls_types::{DocumentLink, DocumentLinkOptions, Range, Uri};

use super::documents::Snapshot;
use super::positions::PositionMap;

pub fn options() -> DocumentLinkOptions {
    DocumentLinkOptions {
        resolve_provider: Some(false),
        work_done_progress_options: Default::default(),
    }
}

/// The links of a document (`ide::document_links`). Each written file is looked up on disk once: an IR dump
/// names the same few files thousands of times.
pub fn links(
    links: &[ide::DocumentLink],
    map: &PositionMap<'_>,
    document: &Uri,
    folders: &[PathBuf],
) -> Vec<DocumentLink> {
    let mut found: HashMap<String, Option<Uri>> = HashMap::new();
    let mut out = Vec::new();
    // Links come in file order and never overlap.
    let mut positions = map.in_order();
    for link in links {
        let place = &link.target;
        let file = found
            .entry(place.file.clone())
            .or_insert_with(|| resolve(&place.file, document, folders))
            .clone();
        let Some(file) = file else {
            continue;
        };
        let start = positions.position(link.range.start());
        out.push(DocumentLink {
            range: Range::new(start, positions.position(link.range.end())),
            target: Some(at_line(&file, place.line, place.column)),
            tooltip: Some(format!(
                "{}, line {}, column {}",
                place.file, place.line, place.column
            )),
            data: None,
        });
    }
    out
}

/// Markdown links to the existing files that the locations inside `range` name, one per
/// place, for hover on a location: `[a.mlir:3:4](file:///.../a.mlir#L3,4)`.
pub fn hover_links(
    snapshot: &Snapshot,
    range: mlir_analysis::TextRange,
    document: &Uri,
    folders: &[PathBuf],
) -> String {
    let mut out = String::new();
    let mut seen = std::collections::HashSet::new();
    for link in ide::document_links(&snapshot.parse.syntax_node()) {
        let place = &link.target;
        let label = format!("{}:{}:{}", place.file, place.line, place.column);
        if range.intersect(link.range).is_none() || !seen.insert(label.clone()) {
            continue;
        }
        if let Some(file) = resolve(&place.file, document, folders) {
            let target = at_line(&file, place.line, place.column);
            out.push_str(&format!("\n\n[Open `{label}`]({})", target.as_str()));
        }
    }
    out
}

/// The existing file a location names, as a URI.
fn resolve(file: &str, document: &Uri, folders: &[PathBuf]) -> Option<Uri> {
    let written = Path::new(file);
    if file.is_empty() {
        return None;
    }
    let path = if written.is_absolute() {
        Some(written.to_path_buf()).filter(|p| p.is_file())
    } else {
        let own = document
            .to_file_path()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        own.iter()
            .chain(folders)
            .map(|folder| folder.join(written))
            .find(|p| p.is_file())
    }?;
    Uri::from_file_path(path)
}

/// `file:///a/b.mlir#L3,4`; the file alone if the fragment would not parse.
fn at_line(file: &Uri, line: u32, column: u32) -> Uri {
    let text = format!("{}#L{line},{column}", file.as_str());
    Uri::from_str(&text).unwrap_or_else(|_| file.clone())
}
