//! Loading ODS dialects in the background: a thread of its own evaluates the `.td` files
//! the settings, the workspace's CMake builds and the installed MLIR give (seconds of
//! `llvm-tblgen` runs: never on a request's path nor on the analysis thread), reports
//! `$/progress`, and hands the new registry to the analysis thread, which checks every
//! open document again. Loads run one at a time; a load asked for while one runs makes
//! the running one stale (a generation counter): its result is dropped, and the newest
//! settings are loaded next. A failed load keeps the dialects loaded before.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mlir_analysis::registry::Registry;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{self as lsp, MessageType, NumberOrString};

use super::Shared;
use super::worker::{Event, Outgoing, Publish, WorkerHandle};
use crate::ods::{self, compile_commands};
use crate::ods_settings::{self, OdsConfig, Resolved};

/// Requests that come this close together (a checkout touching many `.td` files, one
/// notification each) make one load.
const SETTLE: Duration = Duration::from_millis(100);

/// The same for edits of open `.td` buffers: keystrokes close together make one load,
/// but the user waits for each, so the wait is short.
const EDIT_SETTLE: Duration = Duration::from_millis(25);

/// How long a load waits for the analysis thread to fall idle before it starts anyway (at
/// the lowest priority): a million-line file takes seconds to open.
const YIELD_AT_MOST: Duration = Duration::from_secs(5);

/// How long to wait for the client to accept a progress token before loading without.
const CREATE_TIMEOUT: Duration = Duration::from_secs(5);

/// One load asked for.
struct Request {
    generation: u64,
    /// May progress be reported (the client advertised `window.workDoneProgress`)?
    progress: bool,
    /// How long to wait for a newer request before loading.
    settle: Duration,
}

/// The handle the handlers keep: asks for loads, and knows which files on disk the last
/// load read.
pub struct OdsLoader {
    requests: Mutex<Sender<Request>>,
    generation: Arc<AtomicU64>,
    /// The settings of the last load asked for, to skip a configuration change that
    /// leaves them as they were.
    asked: Mutex<Option<OdsConfig>>,
    watched: Arc<Mutex<Watched>>,
    shared: Arc<Shared>,
}

/// What the thread needs.
struct Context {
    shared: Arc<Shared>,
    worker: Arc<WorkerHandle>,
    client: Client,
    runtime: tokio::runtime::Handle,
    generation: Arc<AtomicU64>,
    watched: Arc<Mutex<Watched>>,
    /// Did a load hand a registry on (which an empty configuration then takes back)?
    loaded_any: bool,
    /// Was a message shown during this load (one is enough)?
    shown: std::sync::atomic::AtomicBool,
    /// The roots' records of the last load, so that a load after an edit evaluates only
    /// the roots that reach the edited file.
    memory: ods::MemoryCache,
    /// The `.td` files the last load published diagnostics for (cleared when fixed).
    td_published: Vec<lsp::Uri>,
}

impl OdsLoader {
    /// Starts the loading thread (it waits for requests; it ends with the handle). Must be
    /// called inside the tokio runtime, which the thread asks the client through.
    pub fn new(client: Client, shared: Arc<Shared>, worker: Arc<WorkerHandle>) -> OdsLoader {
        let (sender, receiver) = std::sync::mpsc::channel();
        let generation = Arc::new(AtomicU64::new(0));
        let watched = Arc::new(Mutex::new(Watched::default()));
        let mut context = Context {
            shared: shared.clone(),
            worker,
            client,
            runtime: tokio::runtime::Handle::current(),
            generation: generation.clone(),
            watched: watched.clone(),
            loaded_any: false,
            shown: Default::default(),
            memory: ods::MemoryCache::default(),
            td_published: Vec::new(),
        };
        std::thread::Builder::new()
            .name("ods".into())
            .spawn(move || context.run(&receiver))
            .expect("spawn the ODS loading thread");
        OdsLoader {
            requests: Mutex::new(sender),
            generation,
            asked: Mutex::new(None),
            watched,
            shared,
        }
    }

    /// Loads the ODS dialects anew (after the files on disk changed, or at start).
    pub fn reload(&self, progress: bool) {
        self.request(progress, SETTLE);
    }

    fn request(&self, progress: bool, settle: Duration) {
        let config = self.shared.ods_config();
        *self.asked.lock().unwrap_or_else(|p| p.into_inner()) = Some(config);
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let requests = self.requests.lock().unwrap_or_else(|p| p.into_inner());
        let _ = requests.send(Request {
            generation,
            progress,
            settle,
        });
    }

    /// Loads anew if the ODS settings in effect are not those of the last load.
    pub fn reload_if_changed(&self, progress: bool) {
        let config = self.shared.ods_config();
        let asked = self.asked.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if asked.as_ref() != Some(&config) {
            self.reload(progress);
        }
    }

