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

    /// Symbols whose name contains the query's characters in order (case-insensitive),
    /// the best `limit` of them: exact names first, then prefixes, then names holding the
    /// query whole, then the rest; shorter names first within each.
    pub fn symbols(&self, query: &str, limit: usize) -> Vec<lsp::SymbolInformation> {
        let files = self.files.read().unwrap_or_else(|p| p.into_inner());
        let query = query.to_ascii_lowercase();
        let mut found: Vec<(MatchClass, &lsp::SymbolInformation)> = files
            .values()
            .flat_map(|f| f.symbols.iter())
            .filter_map(|s| match_class(&s.name, &query).map(|class| (class, s)))
            .collect();
        let key = |(class, s): &(MatchClass, &lsp::SymbolInformation)| (*class, s.name.len());
        if found.len() > limit {
            found.select_nth_unstable_by(limit, |a, b| key(a).cmp(&key(b)));
            found.truncate(limit);
        }
        found.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.1.name.cmp(&b.1.name)));
        found.into_iter().map(|(_, s)| s.clone()).collect()
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

/// How well a name matches a query, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum MatchClass {
    Exact,
    Prefix,
    Substring,
    Scattered,
}

/// How `name` matches `query` (lowercase), if it holds the query's characters in order.
fn match_class(name: &str, query: &str) -> Option<MatchClass> {
    let lower = name.to_ascii_lowercase();
    if lower == query {
        return Some(MatchClass::Exact);
    }
    if lower.starts_with(query) {
        return Some(MatchClass::Prefix);
    }
    if lower.contains(query) {
        return Some(MatchClass::Substring);
    }
    let mut chars = lower.chars();
    query
        .chars()
        .all(|q| chars.any(|c| c == q))
        .then_some(MatchClass::Scattered)
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

#[cfg(test)]
mod tests {
    use std::str::FromStr;
    use std::sync::Arc;

    use super::*;

    /// The best matches come first, and a limit keeps the best, not the first found.
    #[test]
    fn symbols_are_ranked_before_the_limit_cuts() {
        let index = WorkspaceIndex::default();
        let files = [
            (
                "a",
                "func.func private @f_o_o()\nfunc.func private @bar()\n",
            ),
            (
                "b",
                "func.func private @xfoo()\nfunc.func private @foobar()\n",
            ),
            ("c", "func.func private @foo()\nfunc.func private @FOOD()\n"),
        ];
        for (name, text) in files {
            let uri = Uri::from_str(&format!("file:///w/{name}.mlir")).unwrap();
            let parse = mlir_syntax::parse(text);
            index.update(&uri, Arc::from(text), &parse, Encoding::Utf16);
        }
        let names = |limit| -> Vec<String> {
            index
                .symbols("foo", limit)
                .into_iter()
                .map(|s| s.name)
                .collect()
        };
        assert_eq!(names(10), ["foo", "FOOD", "foobar", "xfoo", "f_o_o"]);
        assert_eq!(names(2), ["foo", "FOOD"]);
        assert_eq!(index.symbols("", 10).len(), 6);
    }
}
