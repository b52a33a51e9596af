//! What to do with a message body the client sent (JSON-RPC 2.0 as LSP uses it): pass it
//! on to the server, or answer it here with the error the protocol asks for, so that no
//! message can end the session. tower-lsp-server stops reading at the first body that is
//! no request, notification or response; here a body that is not JSON gets a parse error,
//! JSON that is no JSON-RPC message an invalid request (with its id when one can be read),
//! a batch one error (LSP has no batches), and a request for a `$/` method the server does
//! not know "method not found", which tower-lsp-server would leave unanswered.

use serde_json::{Value, json};

use super::envelope::{self, Body, Envelope, Shape};

/// JSON-RPC's error codes.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;

/// What a body is.
#[derive(Debug, PartialEq)]
pub enum Incoming {
    /// A message for the server; the id if it is a request, which the server answers.
    Forward(Option<Value>),
    /// The `initialize` request, with its id: the server must answer it before it sees
    /// anything else, or it refuses what follows as "not initialized".
    Initialize(Value),
    /// Answered here: the reply's body, and what to log.
    Reply(Vec<u8>, String),
    /// Dropped with a log line (a malformed response: it gets no answer).
    Drop(String),
}

/// What to do with `body`.
pub fn classify(body: &[u8]) -> Incoming {
    match envelope::parse(body) {
        None => reply(
            Value::Null,
            PARSE_ERROR,
            "Parse error: the message body is not valid JSON",
        ),
        Some(Body::Object(envelope)) => classify_object(&envelope),
        Some(Body::Array) => reply(
            Value::Null,
            INVALID_REQUEST,
            "Invalid request: LSP has no batches",
        ),
        Some(Body::Scalar) => reply(
            Value::Null,
            INVALID_REQUEST,
            "Invalid request: a message must be a JSON object",
        ),
    }
}

/// The id of a body that could not be framed, if it is a request whose id can be read
/// (so that its sender gets an answer).
pub fn unframed_request_id(garbage: &[u8]) -> Option<Value> {
    let text = std::str::from_utf8(garbage).ok()?;
    let message: Value = serde_json::from_str(text.trim()).ok()?;
    message.get("method")?;
    message.get("id").filter(|id| is_valid_id(id)).cloned()
}

/// The reply to a request whose framing was broken.
pub fn unframed_reply(id: Value) -> Vec<u8> {
    let message = "Invalid request: the message's Content-Length header was missing or wrong";
    error_body(id, INVALID_REQUEST, message)
}

fn classify_object(message: &Envelope) -> Incoming {
    let id = message.id.as_ref();
    let usable_id = id
        .filter(|id| is_valid_id(id))
        .cloned()
        .unwrap_or(Value::Null);
    if message.jsonrpc.as_ref().and_then(Value::as_str) != Some("2.0") {
        return reply(
            usable_id,
            INVALID_REQUEST,
            "Invalid request: \"jsonrpc\" must be \"2.0\"",
        );
    }
    let Some(method) = &message.method else {
        return classify_response(message, id);
    };
    let Some(method) = method.as_str() else {
        return reply(
            usable_id,
            INVALID_REQUEST,
            "Invalid request: \"method\" must be a string",
        );
    };
    if id.is_some_and(|id| !is_valid_id(id)) {
        return reply(
            Value::Null,
            INVALID_REQUEST,
            "Invalid request: \"id\" must be a number or a string",
        );
    }
    // `null` is no structured value, but clients send it for methods without params.
    let params = message.params.filter(|p| *p != Shape::Null);
    if params.is_some_and(|p| p != Shape::Object && p != Shape::Array) {
        return reply(
            usable_id,
            INVALID_REQUEST,
            "Invalid request: \"params\" must be an object or an array",
        );
    }
    match (method, id) {
        ("initialize", Some(id)) => Incoming::Initialize(id.clone()),
        (m, Some(id)) if m.starts_with("$/") => {
            let message = format!("Method not found: {m}");
            reply(id.clone(), METHOD_NOT_FOUND, &message)
        }
        (_, id) => Incoming::Forward(id.cloned()),
    }
}

