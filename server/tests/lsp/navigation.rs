//! End-to-end navigation: definition, references, highlights, hover and rename, also in a
//! function next to one with a syntax error.

use serde_json::{Value, json};

use super::URI;
use super::client::Client;

/// Two functions; the first one is broken (a missing operand list parenthesis).
const BROKEN_AND_GOOD: &str = "func.func @broken(%a: i32) {\n  \"t.op\"(%a : (i32) -> ()\n  return\n}\nfunc.func @good(%x: i32) -> i32 {\n  %0 = arith.addi %x, %x : i32\n  return %0 : i32\n}\n";

fn at(line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": URI }, "position": { "line": line, "character": character } })
}

fn start(range: &Value) -> (u64, u64) {
    (
        range["start"]["line"].as_u64().unwrap(),
        range["start"]["character"].as_u64().unwrap(),
    )
}

#[test]
fn navigation_works_next_to_a_syntax_error() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, BROKEN_AND_GOOD);
    assert_eq!(
        client.diagnostics(URI, 1).len(),
        1,
        "the broken function has its error"
    );

    // `%x` used on line 5 is defined in the signature on line 4.
    let definition = client.request("textDocument/definition", at(5, 19));
    assert_eq!(start(&definition[0]["range"]), (4, 16));

    let mut params = at(4, 17);
    params["context"] = json!({ "includeDeclaration": true });
    assert_eq!(
        client
            .request("textDocument/references", params.clone())
            .as_array()
            .unwrap()
            .len(),
        3
    );
    params["context"] = json!({ "includeDeclaration": false });
    assert_eq!(
        client
            .request("textDocument/references", params)
            .as_array()
            .unwrap()
            .len(),
        2
    );

    let highlights = client.request("textDocument/documentHighlight", at(6, 10));
    let kinds: Vec<u64> = highlights
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["kind"].as_u64().unwrap())
        .collect();
    assert_eq!(kinds, [3, 2], "the definition is a write, the use a read");

    let hover = client.request("textDocument/hover", at(6, 10));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("result #0 of `arith.addi`"), "{text}");

    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["broken", "good"]);
}

#[test]
fn rename_with_prepare_and_invalid_names() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, BROKEN_AND_GOOD);
    let prepared = client.request("textDocument/prepareRename", at(5, 4));
    assert_eq!(start(&prepared), (5, 2));
    let mut params = at(5, 4);
    params["newName"] = json!("sum");
    let edit = client.request("textDocument/rename", params.clone());
    let edits = edit["changes"][URI].as_array().unwrap();
    assert_eq!(edits.len(), 2);
    assert!(edits.iter().all(|e| e["newText"] == "%sum"));
    params["newName"] = json!("not a name");
    let refused = client.request_raw("textDocument/rename", params);
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
}

#[test]
fn completion_of_values_next_to_a_syntax_error() {
    let (mut client, _) = Client::initialized(json!({}));
    let text = BROKEN_AND_GOOD.replace("return %0 : i32", "return %");
    client.open(URI, &text);
    let items = client.request("textDocument/completion", at(6, 10));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["%0", "%x"]);
    assert_eq!(
        items[0]["textEdit"]["range"]["start"],
        json!({ "line": 6, "character": 9 })
    );
}

#[test]
fn hover_on_op_names_and_locations() {
    let text = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32 loc(\"src.c\":7:3)\n  return %0 : i32\n}\n";
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, text);
    assert!(client.diagnostics(URI, 1).is_empty());
    let op = client.request("textDocument/hover", at(1, 10));
    let docs = op["contents"]["value"].as_str().unwrap();
    assert!(docs.starts_with("**arith.addi**: "), "{docs}");
    assert!(docs.contains("Example:"), "{docs}");
    let ret = client.request("textDocument/hover", at(2, 3));
    let docs = ret["contents"]["value"].as_str().unwrap();
    assert!(docs.starts_with("**func.return**: "), "{docs}");
    let loc = client.request("textDocument/hover", at(1, 37));
    assert_eq!(
        loc["contents"]["value"].as_str().unwrap(),
        "`src.c`, line 7, column 3"
    );
}

