//! The external verifier in the editor (issue 46): when a document opens, is saved (or,
//! with `when = idle`, rests after an edit), its text goes to the tool on a blocking
//! thread; a newer edit or a close kills the run. At most one tool process lives per
//! document: a run waits for the one before it (killed already) to be gone; and at most
//! one a core over all documents.
//!
//! Every publish of a document's diagnostics is composed here by the analysis thread (so
//! they stay in order): ours, and the tool's findings if they were computed for the very
//! version ours were (a result for another text would point at the wrong lines), merged by
//! `mlir_analysis::external`. A finished run asks the analysis thread to publish again.
//! A tool that is missing, crashes or times out is told once (`window/showMessage`) and
//! logged each time; ours are published all along.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use mlir_analysis::Diagnostic;
use mlir_analysis::chunks::SPLIT_MARKER;
use mlir_analysis::expectations::{Presentation, apply_expectations};
use mlir_analysis::external::{is_external, merge_external};
use mlir_analysis::markers::Marker;
use tower_lsp_server::ls_types::{self as lsp, MessageType, Uri};

use super::Shared;
use super::convert;
use super::documents::Snapshot;
use super::worker::{Event, Outgoing, WorkerHandle};
use crate::external::permits::Permits;
use crate::external::{self, ExternalConfig, When};

pub struct ExternalRuns {
    docs: Mutex<HashMap<Uri, Doc>>,
    /// Problems with the tool shown to the user already: each is shown once.
    told: Mutex<HashSet<String>>,
    /// Tool processes alive at once, over all documents: one a core.
    permits: Permits,
    /// The configuration the open documents were last checked with.
    config: Mutex<Option<ExternalConfig>>,
}

impl Default for ExternalRuns {
    fn default() -> Self {
        ExternalRuns {
            docs: Mutex::default(),
            told: Mutex::default(),
            permits: Permits::per_core(),
            config: Mutex::default(),
        }
    }
}

#[derive(Default)]
struct Doc {
    /// Our latest findings (before annotations are applied) and the text they are for.
    ours: Option<(Arc<Snapshot>, Vec<Diagnostic>)>,
    /// The tool's findings on one version.
    theirs: Option<Theirs>,
    /// The run in progress: the version it checks, and its cancel flag.
    running: Option<(i32, Arc<AtomicBool>)>,
    /// Counts the edits: an idle wait that sees it changed was overtaken by typing.
    edits: u64,
    /// Held while a tool process of this document lives.
    slot: Arc<Mutex<()>>,
}

struct Theirs {
    version: i32,
    tool: String,
    diagnostics: Vec<Diagnostic>,
}

impl ExternalRuns {
    fn doc<T>(&self, uri: &Uri, f: impl FnOnce(&mut Doc) -> T) -> T {
        let mut docs = self.docs.lock().unwrap_or_else(|p| p.into_inner());
        f(docs.entry(uri.clone()).or_default())
    }

    /// The edits a document has seen; `None` once closed.
    fn edits(&self, uri: &Uri) -> Option<u64> {
        let docs = self.docs.lock().unwrap_or_else(|p| p.into_inner());
        docs.get(uri).map(|d| d.edits)
    }

    /// A document opened: checked at once.
    pub fn opened(shared: &Arc<Shared>, worker: &Arc<WorkerHandle>, uri: &Uri) {
        shared.external.cancel(uri);
        start(shared, worker, uri);
    }

    /// A document changed: the run on its older text is killed; with `when = idle` a run
    /// starts once the typing has paused.
    pub fn changed(shared: &Arc<Shared>, worker: &Arc<WorkerHandle>, uri: &Uri) {
        let edits = shared.external.cancel(uri);
        let Some(config) = shared.external_config() else {
            return;
        };
        if config.when != When::Idle {
            return;
        }
        let (shared, worker, uri) = (shared.clone(), worker.clone(), uri.clone());
        tokio::spawn(async move {
            tokio::time::sleep(config.idle).await;
            if shared.external.edits(&uri) == Some(edits) {
                start(&shared, &worker, &uri);
            }
        });
    }

    /// A document was saved: checked as it is now.
    pub fn saved(shared: &Arc<Shared>, worker: &Arc<WorkerHandle>, uri: &Uri) {
        shared.external.cancel(uri);
        start(shared, worker, uri);
    }

    /// The settings or the project files changed: if the verifier's configuration did,
    /// every open document is checked again (with the tool they name now, if any).
    pub fn configured(shared: &Arc<Shared>, worker: &Arc<WorkerHandle>) {
        let now = shared.external_config();
        let mut last = shared
            .external
            .config
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if *last == now {
            return;
        }
        *last = now;
        drop(last);
        for uri in shared.documents.open_uris() {
            shared.external.cancel(&uri);
            start(shared, worker, &uri);
        }
    }

