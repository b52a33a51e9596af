//! The writer's side of the transport: whole frames on the client's stream, answers in
//! their requests' order (`order`), and a bounded queue. A client that reads slower than
//! the server answers (or stops reading) makes the relay stop reading, rather than the
//! server keep every answer it has not taken in memory: once `QUEUE_LIMIT` bytes wait to
//! be written, no more is taken from the server or the client until they are.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Instant;

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::Notify;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::order::Sequencer;

/// Bytes waiting to be written past which reading stops.
pub const QUEUE_LIMIT: usize = 32 << 20;

pub struct Output {
    order: Mutex<Sequencer>,
    /// Signalled when answers may have started to wait (a deadline to watch).
    changed: Notify,
    frames: UnboundedSender<Vec<u8>>,
    /// Bytes sent to the writer and not yet written.
    queued: AtomicUsize,
    /// Signalled when the writer has written a frame, or stopped.
    drained: Notify,
    /// The queue filled up and has not yet drained to half.
    full: AtomicBool,
    /// The server's output has ended (`end`).
    ended: AtomicBool,
}

/// What the writer needs to know of a message from the server.
#[derive(Deserialize)]
struct Head {
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    method: Option<IgnoredAny>,
}

impl Output {
    /// The output, and the task that writes it to `client_out` (to spawn).
    pub fn start<O>(client_out: O) -> (Arc<Output>, impl Future<Output = ()>)
    where
        O: AsyncWrite + Unpin + Send + 'static,
    {
        let (frames, frames_rx) = unbounded_channel::<Vec<u8>>();
        let output = Arc::new(Output {
            order: Mutex::new(Sequencer::default()),
            changed: Notify::new(),
            frames,
            queued: AtomicUsize::new(0),
            drained: Notify::new(),
            full: AtomicBool::new(false),
            ended: AtomicBool::new(false),
        });
        let writer = write_frames(Arc::downgrade(&output), frames_rx, client_out);
        (output, writer)
    }

    fn sequencer(&self) -> MutexGuard<'_, Sequencer> {
        self.order.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A request with `id` went to the server: its answer keeps this place.
    pub fn expect(&self, id: Value) {
        self.sequencer().expect(id, Instant::now());
    }

    /// The transport's own answer to a request, in its place.
    pub fn answer_here(&self, reply: Vec<u8>) {
        let mut order = self.sequencer();
        let out = order.answered_here(reply, Instant::now());
        self.send_all(out);
        self.changed.notify_one();
    }

    /// Passes on a message of the server's; `false` once the writer is gone.
    pub fn pass_on(&self, body: Vec<u8>) -> bool {
        let head = serde_json::from_slice::<Head>(&body).ok();
        match head {
            Some(Head {
                id: Some(id),
                method: None,
            }) => return self.pass_on_answer(&id, body),
            _ => self.send_all(vec![body]),
        }
        !self.frames.is_closed()
    }

    /// Passes on the server's answer to the request `id` (known without reading `body`).
    pub fn pass_on_answer(&self, id: &Value, body: Vec<u8>) -> bool {
        let mut order = self.sequencer();
        let out = order.answered(id, body, Instant::now());
        self.send_all(out);
        self.changed.notify_one();
        !self.frames.is_closed()
    }

    /// The server's output has ended: every answer still held goes out, and the task
    /// that watches held answers stops, so that once the client's input has ended too
    /// nothing holds the writer's channel open and the client's stream reaches its end.
    pub fn end(&self) {
        let mut order = self.sequencer();
        let out = order.flush();
        self.send_all(out);
        self.ended.store(true, Ordering::Release);
        self.changed.notify_one();
    }

    /// Returns at once while the queue has room; once it is full, when it has drained to
    /// half (so that readers and writer take turns in long runs, not frame by frame), or
    /// the writer is gone.
    pub async fn room(&self) {
        loop {
            let drained = self.drained.notified();
            tokio::pin!(drained);
            drained.as_mut().enable();
            let queued = self.queued.load(Ordering::Acquire);
            let full = self.full.load(Ordering::Acquire);
            let limit = if full { QUEUE_LIMIT / 2 } else { QUEUE_LIMIT };
            if queued < limit || self.frames.is_closed() {
                self.full.store(false, Ordering::Release);
                return;
            }
            self.full.store(true, Ordering::Release);
            drained.await;
        }
    }

