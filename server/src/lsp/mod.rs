//! The language server on stdio (tower-lsp-server on tokio): state shared by the handlers
//! and the analysis thread, the outgoing task, and the entry point.

mod backend;
mod busy;
mod call_hierarchy;
mod catch_panic;
mod check_progress;
mod convert;
mod doc_text;
mod document_links;
mod documents;
mod external_runs;
mod formatting;
mod irdl_sources;
mod ods_loader;
mod positions;
mod positions_in_order;
mod project_files;
mod raw_results;
mod requests;
mod signature_help;
mod token_thread;
pub mod transport;
mod unit_tokens;
mod worker;
mod workspace;

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, RwLock};

use serde::Deserialize;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tower_lsp_server::ls_types::MessageType;
use tower_lsp_server::{Client, LspService, Server};

use documents::Documents;
use positions::Encoding;
use worker::{Outgoing, WorkerHandle};

/// Settings from `initializationOptions` and `workspace/didChangeConfiguration`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// How long the analysis thread waits for more edits before analysing: long enough
    /// to take edits a client sends back to back as one burst, short enough not to add
    /// to the latency of a keystroke.
    pub debounce_ms: u64,
    /// `error`, `warn`, `info` or `debug`: what goes to `window/logMessage` and stderr.
    pub log_level: String,
    /// Show the types of results and region arguments as inlay hints.
    pub inlay_hints: bool,
    pub external: ExternalSettings,
    pub irdl: IrdlSettings,
    pub ods: OdsSettings,
    pub format: FormatSettings,
}

/// The formatter's settings; `None` (not set, or `null`) leaves it to the project file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FormatSettings {
    /// Spaces per region level (1 to 16; default 2, as MLIR prints). The editor's own
    /// tab size is not used: MLIR's layout has its own step.
    pub indent_width: Option<usize>,
}

/// Where IRDL dialects come from besides open buffers and workspace files.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct IrdlSettings {
    /// Paths or globs of files defining IRDL dialects, relative to the workspace folders;
    /// `None` (not set, or `null`) leaves it to the project files.
    pub files: Option<Vec<String>>,
}

/// Where ODS `.td` dialect definitions come from; each `None` (not set, or `null`) leaves
/// it to the project files, then to the default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct OdsSettings {
    /// Paths or globs of root `.td` files, relative to the workspace folders.
    pub files: Option<Vec<String>>,
    /// Folders where the includes of those files are found, relative to the workspace
    /// folders.
    pub include_dirs: Option<Vec<String>>,
    /// Also load the installed MLIR's dialects (default true).
    pub installed: Option<bool>,
    /// What evaluates the `.td` files: `builtin` (default) or `llvm-tblgen`.
    pub evaluator: Option<String>,
}

/// The external verifier (`external.*`); each `None` leaves it to the project files, then
/// to the default (no verifier; `save`; 10 s; 500 ms).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ExternalSettings {
    /// `["circt-opt", "--allow-unregistered-dialect"]`, or `"auto"` (a string is split at
    /// spaces); an empty list switches it off.
    pub command: Option<CommandSetting>,
    /// `save` or `idle`.
    pub when: Option<String>,
    pub timeout_ms: Option<u64>,
    /// With `when = idle`: how long the typing must pause.
    pub idle_ms: Option<u64>,
}

/// A command as a list of words, or as one string.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum CommandSetting {
    Words(Vec<String>),
    Line(String),
}

impl CommandSetting {
    pub fn words(&self) -> Vec<String> {
        match self {
            CommandSetting::Words(words) => words.clone(),
            CommandSetting::Line(line) => crate::external::split_words(line),
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            debounce_ms: 4,
            log_level: "info".into(),
            inlay_hints: true,
            external: ExternalSettings::default(),
            irdl: IrdlSettings::default(),
            ods: OdsSettings::default(),
            format: FormatSettings::default(),
        }
    }
}

/// What every handler and the analysis thread share.
pub struct Shared {
    documents: Documents,
    /// Open `.td` files: not analysed as MLIR, read by the ODS loader instead of the disk.
    td_documents: Documents,
    settings: RwLock<Settings>,
    encoding: AtomicU8,
    outgoing: UnboundedSender<Outgoing>,
    shutdown_requested: AtomicBool,
    index: workspace::WorkspaceIndex,
    /// Folders to index, from `initialize`.
    folders: RwLock<Vec<std::path::PathBuf>>,
    /// The IRDL dialects the analysis knows, for hover and definition on their ops.
    irdl: RwLock<Arc<Vec<mlir_analysis::ide::IrdlSource>>>,
    /// The registry of op specs the analysis checks with, for the IDE features.
    registry: RwLock<Arc<mlir_analysis::registry::Registry>>,
    /// The files the `irdl.files` setting named last, to withdraw those it stops naming.
    configured_irdl: std::sync::Mutex<Vec<std::path::PathBuf>>,
    /// The project files of the workspace folders (`.mlir-analyzer.toml`).
    projects: RwLock<Vec<crate::project::ProjectFile>>,
    /// Is the analysis thread at work (background loads wait for it)?
    analysis_busy: Arc<busy::AnalysisBusy>,
    /// The external verifier's runs and findings, by document.
    external: external_runs::ExternalRuns,
    /// Does the client take `$/progress` of work the server starts itself?
    work_done_progress: AtomicBool,
    /// Large texts the relay took out of their `didOpen` (see `open_texts`).
    open_texts: Arc<transport::open_texts::OpenTexts>,
}

