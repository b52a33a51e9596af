//! The analysis thread: receives document events in order on one channel, waits until a
//! burst of edits is over (debounce), analyses each changed document once, and hands the
//! diagnostics, tagged with the version they were computed for, to the publisher task,
//! which sends them to the client in order (DESIGN §3.6).

use std::collections::BTreeSet;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mlir_analysis::{TextSize, parse_diagnostics};
use tokio::sync::mpsc::UnboundedSender;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::Shared;
use super::convert;
use super::positions::PositionMap;

pub enum Event {
    Changed(Uri),
    Closed(Uri),
}

/// What the server's outgoing task sends to the client, in order.
pub enum Outgoing {
    Diagnostics(Publish),
    Log(lsp::MessageType, String),
}

/// Diagnostics ready to publish: `version` is `None` for a closed document.
pub struct Publish {
    pub uri: Uri,
    pub version: Option<i32>,
    pub diagnostics: Vec<lsp::Diagnostic>,
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

fn run(shared: &Shared, events: &Receiver<Event>, publish: &UnboundedSender<Outgoing>) {
    while let Ok(first) = events.recv() {
        let mut batch = Batch::default();
        batch.add(first);
        let debounce = Duration::from_millis(shared.settings().debounce_ms);
        loop {
            match events.recv_timeout(debounce) {
                Ok(event) => batch.add(event),
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        for message in batch.analyse(shared) {
            if publish.send(Outgoing::Diagnostics(message)).is_err() {
                return;
            }
        }
    }
}

/// The documents a burst of events touched.
#[derive(Default)]
struct Batch {
    changed: BTreeSet<Uri>,
    closed: BTreeSet<Uri>,
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
        }
    }

    fn analyse(self, shared: &Shared) -> Vec<Publish> {
        let mut out: Vec<Publish> = self
            .closed
            .into_iter()
            .map(|uri| Publish {
                uri,
                version: None,
                diagnostics: Vec::new(),
            })
            .collect();
        for uri in self.changed {
            let result =
                std::panic::catch_unwind(AssertUnwindSafe(|| diagnostics_of(shared, &uri)));
            match result {
                Ok(Some(message)) => out.push(message),
                Ok(None) => {}
                Err(_) => shared.log_error(format!("analysis of {} panicked", uri.as_str())),
            }
        }
        out
    }
}

fn diagnostics_of(shared: &Shared, uri: &Uri) -> Option<Publish> {
    let snapshot = shared.documents.snapshot(uri)?;
    let map = PositionMap::new(&snapshot.text, &snapshot.line_index, shared.encoding());
    let diagnostics = parse_diagnostics(&snapshot.parse, TextSize::new(0))
        .iter()
        .map(|d| convert::diagnostic(&map, uri, d))
        .collect();
    Some(Publish {
        uri: uri.clone(),
        version: Some(snapshot.version),
        diagnostics,
    })
}

/// Keeps the worker's sender for handlers that must send without awaiting.
pub struct WorkerHandle(Mutex<Option<Sender<Event>>>);

impl WorkerHandle {
    pub fn new(sender: Sender<Event>) -> Self {
        WorkerHandle(Mutex::new(Some(sender)))
    }

    pub fn send(&self, event: Event) {
        let guard = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(sender) = guard.as_ref() {
            let _ = sender.send(event);
        }
    }
}
