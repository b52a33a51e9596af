//! A changing disk (issue 42): workspace files deleted, renamed, replaced by a folder or a
//! named pipe, a symbolic link loop, a folder of 100,000 files, a file name that is not
//! UTF-8, an `irdl.files` glob that matches nothing. None of them crashes or hangs the
//! server, and none leaves a stale answer behind.

use std::path::Path;

use serde_json::{Value, json};

use super::client::Client;

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A server on `dir` that watches files and has indexed the folder.
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
    client.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.starts_with("indexed"))
    });
    client
}

fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names of the workspace symbols matching `query`.
fn symbols(client: &mut Client, query: &str) -> Vec<String> {
    let found = client.request("workspace/symbol", json!({ "query": query }));
    let found = found.as_array().cloned().unwrap_or_default();
    found
        .iter()
        .map(|s| s["name"].as_str().unwrap_or("").to_string())
        .collect()
}

/// Asks until the workspace symbols for `query` are `expected` (changes on disk are
/// handled in the background), failing after a few seconds.
fn symbols_become(client: &mut Client, query: &str, expected: &[&str]) {
    for _ in 0..150 {
        if symbols(client, query) == expected {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!(
        "workspace symbols for {query:?} never became {expected:?}: {:?}",
        symbols(client, query)
    );
}

fn changed(client: &mut Client, path: &Path, kind: u32) {
    let change = json!({ "changes": [{ "uri": uri_of(path), "type": kind }] });
    client.notify("workspace/didChangeWatchedFiles", change);
}

const CREATED: u32 = 1;
const CHANGED: u32 = 2;
const DELETED: u32 = 3;

#[test]
fn deleted_renamed_and_replaced_files_leave_nothing_stale() {
    let dir = fresh_dir("lsp_disk_changes");
    let a = dir.join("a.mlir");
    std::fs::write(&a, "func.func private @alpha(i32)\n").unwrap();
    let mut client = start_in(&dir, json!({}));
    symbols_become(&mut client, "alpha", &["alpha"]);

    // Renamed: the old name is deleted, the new one created.
    let b = dir.join("b.mlir");
    std::fs::rename(&a, &b).unwrap();
    changed(&mut client, &a, DELETED);
    changed(&mut client, &b, CREATED);
    symbols_become(&mut client, "alpha", &["alpha"]);

    // Replaced by a folder: the file is gone from the index.
    std::fs::remove_file(&b).unwrap();
    std::fs::create_dir(&b).unwrap();
    changed(&mut client, &b, CHANGED);
    symbols_become(&mut client, "alpha", &[]);

    // A named pipe where a file was: never read (reading it would block for good).
    let pipe = dir.join("pipe.mlir");
    let made = std::process::Command::new("mkfifo").arg(&pipe).status();
    if made.is_ok_and(|s| s.success()) {
        changed(&mut client, &pipe, CREATED);
        symbols_become(&mut client, "alpha", &[]);
    }

    // Deleted while written: nothing is left, and the server still answers.
    let c = dir.join("c.mlir");
    std::fs::write(&c, "func.func private @gamma(i32)\n").unwrap();
    changed(&mut client, &c, CREATED);
    symbols_become(&mut client, "gamma", &["gamma"]);
    std::fs::remove_file(&c).unwrap();
    changed(&mut client, &c, CHANGED);
    symbols_become(&mut client, "gamma", &[]);
}

#[test]
fn loops_odd_names_and_empty_globs_neither_crash_nor_hang() {
    let dir = fresh_dir("lsp_disk_odd");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/ok.mlir"), "func.func private @okay(i32)\n").unwrap();
    // A symbolic link loop, and a link to a folder above.
    let _ = std::os::unix::fs::symlink(&dir, dir.join("sub/loop"));
    let _ = std::os::unix::fs::symlink("missing.mlir", dir.join("dangling.mlir"));
    // A file name that is not UTF-8.
    use std::os::unix::ffi::OsStrExt;
    let odd = dir.join(std::ffi::OsStr::from_bytes(b"bad\xff\xfe.mlir"));
    std::fs::write(&odd, "func.func private @odd(i32)\n").unwrap();
    let options = json!({ "irdl": { "files": ["nothing/**/*.irdl.mlir", "missing.mlir"] } });
    let mut client = start_in(&dir, options);
    symbols_become(&mut client, "okay", &["okay"]);
    let _ = symbols(&mut client, "odd");
    let uri = uri_of(&dir.join("sub/ok.mlir"));
    client.open(&uri, "func.func private @okay(i32)\n");
    assert!(client.diagnostics(&uri, 1).is_empty());
}

#[test]
fn a_folder_of_100000_files_is_indexed_up_to_the_limit_and_the_server_answers() {
    let dir = fresh_dir("lsp_disk_many");
    let many = dir.join("many");
    std::fs::create_dir_all(&many).unwrap();
    for i in 0..100_000 {
        std::fs::write(many.join(format!("f{i}.mlir")), b"").unwrap();
    }
    std::fs::write(dir.join("z.mlir"), "func.func private @zeta(i32)\n").unwrap();
    let mut client = start_in(&dir, json!({}));
    let _ = symbols(&mut client, "zeta");
    let uri = uri_of(&dir.join("z.mlir"));
    client.open(&uri, "func.func private @zeta(i32)\n");
    assert!(client.diagnostics(&uri, 1).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