    /// An open `.td` buffer changed (or opened, or closed): a new load, reading it, if
    /// the last load read the file (live editing of a dialect's definitions). No
    /// progress is shown for these: they come as the user types.
    pub fn td_buffer_changed(&self, path: &Path) {
        if self.affected_by(path) {
            self.request(false, EDIT_SETTLE);
        }
    }

    /// Did the last load read `path` (or a file in its folders), or does `path` list a
    /// build's roots? Then a change of it on disk calls for a new load.
    pub fn affected_by(&self, path: &Path) -> bool {
        let folders = self.shared.folders();
        let watched = self.watched.lock().unwrap_or_else(|p| p.into_inner());
        watched.contains(path) || is_compile_commands(path, &folders)
    }
}

/// A compile-commands file where discovery looks: at a workspace folder's top or one
/// folder below.
fn is_compile_commands(path: &Path, folders: &[PathBuf]) -> bool {
    let parent = path.parent();
    let grandparent = parent.and_then(Path::parent);
    path.file_name()
        .is_some_and(|n| n == compile_commands::FILE_NAME)
        && folders
            .iter()
            .any(|f| parent == Some(f.as_path()) || grandparent == Some(f.as_path()))
}

/// The files a load read: its roots, and the folders their includes came from (a root's
/// own folder and the include folders: which file of them a root includes is
/// llvm-tblgen's to know).
#[derive(Debug, Default)]
struct Watched {
    files: Vec<PathBuf>,
    folders: Vec<PathBuf>,
}

impl Watched {
    fn of(sources: &ods::OdsSources) -> Watched {
        let parents = sources.files.iter().filter_map(|f| f.parent());
        let mut folders: Vec<PathBuf> = parents.map(normal).collect();
        folders.extend(sources.include_dirs.iter().map(|d| normal(d)));
        folders.sort();
        folders.dedup();
        Watched {
            files: sources.files.iter().map(|f| normal(f)).collect(),
            folders,
        }
    }

    fn contains(&self, path: &Path) -> bool {
        let path = normal(path);
        let is_td = path.extension().is_some_and(|e| e == "td");
        self.files.contains(&path) || (is_td && self.folders.iter().any(|f| path.starts_with(f)))
    }
}

/// `path` without `..` and links, so that a setting's `ws/../defs/A.td` and a watcher's
/// `defs/A.td` compare equal; a file that is gone keeps its name under its real folder.
fn normal(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let parent = path.parent().and_then(|p| std::fs::canonicalize(p).ok());
    match (parent, path.file_name()) {
        (Some(parent), Some(name)) => parent.join(name),
        _ => path.to_path_buf(),
    }
}

impl Context {
    fn run(&mut self, requests: &Receiver<Request>) {
        // Loads are background work: an open or a keystroke must not wait for a core.
        crate::priority::lower_this_thread();
        while let Ok(mut request) = requests.recv() {
            loop {
                match requests.recv_timeout(request.settle) {
                    Ok(newer) => request = newer,
                    Err(RecvTimeoutError::Timeout) => break,
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            }
            // The analysis of what is open goes first: its diagnostics are what the user
            // waits for, and the dialects are used as soon as they are loaded after it.
            self.shared.analysis_busy.wait_idle(YIELD_AT_MOST);
            if !self.is_stale(request.generation) {
                self.load(&request);
                // A load's evaluation frees far more than the registry it keeps.
                crate::memory::release_freed();
            }
        }
    }

    fn is_stale(&self, generation: u64) -> bool {
        self.generation.load(Ordering::SeqCst) != generation
    }

    fn load(&mut self, request: &Request) {
        self.shown.store(false, Ordering::Relaxed);
        let config = self.shared.ods_config();
        let resolved = ods_settings::resolve(&config, &self.shared.folders(), true);
        self.report_resolved(&resolved);
        *self.watched.lock().unwrap_or_else(|p| p.into_inner()) = Watched::of(&resolved.sources);
        if resolved.sources.is_empty() {
            self.log(
                MessageType::INFO,
                "nothing to load (no .td files configured or listed by a build, and no installed MLIR asked for or found): no ODS dialects loaded"
                    .into(),
            );
            if std::mem::take(&mut self.loaded_any) {
                self.worker.send(Event::Registry(Registry::builtin_arc()));
            }
            return;
        }
        let progress = match request.progress {
            true => Progress::create(self, request.generation),
            false => None,
        };
        let started = Instant::now();
        let outcome = self.evaluate(&resolved, request.generation, progress.as_ref());
        let summary = self.finish(outcome, &resolved, request.generation, started);
        if let Some(progress) = progress {
            progress.end(summary);
        }
    }

    /// Logs what of the settings could not be used; a file the user named that cannot be
    /// used is also shown (once a load).
    fn report_resolved(&self, resolved: &Resolved) {
        for path in &resolved.compile_commands {
            self.log(
                MessageType::INFO,
                format!("reading the .td files {} lists", path.display()),
            );
        }
        for problem in &resolved.problems {
            self.log(MessageType::WARNING, problem.clone());
        }
        if let Some(first) = resolved.problems.first() {
            self.show(format!("{first} (see the log)"));
        }
        // With nothing else to load, one line says all (see `load`).
        if resolved.installed_missing && !resolved.sources.is_empty() {
            self.log(
                MessageType::INFO,
                "no installed MLIR found (set MLIR_INCLUDE_DIR): its dialects are not loaded"
                    .into(),
            );
        }
    }

    /// Runs the load (a panic in it is a failed load, not a dead thread).
    fn evaluate(
        &self,
        resolved: &Resolved,
        generation: u64,
        progress: Option<&Progress>,
    ) -> Result<ods::Loaded, String> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let report = |done: usize, total: usize| {
            if let Some(progress) = progress.filter(|_| !self.is_stale(generation)) {
                progress.report(done, total);
            }
        };
        let options = ods::LoadOptions {
            threads,
            cache_dir: ods::default_cache_dir(),
            progress: &report,
            overlay: Arc::new(self.shared.td_overlay()),
            memory: Some(&self.memory),
        };
        let run = || ods::load_with(&resolved.sources, &options);
        std::panic::catch_unwind(AssertUnwindSafe(run))
            .unwrap_or_else(|_| Err("loading the .td files panicked".into()))
    }