/// A body without a method is a response to one of the server's requests.
fn classify_response(message: &Envelope, id: Option<&Value>) -> Incoming {
    let outcome = message.has_result || message.has_error;
    match (id, outcome) {
        (Some(_), true) => Incoming::Forward(None),
        (Some(_), false) => Incoming::Drop("dropping a response without result or error".into()),
        (None, _) => reply(
            Value::Null,
            INVALID_REQUEST,
            "Invalid request: no \"method\", and no response",
        ),
    }
}

/// LSP's ids are integers or strings.
fn is_valid_id(id: &Value) -> bool {
    id.is_string() || id.is_i64() || id.is_u64()
}

fn reply(id: Value, code: i64, message: &str) -> Incoming {
    let log = format!("answering a malformed message: {message}");
    Incoming::Reply(error_body(id, code, message), log)
}

fn error_body(id: Value, code: i64, message: &str) -> Vec<u8> {
    let body = json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } });
    body.to_string().into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error code and id a body is answered with, or how it goes on.
    fn verdict(body: &str) -> String {
        match classify(body.as_bytes()) {
            Incoming::Forward(None) => "forward".into(),
            Incoming::Forward(Some(id)) => format!("request {id}"),
            Incoming::Initialize(id) => format!("initialize {id}"),
            Incoming::Drop(_) => "drop".into(),
            Incoming::Reply(reply, _) => {
                let reply: Value = serde_json::from_slice(&reply).unwrap();
                format!("{} id {}", reply["error"]["code"], reply["id"])
            }
        }
    }

    #[test]
    fn the_messages_of_issue_42_are_answered() {
        let cases = [
            (r#"{"jsonrpc":"2.0","id":907,"method":5}"#, "-32600 id 907"),
            (
                r#"{"jsonrpc":"2.0","method":"initialized","params":{},"id":[1]}"#,
                "-32600 id null",
            ),
            ("{}", "-32600 id null"),
            ("42", "-32600 id null"),
            (r#""hi""#, "-32600 id null"),
            ("[]", "-32600 id null"),
            (
                r#"[{"jsonrpc":"2.0","id":2,"method":"shutdown"}]"#,
                "-32600 id null",
            ),
            (
                r#"{"jsonrpc":"1.0","id":908,"method":"textDocument/hover"}"#,
                "-32600 id 908",
            ),
            (
                r#"{"jsonrpc":"2.0","id":"x","method":"$/unknown"}"#,
                "-32601 id \"x\"",
            ),
            ("{not json", "-32700 id null"),
            (
                r#"{"jsonrpc":"2.0","id":3,"method":"a","params":7}"#,
                "-32600 id 3",
            ),
        ];
        for (body, expected) in cases {
            assert_eq!(verdict(body), expected, "{body}");
        }
    }

    #[test]
    fn well_formed_messages_go_on() {
        let cases = [
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
                "initialize 1",
            ),
            (
                r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
                "forward",
            ),
            (
                r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
                "forward",
            ),
            (r#"{"jsonrpc":"2.0","id":4,"result":null}"#, "forward"),
            (
                r#"{"jsonrpc":"2.0","id":5,"method":"shutdown","params":null}"#,
                "request 5",
            ),
            (
                r#"{"jsonrpc":"2.0","id":4,"error":{"code":1,"message":"m"}}"#,
                "forward",
            ),
            (r#"{"jsonrpc":"2.0","id":4}"#, "drop"),
        ];
        for (body, expected) in cases {
            assert_eq!(verdict(body), expected, "{body}");
        }
    }

    #[test]
    fn a_request_in_broken_framing_keeps_its_id() {
        let garbage = b"  {\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"textDocument/hover\"}";
        assert_eq!(unframed_request_id(garbage), Some(json!(12)));
        assert_eq!(
            unframed_request_id(b"{\"jsonrpc\":\"2.0\",\"method\":\"x\"}"),
            None
        );
        assert_eq!(unframed_request_id(b"junk"), None);
    }
}
