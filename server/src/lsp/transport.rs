//! A guard in front of tower-lsp-server's stdio transport, so that no message can end the
//! session. Its own framed reader stops for good at the first body that is no JSON-RPC
//! message (the process then exits), and a broken `Content-Length` would leave the stream
//! unreadable. So stdin's frames are read here (`frames`: a broken framing is skipped up to
//! the next header), each body is judged (`messages`: malformed ones are answered with the
//! protocol's error, well-formed ones go on to the server through an in-memory pipe), and
//! what follows `initialize` is held until the server has answered it, which it must do
//! before it accepts anything else. One writer puts whole frames on stdout, so answers
//! never interleave, and the answers go out in the order of their requests (`order`).

mod envelope;
pub mod frames;
mod json_text;
pub mod messages;
pub mod open_texts;
pub mod order;
pub mod output;
mod stdin_thread;

use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, DuplexStream};
use tokio::sync::Notify;

use frames::{Frame, FrameReader};
use messages::Incoming;
use open_texts::OpenTexts;
use output::{Output, release_overdue};

/// How many bytes each pipe between the relay and the server holds at most.
const PIPE_BYTES: usize = 1 << 20;

/// The relay's side of the server: the streams to give the LSP server, and the texts the
/// relay took out of their `didOpen` messages.
pub struct Relayed {
    pub input: DuplexStream,
    pub output: DuplexStream,
    pub open_texts: Arc<OpenTexts>,
}

/// Starts the relay tasks on stdin and stdout.
pub fn relay_stdio() -> Relayed {
    relay(stdin_thread::spawn(std::io::stdin()), tokio::io::stdout())
}

/// `relay_stdio` on other streams (tests and fuzz targets drive the server in process).
pub fn relay<I, O>(client_in: I, client_out: O) -> Relayed
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    // A large body crosses in a few big steps rather than in a thousand small ones,
    // each a switch between threads.
    let (server_in, to_server) = tokio::io::duplex(PIPE_BYTES);
    let (server_out, from_server) = tokio::io::duplex(PIPE_BYTES);
    let gate = Arc::new(InitializeGate::default());
    let (output, writer) = Output::start(client_out);
    tokio::spawn(writer);
    let open_texts = Arc::new(OpenTexts::default());
    let client = Client {
        output: output.clone(),
        gate: gate.clone(),
        open_texts: open_texts.clone(),
    };
    tokio::spawn(read_client(client_in, to_server, client));
    tokio::spawn(forward_frames(from_server, output.clone(), gate));
    tokio::spawn(release_overdue(output));
    Relayed {
        input: server_in,
        output: server_out,
        open_texts,
    }
}

/// What the task reading the client shares with the rest of the relay.
struct Client {
    output: Arc<Output>,
    gate: Arc<InitializeGate>,
    open_texts: Arc<OpenTexts>,
}

/// Reads the client's frames and passes each on, answers it, or holds it.
async fn read_client<I: AsyncRead + Unpin>(
    client_in: I,
    mut to_server: DuplexStream,
    client: Client,
) {
    let Client {
        output,
        gate,
        open_texts,
    } = client;
    let mut reader = FrameReader::new(client_in);
    loop {
        // Nothing more is taken in while the client leaves its answers unread.
        output.room().await;
        let Some(read) = reader.next().await else {
            break;
        };
        let body = match read {
            Frame::Body(body) => body,
            Frame::Garbage(garbage) => {
                skipped(&garbage, &output);
                continue;
            }
        };
        match messages::classify(&body) {
            Incoming::Forward(request) => {
                gate.wait().await;
                // Its slot first: the answer may come before `write_all` returns.
                if let Some(id) = request {
                    output.expect(id);
                }
            }
            Incoming::Initialize(id) => {
                gate.wait().await;
                gate.expect(id.clone());
                output.expect(id);
            }
            Incoming::Reply(reply, log) => {
                eprintln!("mlir-analyzer: {log}");
                output.answer_here(reply);
                continue;
            }
            Incoming::Drop(log) => {
                eprintln!("mlir-analyzer: {log}");
                continue;
            }
        }
        let body = open_texts.take_out(&body).unwrap_or(body);
        // The header and the body go separately: a large body is not copied again.
        let header = format!("Content-Length: {}\r\n\r\n", body.len());
        if to_server.write_all(header.as_bytes()).await.is_err()
            || to_server.write_all(&body).await.is_err()
        {
            break;
        }
    }
    let _ = to_server.shutdown().await;
}

/// Bytes skipped to find the next frame: logged, and a request among them answered.
fn skipped(garbage: &[u8], output: &Output) {
    if garbage.iter().all(u8::is_ascii_whitespace) {
        return;
    }
    eprintln!(
        "mlir-analyzer: skipping {} bytes without a valid Content-Length",
        garbage.len()
    );
    if let Some(id) = messages::unframed_request_id(garbage) {
        output.answer_here(messages::unframed_reply(id));
    }
}

/// Copies the server's output frames, whole, to the writer (answers in their requests'
/// order), opening the gate when the answer to `initialize` has gone out.
async fn forward_frames(from_server: DuplexStream, output: Arc<Output>, gate: Arc<InitializeGate>) {
    let mut reader = FrameReader::new(from_server);
    loop {
        output.room().await;
        let Some(frame_read) = reader.next().await else {
            break;
        };
        let Frame::Body(body) = frame_read else {
            continue;
        };
        gate.seen(&body);
        let passed = match super::raw_results::splice(&body) {
            Some((id, answer)) => output.pass_on_answer(&id, answer),
            None => output.pass_on(body),
        };
        if !passed {
            break;
        }
    }
    output.end();
}

/// Holds the client's messages while `initialize` waits for its answer.
#[derive(Default)]
struct InitializeGate {
    waiting: Mutex<Option<Value>>,
    answered: Notify,
}

impl InitializeGate {
    fn expect(&self, id: Value) {
        *self.waiting.lock().unwrap_or_else(|p| p.into_inner()) = Some(id);
    }

    /// Returns once no `initialize` waits for its answer.
    async fn wait(&self) {
        loop {
            let answered = self.answered.notified();
            tokio::pin!(answered);
            answered.as_mut().enable();
            if self
                .waiting
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .is_none()
            {
                return;
            }
            answered.await;
        }
    }

    /// Opens the gate if `body` (from the server) answers the waiting `initialize`.
    fn seen(&self, body: &[u8]) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
        let Some(id) = waiting.as_ref() else {
            return;
        };
        let Ok(message) = serde_json::from_slice::<Value>(body) else {
            return;
        };
        if message.get("method").is_none() && message.get("id") == Some(id) {
            *waiting = None;
            self.answered.notify_waiters();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::AsyncReadExt;

    use super::relay;

    /// In-process clients (the fuzz target, tests) read the output to its end: it must
    /// come once the client's input and the server's output have both ended.
    #[tokio::test]
    async fn the_client_stream_ends_once_both_sides_have_ended() {
        let (client, client_in) = tokio::io::duplex(1024);
        let (client_out, mut reader) = tokio::io::duplex(1024);
        let relayed = relay(client_in, client_out);
        drop(client);
        drop(relayed);
        let mut rest = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(5), reader.read_to_end(&mut rest));
        assert!(read.await.is_ok(), "the client's stream never ended");
    }
}
