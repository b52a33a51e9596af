//! The project file, `.mlir-analyzer.toml`, in the editor (issue 43): its `irdl.files`
//! apply where the editor's settings say nothing, its problems are diagnostics of the
//! file, and a change on disk is read again.

use std::path::Path;

use serde_json::{Value, json};

use super::client::Client;

const DIALECT: &str = "irdl.dialect @d {\n  irdl.operation @op {\n    %0 = irdl.is i32\n    irdl.operands(x: %0)\n  }\n}\n";
const USER: &str = "func.func @f(%a: i64) {\n  \"d.op\"(%a) : (i64) -> ()\n  return\n}\n";
const MISMATCH: &str = "expected 'i32' but got 'i64'";

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A server on `dir` that watches files, with `options` as its initialization options.
fn start_in(dir: &Path, options: Value) -> Client {
    let mut client = Client::start();
    let folder = json!([{ "uri": uri_of(dir), "name": "w" }]);
    let caps = json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } });
    client.request(
        "initialize",
        json!({ "capabilities": caps, "workspaceFolders": folder, "initializationOptions": options }),
    );
    client.notify("initialized", json!({}));
    let registration = client.wait_for(|m| m["method"] == "client/registerCapability");
    let answer = json!({ "jsonrpc": "2.0", "id": registration["id"], "result": null });
    client.send_raw(answer.to_string().as_bytes());
    client
}

/// The next diagnostics published for the file at `uri` with no version (a file that is
/// not open), as (line, character, message).
fn file_diagnostics(client: &mut Client, uri: &str) -> Vec<(u64, u64, String)> {
    let message = client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"].is_null()
    });
    let found = message["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    found
        .iter()
        .map(|d| {
            let start = &d["range"]["start"];
            let message = d["message"].as_str().unwrap_or("").to_string();
            (
                start["line"].as_u64().unwrap(),
                start["character"].as_u64().unwrap(),
                message,
            )
        })
        .collect()
}

/// Reads the publications of `uri` (version 1) until one whose messages are `expected`:
/// the same diagnostics may be published again as the configured files are read.
fn diagnostics_become(client: &mut Client, uri: &str, expected: &[&str]) {
    for _ in 0..20 {
        if messages(&client.diagnostics(uri, 1)) == expected {
            return;
        }
    }
    panic!("{uri} never got the diagnostics {expected:?}");
}

fn messages(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["message"].as_str().unwrap_or(""))
        .collect()
}

#[test]
fn project_file_settings_apply_and_its_problems_are_its_diagnostics() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_project_file");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("defs")).unwrap();
    std::fs::write(dir.join("defs/d.irdl"), DIALECT).unwrap();
    let toml = dir.join(".mlir-analyzer.toml");
    std::fs::write(&toml, "[irdl]\nfiles = [\"defs/d.irdl\"]\nfile = 1\n").unwrap();
    let mut client = start_in(&dir, json!({}));
    let toml_uri = uri_of(&toml);
    let known = "(known keys: irdl.files, external.command, external.when, external.timeout_ms, external.idle_ms, ods.files, ods.include_dirs, ods.installed, ods.evaluator, format.indent_width)";
    assert_eq!(
        file_diagnostics(&mut client, &toml_uri),
        [(2, 0, format!("unknown key `irdl.file` {known}"))]
    );
    // The dialect comes from the project file's `irdl.files` (not a `.mlir` file, so the
    // workspace index does not find it by itself).
    let user = uri_of(&dir.join("user.mlir"));
    client.open(&user, USER);
    // The configured file may be read after the user's first analysis.
    diagnostics_become(&mut client, &user, &[MISMATCH]);

    // Mended on disk: the problem goes, and the settings are read again.
    std::fs::write(&toml, "[irdl]\nfiles = []\n").unwrap();
    let change = json!({ "changes": [{ "uri": toml_uri, "type": 2 }] });
    client.notify("workspace/didChangeWatchedFiles", change);
    assert_eq!(file_diagnostics(&mut client, &toml_uri), []);
    // The dialect is no longer named (a publication of before may still be queued).
    diagnostics_become(&mut client, &user, &[]);

    // The editor's setting overrides the project file.
    let settings = json!({ "settings": { "irdl": { "files": ["defs/d.irdl"] } } });
    client.notify("workspace/didChangeConfiguration", settings);
    diagnostics_become(&mut client, &user, &[MISMATCH]);
}
