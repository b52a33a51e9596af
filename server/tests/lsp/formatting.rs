//! `textDocument/formatting` and `rangeFormatting` through the real server (issue 48):
//! layout edits that keep every token, a range that limits them, the indentation step from
//! the editor's settings or the project file, and a statement with a syntax error left as
//! written.

use std::path::Path;

use serde_json::{Value, json};

use super::client::Client;

const URI: &str = "file:///format/f.mlir";
const MESSY: &str =
    "func.func @f(%a:i32)->i32 {\n      %0=arith.addi %a,%a : i32\n  return %0 : i32\n    }\n";
const TIDY: &str =
    "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n";

/// `text` with LSP text edits applied (positions in ASCII text, so UTF-16 = bytes).
fn apply(text: &str, edits: &Value) -> String {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |p: &Value| {
        starts[p["line"].as_u64().unwrap() as usize] + p["character"].as_u64().unwrap() as usize
    };
    let mut edits: Vec<(usize, usize, String)> = edits
        .as_array()
        .expect("an array of edits")
        .iter()
        .map(|e| {
            let range = &e["range"];
            (
                offset(&range["start"]),
                offset(&range["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    edits.sort();
    let mut out = text.to_string();
    for (start, end, new_text) in edits.into_iter().rev() {
        out.replace_range(start..end, &new_text);
    }
    out
}

fn formatting(client: &mut Client, uri: &str) -> Value {
    let params = json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 8, "insertSpaces": true } });
    client.request("textDocument/formatting", params)
}

#[test]
fn formatting_lays_the_document_out_and_then_has_nothing_to_change() {
    let (mut client, init) = Client::initialized(json!({}));
    assert_eq!(init["capabilities"]["documentFormattingProvider"], true);
    assert_eq!(
        init["capabilities"]["documentRangeFormattingProvider"],
        true
    );
    client.open(URI, MESSY);
    let edits = formatting(&mut client, URI);
    // The editor's tab size (8) is not MLIR's step: 2 spaces.
    assert_eq!(apply(MESSY, &edits), TIDY);
    client.change(URI, 2, json!([{ "text": TIDY }]));
    assert_eq!(formatting(&mut client, URI), json!([]));
}

#[test]
fn range_formatting_changes_only_the_range() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, MESSY);
    let range =
        json!({ "start": { "line": 1, "character": 0 }, "end": { "line": 1, "character": 30 } });
    let params = json!({ "textDocument": { "uri": URI }, "range": range, "options": { "tabSize": 2, "insertSpaces": true } });
    let edits = client.request("textDocument/rangeFormatting", params);
    let expected =
        "func.func @f(%a:i32)->i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n    }\n";
    assert_eq!(apply(MESSY, &edits), expected);
}

#[test]
fn the_indent_width_comes_from_the_settings_or_the_project_file() {
    let (mut client, _) = Client::initialized_with(json!({ "format": { "indentWidth": 4 } }));
    client.open(URI, MESSY);
    let edits = formatting(&mut client, URI);
    assert_eq!(apply(MESSY, &edits), TIDY.replace("\n  ", "\n    "));

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("format-project");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(".mlir-analyzer.toml"),
        "[format]\nindent_width = 3\n",
    )
    .unwrap();
    let folder = format!("file://{}", dir.display());
    let mut client = Client::start();
    let folders = json!([{ "uri": folder, "name": "w" }]);
    client.request(
        "initialize",
        json!({ "capabilities": {}, "workspaceFolders": folders }),
    );
    client.notify("initialized", json!({}));
    // The project file is read once `initialized` arrives; its (empty) diagnostics say so.
    let project = format!("{folder}/.mlir-analyzer.toml");
    client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == project
    });
    let uri = format!("{folder}/f.mlir");
    client.open(&uri, MESSY);
    let edits = formatting(&mut client, &uri);
    assert_eq!(apply(MESSY, &edits), TIDY.replace("\n  ", "\n   "));
}

#[test]
fn a_statement_with_a_syntax_error_is_left_as_written() {
    let (mut client, _) = Client::initialized(json!({}));
    let text = "\"t.a\"( ) : () -> ()\n\"t.b\"(%x   : () -> ( )\n\"t.c\"( ) : () -> ()\n";
    client.open(URI, text);
    let edits = formatting(&mut client, URI);
    let expected = "\"t.a\"() : () -> ()\n\"t.b\"(%x   : () -> ( )\n\"t.c\"() : () -> ()\n";
    assert_eq!(apply(text, &edits), expected);
}