    fn release_overdue(&self) {
        let mut order = self.sequencer();
        let out = order.overdue(Instant::now());
        self.send_all(out);
    }

    /// Sends bodies, framed; called with the sequencer locked, so that answers released
    /// by two tasks cannot pass each other.
    fn send_all(&self, bodies: Vec<Vec<u8>>) {
        for body in bodies {
            let framed = frame(&body);
            self.queued.fetch_add(framed.len(), Ordering::AcqRel);
            let _ = self.frames.send(framed);
        }
    }
}

/// Writes the frames as they come; wakes the readers as the queue drains. It holds the
/// output weakly: the channel closes, and this task ends, when the tasks that send have
/// all ended.
async fn write_frames<O: AsyncWrite + Unpin>(
    output: Weak<Output>,
    mut frames_rx: UnboundedReceiver<Vec<u8>>,
    mut client_out: O,
) {
    while let Some(bytes) = frames_rx.recv().await {
        if client_out.write_all(&bytes).await.is_err() || client_out.flush().await.is_err() {
            break;
        }
        if let Some(output) = output.upgrade() {
            output.queued.fetch_sub(bytes.len(), Ordering::AcqRel);
            output.drained.notify_waiters();
        }
    }
    frames_rx.close();
    if let Some(output) = output.upgrade() {
        output.drained.notify_waiters();
    }
}

/// Lets go of answers held behind a request unanswered for too long.
pub async fn release_overdue(output: Arc<Output>) {
    while !output.frames.is_closed() && !output.ended.load(Ordering::Acquire) {
        let changed = output.changed.notified();
        tokio::pin!(changed);
        changed.as_mut().enable();
        let deadline = output.sequencer().deadline();
        match deadline {
            Some(at) => {
                tokio::select! {
                    _ = tokio::time::sleep_until(at.into()) => {}
                    _ = changed => {}
                }
                output.release_overdue();
            }
            None => changed.await,
        }
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use tokio::io::AsyncReadExt;
    use tokio::time::timeout;

    /// A notification of `len` bytes or so, which goes out as it comes.
    fn notification(len: usize) -> Vec<u8> {
        let text = "x".repeat(len);
        serde_json::to_vec(&serde_json::json!({ "method": "m", "params": text })).unwrap()
    }

    #[tokio::test]
    async fn reading_waits_while_the_client_leaves_a_full_queue_unread() {
        let (client_side, mut client) = tokio::io::duplex(1024);
        let (output, writer) = Output::start(client_side);
        tokio::spawn(writer);
        let eighth = QUEUE_LIMIT / 8;
        for _ in 0..7 {
            output.pass_on(notification(eighth));
        }
        assert!(
            timeout(Duration::from_millis(50), output.room())
                .await
                .is_ok()
        );
        output.pass_on(notification(eighth));
        let blocked = timeout(Duration::from_millis(200), output.room()).await;
        assert!(blocked.is_err(), "room while the client reads nothing");
        let mut read = vec![0; 3 * eighth];
        client.read_exact(&mut read).await.unwrap();
        let still = timeout(Duration::from_millis(200), output.room()).await;
        assert!(still.is_err(), "room before the queue drained to half");
        client.read_exact(&mut read).await.unwrap();
        let half = timeout(Duration::from_secs(5), output.room());
        assert!(half.await.is_ok());
    }

    #[tokio::test]
    async fn a_client_gone_does_not_leave_the_readers_waiting() {
        let (client_side, client) = tokio::io::duplex(1024);
        let (output, writer) = Output::start(client_side);
        let writer = tokio::spawn(writer);
        output.pass_on(notification(QUEUE_LIMIT));
        drop(client);
        writer.await.unwrap();
        assert!(timeout(Duration::from_secs(5), output.room()).await.is_ok());
    }
}