    /// Hands a good result on; returns the summary for the progress's end.
    fn finish(
        &mut self,
        outcome: Result<ods::Loaded, String>,
        resolved: &Resolved,
        generation: u64,
        started: Instant,
    ) -> String {
        let loaded = match outcome {
            Ok(loaded) => loaded,
            Err(why) => {
                self.log(
                    MessageType::ERROR,
                    format!("{why}; the dialects loaded before stay"),
                );
                if !resolved.configured.is_empty() {
                    self.show(why);
                }
                return "failed (see the log)".into();
            }
        };
        self.report_failures(&loaded, resolved);
        self.publish_td_diagnostics(&loaded.td_diagnostics);
        if self.is_stale(generation) {
            return "superseded by newer settings".into();
        }
        let total = resolved.sources.files.len();
        if loaded.failures.len() == total {
            self.log(
                MessageType::ERROR,
                "no .td file could be evaluated; the dialects loaded before stay".into(),
            );
            return "failed (see the log)".into();
        }
        self.worker.send(Event::Registry(loaded.registry()));
        self.loaded_any = true;
        let mut summary = format!(
            "{}, {}",
            count(loaded.import.dialects.len(), "dialect"),
            count(loaded.import.ops.len(), "op")
        );
        if !loaded.failures.is_empty() {
            let failed = count(loaded.failures.len(), ".td file");
            summary.push_str(&format!(", {failed} failed"));
        }
        let seconds = started.elapsed().as_secs_f64();
        self.log(
            MessageType::INFO,
            format!(
                "loaded {summary} from {} in {seconds:.1} s",
                count(total, ".td file")
            ),
        );
        summary
    }

    /// Logs each root that failed with llvm-tblgen's words; shows the first that the
    /// user named.
    fn report_failures(&self, loaded: &ods::Loaded, resolved: &Resolved) {
        for (file, why) in &loaded.failures {
            self.log(
                MessageType::WARNING,
                format!("cannot evaluate {}: {why}", file.display()),
            );
        }
        let named = loaded
            .failures
            .iter()
            .find(|(file, _)| resolved.configured.contains(file));
        if let Some((file, why)) = named {
            self.show(format!(
                "cannot load {}: {why} (see the log)",
                file.display()
            ));
        }
    }

    /// Shows the evaluator's errors on the `.td` files they are in, and clears those of
    /// files the last load found wrong and this one does not.
    fn publish_td_diagnostics(&mut self, found: &[tablegen::Diagnostic]) {
        let mut by_file: Vec<(lsp::Uri, Vec<lsp::Diagnostic>)> = Vec::new();
        for diagnostic in found {
            let Some(uri) = lsp::Uri::from_file_path(&diagnostic.path) else {
                continue;
            };
            let converted = self.td_diagnostic(&uri, diagnostic);
            match by_file.iter_mut().find(|(known, _)| *known == uri) {
                Some((_, list)) => list.push(converted),
                None => by_file.push((uri, vec![converted])),
            }
        }
        let stale: Vec<lsp::Uri> = std::mem::take(&mut self.td_published)
            .into_iter()
            .filter(|uri| by_file.iter().all(|(known, _)| known != uri))
            .collect();
        for uri in stale {
            self.publish(uri, Vec::new());
        }
        for (uri, diagnostics) in by_file {
            self.td_published.push(uri.clone());
            self.publish(uri, diagnostics);
        }
    }

