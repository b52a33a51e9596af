//! A guard in front of tower-lsp-server's stdio transport. The framed reader it uses stops
//! for good at the first undecodable message, which would end the session on one malformed
//! line. So we read stdin's frames ourselves: well-formed JSON goes on to the server through
//! an in-memory pipe; a body that is not JSON is answered with a JSON-RPC parse error
//! (id null) as the spec asks, and the session goes on. One writer puts whole frames on
//! stdout, so answers never interleave.

use serde_json::json;
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream,
};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

/// Largest body accepted; a bigger `Content-Length` is treated as a framing error.
const MAX_BODY: usize = 1 << 30;

/// Starts the relay tasks; returns the (input, output) streams to give the LSP server.
pub fn relay_stdio() -> (DuplexStream, DuplexStream) {
    let (server_in, mut to_server) = tokio::io::duplex(1 << 16);
    let (server_out, from_server) = tokio::io::duplex(1 << 16);
    let (frames, mut frames_rx) = unbounded_channel::<Vec<u8>>();
    let replies = frames.clone();
    tokio::spawn(async move {
        let mut stdin = BufReader::new(tokio::io::stdin());
        while let Some(body) = read_frame(&mut stdin).await {
            if serde_json::from_slice::<serde_json::Value>(&body).is_ok() {
                if to_server.write_all(&frame(&body)).await.is_err() {
                    break;
                }
            } else {
                eprintln!("mlir-analyzer: answering a message that is not JSON with a parse error");
                let _ = replies.send(parse_error_reply());
            }
        }
        let _ = to_server.shutdown().await;
    });
    tokio::spawn(forward_frames(from_server, frames));
    tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        while let Some(bytes) = frames_rx.recv().await {
            if stdout.write_all(&bytes).await.is_err() || stdout.flush().await.is_err() {
                break;
            }
        }
    });
    (server_in, server_out)
}

/// Copies the server's output frames, whole, to the writer.
async fn forward_frames(from_server: DuplexStream, frames: UnboundedSender<Vec<u8>>) {
    let mut reader = BufReader::new(from_server);
    while let Some(body) = read_frame(&mut reader).await {
        if frames.send(frame(&body)).is_err() {
            break;
        }
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn parse_error_reply() -> Vec<u8> {
    let reply = json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": -32700, "message": "Parse error: the message body is not valid JSON" }
    });
    frame(reply.to_string().as_bytes())
}

/// Reads one `Content-Length`-framed body; `None` at the end of the input. Header lines
/// other than `Content-Length` are ignored; a header block without a usable length is
/// skipped.
async fn read_frame<R: AsyncRead + AsyncBufRead + Unpin>(reader: &mut R) -> Option<Vec<u8>> {
    loop {
        let length = read_headers(reader).await?;
        let Some(length) = length.filter(|&n| n <= MAX_BODY) else {
            eprintln!("mlir-analyzer: skipping a message without a valid Content-Length");
            continue;
        };
        let mut body = vec![0; length];
        reader.read_exact(&mut body).await.ok()?;
        return Some(body);
    }
}

/// Reads header lines up to the blank line; returns the Content-Length if one was given.
async fn read_headers<R: AsyncBufRead + Unpin>(reader: &mut R) -> Option<Option<usize>> {
    let mut length = None;
    let mut saw_header = false;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if saw_header {
                return Some(length);
            }
            continue;
        }
        saw_header = true;
        let (name, value) = line.split_once(':').unwrap_or((line, ""));
        if name.trim().eq_ignore_ascii_case("content-length") {
            length = value.trim().parse().ok();
        }
    }
}
