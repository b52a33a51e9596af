//! ODS dialects loaded in the background (issue 44): the `.td` files the `ods.*` settings
//! name, or a CMake build's `tablegen_compile_commands.yml` lists, are evaluated on a
//! thread of their own with `$/progress`; then the open documents are checked again with
//! their ops, and hover shows their docs. A file that is missing or does not evaluate is
//! logged and the server goes on. Our own TableGen evaluator reads them: no LLVM is
//! needed (one test asks for `llvm-tblgen` with `ods.evaluator` to see it fail to run).

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::client::Client;

const USER: &str = "func.func @f(%a: i64) {\n  %0 = toy.add %a, %a : i64\n  return\n}\n";
const ERROR: &str =
    "'toy.add' op operand #0 must be 32-bit signless integer or 32-bit float, but got 'i64'";

/// A workspace folder `name` with the toy dialect's `.td` files under `td/`.
fn workspace(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("td")).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data/ods");
    for file in ["ToyOps.td", "OdsBase.td"] {
        std::fs::copy(fixtures.join(file), dir.join("td").join(file)).unwrap();
    }
    dir
}

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A server on `dir` with `options`, whose client offers progress and file watching (the
/// watcher registration is answered).
fn start_in(dir: &Path, options: Value) -> Client {
    start_with_env(dir, options, &[])
}

fn start_with_env(dir: &Path, options: Value, env: &[(&str, &str)]) -> Client {
    let mut client = initialize(dir, options, env);
    client.notify("initialized", json!({}));
    answer_registration(&mut client);
    client
}

/// A server on `dir` that has answered `initialize`; `initialized` is not sent yet.
fn initialize(dir: &Path, options: Value, env: &[(&str, &str)]) -> Client {
    let mut client = Client::start_with_env(env);
    let folder = json!([{ "uri": uri_of(dir), "name": "w" }]);
    let caps = json!({
        "window": { "workDoneProgress": true },
        "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } },
    });
    client.request(
        "initialize",
        json!({ "capabilities": caps, "workspaceFolders": folder, "initializationOptions": options }),
    );
    client
}

/// Answers the server's registration of file watchers.
fn answer_registration(client: &mut Client) {
    let registration = client.wait_for(|m| m["method"] == "client/registerCapability");
    answer(client, &registration);
}

fn answer(client: &mut Client, request: &Value) {
    let answer = json!({ "jsonrpc": "2.0", "id": request["id"], "result": null });
    client.send_raw(answer.to_string().as_bytes());
}

fn is_ods_token(token: &Value) -> bool {
    token
        .as_str()
        .is_some_and(|t| t.starts_with("mlir-analyzer/ods/"))
}

/// Accepts the next ODS progress token and returns the `$/progress` values of that load,
/// begin to end.
fn progress_of_next_load(client: &mut Client) -> Vec<Value> {
    let create = client.wait_for(|m| {
        m["method"] == "window/workDoneProgress/create" && is_ods_token(&m["params"]["token"])
    });
    answer(client, &create);
    let token = create["params"]["token"].clone();
    client.progress_to_end(&token)
}

/// Waits for a log message that contains `text`.
fn log_containing(client: &mut Client, text: &str) -> String {
    let message = client.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains(text))
    });
    message["params"]["message"].as_str().unwrap().to_string()
}

/// The messages of the next publication for `uri` (version 1) that satisfies `pred`.
fn diagnostics_until(client: &mut Client, uri: &str, pred: impl Fn(&[String]) -> bool) {
    loop {
        let found: Vec<String> = client
            .diagnostics(uri, 1)
            .iter()
            .map(|d| d["message"].as_str().unwrap_or("").to_string())
            .collect();
        if pred(&found) {
            return;
        }
    }
}