#[test]
fn inlay_hints_show_result_types_unless_turned_off() {
    let text =
        "func.func @f(%a: f32) -> i1 {\n  %c = arith.cmpf oeq, %a, %a : f32\n  return %c : i1\n}\n";
    let range =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 4, "character": 0 } });
    let params = json!({ "textDocument": { "uri": URI }, "range": range });
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, text);
    let hints = client.request("textDocument/inlayHint", params.clone());
    assert_eq!(hints[0]["label"], ": i1", "{hints}");
    assert_eq!(hints[0]["position"], json!({ "line": 1, "character": 4 }));
    assert_eq!(hints[0]["kind"], 1);

    let mut client = Client::start();
    let options = json!({ "inlayHints": false });
    client.request(
        "initialize",
        json!({ "capabilities": {}, "initializationOptions": options }),
    );
    client.notify("initialized", json!({}));
    client.open(URI, text);
    let hints = client.request("textDocument/inlayHint", params);
    assert_eq!(hints, json!([]));
}

#[test]
fn completion_of_op_names_types_and_predicates() {
    let text = "func.func @f(%a: i32) {\n  %r = arith.cm\n  %c = arith.cmpi s\n  return\n}\n";
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, text);
    let ops = client.request("textDocument/completion", at(1, 15));
    let labels: Vec<&str> = ops
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["arith.cmpf", "arith.cmpi"]);
    assert_eq!(ops[1]["documentation"]["kind"], "markdown");
    let predicates = client.request("textDocument/completion", at(2, 19));
    let labels: Vec<&str> = predicates
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["slt", "sle", "sgt", "sge"]);
}

fn labels_of(answer: &Value) -> Vec<String> {
    answer
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i["label"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// `.` after a dialect's name triggers the completion of its ops; values are offered only
/// where they dominate the cursor; types in scope come first after `:` (issue 48).
#[test]
fn completion_after_a_dialect_dot_by_dominance_and_of_types_in_scope() {
    let (mut client, result) = Client::initialized(json!({}));
    let triggers = &result["capabilities"]["completionProvider"]["triggerCharacters"];
    assert!(
        triggers.as_array().unwrap().contains(&json!(".")),
        "{triggers}"
    );
    let text = concat!(
        "func.func @f(%c: i1, %m: memref<4xf32>) {\n",
        "  cf.cond_br %c, ^bb1, ^bb2\n",
        "^bb1:\n",
        "  %one = arith.constant 1 : i32\n",
        "  cf.br ^bb2\n",
        "^bb2:\n",
        "  %v = memref.load %\n",
        "  %w = \"t.cast\"(%m) : \n",
        "  cf.\n",
        "  return\n",
        "}\n",
    );
    client.open(URI, text);
    let trigger = |line: u32, character: u32, kind: u32, ch: Option<&str>| {
        let mut context = json!({ "triggerKind": kind });
        if let Some(ch) = ch {
            context["triggerCharacter"] = json!(ch);
        }
        json!({
            "textDocument": { "uri": URI },
            "position": { "line": line, "character": character },
            "context": context,
        })
    };
    let dialect = client.request("textDocument/completion", trigger(8, 5, 2, Some(".")));
    let dialect = labels_of(&dialect);
    assert!(
        dialect.contains(&"cf.br".to_string()) && dialect.contains(&"cf.cond_br".to_string()),
        "{dialect:?}"
    );
    assert!(dialect.iter().all(|l| l.starts_with("cf.")), "{dialect:?}");

    // ^bb1 does not dominate ^bb2: `%one` is not offered there.
    let values =
        labels_of(&client.request("textDocument/completion", trigger(6, 20, 2, Some("%"))));
    assert_eq!(values, ["%m", "%c"]);

    let types = labels_of(&client.request("textDocument/completion", trigger(7, 23, 1, None)));
    // The function's types first (as many uses each: the nearest first), then the rest.
    assert_eq!(
        types[..4],
        ["i32", "memref<4xf32>", "i1", "i8"],
        "{types:?}"
    );
}