impl Shared {
    fn settings(&self) -> Settings {
        self.settings
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn folders(&self) -> Vec<std::path::PathBuf> {
        self.folders
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// The `irdl.files` patterns in effect: the editor's setting where it gives one, else
    /// the project files'.
    fn irdl_patterns(&self) -> Vec<String> {
        match self.settings().irdl.files {
            Some(files) => files,
            None => project_files::irdl_patterns(self),
        }
    }

    /// The text of the open `.td` files, by canonical path, for the ODS loader.
    fn td_overlay(&self) -> crate::ods::Overlay {
        let mut overlay = crate::ods::Overlay::new();
        for uri in self.td_documents.open_uris() {
            let (Some(path), Some((_, text))) = (uri.to_file_path(), self.td_documents.text(&uri))
            else {
                continue;
            };
            overlay.insert(crate::ods::canonical(&path), text.flatten().to_string());
        }
        overlay
    }

    /// The ODS settings in effect: each of the editor's where it gives one, else the
    /// project files'.
    fn ods_config(&self) -> crate::ods_settings::OdsConfig {
        let editor = self.settings().ods;
        let projects = project_files::ods_settings(self);
        let default = crate::ods_settings::OdsConfig::default();
        crate::ods_settings::OdsConfig {
            files: editor.files.or(projects.files).unwrap_or(default.files),
            include_dirs: editor
                .include_dirs
                .or(projects.include_dirs)
                .unwrap_or(default.include_dirs),
            installed: editor
                .installed
                .or(projects.installed)
                .unwrap_or(default.installed),
            frontend: editor
                .evaluator
                .as_deref()
                .and_then(crate::ods::Frontend::from_name)
                .or_else(|| {
                    projects
                        .evaluator
                        .as_deref()
                        .and_then(crate::ods::Frontend::from_name)
                })
                .unwrap_or(default.frontend),
        }
    }

    /// The external verifier in effect (`None`: none configured): each of the editor's
    /// settings where it gives one, else the project files'.
    fn external_config(&self) -> Option<crate::external::ExternalConfig> {
        let editor = self.settings().external;
        let project = project_files::external_settings(self);
        let command = editor.command.or(project.command)?.words();
        if command.is_empty() {
            return None;
        }
        let mut config = crate::external::ExternalConfig::new(command);
        let when = editor.when.or(project.when);
        if let Some(when) = when.as_deref().and_then(crate::external::When::from_name) {
            config.when = when;
        }
        let millis = std::time::Duration::from_millis;
        if let Some(ms) = editor.timeout_ms.or(project.timeout_ms) {
            config.timeout = millis(ms);
        }
        if let Some(ms) = editor.idle_ms.or(project.idle_ms) {
            config.idle = millis(ms);
        }
        Some(config)
    }

    fn irdl(&self) -> Arc<Vec<mlir_analysis::ide::IrdlSource>> {
        self.irdl.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    fn registry(&self) -> Arc<mlir_analysis::registry::Registry> {
        self.registry
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn set_settings(&self, settings: Settings) {
        *self.settings.write().unwrap_or_else(|p| p.into_inner()) = settings;
    }

    fn encoding(&self) -> Encoding {
        if self.encoding.load(Ordering::Relaxed) == 8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }

    fn set_encoding(&self, encoding: Encoding) {
        self.encoding.store(
            if encoding == Encoding::Utf8 { 8 } else { 16 },
            Ordering::Relaxed,
        );
    }

    /// Logs to stderr and, through the outgoing task, to the client (never to stdout).
    fn log(&self, level: MessageType, message: String) {
        if !level_enabled(&self.settings().log_level, level) {
            return;
        }
        eprintln!("mlir-analyzer: {message}");
        let _ = self.outgoing.send(Outgoing::Log(level, message));
    }

    fn log_error(&self, message: String) {
        self.log(MessageType::ERROR, message);
    }
}

fn level_enabled(configured: &str, level: MessageType) -> bool {
    let rank = |l: MessageType| match l {
        MessageType::ERROR => 0,
        MessageType::WARNING => 1,
        MessageType::INFO => 2,
        _ => 3,
    };
    let limit = match configured {
        "error" => 0,
        "warn" | "warning" => 1,
        "debug" | "trace" => 3,
        _ => 2,
    };
    rank(level) <= limit
}

/// How long the outgoing task waits before each publication, from
/// `MLIR_ANALYZER_DEBUG_PUBLISH_DELAY_MS`: a test's way to make diagnostics slow on their
/// way to the client, as a loaded machine does now and then.
fn debug_publish_delay() -> Option<std::time::Duration> {
    let ms = std::env::var("MLIR_ANALYZER_DEBUG_PUBLISH_DELAY_MS").ok()?;
    Some(std::time::Duration::from_millis(ms.parse().ok()?))
}

/// Sends diagnostics and log messages to the client, one at a time, in order. A
/// document's diagnostics end the progress of its check, begun when those of its start
/// went out.
async fn outgoing_task(
    client: Client,
    mut receiver: UnboundedReceiver<Outgoing>,
    shared: Arc<Shared>,
) {
    let delay = debug_publish_delay();
    let mut checks = check_progress::CheckProgress::default();
    while let Some(message) = receiver.recv().await {
        match message {
            Outgoing::Diagnostics(p) => {
                if let Some(delay) = delay {
                    tokio::time::sleep(delay).await;
                }
                let uri = p.uri.clone();
                client
                    .publish_diagnostics(p.uri, p.diagnostics, p.version)
                    .await;
                if !p.leading {
                    checks.end(&client, &uri).await;
                }
            }
            Outgoing::CheckBegan(uri) => {
                let enabled = shared.work_done_progress.load(Ordering::SeqCst);
                checks.begin(&client, uri, enabled).await
            }
            Outgoing::CheckEnded(uri) => checks.end(&client, &uri).await,
            Outgoing::Log(level, text) => client.log_message(level, text).await,
            Outgoing::Show(level, text) => client.show_message(level, text).await,
            Outgoing::Progress(params) => {
                client
                    .send_notification::<tower_lsp_server::ls_types::notification::Progress>(params)
                    .await
            }
            Outgoing::BurstDelivered => shared.analysis_busy.delivered(),
        }
    }
}

/// Serves LSP on stdin/stdout until `exit`; the exit status is 0 if `shutdown` came first.
pub fn run() -> std::process::ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // A request's blocking thread ends after 10 s without work: what it freed goes
        // back to the system then, not at the next allocation of another thread.
        .on_thread_stop(crate::memory::release_freed)
        .enable_all()
        .build()
        .expect("build the tokio runtime");
    // The relay spawns its tasks: it must start inside the runtime.
    let clean = runtime.block_on(async { serve(transport::relay_stdio()).await });
    // Do not wait for blocking tasks still running: the client has gone.
    runtime.shutdown_background();
    std::process::ExitCode::from(if clean { 0 } else { 1 })
}

/// Serves LSP on `input` and `output` until `exit` (or the input ends), as `run` does on
/// stdio; returns whether `shutdown` came first. Must run inside a multi-thread tokio
/// runtime (the handlers use blocking threads).
pub async fn serve_on<I, O>(input: I, output: O) -> bool
where
    I: tokio::io::AsyncRead + Unpin + Send + 'static,
    O: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    serve(transport::relay(input, output)).await
}

async fn serve(relayed: transport::Relayed) -> bool {
    let transport::Relayed {
        input,
        output,
        open_texts,
    } = relayed;
    let (outgoing, receiver) = tokio::sync::mpsc::unbounded_channel();
    let shared = Arc::new(Shared {
        documents: Documents::default(),
        td_documents: Documents::default(),
        settings: RwLock::new(Settings::default()),
        encoding: AtomicU8::new(16),
        outgoing,
        shutdown_requested: AtomicBool::new(false),
        index: workspace::WorkspaceIndex::default(),
        folders: RwLock::new(Vec::new()),
        irdl: RwLock::new(Arc::new(Vec::new())),
        registry: RwLock::new(mlir_analysis::registry::Registry::builtin_arc()),
        configured_irdl: std::sync::Mutex::new(Vec::new()),
        projects: RwLock::new(Vec::new()),
        analysis_busy: Arc::default(),
        external: external_runs::ExternalRuns::default(),
        work_done_progress: AtomicBool::new(false),
        open_texts,
    });
    let worker = Arc::new(WorkerHandle::new(
        worker::spawn(shared.clone(), shared.outgoing.clone()),
        shared.analysis_busy.clone(),
    ));
    let (service, socket) = LspService::build(|client| {
        tokio::spawn(outgoing_task(client.clone(), receiver, shared.clone()));
        backend::Backend::new(client, shared.clone(), worker)
    })
    .custom_method("mlir-analyzer/syntaxTree", backend::Backend::syntax_tree)
    .custom_method(
        "mlir-analyzer/documentText",
        backend::Backend::document_text,
    )
    .custom_method("mlir-analyzer/debug/panic", backend::Backend::debug_panic)
    .custom_method(
        "mlir-analyzer/debug/panicInHandler",
        backend::Backend::debug_panic_in_handler,
    )
    .custom_method(
        "mlir-analyzer/debug/panicInNotification",
        backend::Backend::debug_panic_in_notification,
    )
    .finish();
    Server::new(input, output, socket)
        .serve(catch_panic::CatchPanic(service))
        .await;
    shared.shutdown_requested.load(Ordering::SeqCst)
}