    fn publish(&self, uri: lsp::Uri, diagnostics: Vec<lsp::Diagnostic>) {
        let version = self
            .shared
            .td_documents
            .text(&uri)
            .map(|(version, _)| version);
        let publish = Publish {
            uri,
            version,
            diagnostics,
            leading: false,
        };
        let _ = self.shared.outgoing.send(Outgoing::Diagnostics(publish));
    }

    /// An evaluator diagnostic as the editor wants it: its column in the client's
    /// encoding, read from the buffer (or the file) it is in.
    fn td_diagnostic(&self, uri: &lsp::Uri, diagnostic: &tablegen::Diagnostic) -> lsp::Diagnostic {
        let line = diagnostic.line.saturating_sub(1);
        let byte = diagnostic.column.saturating_sub(1) as usize;
        let text = match self.shared.td_documents.text(uri) {
            Some((_, text)) => Some(text.flatten().to_string()),
            None => std::fs::read_to_string(&diagnostic.path).ok(),
        };
        let line_text = text
            .as_deref()
            .and_then(|text| text.lines().nth(line as usize))
            .unwrap_or("");
        let prefix = line_text
            .get(..byte.min(line_text.len()))
            .unwrap_or(line_text);
        let character = match self.shared.encoding() {
            super::positions::Encoding::Utf8 => prefix.len(),
            super::positions::Encoding::Utf16 => prefix.encode_utf16().count(),
        } as u32;
        let at = lsp::Position { line, character };
        lsp::Diagnostic {
            range: lsp::Range { start: at, end: at },
            severity: Some(match diagnostic.severity {
                tablegen::Severity::Error => lsp::DiagnosticSeverity::ERROR,
                tablegen::Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                tablegen::Severity::Note => lsp::DiagnosticSeverity::INFORMATION,
            }),
            source: Some("mlir-analyzer (TableGen)".into()),
            message: diagnostic.message.clone(),
            ..Default::default()
        }
    }

    fn log(&self, level: MessageType, message: String) {
        self.shared.log(level, format!("ODS: {message}"));
    }

    fn show(&self, message: String) {
        if self.shown.swap(true, Ordering::Relaxed) {
            return;
        }
        let message = format!("mlir-analyzer: ODS: {message}");
        let _ = self
            .shared
            .outgoing
            .send(Outgoing::Show(MessageType::WARNING, message));
    }
}

/// `1 op`, `2633 ops`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// A load's `$/progress`: begin, a report per evaluated root, end.
struct Progress {
    token: NumberOrString,
    outgoing: tokio::sync::mpsc::UnboundedSender<Outgoing>,
    /// The most roots reported done: the evaluating threads report out of order.
    reported: Mutex<usize>,
}

impl Progress {
    /// Asks the client for a token (`window/workDoneProgress/create`) and begins; `None`
    /// if the client refuses or does not answer in time.
    fn create(context: &Context, generation: u64) -> Option<Progress> {
        let token = NumberOrString::String(format!("mlir-analyzer/ods/{generation}"));
        let (answer, answered) = std::sync::mpsc::channel();
        let (client, asked) = (context.client.clone(), token.clone());
        context.runtime.spawn(async move {
            let accepted = client.create_work_done_progress(asked).await.is_ok();
            let _ = answer.send(accepted);
        });
        if !answered.recv_timeout(CREATE_TIMEOUT).unwrap_or(false) {
            return None;
        }
        let progress = Progress {
            token,
            outgoing: context.shared.outgoing.clone(),
            reported: Mutex::new(0),
        };
        progress.send(lsp::WorkDoneProgress::Begin(lsp::WorkDoneProgressBegin {
            title: "Loading ODS dialects".into(),
            cancellable: Some(false),
            message: None,
            percentage: Some(0),
        }));
        Some(progress)
    }

    fn report(&self, done: usize, total: usize) {
        let mut reported = self.reported.lock().unwrap_or_else(|p| p.into_inner());
        if done <= *reported {
            return;
        }
        *reported = done;
        let percentage = (done * 100 / total.max(1)) as u32;
        self.send(lsp::WorkDoneProgress::Report(lsp::WorkDoneProgressReport {
            cancellable: Some(false),
            message: Some(format!("{done}/{total} .td files")),
            percentage: Some(percentage),
        }));
    }

    fn end(self, message: String) {
        self.send(lsp::WorkDoneProgress::End(lsp::WorkDoneProgressEnd {
            message: Some(message),
        }));
    }

    fn send(&self, value: lsp::WorkDoneProgress) {
        let params = lsp::ProgressParams {
            token: self.token.clone(),
            value: lsp::ProgressParamsValue::WorkDone(value),
        };
        let _ = self.outgoing.send(Outgoing::Progress(params));
    }
}
