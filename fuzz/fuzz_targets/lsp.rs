//! Fuzz target for the language server's message handling, in process (issue 42): the
//! server runs on in-memory streams, fed either the input's bytes as they are (after a
//! valid `initialize`) or a session the input describes: a document opened, edited at
//! valid ranges with random text, and asked at random positions (hover, completion,
//! definition, references, symbols, folding, selection, semantic tokens, inlay hints,
//! formatting of the document and of a range, signature help, document links, the call
//! hierarchy).
//! Invariants: no panic; the server ends once its input ends; in a described session
//! every request is answered exactly once and the server's text of the document equals
//! the model's.
//! Run on stable: `cargo fuzz run lsp -s none` (from the repository root).
#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const URI: &str = "file:///fuzz/f.mlir";

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 4 == 0 {
        let mut input = initialize();
        input.extend_from_slice(rest);
        run(input, None);
    } else {
        let session = Session::describe(rest);
        let output = run(session.input.clone(), Some(session.text_request));
        session.check(&output);
    }
});

/// Runs a server on `input`; returns what it wrote. With `last`, once the request of that
/// id is answered, `shutdown` and `exit` follow (`exit` cancels what is still running);
/// the input then ends. The server must end when its input does.
fn run(input: Vec<u8>, last: Option<i64>) -> Vec<u8> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let output = runtime.block_on(async move {
        let (mut to_server, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, mut from_server) = tokio::io::duplex(1 << 16);
        let client = tokio::spawn(async move {
            let mut written = to_server.write_all(&input).await.is_ok();
            let mut bytes = Vec::new();
            let mut chunk = vec![0; 1 << 16];
            loop {
                let answered = last.is_some_and(|id| answered(&bytes, id));
                if written && (last.is_none() || answered) {
                    if last.is_some() {
                        let _ = to_server.write_all(&shutdown_and_exit()).await;
                    }
                    let _ = to_server.shutdown().await;
                    written = false;
                }
                match from_server.read(&mut chunk).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => bytes.extend_from_slice(&chunk[..n]),
                }
            }
            bytes
        });
        let served = tokio::time::timeout(
            std::time::Duration::from_secs(20),
            mlir_analyzer::lsp::serve_on(server_in, server_out),
        );
        assert!(
            served.await.is_ok(),
            "the server did not end when its input did"
        );
        client.await.unwrap_or_default()
    });
    runtime.shutdown_background();
    output
}

/// Has the server's output so far answered request `id`?
fn answered(output: &[u8], id: i64) -> bool {
    messages(output)
        .iter()
        .any(|m| m.get("method").is_none() && m["id"].as_i64() == Some(id))
}

fn shutdown_and_exit() -> Vec<u8> {
    let mut out = frame(&json!({ "jsonrpc": "2.0", "id": -1, "method": "shutdown" }));
    out.extend(frame(&json!({ "jsonrpc": "2.0", "method": "exit" })));
    out
}

fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

fn initialize() -> Vec<u8> {
    // No installed MLIR's dialects: seconds of `llvm-tblgen` runs on every input, still
    // running after the server it was for has ended.
    let options = json!({ "debounceMs": 0, "ods": { "installed": false } });
    let mut out = frame(&json!({ "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": { "capabilities": {}, "initializationOptions": options } }));
    out.extend(frame(
        &json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
    ));
    out
}

/// A described session: its input, the requests it made, and the document's final text.
struct Session {
    input: Vec<u8>,
    requests: Vec<i64>,
    text_request: i64,
    text: String,
}

/// The input's bytes, read one decision at a time (zero once they run out).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        b
    }

    fn below(&mut self, n: usize) -> usize {
        let value = (usize::from(self.byte()) << 8) | usize::from(self.byte());
        if n == 0 { 0 } else { value % n }
    }

    /// Up to `max` characters of MLIR-looking text (ASCII, so UTF-16 columns are bytes).
    fn text(&mut self, max: usize) -> String {
        const PIECES: &[&str] = &[
            "%a",
            " = ",
            "arith.addi",
            " %a, %b : i32",
            "\n",
            "func.func @f(%a: i32) {",
            "}",
            "return",
            "\"t.op\"()",
            " : () -> ()",
            "^bb0:",
            "(",
            ")",
            "<",
            ">",
            ",",
            "!t",
            "#m",
            "// c",
            "\"s",
            "-----",
            "loc(",
            "memref<4xf32>",
            " ",
            "{",
            "[",
            "]",
        ];
        let count = self.below(max + 1);
        (0..count)
            .map(|_| PIECES[self.below(PIECES.len())])
            .collect()
    }
}