fn hover_text(client: &mut Client, uri: &str) -> String {
    let at = json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 9 } });
    let hover = client.request("textDocument/hover", at);
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn configured_td_files_load_in_the_background_with_progress() {
    let dir = workspace("lsp_ods_progress");
    let options = json!({ "ods": { "files": ["td/ToyOps.td"], "installed": false } });
    let mut client = start_in(&dir, options);
    let user = uri_of(&dir.join("user.mlir"));
    client.open(&user, USER);

    let values = progress_of_next_load(&mut client);
    let kinds: Vec<&str> = values.iter().map(|v| v["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["begin", "report", "end"], "{values:?}");
    assert_eq!(values[0]["title"], "Loading ODS dialects");
    assert_eq!(values[1]["message"], "1/1 .td files");
    assert_eq!(values[1]["percentage"], 100);
    let end = values[2]["message"].as_str().unwrap();
    assert!(
        end.starts_with("1 dialect, ") && end.ends_with(" ops"),
        "{end}"
    );

    diagnostics_until(&mut client, &user, |found| found == [ERROR]);
    let hover = hover_text(&mut client, &user);
    assert!(hover.contains("adds two numbers"), "{hover}");
}

/// A document opened at start is analysed before the dialects load beside it (on 2
/// cores the two slowed each other: the open of 96k lines took 360 ms instead of 260).
/// The document is long enough that its analysis (in a debug build) outlasts the load's
/// 100 ms settling time, when the load used to start regardless.
#[test]
fn a_document_opened_at_start_is_analysed_before_the_dialects_load() {
    opened_at_start_then_loaded("lsp_ods_after_open", &[]);
}

/// The same when the diagnostics are slow on their way out (CI once saw the load's
/// progress request overtake them): the analysis counts as busy until they are sent.
#[test]
fn a_load_waits_for_the_open_diagnostics_to_be_sent() {
    let slow = [("MLIR_ANALYZER_DEBUG_PUBLISH_DELAY_MS", "50")];
    opened_at_start_then_loaded("lsp_ods_after_slow_publish", &slow);
}

fn opened_at_start_then_loaded(name: &str, env: &[(&str, &str)]) {
    let dir = workspace(name);
    let options = json!({ "ods": { "files": ["td/ToyOps.td"], "installed": false } });
    let mut client = initialize(&dir, options, env);
    let user = uri_of(&dir.join("user.mlir"));
    let mut text = String::new();
    for i in 0..400 {
        text.push_str(&format!("func.func @g{i}(%a: i32) -> i32 {{\n"));
        for j in 0..20 {
            text.push_str(&format!("  %v{j} = arith.addi %a, %a : i32\n"));
        }
        text.push_str("  return %a : i32\n}\n");
    }
    text.push_str(USER);
    // As an editor does: the document that made it start the server comes right after.
    client.notify("initialized", json!({}));
    client.open(&user, &text);
    answer_registration(&mut client);

    let create = client.wait_for(|m| {
        m["method"] == "window/workDoneProgress/create" && is_ods_token(&m["params"]["token"])
    });
    let first = |m: &Value| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == user.as_str()
    };
    let before = client.wait_briefly(first, std::time::Duration::ZERO);
    assert!(
        before.is_some(),
        "the load began before the open was analysed"
    );
    answer(&mut client, &create);
    diagnostics_until(&mut client, &user, |found| found == [ERROR]);
}

#[test]
fn a_load_superseded_by_newer_settings_is_dropped() {
    let dir = workspace("lsp_ods_superseded");
    let options = json!({ "ods": { "files": ["td/ToyOps.td"], "installed": false } });
    let mut client = start_in(&dir, options);
    let user = uri_of(&dir.join("user.mlir"));
    client.open(&user, USER);
    // The first load waits for its progress token: the settings change meanwhile.
    let create = client.wait_for(|m| {
        m["method"] == "window/workDoneProgress/create" && is_ods_token(&m["params"]["token"])
    });
    let none = json!({ "settings": { "ods": { "files": [], "installed": false } } });
    client.notify("workspace/didChangeConfiguration", none);
    let symbols = json!({ "textDocument": { "uri": user } });
    client.request("textDocument/documentSymbol", symbols);
    answer(&mut client, &create);
    let token = create["params"]["token"].clone();
    let end = client.wait_for(|m| {
        m["method"] == "$/progress"
            && m["params"]["token"] == token
            && m["params"]["value"]["kind"] == "end"
    });
    assert_eq!(
        end["params"]["value"]["message"],
        "superseded by newer settings"
    );
    log_containing(&mut client, "no ODS dialects loaded");
    let hover = hover_text(&mut client, &user);
    assert!(!hover.contains("adds two numbers"), "{hover}");
}

#[test]
fn a_missing_configured_file_is_logged_and_the_server_keeps_answering() {
    let dir = workspace("lsp_ods_missing");
    let options = json!({ "ods": { "files": ["td/Missing.td"], "installed": false } });
    let mut client = start_in(&dir, options);
    let logged = log_containing(&mut client, "Missing.td");
    assert!(logged.contains("names no .td file"), "{logged}");
    let shown = client.wait_for(|m| m["method"] == "window/showMessage");
    assert_eq!(shown["params"]["type"], 2, "a warning: {shown}");
    let user = uri_of(&dir.join("user.mlir"));
    client.open(&user, USER);
    assert!(client.diagnostics(&user, 1).is_empty(), "toy is unknown");
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": user } }),
    );
    assert_eq!(symbols[0]["name"], "f");
}

