//! The workspace: files under the workspace folder are indexed in the background; workspace
//! symbols, and definition, references and rename of `@symbols` across files, use the
//! index, which follows changes on disk.

use std::path::Path;

use serde_json::json;

use super::client::Client;

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

#[test]
fn symbols_and_navigation_across_files() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_workspace");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    let a = dir.join("nested/a.mlir");
    let b = dir.join("b.mlir");
    std::fs::write(
        &a,
        "func.func private @callee(i32)\nfunc.func @helper() {\n  return\n}\n",
    )
    .unwrap();
    let b_text = "func.func @main(%x: i32) {\n  func.call @callee(%x) : (i32) -> ()\n  return\n}\n";
    std::fs::write(&b, b_text).unwrap();

    let mut client = Client::start();
    let folder = json!([{ "uri": uri_of(&dir), "name": "w" }]);
    let caps = json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } });
    client.request(
        "initialize",
        json!({ "capabilities": caps, "workspaceFolders": folder }),
    );
    client.notify("initialized", json!({}));
    let registration = client.wait_for(|m| m["method"] == "client/registerCapability");
    client.send_raw(
        json!({ "jsonrpc": "2.0", "id": registration["id"], "result": null })
            .to_string()
            .as_bytes(),
    );
    client.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.starts_with("indexed"))
    });

    let found = client.request("workspace/symbol", json!({ "query": "cal" }));
    assert_eq!(found[0]["name"], "callee");
    assert_eq!(found[0]["location"]["uri"], uri_of(&a));

    client.open(&uri_of(&b), b_text);
    let at = json!({ "textDocument": { "uri": uri_of(&b) }, "position": { "line": 1, "character": 14 } });
    let definition = client.request("textDocument/definition", at.clone());
    assert_eq!(definition[0]["uri"], uri_of(&a));
    assert_eq!(
        definition[0]["range"]["start"],
        json!({ "line": 0, "character": 18 })
    );
    let mut params = at.clone();
    params["context"] = json!({ "includeDeclaration": true });
    let references = client.request("textDocument/references", params);
    let uris: Vec<&str> = references
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(uris.len(), 2, "{references}");
    assert!(uris.contains(&uri_of(&a).as_str()) && uris.contains(&uri_of(&b).as_str()));

    // Renaming the symbol edits its definition in the other file too.
    let mut params = at.clone();
    params["newName"] = json!("target");
    let edit = client.request("textDocument/rename", params);
    let changes = &edit["changes"];
    let in_b = changes[uri_of(&b)].as_array().unwrap();
    let in_a = changes[uri_of(&a)].as_array().unwrap();
    assert_eq!((in_a.len(), in_b.len()), (1, 1), "{edit}");
    assert_eq!(in_a[0]["newText"], "@target");
    assert_eq!(
        in_a[0]["range"]["start"],
        json!({ "line": 0, "character": 18 })
    );

    std::fs::write(&a, "func.func private @renamed(i32)\n").unwrap();
    let change = json!({ "changes": [{ "uri": uri_of(&a), "type": 2 }] });
    client.notify("workspace/didChangeWatchedFiles", change);
    // The notification is handled in the background: ask until the index has caught up.
    let found = (0..100)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            client.request("workspace/symbol", json!({ "query": "renamed" }))
        })
        .find(|found| found[0]["name"] == "renamed");
    assert!(found.is_some(), "the changed file was not re-indexed");
}

#[test]
fn locations_lead_to_the_file_they_name() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_locations");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/model.py"), "line 1\nline 2\n").unwrap();
    let ir = dir.join("ir.mlir");
    let text = "#loc = loc(\"src/model.py\":2:5)\n\"t.op\"() : () -> () loc(\"src/model.py\":1:3)\n\"t.op\"() : () -> () loc(#loc)\n\"t.op\"() : () -> () loc(\"missing.py\":1:1)\n";
    std::fs::write(&ir, text).unwrap();
    let (mut client, _) = Client::initialized(json!({}));
    let uri = uri_of(&ir);
    client.open(&uri, text);
    let at = |line: u32, character: u32| json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } });
    let direct = client.request("textDocument/definition", at(1, 30));
    assert_eq!(direct[0]["uri"], uri_of(&dir.join("src/model.py")));
    assert_eq!(
        direct[0]["range"]["start"],
        json!({ "line": 0, "character": 2 })
    );
    let aliased = client.request("textDocument/definition", at(2, 26));
    assert_eq!(
        aliased[0]["range"]["start"],
        json!({ "line": 1, "character": 4 })
    );
    assert!(
        client
            .request("textDocument/definition", at(3, 30))
            .is_null(),
        "a missing file is no target"
    );
}

/// Indexing reports its progress to a client that accepts it: a begin at 0 %, reports of
/// the files done, the last at 100 %, and an end that counts the files.
#[test]
fn indexing_reports_its_progress() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_workspace_progress");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let files = 150;
    for i in 0..files {
        let text = format!("func.func private @f{i}(i32)\n");
        std::fs::write(dir.join(format!("f{i}.mlir")), text).unwrap();
    }
    let mut client = Client::start();
    let folder = json!([{ "uri": uri_of(&dir), "name": "w" }]);
    let caps = json!({ "window": { "workDoneProgress": true } });
    client.request(
        "initialize",
        json!({ "capabilities": caps, "workspaceFolders": folder }),
    );
    client.notify("initialized", json!({}));
    let token = json!("mlir-analyzer/indexing");
    let create = client.wait_for(|m| {
        m["method"] == "window/workDoneProgress/create" && m["params"]["token"] == token
    });
    let answer = json!({ "jsonrpc": "2.0", "id": create["id"], "result": null });
    client.send_raw(answer.to_string().as_bytes());
    let values = client.progress_to_end(&token);
    assert_eq!(values[0]["kind"], "begin", "{values:?}");
    assert_eq!(values[0]["percentage"], 0);
    let reports: Vec<_> = values.iter().filter(|v| v["kind"] == "report").collect();
    let last = reports.last().expect("at least one report");
    assert_eq!(last["message"], format!("{files}/{files} files"));
    assert_eq!(last["percentage"], 100);
    assert_eq!(values.last().unwrap()["message"], format!("{files} files"));
    let found = client.request("workspace/symbol", json!({ "query": "f149" }));
    assert_eq!(found[0]["name"], "f149");
}