    /// A document closed: its run is killed and what is kept of it forgotten.
    pub fn closed(shared: &Shared, uri: &Uri) {
        let mut docs = shared
            .external
            .docs
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(doc) = docs.remove(uri)
            && let Some((_, cancel)) = doc.running
        {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Raises the cancel flag of the document's run, if any, and counts an edit.
    fn cancel(&self, uri: &Uri) -> u64 {
        self.doc(uri, |doc| {
            if let Some((_, cancel)) = doc.running.take() {
                cancel.store(true, Ordering::Relaxed);
            }
            doc.edits += 1;
            doc.edits
        })
    }

    /// What to publish for `snapshot`, given our findings on it (kept for a later run's
    /// result): the union with the tool's when they are for this version.
    pub fn compose(
        shared: &Shared,
        uri: &Uri,
        snapshot: &Arc<Snapshot>,
        ours: Vec<Diagnostic>,
    ) -> Vec<lsp::Diagnostic> {
        let configured = shared.external_config().is_some();
        let (union, tool) = shared.external.doc(uri, |doc| {
            if !configured {
                // Nothing to merge with later: keep no copy of the tree alive.
                doc.ours = None;
                return (ours, None);
            }
            doc.ours = Some((snapshot.clone(), ours.clone()));
            match &doc.theirs {
                Some(t) if t.version == snapshot.version => {
                    let theirs = t.diagnostics.clone();
                    let split = snapshot.contains(Marker::Split);
                    let merged = merge_external(ours, theirs, snapshot.text(), split);
                    (merged, Some(t.tool.clone()))
                }
                _ => (ours, None),
            }
        });
        // Annotated test files show expected diagnostics as expected (each chunk alone).
        let split = snapshot.contains(Marker::Split);
        let shown = match snapshot.contains(Marker::Expectation) {
            true => apply_expectations(snapshot.text(), split, union, Presentation::Editor),
            false => union,
        };
        let map = snapshot.positions(shared.encoding());
        let convert = |d: &Diagnostic| {
            let mut converted = convert::diagnostic(&map, uri, d);
            if let (true, Some(tool)) = (is_external(d), &tool) {
                converted.source = Some(tool.clone());
            }
            converted
        };
        shown.iter().map(convert).collect()
    }

    /// Our latest findings on the document, to publish again with a new result of the
    /// tool's; `None` once the document is gone.
    pub fn latest(shared: &Shared, uri: &Uri) -> Option<(Arc<Snapshot>, Vec<Diagnostic>)> {
        let docs = shared
            .external
            .docs
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        docs.get(uri).and_then(|d| d.ours.clone())
    }
}

/// Starts a run on the document's current text, if a tool is configured.
fn start(shared: &Arc<Shared>, worker: &Arc<WorkerHandle>, uri: &Uri) {
    let Some(config) = shared.external_config() else {
        return;
    };
    let command = match external::resolve_command(&config.command) {
        Ok(command) => command,
        Err(why) => return tell(shared, format!("external verifier: {why}")),
    };
    let Some((version, text)) = shared.documents.text(uri) else {
        return;
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let slot = shared.external.doc(uri, |doc| {
        doc.running = Some((version, cancel.clone()));
        doc.slot.clone()
    });
    let (shared, worker, uri) = (shared.clone(), worker.clone(), uri.clone());
    tokio::task::spawn_blocking(move || {
        let _one_at_a_time = slot.lock().unwrap_or_else(|p| p.into_inner());
        let Some(_permit) = shared.external.permits.acquire(&cancel) else {
            return; // a newer edit came while it waited
        };
        let run = Run {
            uri: &uri,
            version,
            cancel: &cancel,
        };
        run.go(&shared, &worker, &config, &command, &text.flatten());
    });
}

/// One run's identity: the document, the version it checks, its cancel flag.
struct Run<'a> {
    uri: &'a Uri,
    version: i32,
    cancel: &'a Arc<AtomicBool>,
}

impl Run<'_> {
    fn go(
        &self,
        shared: &Shared,
        worker: &WorkerHandle,
        config: &ExternalConfig,
        command: &[String],
        text: &str,
    ) {
        let name = file_name(self.uri);
        let split = text.contains(SPLIT_MARKER);
        let names = [name.as_str()];
        let started = std::time::Instant::now();
        let checked =
            external::check_text(command, text, split, &names, config.timeout, self.cancel);
        let Some(checked) = checked else {
            return; // killed for a newer edit or a close
        };
        let tool = external::tool_name(command);
        let took = started.elapsed().as_millis();
        let found = checked.diagnostics.len();
        let at = format!("{name} version {}", self.version);
        shared.log(
            MessageType::LOG,
            format!("{tool} on {at}: {found} diagnostics in {took} ms"),
        );
        for line in &checked.unparsed {
            shared.log(MessageType::INFO, format!("{tool}: {line}"));
        }
        if let Some(problem) = checked.problem {
            tell(shared, problem);
        }
        if self.keep(shared, tool, checked.diagnostics) {
            worker.send(Event::External(self.uri.clone()));
        }
    }

    /// Keeps the findings if the run is still the document's current one.
    fn keep(&self, shared: &Shared, tool: String, diagnostics: Vec<Diagnostic>) -> bool {
        let mut docs = shared
            .external
            .docs
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let Some(doc) = docs.get_mut(self.uri) else {
            return false;
        };
        let current = doc
            .running
            .as_ref()
            .is_some_and(|(v, c)| *v == self.version && Arc::ptr_eq(c, self.cancel));
        if !current || self.cancel.load(Ordering::Relaxed) {
            return false;
        }
        doc.running = None;
        doc.theirs = Some(Theirs {
            version: self.version,
            tool,
            diagnostics,
        });
        true
    }
}

/// Logs a problem with the tool, and shows it the first time.
fn tell(shared: &Shared, problem: String) {
    shared.log(MessageType::WARNING, problem.clone());
    let first = shared
        .external
        .told
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(problem.clone());
    if first {
        let _ = shared
            .outgoing
            .send(Outgoing::Show(MessageType::WARNING, problem));
    }
}

/// The document's file name, which its own `loc("name.mlir":…)` locations may use.
fn file_name(uri: &Uri) -> String {
    let path = uri.path().as_str();
    path.rsplit('/').next().unwrap_or("").to_string()
}
