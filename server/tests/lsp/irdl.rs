//! IRDL dialects loaded live (issue: IRDL): a dialect defined in one open buffer, in a
//! workspace file, or in a file the `irdl.files` setting names verifies the generic ops of
//! other open files, and editing the definition re-checks them at once.

use std::path::Path;

use serde_json::{Value, json};

use super::client::Client;

const DIALECT: &str = "irdl.dialect @d {\n  irdl.operation @op {\n    %0 = irdl.is i32\n    irdl.operands(x: %0)\n  }\n}\n";
const USER: &str = "func.func @f(%a: i64) {\n  \"d.op\"(%a) : (i64) -> ()\n  return\n}\n";
const MISMATCH: &str = "expected 'i32' but got 'i64'";

fn messages(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["message"].as_str().unwrap_or(""))
        .collect()
}

#[test]
fn editing_a_dialect_buffer_rechecks_its_users() {
    let (mut client, _) = Client::initialized(json!({}));
    let (user, dialect) = ("file:///w/user.mlir", "file:///w/d.irdl.mlir");
    client.open(user, USER);
    assert!(client.diagnostics(user, 1).is_empty(), "d is unknown yet");
    client.open(dialect, DIALECT);
    assert!(client.diagnostics(dialect, 1).is_empty());
    assert_eq!(messages(&client.diagnostics(user, 1)), [MISMATCH]);

    // Hover and definition on the op's name know its definition in the other file.
    let at = json!({ "textDocument": { "uri": user }, "position": { "line": 1, "character": 4 } });
    let hover = client.request("textDocument/hover", at.clone());
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        text.contains("**d.op**") && text.contains("- `x`: `i32`"),
        "{text}"
    );
    let definition = client.request("textDocument/definition", at);
    assert_eq!(definition[0]["uri"], dialect);
    assert_eq!(
        definition[0]["range"]["start"],
        json!({ "line": 1, "character": 17 })
    );

    // `irdl.is i32` becomes `irdl.is i64`: the user's op is valid now.
    let line = DIALECT.lines().position(|l| l.contains("i32")).unwrap() as u64;
    let character = DIALECT
        .lines()
        .nth(line as usize)
        .unwrap()
        .find("i32")
        .unwrap() as u64;
    let range = json!({ "start": { "line": line, "character": character }, "end": { "line": line, "character": character + 3 } });
    client.change(dialect, 2, json!([{ "range": range, "text": "i64" }]));
    assert!(client.diagnostics(dialect, 2).is_empty());
    assert!(client.diagnostics(user, 1).is_empty());

    // Closing the dialect's buffer forgets it (no file on disk defines it).
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": dialect } }),
    );
    assert!(client.diagnostics(user, 1).is_empty());
}

/// Starts a server on `dir` with `options` and waits for its indexing to end.
fn start_in(dir: &Path, options: Value) -> Client {
    let mut client = Client::start();
    let folder = json!([{ "uri": format!("file://{}", dir.display()), "name": "w" }]);
    client.request(
        "initialize",
        json!({ "capabilities": {}, "workspaceFolders": folder, "initializationOptions": options }),
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

#[test]
fn dialects_come_from_workspace_files_and_from_the_settings() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_irdl");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("defs")).unwrap();
    std::fs::write(dir.join("defs/d.irdl.mlir"), DIALECT).unwrap();
    let user = format!("file://{}/user.mlir", dir.display());

    // Found by indexing the workspace.
    let mut client = start_in(&dir, json!({}));
    client.open(&user, USER);
    assert_eq!(messages(&client.diagnostics(&user, 1)), [MISMATCH]);

    // Outside the workspace folder, named by a glob of `irdl.files` relative to it.
    let workspace = dir.join("ws");
    std::fs::create_dir_all(&workspace).unwrap();
    let options = json!({ "irdl": { "files": ["../defs/*.irdl.mlir"] } });
    let mut client = start_in(&workspace, options);
    let user = format!("file://{}/user.mlir", workspace.display());
    client.open(&user, USER);
    let first = messages(&client.diagnostics(&user, 1)).join("|");
    // The settings' files may be read after the user's first analysis: then a second
    // publication of the same version follows.
    if first.is_empty() {
        assert_eq!(messages(&client.diagnostics(&user, 1)), [MISMATCH]);
    } else {
        assert_eq!(first, MISMATCH);
    }
}