impl Session {
    fn describe(data: &[u8]) -> Session {
        let mut bytes = Bytes(data);
        let mut text = bytes.text(40);
        let mut input = initialize();
        input.extend(frame(&json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": { "textDocument": { "uri": URI, "languageId": "mlir", "version": 1, "text": text } } })));
        let (mut version, mut next_id, mut requests) = (1, 1, Vec::new());
        while !bytes.0.is_empty() {
            let at = position(&text, bytes.below(text.len() + 1));
            if bytes.byte() % 3 == 0 {
                let method = METHODS[bytes.below(METHODS.len())];
                input.extend(frame(&request(next_id, method, at)));
                requests.push(next_id);
                next_id += 1;
                continue;
            }
            let start = bytes.below(text.len() + 1);
            let end = start + bytes.below(text.len() - start + 1);
            let insert = bytes.text(6);
            let range = json!({ "start": position(&text, start), "end": position(&text, end) });
            text.replace_range(start..end, &insert);
            version += 1;
            input.extend(frame(
                &json!({ "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": { "textDocument": { "uri": URI, "version": version },
                    "contentChanges": [{ "range": range, "text": insert }] } }),
            ));
        }
        let text_request = next_id;
        input.extend(frame(&json!({ "jsonrpc": "2.0", "id": text_request,
            "method": "mlir-analyzer/documentText", "params": { "uri": URI } })));
        Session {
            input,
            requests,
            text_request,
            text,
        }
    }

    fn check(&self, output: &[u8]) {
        let mut answers: HashMap<i64, Vec<Value>> = HashMap::new();
        for message in messages(output) {
            if message.get("method").is_none()
                && let Some(id) = message["id"].as_i64()
            {
                answers.entry(id).or_default().push(message);
            }
        }
        for id in &self.requests {
            let count = answers.get(id).map_or(0, Vec::len);
            assert_eq!(count, 1, "request {id} answered {count} times");
        }
        let text = &answers[&self.text_request][0]["result"]["text"];
        assert_eq!(
            text.as_str(),
            Some(self.text.as_str()),
            "the server's text diverged"
        );
    }
}

const METHODS: &[&str] = &[
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentHighlight",
    "textDocument/documentSymbol",
    "textDocument/foldingRange",
    "textDocument/selectionRange",
    "textDocument/semanticTokens/full",
    "textDocument/inlayHint",
    "textDocument/prepareRename",
    "textDocument/formatting",
    "textDocument/rangeFormatting",
    "textDocument/signatureHelp",
    "textDocument/documentLink",
    "textDocument/prepareCallHierarchy",
];

fn request(id: i64, method: &str, at: Value) -> Value {
    let document = json!({ "uri": URI });
    let params = match method {
        "textDocument/documentSymbol"
        | "textDocument/foldingRange"
        | "textDocument/documentLink"
        | "textDocument/semanticTokens/full" => json!({ "textDocument": document }),
        "textDocument/formatting" => json!({ "textDocument": document,
            "options": { "tabSize": 2, "insertSpaces": true } }),
        "textDocument/rangeFormatting" => json!({ "textDocument": document,
            "range": { "start": { "line": 0, "character": 0 }, "end": at },
            "options": { "tabSize": 2, "insertSpaces": true } }),
        "textDocument/selectionRange" => json!({ "textDocument": document, "positions": [at] }),
        "textDocument/inlayHint" => json!({ "textDocument": document,
            "range": { "start": { "line": 0, "character": 0 }, "end": at } }),
        "textDocument/references" => json!({ "textDocument": document, "position": at,
            "context": { "includeDeclaration": true } }),
        _ => json!({ "textDocument": document, "position": at }),
    };
    json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })
}

/// The LSP position of byte `offset` of an ASCII text.
fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let column = offset - before.rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": column })
}

/// The JSON messages of a stream of frames the server wrote.
fn messages(output: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    let mut rest = output;
    while let Some(at) = rest.windows(4).position(|w| w == b"\r\n\r\n") {
        let header = std::str::from_utf8(&rest[..at]).unwrap_or("");
        let length: usize = header
            .split("Content-Length:")
            .nth(1)
            .and_then(|v| v.trim().parse().ok())
            .expect("the server frames every message");
        // A frame still arriving.
        let Some(body) = rest.get(at + 4..at + 4 + length) else {
            break;
        };
        out.push(serde_json::from_slice(body).expect("the server writes JSON"));
        rest = &rest[at + 4 + length..];
    }
    out
}
