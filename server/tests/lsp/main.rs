//! End-to-end tests of the language server through the real binary over stdio: lifecycle,
//! robustness, diagnostics with versions, the tree-based features, position encodings,
//! and the ordering of rapid edits (DESIGN §3.6, §3.7).

mod call_hierarchy;
mod client;
mod disk;
mod document_links;
mod edits;
mod expectations;
mod external;
mod formatting;
mod hostile;
mod hover_builtin;
mod hover_types;
mod irdl;
mod navigation;
mod ods;
mod open_large;
mod project;
mod signature_help;
mod workspace;

use client::Client;
use serde_json::{Value, json};

const URI: &str = "file:///work/test.mlir";

const GOOD: &str = "module @m {\n  func.func @f(%a: i32) -> i32 {\n    %0 = arith.addi %a, %a : i32\n    return %0 : i32\n  }\n}\n";

#[test]
fn initialize_advertises_features_and_shutdown_exits_zero() {
    let (mut client, result) = Client::initialized(json!({}));
    let caps = &result["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
    for feature in [
        "documentSymbolProvider",
        "foldingRangeProvider",
        "selectionRangeProvider",
    ] {
        assert_eq!(caps[feature], true, "{feature}");
    }
    assert_eq!(caps["semanticTokensProvider"]["full"]["delta"], true);
    assert_eq!(result["serverInfo"]["name"], "mlir-analyzer");
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(0));
}

#[test]
fn exit_without_shutdown_exits_one() {
    let (mut client, _) = Client::initialized(json!({}));
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(1));
}

#[test]
fn errors_for_bad_requests_and_the_server_keeps_serving() {
    let mut client = Client::start();
    let early = client.request_raw(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(early["error"]["code"], -32002, "before initialize: {early}");
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("initialized", json!({}));
    client.send_raw(b"{ this is not json");
    let parse_error = client.wait_for(|m| m["error"]["code"] == -32700);
    assert!(parse_error["id"].is_null());
    let unknown = client.request_raw("mlir-analyzer/noSuchMethod", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    let not_open = client.request_raw(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(not_open["error"]["code"], -32602, "{not_open}");
    client.open(URI, GOOD);
    assert!(
        client
            .request(
                "textDocument/documentSymbol",
                json!({ "textDocument": { "uri": URI } })
            )
            .is_array()
    );
}

#[test]
fn a_panicking_request_is_answered_with_an_error() {
    let mut client = Client::start_with_env(&[("MLIR_ANALYZER_ALLOW_DEBUG_PANIC", "1")]);
    client.request("initialize", json!({ "capabilities": {} }));
    client.open(URI, GOOD);
    let answer = client.request_raw("mlir-analyzer/debug/panic", json!({ "uri": URI }));
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(symbols[0]["name"], "m");
}

/// Issue 42: a panic in a handler itself (not inside the analysis's own guard), of a
/// request or of a notification, leaves the server up; the request gets an error.
#[test]
fn a_panicking_handler_leaves_the_server_up() {
    let mut client = Client::start_with_env(&[("MLIR_ANALYZER_ALLOW_DEBUG_PANIC", "1")]);
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("initialized", json!({}));
    let answer = client.request_raw("mlir-analyzer/debug/panicInHandler", json!({}));
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    client.notify("mlir-analyzer/debug/panicInNotification", json!({}));
    client.open(URI, GOOD);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(symbols[0]["name"], "m");
}

#[test]
fn diagnostics_carry_the_version_they_were_computed_for() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, "func.func @f() {\n  \"t.op\"() : i32\n  return\n}\n");
    let first = client.diagnostics(URI, 1);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0]["message"], "expected function type");
    assert_eq!(
        first[0]["range"]["start"],
        json!({ "line": 1, "character": 13 })
    );
    let fix = json!([{ "range": { "start": { "line": 1, "character": 13 }, "end": { "line": 1, "character": 16 } }, "text": "() -> ()" }]);
    client.change(URI, 2, fix);
    assert!(client.diagnostics(URI, 2).is_empty());
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": URI } }),
    );
    let closed = client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"].is_null()
    });
    assert_eq!(closed["params"]["diagnostics"], json!([]));
}

#[test]
fn document_symbols_are_hierarchical() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, GOOD);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(symbols[0]["name"], "m");
    assert_eq!(symbols[0]["kind"], 2, "module");
    let f = &symbols[0]["children"][0];
    assert_eq!(f["name"], "f");
    assert_eq!(f["kind"], 12, "function");
    assert_eq!(f["detail"], "func.func");
    assert_eq!(
        f["selectionRange"]["start"],
        json!({ "line": 1, "character": 12 })
    );
}

#[test]
fn folding_and_selection_ranges() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, GOOD);
    let folds = client.request(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": URI } }),
    );
    let lines: Vec<(i64, i64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_i64().unwrap(),
                f["endLine"].as_i64().unwrap(),
            )
        })
        .collect();
    assert!(lines.contains(&(0, 4)), "module body: {lines:?}");
    assert!(lines.contains(&(1, 3)), "function body: {lines:?}");
    let position = json!({ "line": 2, "character": 21 });
    let params = json!({ "textDocument": { "uri": URI }, "positions": [position] });
    let selection = client.request("textDocument/selectionRange", params);
    let first = &selection[0];
    assert_eq!(
        first["range"],
        json!({ "start": { "line": 2, "character": 20 }, "end": { "line": 2, "character": 22 } })
    );
    let op = &first["parent"]["range"];
    assert_eq!(
        op,
        &json!({ "start": { "line": 2, "character": 4 }, "end": { "line": 2, "character": 32 } })
    );
}

