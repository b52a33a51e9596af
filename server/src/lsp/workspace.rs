//! The workspace index: every `.mlir` file under the workspace folders, read in the
//! background after `initialized` (with `$/progress` when the client supports it), kept up
//! to date by `workspace/didChangeWatchedFiles` and when buffers are saved or closed. It
//! holds each file's text and symbols, for workspace symbols and cross-file navigation.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, RwLock};

use mlir_analysis::ide;
use mlir_analysis::line_index::LineIndex;
use mlir_syntax::Parse;
use tower_lsp_server::ls_types::{self as lsp, Location, Uri};

use super::convert;
use super::positions::{Encoding, PositionMap};

/// What the index keeps of one file.
pub struct IndexedFile {
    pub text: Arc<str>,
    pub symbols: Vec<lsp::SymbolInformation>,
}

#[derive(Default)]
pub struct WorkspaceIndex {
    files: RwLock<HashMap<Uri, IndexedFile>>,
}

impl WorkspaceIndex {
    /// Indexes (or re-indexes) one file from its text and tree.
    pub fn update(&self, uri: &Uri, text: Arc<str>, parse: &Parse, encoding: Encoding) {
        let index = LineIndex::new(&text);
        let map = PositionMap::new(&text, &index, encoding);
        let symbols = ide::flat_symbols(&parse.syntax_node())
            .iter()
            .map(|(s, container)| symbol_information(&map, uri, s, container.clone()))
            .collect();
        let file = IndexedFile { text, symbols };
        self.files
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(uri.clone(), file);
    }

    /// Does the index hold the file (found by indexing, or re-read after a change)?
    pub fn contains(&self, uri: &Uri) -> bool {
        let files = self.files.read().unwrap_or_else(|p| p.into_inner());
        files.contains_key(uri)
    }

    pub fn remove(&self, uri: &Uri) {
        self.files
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .remove(uri);
    }

    /// Symbols whose name contains the query's characters in order (case-insensitive).
    pub fn symbols(&self, query: &str, limit: usize) -> Vec<lsp::SymbolInformation> {
        let files = self.files.read().unwrap_or_else(|p| p.into_inner());
        let mut out: Vec<lsp::SymbolInformation> = files
            .values()
            .flat_map(|f| f.symbols.iter())
            .filter(|s| fuzzy_match(&s.name, query))
            .take(limit)
            .cloned()
            .collect();
        out.sort_by(|a, b| a.name.len().cmp(&b.name.len()).then(a.name.cmp(&b.name)));
        out
    }

    /// Where other files define the symbol `name`.
    pub fn definitions(&self, name: &str, except: &Uri) -> Vec<Location> {
        let files = self.files.read().unwrap_or_else(|p| p.into_inner());
        files
            .iter()
            .filter(|(uri, _)| *uri != except)
            .flat_map(|(_, f)| {
                f.symbols
                    .iter()
                    .filter(|s| s.name == name)
                    .map(|s| s.location.clone())
            })
            .collect()
    }

    /// Every indexed file whose text contains `needle`, with its text (for the call
    /// hierarchy, which reads open documents from their buffers instead).
    pub fn files_containing(&self, needle: &str) -> Vec<(Uri, Arc<str>)> {
        let files = self.files.read().unwrap_or_else(|p| p.into_inner());
        files
            .iter()
            .filter(|(_, f)| f.text.contains(needle))
            .map(|(uri, f)| (uri.clone(), f.text.clone()))
            .collect()
    }

    /// The other files that mention `@name`, with their texts, for cross-file references.
    pub fn files_mentioning(&self, symbol: &str, except: &Uri) -> Vec<(Uri, Arc<str>)> {
        let files = self.files.read().unwrap_or_else(|p| p.into_inner());
        files
            .iter()
            .filter(|(uri, f)| *uri != except && f.text.contains(symbol))
            .map(|(uri, f)| (uri.clone(), f.text.clone()))
            .collect()
    }
}

#[allow(deprecated)] // `deprecated` is a required field of the struct
fn symbol_information(
    map: &PositionMap<'_>,
    uri: &Uri,
    symbol: &ide::DocumentSymbol,
    container: Option<String>,
) -> lsp::SymbolInformation {
    lsp::SymbolInformation {
        name: symbol.name.clone(),
        kind: convert::symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        location: Location::new(uri.clone(), map.range(symbol.selection_range)),
        container_name: container,
    }
}

fn fuzzy_match(name: &str, query: &str) -> bool {
    let mut chars = name.chars().map(|c| c.to_ascii_lowercase());
    query
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .all(|q| chars.any(|c| c == q))
}

/// Reads and indexes one file from disk; unreadable files are skipped. Returns the file's
/// URI and text.
pub fn index_path(
    index: &WorkspaceIndex,
    path: &Path,
    encoding: Encoding,
) -> Option<(Uri, Arc<str>)> {
    let (uri, text) = read_file(path)?;
    let parse = mlir_syntax::parse(&text);
    index.update(&uri, text.clone(), &parse, encoding);
    Some((uri, text))
}

/// A file's URI and text (not UTF-8 bytes replaced), if it is a regular file that can be
/// read. Anything else (a folder, a named pipe, which would block the read for good, a
/// device) is no file to index.
pub fn read_file(path: &Path) -> Option<(Uri, Arc<str>)> {
    let uri = Uri::from_file_path(path)?;
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    Some((uri, Arc::from(String::from_utf8_lossy(&bytes).as_ref())))
}
