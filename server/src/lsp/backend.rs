//! The `LanguageServer` implementation: each handler converts its parameters, makes one
//! call into `mlir-analysis` (on a blocking thread, so a panic becomes an error answer and
//! the server stays up), and converts the result back. Document notifications apply their
//! edit before any `.await` and queue the document for analysis (DESIGN §3.6).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use mlir_analysis::ide;
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::documents::Snapshot;
use super::external_runs::ExternalRuns;
use super::irdl_sources;
use super::ods_loader::OdsLoader;
use super::positions::{Encoding, PositionMap};
use super::requests::{RequestMemoCache, SemanticTokenCache, locked};
use super::token_thread::TokenThread;
use super::worker::{Event, WorkerHandle};
use super::{Settings, Shared, convert};

pub struct Backend {
    client: Client,
    shared: Arc<Shared>,
    worker: Arc<WorkerHandle>,
    semantic_tokens: Arc<SemanticTokenCache>,
    /// Where semantic tokens are made (see `token_thread`).
    token_thread: TokenThread,
    request_memos: RequestMemoCache,
    capabilities: std::sync::RwLock<ClientFeatures>,
    ods: OdsLoader,
}

/// Where a request's work runs: semantic tokens on their own thread (`token_thread`),
/// the rest on tokio's blocking pool.
#[derive(Clone, Copy)]
enum Runs {
    OnBlockingPool,
    OnTokenThread,
}

/// What the client said it supports, where it changes what we send.
#[derive(Debug, Clone, Copy, Default)]
struct ClientFeatures {
    work_done_progress: bool,
    watch_files: bool,
}

fn client_features(params: &InitializeParams) -> ClientFeatures {
    let caps = &params.capabilities;
    let work_done_progress = caps
        .window
        .as_ref()
        .and_then(|w| w.work_done_progress)
        .unwrap_or(false);
    let watch = caps
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref());
    let watch_files = watch.and_then(|w| w.dynamic_registration).unwrap_or(false);
    ClientFeatures {
        work_done_progress,
        watch_files,
    }
}

/// The folders to index: the workspace folders, or the root.
#[allow(deprecated)] // `root_uri` is deprecated but older clients send only it
fn workspace_folders(params: &InitializeParams) -> Vec<std::path::PathBuf> {
    let uris: Vec<Uri> = match &params.workspace_folders {
        Some(folders) => folders.iter().map(|f| f.uri.clone()).collect(),
        None => params.root_uri.iter().cloned().collect(),
    };
    uris.iter()
        .filter_map(|u| u.to_file_path().map(|p| p.into_owned()))
        .collect()
}

impl Backend {
    pub fn new(client: Client, shared: Arc<Shared>, worker: Arc<WorkerHandle>) -> Self {
        let ods = OdsLoader::new(client.clone(), shared.clone(), worker.clone());
        Backend {
            client,
            shared,
            worker,
            semantic_tokens: Arc::default(),
            token_thread: TokenThread::start(),
            request_memos: RequestMemoCache::default(),
            capabilities: Default::default(),
            ods,
        }
    }

