//! The analysis thread: receives document events in order on one channel, waits until a
//! burst of edits is over (debounce), analyses each changed document once, and hands the
//! diagnostics, tagged with the version they were computed for, to the publisher task,
//! which sends them to the client in order (DESIGN §3.6).

use std::collections::BTreeSet;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mlir_analysis::AnalysisHost;
use mlir_analysis::registry::Registry;
use tokio::sync::mpsc::UnboundedSender;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::Shared;
use super::busy::AnalysisBusy;
use super::documents::Snapshot;
use super::external_runs::ExternalRuns;
use mlir_analysis::markers::Marker;

pub enum Event {
    Changed(Uri),
    Closed(Uri),
    /// A file that is not open but may define IRDL dialects, with its text on disk
    /// (`None`: deleted).
    Library(Uri, Option<Arc<str>>),
    /// A registry of newly loaded ODS dialects: every open document is checked again.
    Registry(Arc<Registry>),
    /// The external verifier has new findings on a document: published again with them.
    External(Uri),
}

/// What the server's outgoing task sends to the client, in order.
pub enum Outgoing {
    Diagnostics(Publish),
    Log(lsp::MessageType, String),
    /// `window/showMessage`: something the user asked for failed.
    Show(lsp::MessageType, String),
    /// `$/progress` of work the server started itself.
    Progress(lsp::ProgressParams),
    /// A large file's start was published (`Publish::leading`): the rest is being checked.
    CheckBegan(Uri),
    /// The check of a file begun with `CheckBegan` ended without diagnostics to publish.
    CheckEnded(Uri),
    /// The analysis thread sent every message of a burst: once they are handed to the
    /// client, loads waiting for an idle analysis may send theirs (after them).
    BurstDelivered,
}

/// Diagnostics ready to publish: `version` is `None` for a closed document.
pub struct Publish {
    pub uri: Uri,
    pub version: Option<i32>,
    pub diagnostics: Vec<lsp::Diagnostic>,
    /// Only the diagnostics of the document's start: the rest follow.
    pub leading: bool,
}

/// Starts the analysis thread; it ends when every sender of `Event`s is dropped.
pub fn spawn(shared: Arc<Shared>, publish: UnboundedSender<Outgoing>) -> Sender<Event> {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("analysis".into())
        .spawn(move || run(&shared, &receiver, &publish))
        .expect("spawn the analysis thread");
    sender
}

/// How long the analysis thread waits, once a burst of work is over, before it hands
/// the memory that work freed back to the system.
const IDLE: Duration = Duration::from_secs(1);

