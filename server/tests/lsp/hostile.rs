//! Messages a hostile or broken client may send (issue 42): JSON that is no JSON-RPC
//! message, batches, `$/` requests, broken `Content-Length` headers, and everything written
//! at once before `initialize` is answered. Each gets the protocol's answer, and the
//! session goes on: a valid request after it is answered.

use serde_json::{Value, json};

use super::client::Client;

/// A request the server answers quickly once initialized: it proves the session goes on.
fn still_answers(client: &mut Client) {
    let found = client.request("workspace/symbol", json!({ "query": "x" }));
    assert!(found.is_array() || found.is_null(), "{found}");
}

/// The next error answer with `code`.
fn error_with(client: &mut Client, code: i64) -> Value {
    client.wait_for(|m| m["error"]["code"] == code && m.get("method").is_none())
}

#[test]
fn every_malformed_message_is_answered_and_the_session_goes_on() {
    let (mut client, _) = Client::initialized(json!({}));
    let cases = [
        (r#"{"jsonrpc":"2.0","id":907,"method":5}"#, json!(907)),
        (
            r#"{"jsonrpc":"2.0","method":"initialized","params":{},"id":[1]}"#,
            Value::Null,
        ),
        ("{}", Value::Null),
        ("42", Value::Null),
        (r#""hi""#, Value::Null),
        ("[]", Value::Null),
        (
            r#"[{"jsonrpc":"2.0","id":2,"method":"shutdown"}]"#,
            Value::Null,
        ),
        (
            r#"{"jsonrpc":"1.0","id":908,"method":"textDocument/hover"}"#,
            json!(908),
        ),
    ];
    for (body, id) in cases {
        client.send_raw(body.as_bytes());
        let answer = error_with(&mut client, -32600);
        assert_eq!(answer["id"], id, "{body}: {answer}");
        still_answers(&mut client);
    }
}

#[test]
fn requests_of_unknown_dollar_methods_get_method_not_found() {
    let (mut client, _) = Client::initialized(json!({}));
    client.send_raw(br#"{"jsonrpc":"2.0","id":"d1","method":"$/unknownRequest","params":{}}"#);
    let answer = error_with(&mut client, -32601);
    assert_eq!(answer["id"], "d1");
    // Notifications of `$/` methods stay silent, as the protocol says.
    client.notify("$/unknownNotification", json!({}));
    still_answers(&mut client);
}

#[test]
fn broken_content_lengths_are_skipped_to_the_next_header() {
    let (mut client, _) = Client::initialized(json!({}));
    let body = r#"{"jsonrpc":"2.0","id":77,"method":"workspace/symbol","params":{"query":"y"}}"#;
    for header in [
        "Content-Length: 10",
        "Content-Length: 100000",
        "Content-Length: abc",
        "Content-Lenght: 5",
    ] {
        client.write_unframed(format!("{header}\r\n\r\n{body}").as_bytes());
        still_answers(&mut client);
    }
    // The request whose framing was broken is answered where its id can be read.
    client.write_unframed(format!("Content-Length: abc\r\n\r\n{body}").as_bytes());
    client.write_unframed(b"Content-Length: 2\r\n\r\n{}");
    let answer = client.wait_for(|m| m["id"] == 77 && m.get("error").is_some());
    assert_eq!(answer["error"]["code"], -32600, "{answer}");
    still_answers(&mut client);
}

#[test]
fn messages_written_with_initialize_wait_for_its_answer() {
    let mut client = Client::start();
    let frame = |body: Value| {
        let body = body.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let all = [
        frame(json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } })),
        frame(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} })),
        frame(json!({ "jsonrpc": "2.0", "id": 2, "method": "workspace/symbol", "params": { "query": "z" } })),
    ]
    .concat();
    client.write_unframed(all.as_bytes());
    let initialized = client.wait_for(|m| m["id"] == 1);
    assert!(
        initialized["result"]["capabilities"].is_object(),
        "{initialized}"
    );
    let answer = client.wait_for(|m| m["id"] == 2);
    assert!(answer.get("error").is_none(), "{answer}");
}

#[test]
fn a_flood_of_requests_is_answered_once_each_in_the_order_sent() {
    let (mut client, _) = Client::initialized(json!({}));
    let uri = "file:///flood.mlir";
    let text = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n".repeat(200);
    client.open(uri, &text);
    let frame = |body: Value| {
        let body = body.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let count = 3000;
    let mut all = String::new();
    for id in 1000..1000 + count {
        let doc = json!({ "uri": uri });
        let position = json!({ "line": id % 600, "character": 14 });
        let message = match id % 4 {
            0 => json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
                         "params": { "textDocument": doc, "position": position } }),
            1 => json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol",
                         "params": { "textDocument": doc } }),
            2 => json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/definition",
                         "params": { "textDocument": doc, "position": position } }),
            // Answered by the transport, not the server: it keeps its place all the same.
            _ => json!({ "jsonrpc": "1.0", "id": id, "method": "textDocument/hover" }),
        };
        all.push_str(&frame(message));
    }
    client.write_unframed(all.as_bytes());
    let answered: Vec<i64> = (0..count)
        .map(|_| {
            let answer = client.wait_for(|m| m.get("method").is_none() && m["id"].is_i64());
            answer["id"].as_i64().unwrap()
        })
        .collect();
    let first_out_of_order = answered
        .iter()
        .zip(1000..)
        .position(|(&got, sent)| got != sent);
    assert_eq!(
        first_out_of_order,
        None,
        "{:?}",
        first_out_of_order.map(|i| &answered[i.saturating_sub(3)..i + 3])
    );
    still_answers(&mut client);
}
