//! Request helpers that keep state between requests: semantic tokens with result ids, so
//! `full/delta` can answer with the edits since the client's previous result, and each
//! document's memos of file-wide requests (outline, folds, links).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use mlir_analysis::expectations::{UNMATCHED_CODE, annotation_for, removal_range};
use mlir_analysis::{Severity, TextRange, ide};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::ls_types::{
    SemanticToken, SemanticTokens, SemanticTokensDelta, SemanticTokensEdit,
    SemanticTokensFullDeltaResult, Uri,
};

use super::convert;
use super::documents::Snapshot;
use super::positions::PositionMap;
use super::unit_tokens::UnitTokens;

/// Every semantic token of a snapshot (or of a range of it), encoded for LSP.
pub fn all_tokens(
    snapshot: &Snapshot,
    map: &PositionMap<'_>,
    range: Option<TextRange>,
) -> Vec<SemanticToken> {
    let mut encoder = convert::TokenEncoder::new(map);
    let root = snapshot.parse.syntax_node();
    ide::semantic_tokens_each(&root, range, &mut |token| encoder.push(&token));
    encoder.out
}

/// Each open document's `ide::RequestMemos`, which the file-wide requests reuse from one
/// version to the next.
#[derive(Default)]
pub struct RequestMemoCache {
    memos: Mutex<HashMap<Uri, Arc<ide::RequestMemos>>>,
}

impl RequestMemoCache {
    pub fn of(&self, uri: &Uri) -> Arc<ide::RequestMemos> {
        let mut memos = self.memos.lock().unwrap_or_else(|p| p.into_inner());
        memos.entry(uri.clone()).or_default().clone()
    }

    pub fn forget(&self, uri: &Uri) {
        let mut memos = self.memos.lock().unwrap_or_else(|p| p.into_inner());
        memos.remove(uri);
    }
}

/// A memo's lock; a request that panicked while holding it left nothing half-written that
/// matters (a memo is only ever a cache), so a poisoned lock is taken as it is.
pub fn locked<T>(memo: &Mutex<T>) -> MutexGuard<'_, T> {
    memo.lock().unwrap_or_else(|p| p.into_inner())
}

type SharedTokens = Arc<Vec<SemanticToken>>;

/// The last full result sent per document, to answer delta requests.
#[derive(Default)]
pub struct SemanticTokenCache {
    /// Shared: a delta request compares with it without copying it (6 million tokens in a
    /// million-line file).
    last: Mutex<HashMap<Uri, (String, SharedTokens)>>,
    next_id: AtomicU64,
    /// Each document's last answer by unit, which the next is made from.
    units: Mutex<HashMap<Uri, Arc<Mutex<UnitTokens>>>>,
}

impl SemanticTokenCache {
    /// Every token of `snapshot` (the document `uri`), made from the last answer's units
    /// where the tree kept them.
    pub fn tokens(&self, uri: &Uri, snapshot: &Snapshot, map: &PositionMap<'_>) -> SharedTokens {
        let units = locked(&self.units).entry(uri.clone()).or_default().clone();
        let mut units = locked(&units);
        units.all(snapshot, map)
    }

    fn remember(&self, uri: &Uri, tokens: SharedTokens) -> String {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed).to_string();
        locked(&self.last).insert(uri.clone(), (id.clone(), tokens));
        id
    }

    pub fn forget(&self, uri: &Uri) {
        locked(&self.last).remove(uri);
        locked(&self.units).remove(uri);
    }

    /// The answer to a full request (a stand-in for a large one: `raw_results`), kept for
    /// the deltas against it.
    pub fn full(&self, uri: &Uri, tokens: SharedTokens) -> SemanticTokens {
        let id = self.remember(uri, tokens.clone());
        if let Some(stand_in) = super::raw_results::semantic_tokens(&id, &tokens) {
            return stand_in;
        }
        SemanticTokens {
            result_id: Some(id),
            data: tokens.to_vec(),
        }
    }

    /// Edits from the previous result if the client has it, else the full tokens.
    pub fn delta(
        &self,
        uri: &Uri,
        previous_id: &str,
        tokens: SharedTokens,
    ) -> SemanticTokensFullDeltaResult {
        let previous = locked(&self.last)
            .get(uri)
            .filter(|(id, _)| id == previous_id)
            .map(|(_, t)| t.clone());
        let Some(previous) = previous else {
            return SemanticTokensFullDeltaResult::Tokens(self.full(uri, tokens));
        };
        let edit = single_edit(&previous, &tokens);
        let id = self.remember(uri, tokens);
        SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta {
            result_id: Some(id),
            edits: edit.into_iter().collect(),
        })
    }
}

