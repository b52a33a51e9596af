//! The `LanguageServer` implementation: each handler converts its parameters, makes one
//! call into `mlir-analysis` (on a blocking thread, so a panic becomes an error answer and
//! the server stays up), and converts the result back. Document notifications apply their
//! edit before any `.await` and queue the document for analysis (DESIGN §3.6).

use std::sync::Arc;
use std::sync::atomic::Ordering;

use mlir_analysis::ide;
use serde_json::Value;
use tower_lsp_server::LanguageServer;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

use super::documents::Snapshot;
use super::positions::{Encoding, PositionMap};
use super::requests::SemanticTokenCache;
use super::worker::{Event, WorkerHandle};
use super::{Settings, Shared, convert};

pub struct Backend {
    shared: Arc<Shared>,
    worker: WorkerHandle,
    semantic_tokens: SemanticTokenCache,
}

impl Backend {
    pub fn new(shared: Arc<Shared>, worker: WorkerHandle) -> Self {
        Backend {
            shared,
            worker,
            semantic_tokens: SemanticTokenCache::default(),
        }
    }

    /// Runs `f` on the current snapshot of `uri` on a blocking thread. A document that is
    /// not open is an error; a panic inside `f` is an internal error, logged.
    async fn with_snapshot<T: Send + 'static>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Snapshot, &PositionMap<'_>) -> T + Send + 'static,
    ) -> Result<T> {
        let shared = self.shared.clone();
        let uri = uri.clone();
        let task = tokio::task::spawn_blocking(move || {
            let snapshot = shared.documents.snapshot(&uri)?;
            let map = PositionMap::new(&snapshot.text, &snapshot.line_index, shared.encoding());
            Some(f(&snapshot, &map))
        });
        match task.await {
            Ok(Some(result)) => Ok(result),
            Ok(None) => Err(Error::invalid_params("the document is not open")),
            Err(err) => {
                self.shared.log_error(format!("a request panicked: {err}"));
                let mut error = Error::internal_error();
                error.message = "internal error while answering this request (logged)".into();
                Err(error)
            }
        }
    }

    pub async fn syntax_tree(&self, params: TextDocumentIdentifier) -> Result<String> {
        self.with_snapshot(&params.uri, |snapshot, _| snapshot.parse.debug_dump())
            .await
    }

    /// The server's text and version of a document (for tests and debugging).
    pub async fn document_text(&self, params: TextDocumentIdentifier) -> Result<Value> {
        let (version, text) = self
            .shared
            .documents
            .text(&params.uri)
            .ok_or_else(|| Error::invalid_params("the document is not open"))?;
        Ok(serde_json::json!({ "version": version, "text": &*text }))
    }

    /// Panics inside a request, to test that the server survives it; only when the
    /// environment variable `MLIR_ANALYZER_ALLOW_DEBUG_PANIC` is set.
    pub async fn debug_panic(&self, params: TextDocumentIdentifier) -> Result<()> {
        let allowed = std::env::var_os("MLIR_ANALYZER_ALLOW_DEBUG_PANIC").is_some();
        self.with_snapshot(&params.uri, move |_, _| {
            assert!(
                !allowed,
                "panic requested through mlir-analyzer/debug/panic"
            );
        })
        .await
    }

    fn apply_settings(&self, value: Option<Value>) {
        let Some(mut value) = value else { return };
        if let Some(nested) = value.get("mlir-analyzer").cloned() {
            value = nested;
        }
        match serde_json::from_value::<Settings>(value) {
            Ok(settings) => self.shared.set_settings(settings),
            Err(err) => self.shared.log(
                MessageType::WARNING,
                format!("ignoring invalid settings: {err}"),
            ),
        }
    }
}

fn negotiate_encoding(params: &InitializeParams) -> Encoding {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    match offered {
        Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
        _ => Encoding::Utf16,
    }
}

