//! A minimal LSP client for end-to-end tests: starts the real `mlir-analyzer` binary,
//! frames JSON-RPC messages over its stdio, and waits for answers and notifications with a
//! timeout, so a hung server fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const TIMEOUT: Duration = Duration::from_secs(20);

/// A folder with no MLIR in it, for `MLIR_INCLUDE_DIR`.
const NO_MLIR: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-mlir-here");

pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    /// Messages read while waiting for something else.
    backlog: Vec<Value>,
    next_id: i64,
    versions: std::collections::HashMap<String, i64>,
}

impl Client {
    pub fn start() -> Client {
        Self::start_with_env(&[])
    }

    pub fn start_with_env(env: &[(&str, &str)]) -> Client {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mlir-analyzer"));
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // No installed MLIR unless a test asks for one: loading all its dialects in every
        // server would take seconds of both cores.
        command.env("MLIR_INCLUDE_DIR", NO_MLIR);
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("start mlir-analyzer");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, messages) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Client {
            child,
            stdin,
            messages,
            backlog: Vec::new(),
            next_id: 1,
            versions: Default::default(),
        }
    }

    /// Starts a server and completes `initialize`/`initialized` with `capabilities`.
    pub fn initialized(capabilities: Value) -> (Client, Value) {
        let mut client = Client::start();
        let result = client.request("initialize", json!({ "capabilities": capabilities }));
        client.notify("initialized", json!({}));
        (client, result)
    }

    /// `initialized` with empty capabilities and `options` as initialization options.
    pub fn initialized_with(options: Value) -> (Client, Value) {
        let mut client = Client::start();
        let params = json!({ "capabilities": {}, "initializationOptions": options });
        let result = client.request("initialize", params);
        client.notify("initialized", json!({}));
        (client, result)
    }

    pub fn send_raw(&mut self, body: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        stdin.write_all(body).unwrap();
        stdin.flush().unwrap();
    }

    /// Writes `bytes` as they are, framing and all (to send broken frames).
    pub fn write_unframed(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        let body = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        self.send_raw(body.to_string().as_bytes());
    }

    /// Sends a request and returns its whole response (`result` or `error`).
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let body = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        self.send_raw(body.to_string().as_bytes());
        self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
    }

    /// Sends a request and returns its `result`, failing on an error answer.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_raw(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    /// The next message (from the backlog first) that satisfies `pred`.
    pub fn wait_for(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&pred) {
            return self.backlog.remove(i);
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(message) if pred(&message) => return message,
                Ok(message) => self.backlog.push(message),
                Err(RecvTimeoutError::Timeout) => panic!("timed out; backlog: {:?}", self.backlog),
                Err(RecvTimeoutError::Disconnected) => panic!("server closed its output"),
            }
        }
    }

    /// The `$/progress` values of `token`, from the next one to its end.
    pub fn progress_to_end(&mut self, token: &Value) -> Vec<Value> {
        let mut values = Vec::new();
        loop {
            let message =
                self.wait_for(|m| m["method"] == "$/progress" && m["params"]["token"] == *token);
            let value = message["params"]["value"].clone();
            let ended = value["kind"] == "end";
            values.push(value);
            if ended {
                return values;
            }
        }
    }

    /// The next message that satisfies `pred` if one comes within `wait`.
    pub fn wait_briefly(&mut self, pred: impl Fn(&Value) -> bool, wait: Duration) -> Option<Value> {
        if let Some(i) = self.backlog.iter().position(&pred) {
            return Some(self.backlog.remove(i));
        }
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(message) if pred(&message) => return Some(message),
                Ok(message) => self.backlog.push(message),
                Err(_) => return None,
            }
        }
    }

    /// The next `publishDiagnostics` for `uri` with exactly `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let message = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        message["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// The version of the last change sent for `uri` (1 after opening).
    pub fn last_version(&self, uri: &str) -> i64 {
        self.versions.get(uri).copied().unwrap_or(1)
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.versions.insert(uri.to_string(), 1);
        let doc = json!({ "uri": uri, "languageId": "mlir", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    }

    pub fn change(&mut self, uri: &str, version: i64, changes: Value) {
        self.versions.insert(uri.to_string(), version);
        let doc = json!({ "uri": uri, "version": version });
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": doc, "contentChanges": changes }),
        );
    }

    /// The server's copy of a document.
    pub fn server_text(&mut self, uri: &str) -> String {
        let result = self.request("mlir-analyzer/documentText", json!({ "uri": uri }));
        result["text"].as_str().expect("text").to_string()
    }

    /// Closes stdin after `shutdown`/`exit` and returns the exit code.
    pub fn exit_code(mut self) -> Option<i32> {
        self.stdin.take();
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("server did not exit");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