fn run(shared: &Shared, events: &Receiver<Event>, publish: &UnboundedSender<Outgoing>) {
    let mut host = AnalysisHost::default();
    while let Some(first) = next_event(events) {
        shared.analysis_busy.began();
        shared.analysis_busy.taken();
        let mut batch = Batch::default();
        batch.add(first);
        let debounce = Duration::from_millis(shared.settings().debounce_ms);
        loop {
            match events.recv_timeout(debounce) {
                Ok(event) => {
                    shared.analysis_busy.taken();
                    batch.add(event);
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        let messages = batch.analyse(shared, &mut host).into_iter();
        let delivered = std::iter::once(Outgoing::BurstDelivered);
        for message in messages.map(Outgoing::Diagnostics).chain(delivered) {
            if publish.send(message).is_err() {
                return;
            }
        }
    }
}

/// The next event; after `IDLE` without one, the memory the last burst freed is
/// released first. `None` once every sender is gone.
fn next_event(events: &Receiver<Event>) -> Option<Event> {
    match events.recv_timeout(IDLE) {
        Ok(event) => Some(event),
        Err(RecvTimeoutError::Timeout) => {
            crate::memory::release_freed();
            events.recv().ok()
        }
        Err(RecvTimeoutError::Disconnected) => None,
    }
}

/// The documents a burst of events touched.
#[derive(Default)]
struct Batch {
    changed: BTreeSet<Uri>,
    closed: BTreeSet<Uri>,
    /// Library files in the order they came (a later text of a file wins).
    libraries: Vec<(Uri, Option<Arc<str>>)>,
    /// The newest registry that came (an older one is of no use any more).
    registry: Option<Arc<Registry>>,
    /// Documents with new findings of the external verifier.
    external: BTreeSet<Uri>,
}

impl Batch {
    fn add(&mut self, event: Event) {
        match event {
            Event::Changed(uri) => {
                self.closed.remove(&uri);
                self.changed.insert(uri);
            }
            Event::Closed(uri) => {
                self.changed.remove(&uri);
                self.closed.insert(uri);
            }
            Event::Library(uri, text) => self.libraries.push((uri, text)),
            Event::Registry(registry) => self.registry = Some(registry),
            Event::External(uri) => {
                self.external.insert(uri);
            }
        }
    }

    /// Analyses the batch's documents; when the IRDL dialects the host knows or its
    /// registry changed, every other open document is checked again too. The host's
    /// registry is handed on to the IDE features.
    fn analyse(mut self, shared: &Shared, host: &mut AnalysisHost) -> Vec<Publish> {
        for (uri, text) in std::mem::take(&mut self.libraries) {
            host.set_library_file(uri.as_str(), text);
        }
        let new_registry = self.registry.take();
        let registry_changed = new_registry.is_some();
        if let Some(registry) = new_registry {
            host.set_registry(registry);
        }
        let mut out = self.analyse_documents(shared, host);
        let registry = host.registry();
        if !Arc::ptr_eq(&shared.registry(), &registry) {
            *shared.registry.write().unwrap_or_else(|p| p.into_inner()) = registry;
        }
        let before = shared.irdl();
        let sources = host.irdl_sources();
        let dialects_changed = !before
            .iter()
            .map(|s| &s.dialect)
            .eq(sources.iter().map(|s| &s.dialect));
        if *before != sources {
            *shared.irdl.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(sources);
        }
        if dialects_changed || registry_changed {
            let others = shared
                .documents
                .open_uris()
                .into_iter()
                .filter(|uri| !self.changed.contains(uri))
                .collect();
            let recheck = Batch {
                changed: others,
                ..Batch::default()
            };
            out.extend(recheck.analyse_documents(shared, host));
        }
        out
    }

    fn analyse_documents(&self, shared: &Shared, host: &mut AnalysisHost) -> Vec<Publish> {
        let mut out = Vec::new();
        for uri in &self.closed {
            host.remove(uri.as_str());
            out.push(Publish {
                uri: uri.clone(),
                version: None,
                diagnostics: Vec::new(),
                leading: false,
            });
        }
        for uri in &self.changed {
            let result =
                std::panic::catch_unwind(AssertUnwindSafe(|| diagnostics_of(shared, host, uri)));
            match result {
                Ok(Some(message)) => out.push(message),
                Ok(None) => {}
                Err(_) => {
                    // The database may be half-updated: start over with a fresh one, which
                    // knows the same dialects.
                    let registry = host.registry();
                    *host = AnalysisHost::default();
                    host.set_registry(registry);
                    shared.documents.abandon(uri);
                    let _ = shared.outgoing.send(Outgoing::CheckEnded(uri.clone()));
                    shared.log_error(format!("analysis of {} panicked", uri.as_str()));
                }
            }
        }
        let analysed = |uri: &Uri| self.changed.contains(uri) || self.closed.contains(uri);
        for uri in self.external.iter().filter(|uri| !analysed(uri)) {
            out.extend(republish(shared, uri));
        }
        out
    }
}

/// Feeds the document's edits to the host (which reparses incrementally), keeps the new
/// tree as the document's snapshot, and converts the diagnostics.
fn diagnostics_of(shared: &Shared, host: &mut AnalysisHost, uri: &Uri) -> Option<Publish> {
    let pending = shared.documents.take_pending(uri)?;
    let parse = host.update_from(uri.as_str(), &pending.text, pending.edits.as_deref());
    let snapshot = Arc::new(Snapshot::with_parse(pending.version, pending.text, parse));
    shared.documents.store(uri, snapshot.clone());
    publish_leading(shared, host, uri, &snapshot);
    // Ours, with the external verifier's findings on this version if it has any.
    let ours = host.diagnostics(uri.as_str());
    let diagnostics = ExternalRuns::compose(shared, uri, &snapshot, ours);
    Some(Publish {
        uri: uri.clone(),
        version: Some(snapshot.version),
        diagnostics,
        leading: false,
    })
}

/// Publishes the diagnostics of a large document's start at once, if the host gives them
/// (it was just opened), and tells the client the rest is being checked. Not for a file
/// of `expected-*` annotations or `// -----` chunks, whose shown diagnostics depend on all
/// of its findings; the external verifier has none yet.
fn publish_leading(shared: &Shared, host: &mut AnalysisHost, uri: &Uri, snapshot: &Snapshot) {
    if snapshot.contains(Marker::Expectation) || snapshot.contains(Marker::Split) {
        return;
    }
    let Some((leading, _)) = host.leading_diagnostics(uri.as_str()) else {
        return;
    };
    let map = snapshot.positions(shared.encoding());
    let diagnostics = leading
        .iter()
        .map(|d| super::convert::diagnostic(&map, uri, d))
        .collect();
    let publish = Publish {
        uri: uri.clone(),
        version: Some(snapshot.version),
        diagnostics,
        leading: true,
    };
    let _ = shared.outgoing.send(Outgoing::Diagnostics(publish));
    let _ = shared.outgoing.send(Outgoing::CheckBegan(uri.clone()));
}

/// Our latest findings on a document published again, with the external verifier's new
/// ones; nothing when an edit is on its way (its analysis publishes).
fn republish(shared: &Shared, uri: &Uri) -> Option<Publish> {
    let (snapshot, ours) = ExternalRuns::latest(shared, uri)?;
    let version = shared.documents.version(uri)?;
    if version != snapshot.version {
        return None;
    }
    let diagnostics = ExternalRuns::compose(shared, uri, &snapshot, ours);
    Some(Publish {
        uri: uri.clone(),
        version: Some(version),
        diagnostics,
        leading: false,
    })
}

/// Keeps the worker's sender for handlers that must send without awaiting.
pub struct WorkerHandle {
    sender: Mutex<Option<Sender<Event>>>,
    /// Where the events sent are counted.
    busy: Arc<AnalysisBusy>,
}

impl WorkerHandle {
    pub fn new(sender: Sender<Event>, busy: Arc<AnalysisBusy>) -> Self {
        WorkerHandle {
            sender: Mutex::new(Some(sender)),
            busy,
        }
    }

    pub fn send(&self, event: Event) {
        let guard = self.sender.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(sender) = guard.as_ref() {
            // Counted first: the analysis thread may take the event in at once.
            self.busy.queued();
            if sender.send(event).is_err() {
                self.busy.taken();
            }
        }
    }
}