fn capabilities(encoding: Encoding) -> ServerCapabilities {
    let encoding_kind = match encoding {
        Encoding::Utf8 => PositionEncodingKind::UTF8,
        Encoding::Utf16 => PositionEncodingKind::UTF16,
    };
    ServerCapabilities {
        position_encoding: Some(encoding_kind),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..Default::default()
            },
        )),
        document_symbol_provider: Some(OneOf::Left(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["%", "^", "@", "#", "!"].map(String::from).to_vec()),
            ..Default::default()
        }),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        selection_range_provider: Some(SelectionRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: convert::semantic_tokens_legend(),
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                range: Some(true),
                ..Default::default()
            },
        )),
        ..Default::default()
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let encoding = negotiate_encoding(&params);
        self.shared.set_encoding(encoding);
        self.apply_settings(params.initialization_options.clone());
        Ok(InitializeResult {
            capabilities: capabilities(encoding),
            server_info: Some(ServerInfo {
                name: "mlir-analyzer".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            ..Default::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        self.shared.log(
            MessageType::INFO,
            format!("mlir-analyzer {} ready", env!("CARGO_PKG_VERSION")),
        );
    }

    async fn shutdown(&self) -> Result<()> {
        self.shared.shutdown_requested.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        self.shared
            .documents
            .open(doc.uri.clone(), &doc.text, doc.version);
        self.worker.send(Event::Changed(doc.uri));
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let encoding = self.shared.encoding();
        if self
            .shared
            .documents
            .change(&uri, version, params.content_changes, encoding)
        {
            self.worker.send(Event::Changed(uri));
        } else {
            let message = format!(
                "ignoring a change to a document that is not open: {}",
                uri.as_str()
            );
            self.shared.log(MessageType::WARNING, message);
        }
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        self.semantic_tokens.forget(&uri);
        if self.shared.documents.close(&uri) {
            self.worker.send(Event::Closed(uri));
        }
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.apply_settings(Some(params.settings));
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let uri = at.text_document.uri.clone();
        let locations = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let offset = map.offset(at.position);
                let targets = ide::definition(&snapshot.parse.syntax_node(), offset);
                targets
                    .into_iter()
                    .map(|r| Location::new(uri.clone(), map.range(r)))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok((!locations.is_empty()).then_some(GotoDefinitionResponse::Array(locations)))
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri.clone();
        let include = params.context.include_declaration;
        let locations = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let offset = map.offset(at.position);
                let found = ide::references(&snapshot.parse.syntax_node(), offset, include);
                found
                    .into_iter()
                    .map(|r| Location::new(uri.clone(), map.range(r)))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(locations))
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let at = params.text_document_position_params;
        let highlights = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let offset = map.offset(at.position);
                let found = ide::occurrences(&snapshot.parse.syntax_node(), offset);
                found
                    .into_iter()
                    .map(|o| convert::highlight(map, &o))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(highlights))
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        self.with_snapshot(&at.text_document.uri, move |snapshot, map| {
            let found = ide::hover(&snapshot.parse.syntax_node(), map.offset(at.position))?;
            Some(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: found.markdown,
                }),
                range: Some(map.range(found.range)),
            })
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        let items = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let offset = map.offset(at.position);
                let found = ide::completions(&snapshot.parse.syntax_node(), &snapshot.text, offset);
                found
                    .iter()
                    .enumerate()
                    .map(|(i, item)| convert::completion_item(map, item, i))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(CompletionResponse::Array(items)))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri.clone();
        let diagnostics = params.context.diagnostics;
        let actions = self
            .with_snapshot(&params.text_document.uri, move |snapshot, map| {
                let ours = diagnostics
                    .iter()
                    .filter(|d| d.source.as_deref() == Some("mlir-analyzer"));
                ours.filter_map(|d| super::requests::annotation_action(snapshot, map, &uri, d))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(actions))
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let range = self
            .with_snapshot(&params.text_document.uri, move |snapshot, map| {
                ide::prepare_rename(&snapshot.parse.syntax_node(), map.offset(params.position))
                    .map(|r| map.range(r))
            })
            .await?;
        range
            .map(|r| Some(PrepareRenameResponse::Range(r)))
            .map_err(Error::invalid_params)
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri.clone();
        let new_name = params.new_name;
        let edits = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let edits = ide::rename(
                    &snapshot.parse.syntax_node(),
                    map.offset(at.position),
                    &new_name,
                )?;
                Ok::<_, String>(
                    edits
                        .into_iter()
                        .map(|(r, text)| TextEdit::new(map.range(r), text))
                        .collect::<Vec<_>>(),
                )
            })
            .await?
            .map_err(Error::invalid_params)?;
        let changes = std::collections::HashMap::from([(uri, edits)]);
        Ok(Some(WorkspaceEdit {
            changes: Some(changes),
            ..Default::default()
        }))
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let symbols = self
            .with_snapshot(&params.text_document.uri, |snapshot, map| {
                let symbols = ide::document_symbols(&snapshot.parse.syntax_node());
                symbols
                    .iter()
                    .map(|s| convert::document_symbol(map, s))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(DocumentSymbolResponse::Nested(symbols)))
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let folds = self
            .with_snapshot(&params.text_document.uri, |snapshot, map| {
                let folds = ide::folding_ranges(&snapshot.parse.syntax_node());
                folds
                    .iter()
                    .filter_map(|f| convert::folding_range(map, f))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(folds))
    }

    async fn selection_range(
        &self,
        params: SelectionRangeParams,
    ) -> Result<Option<Vec<SelectionRange>>> {
        let positions = params.positions;
        let ranges = self
            .with_snapshot(&params.text_document.uri, move |snapshot, map| {
                let offsets: Vec<_> = positions.iter().map(|p| map.offset(*p)).collect();
                let nested = ide::selection_ranges(&snapshot.parse.syntax_node(), &offsets);
                nested
                    .iter()
                    .map(|ranges| convert::selection_range(map, ranges))
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(ranges))
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = params.text_document.uri;
        let tokens = self
            .with_snapshot(&uri, |s, map| super::requests::all_tokens(s, map, None))
            .await?;
        Ok(Some(SemanticTokensResult::Tokens(
            self.semantic_tokens.full(&uri, tokens),
        )))
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        let uri = params.text_document.uri;
        let tokens = self
            .with_snapshot(&uri, |s, map| super::requests::all_tokens(s, map, None))
            .await?;
        Ok(Some(self.semantic_tokens.delta(
            &uri,
            &params.previous_result_id,
            tokens,
        )))
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let range = params.range;
        let tokens = self
            .with_snapshot(&params.text_document.uri, move |s, map| {
                let range =
                    mlir_analysis::TextRange::new(map.offset(range.start), map.offset(range.end));
                super::requests::all_tokens(s, map, Some(range))
            })
            .await?;
        let result = SemanticTokens {
            result_id: None,
            data: tokens,
        };
        Ok(Some(SemanticTokensRangeResult::Tokens(result)))
    }
}