    /// Runs `f` on the current snapshot of `uri` on a blocking thread. A document that is
    /// not open is an error; a panic inside `f` is an internal error, logged. An open
    /// `.td` file (synchronised for the ODS loader, not analysed) gets an empty answer.
    async fn with_snapshot<T: Send + Default + 'static>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Snapshot, &PositionMap<'_>) -> T + Send + 'static,
    ) -> Result<T> {
        self.with_snapshot_on(Runs::OnBlockingPool, uri, f).await
    }

    /// `with_snapshot`, run where `runs` says.
    async fn with_snapshot_on<T: Send + Default + 'static>(
        &self,
        runs: Runs,
        uri: &Uri,
        f: impl FnOnce(&Snapshot, &PositionMap<'_>) -> T + Send + 'static,
    ) -> Result<T> {
        if self.is_open_td(uri) {
            return Ok(T::default());
        }
        match runs {
            Runs::OnBlockingPool => self.with_mlir_snapshot(uri, f).await,
            Runs::OnTokenThread => {
                let answer = self.token_thread.run(self.on_snapshot(uri, f)).await;
                let outcome = answer.ok_or("it panicked on the semantic-token thread");
                self.answer_of(outcome.map_err(String::from))
            }
        }
    }

    fn is_open_td(&self, uri: &Uri) -> bool {
        td_path(uri).is_some() && self.shared.td_documents.text(uri).is_some()
    }

    /// `with_snapshot` for answers with no empty form: an open `.td` file is an error.
    async fn with_mlir_snapshot<T: Send + 'static>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Snapshot, &PositionMap<'_>) -> T + Send + 'static,
    ) -> Result<T> {
        if self.is_open_td(uri) {
            return Err(Error::invalid_params("not an MLIR document"));
        }
        let task = tokio::task::spawn_blocking(self.on_snapshot(uri, f));
        self.answer_of(task.await.map_err(|err| err.to_string()))
    }

    /// `f` on the current snapshot of `uri`, as work for another thread (which gives
    /// `None` if the document is not open).
    fn on_snapshot<T: Send + 'static>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Snapshot, &PositionMap<'_>) -> T + Send + 'static,
    ) -> impl FnOnce() -> Option<T> + Send + 'static {
        let (shared, uri) = (self.shared.clone(), uri.clone());
        move || {
            let snapshot = shared.documents.snapshot(&uri)?;
            let map = snapshot.positions(shared.encoding());
            Some(f(&snapshot, &map))
        }
    }

    /// A request's answer from what its work gave: `None` if the document is not open,
    /// an error if the work panicked (logged).
    fn answer_of<T>(&self, outcome: std::result::Result<Option<T>, String>) -> Result<T> {
        match outcome {
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

    /// The formatter's edits for a document (or a range of it), with the indentation step
    /// the settings give for its place.
    async fn format_edits(&self, uri: &Uri, range: Option<Range>) -> Result<Option<Vec<TextEdit>>> {
        let path = uri.to_file_path().map(|p| p.into_owned());
        let width = super::project_files::indent_width(&self.shared, path.as_deref());
        let (edits, left_alone) = self
            .with_snapshot(uri, move |snapshot, map| {
                super::formatting::edits(snapshot, map, width, range)
            })
            .await?;
        if left_alone > 0 {
            let what = if left_alone == 1 {
                "statement"
            } else {
                "statements"
            };
            self.shared.log(
                MessageType::INFO,
                format!("formatting left {left_alone} {what} with syntax errors as written"),
            );
        }
        Ok(Some(edits))
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
        Ok(serde_json::json!({ "version": version, "text": &*text.flatten() }))
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

    /// Panics in the handler itself, outside any snapshot's guard, to test the service's
    /// guard (`catch_panic`); only with `MLIR_ANALYZER_ALLOW_DEBUG_PANIC` set.
    pub async fn debug_panic_in_handler(&self, _: Value) -> Result<()> {
        let allowed = std::env::var_os("MLIR_ANALYZER_ALLOW_DEBUG_PANIC").is_some();
        assert!(
            !allowed,
            "panic requested through mlir-analyzer/debug/panicInHandler"
        );
        Err(Error::method_not_found())
    }

    /// `debug_panic_in_handler` as a notification.
    pub async fn debug_panic_in_notification(&self, _: Value) {
        let allowed = std::env::var_os("MLIR_ANALYZER_ALLOW_DEBUG_PANIC").is_some();
        assert!(
            !allowed,
            "panic requested through mlir-analyzer/debug/panicInNotification"
        );
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

impl Backend {
    fn features(&self) -> ClientFeatures {
        *self.capabilities.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands the files `irdl.files` names (the editor's setting, else the project
    /// files') to the analysis, in the background; patterns and files that cannot be used
    /// are logged.
    fn load_irdl_files(&self) {
        let (shared, worker) = (self.shared.clone(), self.worker.clone());
        tokio::task::spawn_blocking(move || {
            let patterns = shared.irdl_patterns();
            let folders = shared.folders();
            // Configurations apply one at a time: each withdraws what the one before named.
            let mut configured = shared
                .configured_irdl
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            let indexed = |path: &std::path::Path| {
                Uri::from_file_path(path).is_some_and(|uri| shared.index.contains(&uri))
            };
            let (files, problems) =
                irdl_sources::load_configured(&worker, &patterns, &folders, &configured, &indexed);
            *configured = files;
            drop(configured);
            for problem in problems {
                let message = format!("irdl.files: cannot use {problem}");
                shared.log(MessageType::WARNING, message);
            }
        });
    }
}

/// The `irdl.operation`/`irdl.type`/`irdl.attribute` of the IRDL item used at `offset`.
fn irdl_location(
    root: &mlir_syntax::SyntaxNode,
    offset: mlir_syntax::TextSize,
    irdl: &[ide::IrdlSource],
    encoding: Encoding,
) -> Option<Location> {
    let (file, text, range) = ide::irdl_definition(root, offset, irdl)?;
    location_in(&file, &text, range, encoding)
}

/// A range of another file's text as a location.
fn location_in(
    file: &str,
    text: &str,
    range: mlir_syntax::TextRange,
    encoding: Encoding,
) -> Option<Location> {
    let uri: Uri = file.parse().ok()?;
    let index = mlir_analysis::line_index::LineIndex::new(text);
    let map = PositionMap::new(text, &index, encoding);
    Some(Location::new(uri, map.range(range)))
}

/// The uses of an IRDL item in one file, as locations.
fn irdl_mentions(
    uri: &Uri,
    root: &mlir_syntax::SyntaxNode,
    map: &PositionMap<'_>,
    target: &ide::IrdlTarget,
) -> Vec<Location> {
    ide::irdl_mentions(root, target)
        .into_iter()
        .map(|r| Location::new(uri.clone(), map.range(r)))
        .collect()
}

/// The `@name` of an IRDL item's definition, in the file that holds it.
fn irdl_declaration(
    target: &ide::IrdlTarget,
    irdl: &[ide::IrdlSource],
    encoding: Encoding,
) -> Option<Location> {
    let (source, def) = target.find(irdl)?;
    location_in(&source.file, &source.text, def.range, encoding)
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
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        document_symbol_provider: Some(OneOf::Left(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            // `.` after a dialect's name: its ops (`arith.` offers `arith.addi`, ...).
            trigger_characters: Some(["%", "^", "@", "#", "!", "."].map(String::from).to_vec()),
            ..Default::default()
        }),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        signature_help_provider: Some(super::signature_help::options()),
        document_link_provider: Some(super::document_links::options()),
        call_hierarchy_provider: Some(CallHierarchyServerCapability::Simple(true)),
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

/// Where a `loc("file":line:col)` points: an absolute file, or one relative to the
/// document's folder, if it exists. Columns are taken as written (1-based, bytes).
fn location_of(document: &Uri, place: &ide::LocationTarget) -> Option<Location> {
    let written = std::path::Path::new(&place.file);
    let path = if written.is_absolute() {
        written.to_path_buf()
    } else {
        document.to_file_path()?.parent()?.join(written)
    };
    if !path.is_file() {
        return None;
    }
    let position = Position::new(place.line.saturating_sub(1), place.column.saturating_sub(1));
    Some(Location::new(
        Uri::from_file_path(&path)?,
        Range::new(position, position),
    ))
}

/// The `@symbol` at the cursor, if the name there is a symbol.
fn symbol_at(root: &mlir_syntax::SyntaxNode, offset: mlir_analysis::TextSize) -> Option<String> {
    match ide::name_at(root, offset) {
        Some((token, ide::NameClass::Symbol)) => Some(token.text().to_string()),
        _ => None,
    }
}

impl Backend {
    /// Mentions of `symbol` in the other indexed files; with `include`, their definitions.
    async fn references_elsewhere(
        &self,
        symbol: &str,
        except: &Uri,
        include: bool,
    ) -> Vec<Location> {
        let files = self.shared.index.files_mentioning(symbol, except);
        let name = symbol.trim_start_matches('@').trim_matches('"').to_string();
        let definitions = self.shared.index.definitions(&name, except);
        let (symbol, encoding) = (symbol.to_string(), self.shared.encoding());
        let task = tokio::task::spawn_blocking(move || {
            let mut out = Vec::new();
            for (uri, text) in files {
                let parse = mlir_syntax::parse(&text);
                let index = mlir_analysis::line_index::LineIndex::new(&text);
                let map = PositionMap::new(&text, &index, encoding);
                for range in ide::symbol_mentions(&parse.syntax_node(), &symbol) {
                    let location = Location::new(uri.clone(), map.range(range));
                    if include || !definitions.contains(&location) {
                        out.push(location);
                    }
                }
            }
            out
        });
        task.await.unwrap_or_default()
    }

    /// Uses of an IRDL op, type or attribute in the other indexed files.
    async fn irdl_uses_elsewhere(&self, target: ide::IrdlTarget, except: &Uri) -> Vec<Location> {
        let files = self
            .shared
            .index
            .files_mentioning(&target.spelling(), except);
        let encoding = self.shared.encoding();
        let task = tokio::task::spawn_blocking(move || {
            let mut out = Vec::new();
            for (uri, text) in files {
                let parse = mlir_syntax::parse(&text);
                let index = mlir_analysis::line_index::LineIndex::new(&text);
                let map = PositionMap::new(&text, &index, encoding);
                out.extend(irdl_mentions(&uri, &parse.syntax_node(), &map, &target));
            }
            out
        });
        task.await.unwrap_or_default()
    }

    /// Re-reads a file into the workspace index (after its buffer closes or is saved), in
    /// the background. Open buffers are not re-indexed on every keystroke: that would walk
    /// the whole tree each time.
    fn reindex_from_disk(&self, uri: &Uri) {
        let Some(path) = uri.to_file_path().map(|p| p.into_owned()) else {
            return;
        };
        let (shared, worker) = (self.shared.clone(), self.worker.clone());
        tokio::task::spawn_blocking(move || {
            if let Some((uri, text)) =
                super::workspace::index_path(&shared.index, &path, shared.encoding())
            {
                irdl_sources::offer(&worker, uri, text, true);
            }
        });
    }

    /// Asks the client to tell us when `.mlir` files, project files, and the `.td` files
    /// and build listings ODS dialects are loaded from change on disk.
    async fn watch_mlir_files(&self) {
        let watcher = |glob: &str| FileSystemWatcher {
            glob_pattern: GlobPattern::String(glob.into()),
            kind: None,
        };
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![
                watcher("**/*.mlir"),
                watcher("**/.mlir-analyzer.toml"),
                watcher("**/*.td"),
                watcher(&format!("**/{}", crate::ods::compile_commands::FILE_NAME)),
            ],
        };
        let registration = Registration {
            id: "mlir-analyzer-watch".into(),
            method: "workspace/didChangeWatchedFiles".into(),
            register_options: serde_json::to_value(options).ok(),
        };
        if let Err(err) = self.client.register_capability(vec![registration]).await {
            self.shared.log(
                MessageType::WARNING,
                format!("could not watch files: {err}"),
            );
        }
    }
}

/// The path of a `.td` file's URI: such documents go to the ODS loader, not the analysis.
fn td_path(uri: &Uri) -> Option<std::path::PathBuf> {
    uri.path()
        .as_str()
        .ends_with(".td")
        .then(|| uri.to_file_path())
        .flatten()
        .map(|path| path.into_owned())
}

/// Is the file one the ODS loader reads (a `.td` file, a build's listing of them)?
fn is_ods_input(uri: &Uri) -> bool {
    let path = uri.path().as_str();
    path.ends_with(".td") || path.ends_with(crate::ods::compile_commands::FILE_NAME)
}

/// Indexes the workspace folders in the background, reporting progress if the client can.
async fn index_workspace(
    client: Client,
    shared: Arc<Shared>,
    worker: Arc<WorkerHandle>,
    report: bool,
) {
    let folders = shared
        .folders
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .clone();
    if folders.is_empty() {
        return;
    }
    let token = NumberOrString::String("mlir-analyzer/indexing".into());
    let progress = if report
        && client
            .create_work_done_progress(token.clone())
            .await
            .is_ok()
    {
        let progress = client.progress(token, "Indexing MLIR files");
        Some(progress.with_percentage(0).begin().await)
    } else {
        None
    };
    let files = tokio::task::spawn_blocking(move || {
        folders
            .iter()
            .flat_map(|f| crate::discovery::mlir_files(f))
            .collect::<Vec<_>>()
    })
    .await
    .unwrap_or_default();
    let total = files.len();
    let mut done = 0;
    let mut reported = std::time::Instant::now();
    // In batches, so that progress is reported between them.
    for batch in files.chunks(INDEX_BATCH) {
        let count = batch.len();
        let (shared, worker, batch) = (shared.clone(), worker.clone(), batch.to_vec());
        let indexed = tokio::task::spawn_blocking(move || index_files(&shared, &worker, &batch));
        if indexed.await.is_err() {
            break;
        }
        done += count;
        if let Some(progress) = &progress
            && (reported.elapsed() >= REPORT_EVERY || done == total)
        {
            reported = std::time::Instant::now();
            let percentage = (done * 100 / total.max(1)) as u32;
            let message = format!("{done}/{total} files");
            progress.report_with_message(message, percentage).await;
        }
    }
    if let Some(progress) = progress {
        progress.finish_with_message(format!("{done} files")).await;
    }
    shared.log(MessageType::INFO, format!("indexed {done} .mlir files"));
}

/// Files indexed between two progress reports at most.
const INDEX_BATCH: usize = 64;

/// How often indexing reports its progress at most.
const REPORT_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// Indexes `paths` on all cores but one (the analysis of open files keeps one), and
/// offers their IRDL dialects to the analysis.
fn index_files(shared: &Shared, worker: &WorkerHandle, paths: &[std::path::PathBuf]) {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .clamp(1, paths.len().max(1));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = paths.get(i) else { break };
                    let encoding = shared.encoding();
                    if let Some((uri, text)) =
                        super::workspace::index_path(&shared.index, path, encoding)
                    {
                        irdl_sources::offer(worker, uri, text, false);
                    }
                }
            });
        }
    });
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let encoding = negotiate_encoding(&params);
        self.shared.set_encoding(encoding);
        *self
            .shared
            .folders
            .write()
            .unwrap_or_else(|p| p.into_inner()) = workspace_folders(&params);
        let features = client_features(&params);
        self.shared
            .work_done_progress
            .store(features.work_done_progress, Ordering::SeqCst);
        *self.capabilities.write().unwrap_or_else(|p| p.into_inner()) = features;
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
        let features = self.features();
        if features.watch_files {
            self.watch_mlir_files().await;
        }
        // Read before the IRDL files load, which may come from them; published only now
        // that the client has the answer to `initialize`.
        let shared = self.shared.clone();
        let _ = tokio::task::spawn_blocking(move || super::project_files::reload(&shared)).await;
        ExternalRuns::configured(&self.shared, &self.worker);
        self.load_irdl_files();
        self.ods.reload(features.work_done_progress);
        tokio::spawn(index_workspace(
            self.client.clone(),
            self.shared.clone(),
            self.worker.clone(),
            features.work_done_progress,
        ));
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
        let mut doc = params.text_document;
        if let Some(text) = self.shared.open_texts.take(&doc.uri, doc.version) {
            doc.text = text;
        }
        if let Some(path) = td_path(&doc.uri) {
            self.shared
                .td_documents
                .open(doc.uri, &doc.text, doc.version);
            self.ods.td_buffer_changed(&path);
            return;
        }
        self.shared
            .documents
            .open(doc.uri.clone(), &doc.text, doc.version);
        ExternalRuns::opened(&self.shared, &self.worker, &doc.uri);
        self.worker.send(Event::Changed(doc.uri));
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let encoding = self.shared.encoding();
        if let Some(path) = td_path(&uri) {
            let changes = params.content_changes;
            if self
                .shared
                .td_documents
                .change(&uri, version, changes, encoding)
            {
                self.ods.td_buffer_changed(&path);
            }
            return;
        }
        if self
            .shared
            .documents
            .change(&uri, version, params.content_changes, encoding)
        {
            ExternalRuns::changed(&self.shared, &self.worker, &uri);
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
        if let Some(path) = td_path(&uri) {
            // The file on disk is the truth again.
            if self.shared.td_documents.close(&uri) {
                self.ods.td_buffer_changed(&path);
            }
            return;
        }
        self.reindex_from_disk(&uri);
        self.semantic_tokens.forget(&uri);
        self.request_memos.forget(&uri);
        if self.shared.documents.close(&uri) {
            ExternalRuns::closed(&self.shared, &uri);
            self.worker.send(Event::Closed(uri));
        }
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let folders = self.shared.folders();
        let is_project = |c: &FileEvent| {
            let path = c.uri.to_file_path();
            path.is_some_and(|p| super::project_files::is_project_file(&p, &folders))
        };
        let (projects, changes): (Vec<FileEvent>, Vec<FileEvent>) =
            params.changes.into_iter().partition(is_project);
        if !projects.is_empty() {
            let shared = self.shared.clone();
            let _ =
                tokio::task::spawn_blocking(move || super::project_files::reload(&shared)).await;
            ExternalRuns::configured(&self.shared, &self.worker);
            self.load_irdl_files();
            self.ods
                .reload_if_changed(self.features().work_done_progress);
        }
        // `.td` files and build listings are for the ODS loader alone.
        let (ods, changes): (Vec<FileEvent>, Vec<FileEvent>) =
            changes.into_iter().partition(|c| is_ods_input(&c.uri));
        let affected = ods.iter().any(|c| {
            let path = c.uri.to_file_path();
            path.is_some_and(|p| self.ods.affected_by(&p))
        });
        if affected {
            self.ods.reload(self.features().work_done_progress);
        }
        let (shared, worker) = (self.shared.clone(), self.worker.clone());
        let _ = tokio::task::spawn_blocking(move || {
            for change in changes {
                if shared.documents.version(&change.uri).is_some() {
                    continue; // the open buffer is the truth
                }
                match (change.typ, change.uri.to_file_path()) {
                    (FileChangeType::DELETED, _) | (_, None) => {
                        shared.index.remove(&change.uri);
                        irdl_sources::withdraw(&worker, change.uri);
                    }
                    (_, Some(path)) => {
                        let indexed =
                            super::workspace::index_path(&shared.index, &path, shared.encoding());
                        match indexed {
                            Some((uri, text)) => irdl_sources::offer(&worker, uri, text, true),
                            // Gone by now, a folder, a pipe: what the file held is stale.
                            None => {
                                shared.index.remove(&change.uri);
                                irdl_sources::withdraw(&worker, change.uri);
                            }
                        }
                    }
                }
            }
        })
        .await;
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        let symbols = self.shared.index.symbols(&params.query, 500);
        Ok(Some(WorkspaceSymbolResponse::Flat(symbols)))
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        if self
            .shared
            .documents
            .text(&params.text_document.uri)
            .is_some()
        {
            ExternalRuns::saved(&self.shared, &self.worker, &params.text_document.uri);
        }
        self.reindex_from_disk(&params.text_document.uri);
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.apply_settings(Some(params.settings));
        ExternalRuns::configured(&self.shared, &self.worker);
        self.load_irdl_files();
        self.ods
            .reload_if_changed(self.features().work_done_progress);
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let uri = at.text_document.uri.clone();
        let irdl = self.shared.irdl();
        let encoding = self.shared.encoding();
        let (mut locations, symbol, place) = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let offset = map.offset(at.position);
                let root = snapshot.parse.syntax_node();
                let targets = ide::definition(&root, offset);
                let mut found: Vec<Location> = targets
                    .into_iter()
                    .map(|r| Location::new(uri.clone(), map.range(r)))
                    .collect();
                if found.is_empty() {
                    found.extend(irdl_location(&root, offset, &irdl, encoding));
                }
                (
                    found,
                    symbol_at(&root, offset),
                    ide::location_target(&root, offset),
                )
            })
            .await?;
        // A location (also through a `#loc` alias) leads to the place it names.
        if let Some(target) = place.and_then(|p| location_of(&at.text_document.uri, &p)) {
            locations = vec![target];
        }
        if let (true, Some(symbol)) = (locations.is_empty(), symbol) {
            let name = symbol.trim_start_matches('@').trim_matches('"');
            locations = self.shared.index.definitions(name, &at.text_document.uri);
        }
        Ok((!locations.is_empty()).then_some(GotoDefinitionResponse::Array(locations)))
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri.clone();
        let include = params.context.include_declaration;
        let irdl = self.shared.irdl();
        let encoding = self.shared.encoding();
        let (mut locations, symbol, irdl_target) = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let offset = map.offset(at.position);
                let root = snapshot.parse.syntax_node();
                if let Some(target) =
                    ide::irdl_target_at(&root, offset).filter(|t| t.find(&irdl).is_some())
                {
                    let mut found = irdl_mentions(&uri, &root, map, &target);
                    if include {
                        found.extend(irdl_declaration(&target, &irdl, encoding));
                    }
                    return (found, None, Some(target));
                }
                let found = ide::references(&root, offset, include);
                let found: Vec<Location> = found
                    .into_iter()
                    .map(|r| Location::new(uri.clone(), map.range(r)))
                    .collect();
                (found, symbol_at(&root, offset), None)
            })
            .await?;
        if let Some(symbol) = symbol {
            locations.extend(
                self.references_elsewhere(&symbol, &at.text_document.uri, include)
                    .await,
            );
        }
        if let Some(target) = irdl_target {
            locations.extend(
                self.irdl_uses_elsewhere(target, &at.text_document.uri)
                    .await,
            );
        }
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
        let irdl = self.shared.irdl();
        let registry = self.shared.registry();
        let folders = self.shared.folders();
        let uri = at.text_document.uri.clone();
        self.with_snapshot(&at.text_document.uri, move |snapshot, map| {
            let (root, offset) = (snapshot.parse.syntax_node(), map.offset(at.position));
            let found = ide::hover(&root, offset, &registry)
                .or_else(|| ide::irdl_hover(&root, offset, &irdl))?;
            // A location hovered links to the file it names, where that file exists.
            let links = super::document_links::hover_links(snapshot, found.range, &uri, &folders);
            Some(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: found.markdown + &links,
                }),
                range: Some(map.range(found.range)),
            })
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        let irdl = self.shared.irdl();
        let registry = self.shared.registry();
        let items = self
            .with_snapshot(&at.text_document.uri, move |snapshot, map| {
                let offset = map.offset(at.position);
                let root = snapshot.parse.syntax_node();
                let mut found = ide::completions(&root, snapshot.text(), offset, &registry);
                found.extend(ide::irdl_completions(snapshot.text(), offset, &irdl));
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
            .with_mlir_snapshot(&params.text_document.uri, move |snapshot, map| {
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
        let (edits, symbol, new_text) = self
            .with_mlir_snapshot(&at.text_document.uri, move |snapshot, map| {
                let root = snapshot.parse.syntax_node();
                let offset = map.offset(at.position);
                let edits = ide::rename(&root, offset, &new_name)?;
                let new_text = edits.first().map(|(_, text)| text.clone());
                let edits = edits
                    .into_iter()
                    .map(|(r, text)| TextEdit::new(map.range(r), text))
                    .collect::<Vec<_>>();
                Ok::<_, String>((edits, symbol_at(&root, offset), new_text))
            })
            .await?
            .map_err(Error::invalid_params)?;
        let mut changes = std::collections::HashMap::from([(uri.clone(), edits)]);
        // A symbol is renamed in the other workspace files that mention it, too.
        if let (Some(symbol), Some(new_text)) = (symbol, new_text) {
            for location in self.references_elsewhere(&symbol, &uri, true).await {
                let edit = TextEdit::new(location.range, new_text.clone());
                changes.entry(location.uri).or_default().push(edit);
            }
        }
        Ok(Some(WorkspaceEdit {
            changes: Some(changes),
            ..Default::default()
        }))
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri;
        let memos = self.request_memos.of(&uri);
        let document = uri.clone();
        let symbols = self
            .with_snapshot(&uri, move |snapshot, map| {
                let root = snapshot.parse.syntax_node();
                let symbols = ide::document_symbols_with(&root, &mut locked(&memos.symbols));
                let symbols = convert::document_symbols(map, &symbols);
                let stand_in = super::raw_results::document_symbols(&document, &symbols);
                Some(stand_in.unwrap_or(DocumentSymbolResponse::Nested(symbols)))
            })
            .await?;
        Ok(Some(
            symbols.unwrap_or(DocumentSymbolResponse::Nested(Vec::new())),
        ))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        if !self.shared.settings().inlay_hints {
            return Ok(Some(Vec::new()));
        }
        let range = params.range;
        let registry = self.shared.registry();
        let hints = self
            .with_snapshot(&params.text_document.uri, move |snapshot, map| {
                let range =
                    mlir_analysis::TextRange::new(map.offset(range.start), map.offset(range.end));
                ide::inlay_hints(&snapshot.parse.syntax_node(), range, &registry)
                    .into_iter()
                    .map(|hint| InlayHint {
                        position: map.position(hint.offset),
                        label: InlayHintLabel::String(hint.label),
                        kind: Some(InlayHintKind::TYPE),
                        text_edits: None,
                        tooltip: None,
                        padding_left: None,
                        padding_right: None,
                        data: None,
                    })
                    .collect::<Vec<_>>()
            })
            .await?;
        Ok(Some(hints))
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        self.format_edits(&params.text_document.uri, None).await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        self.format_edits(&params.text_document.uri, Some(params.range))
            .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let memos = self.request_memos.of(&params.text_document.uri);
        let folds = self
            .with_snapshot(&params.text_document.uri, move |snapshot, map| {
                let root = snapshot.parse.syntax_node();
                let folds = ide::folding_ranges_with(&root, &mut locked(&memos.folds));
                convert::folding_ranges(map, &folds)
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
        let cache = self.semantic_tokens.clone();
        let at = uri.clone();
        let tokens = self
            .with_snapshot_on(Runs::OnTokenThread, &uri, move |s, map| {
                let tokens = cache.tokens(&at, s, map);
                cache.full(&at, tokens)
            })
            .await?;
        Ok(Some(SemanticTokensResult::Tokens(tokens)))
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        let uri = params.text_document.uri;
        let (cache, at) = (self.semantic_tokens.clone(), uri.clone());
        let tokens = self
            .with_snapshot_on(Runs::OnTokenThread, &uri, move |s, map| {
                cache.tokens(&at, s, map)
            })
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

    async fn signature_help(&self, params: SignatureHelpParams) -> Result<Option<SignatureHelp>> {
        let at = params.text_document_position_params;
        let (registry, encoding) = (self.shared.registry(), self.shared.encoding());
        self.with_snapshot(&at.text_document.uri, move |snapshot, map| {
            let root = snapshot.parse.syntax_node();
            let help = ide::signature_help(&root, map.offset(at.position), &registry)?;
            Some(super::signature_help::to_lsp(help, encoding))
        })
        .await
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        let uri = params.text_document.uri.clone();
        let folders = self.shared.folders();
        let memos = self.request_memos.of(&uri);
        let links = self
            .with_snapshot(&params.text_document.uri, move |snapshot, map| {
                let root = snapshot.parse.syntax_node();
                let found = ide::document_links_with(&root, &mut locked(&memos.links));
                super::document_links::links(&found, map, &uri, &folders)
            })
            .await?;
        Ok(Some(links))
    }

    async fn prepare_call_hierarchy(
        &self,
        params: CallHierarchyPrepareParams,
    ) -> Result<Option<Vec<CallHierarchyItem>>> {
        let at = params.text_document_position_params;
        if self.is_open_td(&at.text_document.uri) {
            return Ok(None);
        }
        super::call_hierarchy::on_blocking_thread(&self.shared, move |shared| {
            super::call_hierarchy::prepare(shared, &at.text_document.uri, at.position)
        })
        .await
    }

    async fn incoming_calls(
        &self,
        params: CallHierarchyIncomingCallsParams,
    ) -> Result<Option<Vec<CallHierarchyIncomingCall>>> {
        super::call_hierarchy::on_blocking_thread(&self.shared, move |shared| {
            Some(super::call_hierarchy::incoming(shared, &params.item))
        })
        .await
    }

    async fn outgoing_calls(
        &self,
        params: CallHierarchyOutgoingCallsParams,
    ) -> Result<Option<Vec<CallHierarchyOutgoingCall>>> {
        super::call_hierarchy::on_blocking_thread(&self.shared, move |shared| {
            Some(super::call_hierarchy::outgoing(shared, &params.item))
        })
        .await
    }
}