#[test]
fn a_tool_that_cannot_run_is_logged_and_the_server_keeps_answering() {
    let dir = workspace("lsp_ods_no_tool");
    let options = json!({ "ods": {
        "files": ["td/ToyOps.td"],
        "installed": false,
        "evaluator": "llvm-tblgen",
    } });
    let missing = dir.join("no-such-llvm-tblgen");
    let mut client = start_with_env(&dir, options, &[("LLVM_TBLGEN", missing.to_str().unwrap())]);
    progress_of_next_load(&mut client);
    let failure = log_containing(&mut client, "cannot evaluate");
    assert!(failure.contains("cannot run"), "{failure}");
    log_containing(&mut client, "the dialects loaded before stay");
    let shown = client.wait_for(|m| m["method"] == "window/showMessage");
    let text = shown["params"]["message"].as_str().unwrap();
    assert!(text.contains("ToyOps.td"), "{text}");
    let user = uri_of(&dir.join("user.mlir"));
    client.open(&user, USER);
    assert!(client.diagnostics(&user, 1).is_empty(), "toy is unknown");
}

#[test]
fn with_nothing_to_load_one_line_says_so() {
    let dir = workspace("lsp_ods_nothing");
    let mut client = start_in(&dir, json!({}));
    log_containing(&mut client, "no ODS dialects loaded");
}

#[test]
fn a_build_listing_is_discovered_and_td_changes_on_disk_reload() {
    let dir = workspace("lsp_ods_discovery");
    let td = dir.join("td");
    std::fs::create_dir_all(dir.join("build")).unwrap();
    let listing = format!(
        "--- !FileInfo:\n  filepath: \"{0}/ToyOps.td\"\n  includes: \"{0}\"\n",
        td.display()
    );
    std::fs::write(dir.join("build/tablegen_compile_commands.yml"), listing).unwrap();
    let mut client = start_in(&dir, json!({ "ods": { "installed": false } }));
    let user = uri_of(&dir.join("user.mlir"));
    client.open(&user, USER);
    progress_of_next_load(&mut client);
    diagnostics_until(&mut client, &user, |found| found == [ERROR]);

    // An include goes missing: the root fails with llvm-tblgen's words, and the dialects
    // loaded before stay.
    let base = std::fs::read_to_string(td.join("OdsBase.td")).unwrap();
    std::fs::remove_file(td.join("OdsBase.td")).unwrap();
    let deleted = json!({ "changes": [{ "uri": uri_of(&td.join("OdsBase.td")), "type": 3 }] });
    client.notify("workspace/didChangeWatchedFiles", deleted);
    progress_of_next_load(&mut client);
    let failure = log_containing(&mut client, "cannot evaluate");
    assert!(
        failure.contains("ToyOps.td") && failure.contains("error:"),
        "{failure}"
    );
    log_containing(&mut client, "the dialects loaded before stay");
    assert!(hover_text(&mut client, &user).contains("adds two numbers"));

    // The include comes back and the op is renamed: `toy.add` is no longer an op.
    std::fs::write(td.join("OdsBase.td"), base).unwrap();
    let ops = std::fs::read_to_string(td.join("ToyOps.td")).unwrap();
    let renamed = ops.replace("Toy_Op<\"add\"", "Toy_Op<\"plus\"");
    std::fs::write(td.join("ToyOps.td"), renamed).unwrap();
    let changed = json!({ "changes": [
        { "uri": uri_of(&td.join("OdsBase.td")), "type": 1 },
        { "uri": uri_of(&td.join("ToyOps.td")), "type": 2 },
    ] });
    client.notify("workspace/didChangeWatchedFiles", changed);
    progress_of_next_load(&mut client);
    diagnostics_until(&mut client, &user, |found| found.is_empty());

    // A settings change that leaves the ODS settings as they were loads nothing again.
    let same = json!({ "settings": { "ods": { "installed": false }, "debounceMs": 5 } });
    client.notify("workspace/didChangeConfiguration", same);
    let create = |m: &Value| {
        m["method"] == "window/workDoneProgress/create" && is_ods_token(&m["params"]["token"])
    };
    let again = client.wait_briefly(create, std::time::Duration::from_secs(1));
    assert!(again.is_none(), "{again:?}");
}