/// One edit replacing what differs between the common prefix and suffix. Positions and
/// counts are in integers of the flat encoding (5 per token).
fn single_edit(old: &[SemanticToken], new: &[SemanticToken]) -> Option<SemanticTokensEdit> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let max_suffix = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(max_suffix)
        .take_while(|(a, b)| a == b)
        .count();
    if prefix == old.len() && prefix == new.len() {
        return None;
    }
    Some(SemanticTokensEdit {
        start: (prefix * 5) as u32,
        delete_count: ((old.len() - prefix - suffix) * 5) as u32,
        data: Some(new[prefix..new.len() - suffix].to_vec()),
    })
}

/// The quick fix for one of our diagnostics: insert an `expected-*` annotation above an
/// unexpected one (as `mlir-lsp-server` offers), or remove an annotation nothing matched.
/// Diagnostics already expected get none.
pub fn annotation_action(
    snapshot: &Snapshot,
    map: &PositionMap<'_>,
    uri: &Uri,
    diagnostic: &lsp::Diagnostic,
) -> Option<lsp::CodeActionOrCommand> {
    let code = match &diagnostic.code {
        Some(lsp::NumberOrString::String(code)) => code.as_str(),
        _ => "",
    };
    let (title, edit) = if code == UNMATCHED_CODE {
        let start = map.offset(diagnostic.range.start);
        let range = removal_range(
            snapshot.text(),
            TextRange::new(start, map.offset(diagnostic.range.end)),
        );
        (
            "Remove this stale expected-* annotation",
            lsp::TextEdit::new(map.range(range), String::new()),
        )
    } else {
        let severity = match diagnostic.severity? {
            lsp::DiagnosticSeverity::ERROR => Severity::Error,
            lsp::DiagnosticSeverity::WARNING => Severity::Warning,
            _ => return None,
        };
        let line = diagnostic.range.start.line;
        let line_start = map.offset(lsp::Position::new(line, 0));
        let line_end = map.offset(lsp::Position::new(line, u32::MAX));
        let line_text = &snapshot.text()[line_start.into()..line_end.into()];
        let text = annotation_for(severity, &diagnostic.message, line_text);
        let at = lsp::Position::new(line, 0);
        (
            "Add expected-* diagnostic checks",
            lsp::TextEdit::new(lsp::Range::new(at, at), text),
        )
    };
    let changes = HashMap::from([(uri.clone(), vec![edit])]);
    Some(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title: title.into(),
        kind: Some(lsp::CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![diagnostic.clone()]),
        edit: Some(lsp::WorkspaceEdit {
            changes: Some(changes),
            ..Default::default()
        }),
        ..Default::default()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(n: u32) -> SemanticToken {
        SemanticToken {
            delta_line: n,
            delta_start: 0,
            length: 1,
            token_type: 0,
            token_modifiers_bitset: 0,
        }
    }

    #[test]
    fn delta_is_the_middle_that_changed() {
        let old = [token(1), token(2), token(3)];
        let new = [token(1), token(9), token(8), token(3)];
        let edit = single_edit(&old, &new).unwrap();
        assert_eq!((edit.start, edit.delete_count), (5, 5));
        assert_eq!(edit.data.unwrap(), vec![token(9), token(8)]);
        assert!(single_edit(&old, &old).is_none());
    }
}
