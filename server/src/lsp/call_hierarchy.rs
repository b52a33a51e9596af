//! `textDocument/prepareCallHierarchy`, `callHierarchy/incomingCalls` and `outgoingCalls`
//! across the workspace: `ide`'s call hierarchy run over every file that may take part
//! (open documents as in their buffers, the other files of the workspace index), its
//! items converted to LSP with the path of symbol names that identifies a function kept
//! in the item's `data`.

use std::collections::HashMap;
use std::sync::Arc;

use mlir_analysis::ide;
use mlir_analysis::registry::Registry;
use serde_json::{Value, json};
use tower_lsp_server::ls_types::{
    CallHierarchyIncomingCall, CallHierarchyItem, CallHierarchyOutgoingCall, Position, SymbolKind,
    Uri,
};

use super::Shared;
use super::documents::Snapshot;
use super::positions::PositionMap;

/// A file taking part: its URI and analysed text.
type Source = (Uri, Arc<Snapshot>);

/// The function at the cursor: defined there, or named by the call there (then found in
/// this document or another file).
pub fn prepare(shared: &Shared, uri: &Uri, position: Position) -> Option<Vec<CallHierarchyItem>> {
    let snapshot = shared.documents.snapshot(uri)?;
    let registry = shared.registry();
    let offset = map_of(shared, &snapshot).offset(position);
    let path = ide::call_target_at(&snapshot.parse.syntax_node(), offset, &registry)?;
    let here = (uri.clone(), snapshot);
    let item = find_item(shared, &registry, &path, Some(&here))?;
    Some(vec![item])
}

/// The calls of the item's function, in every file, grouped by caller.
pub fn incoming(shared: &Shared, item: &CallHierarchyItem) -> Vec<CallHierarchyIncomingCall> {
    let path = path_of(item);
    let registry = shared.registry();
    let mut out = Vec::new();
    for (uri, snapshot) in sources(shared, leaf(&path)) {
        let map = map_of(shared, &snapshot);
        let root = snapshot.parse.syntax_node();
        for sites in ide::incoming_calls(&root, &path, &registry) {
            out.push(CallHierarchyIncomingCall {
                from: lsp_item(&uri, &map, &sites.other),
                from_ranges: sites.ranges.iter().map(|r| map.range(*r)).collect(),
            });
        }
    }
    out
}

/// The calls the item's function makes, grouped by callee; callees defined nowhere in the
/// workspace are left out (there is no place to show).
pub fn outgoing(shared: &Shared, item: &CallHierarchyItem) -> Vec<CallHierarchyOutgoingCall> {
    let path = path_of(item);
    let registry = shared.registry();
    let Some(own) = source_of(shared, &item.uri) else {
        return Vec::new();
    };
    let map = map_of(shared, &own.1);
    let root = own.1.parse.syntax_node();
    let mut found: HashMap<Vec<String>, Option<CallHierarchyItem>> = HashMap::new();
    let mut out = Vec::new();
    for sites in ide::outgoing_calls(&root, &path, &registry) {
        let to = found
            .entry(sites.other.clone())
            .or_insert_with(|| find_item(shared, &registry, &sites.other, Some(&own)))
            .clone();
        if let Some(to) = to {
            let from_ranges = sites.ranges.iter().map(|r| map.range(*r)).collect();
            out.push(CallHierarchyOutgoingCall { to, from_ranges });
        }
    }
    out
}

/// The definition of `path`: in `first` if given and there, else in the other files.
fn find_item(
    shared: &Shared,
    registry: &Registry,
    path: &[String],
    first: Option<&Source>,
) -> Option<CallHierarchyItem> {
    let others = sources(shared, leaf(path));
    let rest = others
        .iter()
        .filter(|(uri, _)| Some(uri) != first.map(|f| &f.0));
    first.into_iter().chain(rest).find_map(|(uri, snapshot)| {
        let found = ide::call_item(&snapshot.parse.syntax_node(), registry, path)?;
        Some(lsp_item(uri, &map_of(shared, snapshot), &found))
    })
}

/// Open documents containing `needle` as in their buffers, then the indexed files that
/// are not open, in URI order.
fn sources(shared: &Shared, needle: &str) -> Vec<Source> {
    let open = shared.documents.open_uris();
    let mut out: Vec<Source> = open
        .iter()
        .filter_map(|uri| Some((uri.clone(), shared.documents.snapshot(uri)?)))
        .filter(|(_, snapshot)| snapshot.text().contains(needle))
        .collect();
    let indexed = shared.index.files_containing(needle);
    let closed = indexed.into_iter().filter(|(uri, _)| !open.contains(uri));
    out.extend(closed.map(|(uri, text)| (uri, Arc::new(Snapshot::of_flat(0, text)))));
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// One file: its buffer if open, else as indexed, else as on disk.
fn source_of(shared: &Shared, uri: &Uri) -> Option<Source> {
    if let Some(snapshot) = shared.documents.snapshot(uri) {
        return Some((uri.clone(), snapshot));
    }
    let path = uri.to_file_path()?;
    let (uri, text) = super::workspace::read_file(&path)?;
    Some((uri, Arc::new(Snapshot::of_flat(0, text))))
}

fn map_of<'a>(shared: &Shared, snapshot: &'a Snapshot) -> PositionMap<'a> {
    snapshot.positions(shared.encoding())
}

fn lsp_item(uri: &Uri, map: &PositionMap<'_>, item: &ide::CallItem) -> CallHierarchyItem {
    CallHierarchyItem {
        name: item.name.clone(),
        kind: SymbolKind::FUNCTION,
        tags: None,
        detail: Some(item.detail.clone()),
        uri: uri.clone(),
        range: map.range(item.range),
        selection_range: map.range(item.selection_range),
        data: Some(json!({ "path": item.path })),
    }
}

/// The path kept in an item's data; an item from elsewhere is taken as a top-level name.
fn path_of(item: &CallHierarchyItem) -> Vec<String> {
    let kept = item.data.as_ref().and_then(|d| d.get("path"));
    let names = kept.and_then(Value::as_array).map(|names| {
        names
            .iter()
            .filter_map(|n| n.as_str().map(String::from))
            .collect::<Vec<_>>()
    });
    names
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| vec![item.name.trim_start_matches('@').to_string()])
}

fn leaf(path: &[String]) -> &str {
    path.last().map_or("", String::as_str)
}

/// Runs `f` on a blocking thread (the requests read and parse files); a panic is logged
/// and answered as an internal error.
pub async fn on_blocking_thread<T: Send + 'static>(
    shared: &Arc<Shared>,
    f: impl FnOnce(&Shared) -> T + Send + 'static,
) -> tower_lsp_server::jsonrpc::Result<T> {
    let inner = shared.clone();
    match tokio::task::spawn_blocking(move || f(&inner)).await {
        Ok(result) => Ok(result),
        Err(err) => {
            shared.log_error(format!("a call hierarchy request panicked: {err}"));
            Err(tower_lsp_server::jsonrpc::Error::internal_error())
        }
    }
}