/// Decodes flat semantic tokens into `(line, text, type)` using the legend.
fn decode_flat(text: &str, data: &[u64], legend: &Value) -> Vec<(u64, String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut line, mut start) = (0u64, 0u64);
    let mut out = Vec::new();
    for t in data.chunks(5) {
        line += t[0];
        start = if t[0] == 0 { start + t[1] } else { t[1] };
        let chars: Vec<u16> = lines[line as usize].encode_utf16().collect();
        let piece = String::from_utf16_lossy(&chars[start as usize..(start + t[2]) as usize]);
        let kind = legend["tokenTypes"][t[3] as usize]
            .as_str()
            .unwrap()
            .to_string();
        out.push((line, piece, kind));
    }
    out
}

#[test]
fn semantic_tokens_full_range_and_delta() {
    let (mut client, init) = Client::initialized(json!({}));
    let legend = init["capabilities"]["semanticTokensProvider"]["legend"].clone();
    client.open(URI, GOOD);
    let full = client.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": URI } }),
    );
    let data: Vec<u64> = serde_json::from_value(full["data"].clone()).unwrap();
    let tokens = decode_flat(GOOD, &data, &legend);
    assert!(
        tokens.contains(&(2, "arith".into(), "namespace".into())),
        "{tokens:?}"
    );
    assert!(tokens.contains(&(2, "addi".into(), "function".into())));
    assert!(tokens.contains(&(2, "%0".into(), "variable".into())));
    assert!(tokens.contains(&(1, "@f".into(), "property".into())));
    assert!(tokens.contains(&(2, "i32".into(), "type".into())));

    let range =
        json!({ "start": { "line": 3, "character": 0 }, "end": { "line": 4, "character": 0 } });
    let ranged = client.request(
        "textDocument/semanticTokens/range",
        json!({ "textDocument": { "uri": URI }, "range": range }),
    );
    let ranged: Vec<u64> = serde_json::from_value(ranged["data"].clone()).unwrap();
    assert!(!ranged.is_empty() && ranged.len() < data.len());

    let edit = json!([{ "range": { "start": { "line": 2, "character": 4 }, "end": { "line": 2, "character": 4 } }, "text": "%c = arith.constant 1 : i32\n    " }]);
    client.change(URI, 2, edit);
    let params = json!({ "textDocument": { "uri": URI }, "previousResultId": full["resultId"] });
    let delta = client.request("textDocument/semanticTokens/full/delta", params);
    let edits = delta["edits"].as_array().expect("a delta, not full tokens");
    assert_eq!(edits.len(), 1);
}

/// A large answer (written past tower-lsp-server's `Value` and spliced into the frame by
/// the transport) is the answer a range over the whole file gives, and a delta against
/// an id the server does not know falls back to it too.
#[test]
fn large_semantic_tokens_answer_whole() {
    let (mut client, _) = Client::initialized(json!({}));
    let mut text = String::from("func.func @f(%a: i32) -> i32 {\n");
    for i in 0..4000 {
        text.push_str(&format!("  %v{i} = arith.addi %a, %a : i32\n"));
    }
    text.push_str("  return %a : i32\n}\n");
    client.open(URI, &text);
    let doc = json!({ "textDocument": { "uri": URI } });
    let full = client.request("textDocument/semanticTokens/full", doc.clone());
    let data = full["data"].as_array().expect("tokens");
    assert!(data.len() / 5 > 20_000, "{}", data.len());
    let whole =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 5000, "character": 0 } });
    let ranged = client.request(
        "textDocument/semanticTokens/range",
        json!({ "textDocument": { "uri": URI }, "range": whole }),
    );
    assert_eq!(full["data"], ranged["data"]);
    assert!(
        full["resultId"]
            .as_str()
            .is_some_and(|id| !id.contains("raw"))
    );
    let params = json!({ "textDocument": { "uri": URI }, "previousResultId": "unknown" });
    let delta = client.request("textDocument/semanticTokens/full/delta", params);
    assert_eq!(delta["data"], full["data"]);
    // The full answer's id is the one a delta compares with.
    let params = json!({ "textDocument": { "uri": URI }, "previousResultId": delta["resultId"] });
    let delta = client.request("textDocument/semanticTokens/full/delta", params);
    assert_eq!(delta["edits"], json!([]), "{delta}");
}

/// A large outline (written past tower-lsp-server's `Value` and spliced in by the
/// transport) comes whole and nested, as a small one does.
#[test]
fn a_large_outline_answers_whole() {
    let (mut client, _) = Client::initialized(json!({}));
    let mut text = String::from("module {\n");
    for i in 0..2100 {
        text.push_str(&format!("  func.func private @f{i}(i32)\n"));
    }
    text.push_str("}\n");
    client.open(URI, &text);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(symbols.as_array().map(Vec::len), Some(1), "one module");
    let functions = symbols[0]["children"].as_array().expect("nested");
    assert_eq!(functions.len(), 2100);
    assert_eq!(functions[7]["name"], "f7");
    assert_eq!(
        functions[7]["selectionRange"]["start"],
        json!({ "line": 8, "character": 20 })
    );
}

#[test]
fn utf16_by_default_utf8_when_offered() {
    let text = "\"t.op\"() {s = \"é😀\", x = } : () -> ()\n";
    let (mut utf16, _) = Client::initialized(json!({}));
    utf16.open(URI, text);
    assert_eq!(
        utf16.diagnostics(URI, 1)[0]["range"]["start"]["character"],
        24
    );
    let (mut utf8, init) =
        Client::initialized(json!({ "general": { "positionEncodings": ["utf-8", "utf-16"] } }));
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    utf8.open(URI, text);
    assert_eq!(
        utf8.diagnostics(URI, 1)[0]["range"]["start"]["character"],
        27
    );
}