/// Live editing of a dialect's definitions: an op's definition changed in an open `.td`
/// buffer, unsaved, changes the diagnostics of an open `.mlir` file that uses it; closing
/// the buffer brings back what the file on disk says. Prints how long an edit took to
/// reach the diagnostics (bench/lsp_bench.py measures it against the full MLIR set).
#[test]
fn an_edit_of_an_open_td_buffer_updates_open_files() {
    let dir = workspace("lsp_ods_live");
    let options = json!({ "ods": { "files": ["td/ToyOps.td"], "installed": false } });
    let mut client = start_in(&dir, options);
    let user = uri_of(&dir.join("user.mlir"));
    client.open(&user, USER);
    progress_of_next_load(&mut client);
    diagnostics_until(&mut client, &user, |found| found == [ERROR]);

    // `toy.add` takes operands of any type now: the error is its result's.
    let td = dir.join("td/ToyOps.td");
    let td_uri = uri_of(&td);
    let text = std::fs::read_to_string(&td).unwrap();
    let doc = json!({ "uri": td_uri, "languageId": "tablegen", "version": 1, "text": text });
    client.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    // The `.td` buffer is the ODS loader's: requests on it get empty answers.
    let at =
        json!({ "textDocument": { "uri": td_uri }, "position": { "line": 24, "character": 5 } });
    assert_eq!(client.request("textDocument/hover", at), Value::Null);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": td_uri } }),
    );
    assert!(symbols.is_null() || symbols == json!([]), "{symbols}");
    let (old, new) = (
        "AnyTypeOf<[I32, F32]>:$lhs, AnyTypeOf<[I32, F32]>:$rhs",
        "AnyType:$lhs, AnyType:$rhs",
    );
    assert!(text.contains(old));
    let started = std::time::Instant::now();
    let edited = text.replace(old, new);
    let change = json!({ "textDocument": { "uri": td_uri, "version": 2 }, "contentChanges": [{ "text": edited }] });
    client.notify("textDocument/didChange", change);
    let result_error = ERROR.replace("operand #0", "result #0");
    diagnostics_until(&mut client, &user, |found| found == [result_error.as_str()]);
    eprintln!(
        "a .td edit reached the diagnostics in {} ms",
        started.elapsed().as_millis()
    );
    assert_eq!(
        std::fs::read_to_string(&td).unwrap(),
        text,
        "the buffer is not saved"
    );

    // A mistake in the buffer is shown on it, where it is, and cleared once fixed.
    let broken = text.replace(old, "AnyTypeOf<[I64]>:$lhs, AnyType:$rhs");
    let change = json!({ "textDocument": { "uri": td_uri, "version": 3 }, "contentChanges": [{ "text": broken }] });
    client.notify("textDocument/didChange", change);
    let is_td_publication = |m: &Value| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == td_uri
    };
    let published = client.wait_for(is_td_publication);
    let first = &published["params"]["diagnostics"][0];
    assert_eq!(
        first["message"], "Variable not defined: 'I64'",
        "{published}"
    );
    assert_eq!(
        first["range"]["start"],
        json!({ "line": 28, "character": 34 }),
        "{published}"
    );
    assert_eq!(published["params"]["version"], 3);
    let change = json!({ "textDocument": { "uri": td_uri, "version": 4 }, "contentChanges": [{ "text": edited }] });
    client.notify("textDocument/didChange", change);
    let cleared = client.wait_for(is_td_publication);
    assert_eq!(cleared["params"]["diagnostics"], json!([]), "{cleared}");
    diagnostics_until(&mut client, &user, |found| found == [result_error.as_str()]);

    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": td_uri } }),
    );
    diagnostics_until(&mut client, &user, |found| found == [ERROR]);
}

/// Hover on a dialect type and attribute the loaded `.td` files define shows their
/// definition: summary, syntax, parameters and description (issue 48).
#[test]
fn hover_on_a_dialect_type_or_attribute_shows_its_definition() {
    let dir = workspace("lsp_ods_type_hover");
    let options = json!({ "ods": { "files": ["td/ToyOps.td"], "installed": false } });
    let mut client = start_in(&dir, options);
    let user = uri_of(&dir.join("types.mlir"));
    let text = "\"t.op\"() {c = #toy.color<[1, 2, 3]>} : () -> !toy.box<i32, 4>\n";
    client.open(&user, text);
    progress_of_next_load(&mut client);
    let hover = |client: &mut Client, character: u32| {
        let at = json!({ "textDocument": { "uri": user }, "position": { "line": 0, "character": character } });
        let answer = client.request("textDocument/hover", at);
        answer["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    // The analysis thread takes the new registry after the load's progress ends: the
    // first hovers may still be answered with the built-in one.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut boxed = hover(&mut client, 50);
    while !boxed.contains("!toy.box") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        boxed = hover(&mut client, 50);
    }
    for part in [
        "**!toy.box**: a box of toy values",
        "!toy.box<$element, $count>",
        "- `count` (`unsigned`): how many",
        "A box holds `count` values of `element`.",
    ] {
        assert!(boxed.contains(part), "{part:?} not in {boxed}");
    }
    let color = hover(&mut client, 18);
    assert!(color.contains("**#toy.color**: a color"), "{color}");
    assert!(color.contains("attribute of the `toy` dialect"), "{color}");
}
