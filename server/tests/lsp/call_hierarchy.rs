//! End-to-end call hierarchy across workspace files: `func.call`, `llvm.call` and
//! `gpu.launch_func` (nested `@module::@kernel` references) lead to the functions they
//! call, incoming calls come from every file, outgoing calls go to every file.

use std::path::Path;

use serde_json::{Value, json};

use super::client::Client;

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

const LIB: &str = "func.func @leaf(%a: i32) {\n  return\n}\nllvm.func @native(%a: i32) {\n  llvm.return\n}\ngpu.module @kernels {\n  gpu.func @kernel(%a: i32) kernel {\n    gpu.return\n  }\n}\n";

const MAIN: &str = "func.func @main(%a: i32, %c: index) {\n  func.call @leaf(%a) : (i32) -> ()\n  llvm.call @native(%a) : (i32) -> ()\n  gpu.launch_func @kernels::@kernel blocks in (%c, %c, %c) threads in (%c, %c, %c) args(%a : i32)\n  func.call @leaf(%a) : (i32) -> ()\n  return\n}\nfunc.func @other(%a: i32) {\n  \"func.call\"(%a) <{callee = @leaf}> : (i32) -> ()\n  return\n}\n";

/// A client with the workspace folder `dir` indexed.
fn indexed_client(dir: &Path) -> Client {
    let mut client = Client::start();
    let folder = json!([{ "uri": uri_of(dir), "name": "w" }]);
    client.request(
        "initialize",
        json!({ "capabilities": {}, "workspaceFolders": folder }),
    );
    client.notify("initialized", json!({}));
    client.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.starts_with("indexed"))
    });
    client
}

fn prepare(client: &mut Client, uri: &str, line: u32, character: u32) -> Value {
    let at = json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } });
    client.request("textDocument/prepareCallHierarchy", at)
}

/// `(name, file, number of call ranges)` of each call, sorted.
fn summary(calls: &Value, end: &str, files: &[(&str, &str)]) -> Vec<(String, String, usize)> {
    let mut out: Vec<(String, String, usize)> = calls
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let uri = c[end]["uri"].as_str().unwrap();
            let file = files.iter().find(|(u, _)| *u == uri).map_or("?", |f| f.1);
            let ranges = c["fromRanges"].as_array().unwrap().len();
            (
                c[end]["name"].as_str().unwrap().to_string(),
                file.to_string(),
                ranges,
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn calls_across_files_with_nested_references() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_call_hierarchy");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (lib, main) = (dir.join("lib.mlir"), dir.join("main.mlir"));
    std::fs::write(&lib, LIB).unwrap();
    std::fs::write(&main, MAIN).unwrap();
    let mut client = indexed_client(&dir);
    let (lib_uri, main_uri) = (uri_of(&lib), uri_of(&main));
    let files = [(lib_uri.as_str(), "lib"), (main_uri.as_str(), "main")];
    client.open(&main_uri, MAIN);

    // On `@leaf` of a call in main.mlir: the function in lib.mlir.
    let items = prepare(&mut client, &main_uri, 1, 14);
    let leaf = &items[0];
    assert_eq!(leaf["name"], "@leaf", "{items}");
    assert_eq!(leaf["uri"], lib_uri.as_str());
    assert_eq!(
        leaf["selectionRange"]["start"],
        json!({ "line": 0, "character": 10 })
    );
    let incoming = client.request("callHierarchy/incomingCalls", json!({ "item": leaf }));
    assert_eq!(
        summary(&incoming, "from", &files),
        [
            ("@main".into(), "main".into(), 2),
            ("@other".into(), "main".into(), 1)
        ],
        "{incoming}"
    );

    // On the kernel's nested reference: the gpu.func in gpu.module @kernels.
    let kernel = prepare(&mut client, &main_uri, 3, 30);
    assert_eq!(kernel[0]["name"], "@kernel", "{kernel}");
    assert_eq!(kernel[0]["detail"], "gpu.func in @kernels");
    let from = client.request("callHierarchy/incomingCalls", json!({ "item": kernel[0] }));
    assert_eq!(
        summary(&from, "from", &files),
        [("@main".into(), "main".into(), 1)]
    );

    // From `@main`'s definition: what it calls, wherever that is defined.
    let main_item = prepare(&mut client, &main_uri, 0, 12);
    assert_eq!(main_item[0]["name"], "@main");
    let outgoing = client.request(
        "callHierarchy/outgoingCalls",
        json!({ "item": main_item[0] }),
    );
    assert_eq!(
        summary(&outgoing, "to", &files),
        [
            ("@kernel".into(), "lib".into(), 1),
            ("@leaf".into(), "lib".into(), 2),
            ("@native".into(), "lib".into(), 1),
        ],
        "{outgoing}"
    );
    // The ranges are the callee references in the caller's file.
    let first = &outgoing.as_array().unwrap()[0]["fromRanges"][0];
    assert_eq!(first["start"]["line"], 1);

    // Nothing to show on what is no function or call.
    assert!(prepare(&mut client, &main_uri, 1, 3).is_null());
}

/// Every position of a broken file: prepare is answered, and so are the calls of what it
/// finds.
#[test]
fn call_hierarchy_anywhere_in_broken_text_is_answered() {
    let text = "module @m {\n  func.func @f() {\n    func.call @(\n    llvm.call @\"\u{e9}\"::\n    gpu.launch_func @a::@\n    call @f() : () -> ()\n  }\n";
    let (mut client, _) = Client::initialized(json!({}));
    let uri = "file:///work/broken.mlir";
    client.open(uri, text);
    for (line, content) in text.lines().enumerate() {
        for character in 0..=content.chars().count() as u32 + 1 {
            let items = prepare(&mut client, uri, line as u32, character);
            if let Some(item) = items.get(0) {
                client.request("callHierarchy/incomingCalls", json!({ "item": item }));
                client.request("callHierarchy/outgoingCalls", json!({ "item": item }));
            }
        }
    }
    // An item of a file that is neither open nor on disk has no calls.
    let item = json!({ "name": "@f", "kind": 12, "uri": "file:///nowhere/x.mlir",
        "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 1 } },
        "selectionRange": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 1 } } });
    let outgoing = client.request("callHierarchy/outgoingCalls", json!({ "item": item }));
    assert_eq!(outgoing, json!([]));
}
