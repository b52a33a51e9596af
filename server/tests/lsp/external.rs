//! The external verifier in the editor (issue 46): the real mlir-opt 22 adds what only
//! MLIR's C++ verifiers see, with `source` set to the tool; fake tools (shell scripts in a
//! scratch folder) that hang, are missing, are slow or outlive a close show that a run is
//! killed, told once, never blocks a request, and never puts a finding on a line it does
//! not belong to.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::client::Client;

#[path = "../common/tools.rs"]
#[allow(dead_code)]
mod tools;

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-external");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A server whose `external` settings are `external`.
fn start(external: Value) -> Client {
    let mut client = Client::start();
    let options = json!({ "external": external });
    client.request(
        "initialize",
        json!({ "capabilities": {}, "initializationOptions": options }),
    );
    client.notify("initialized", json!({}));
    client
}

fn is_publish(m: &Value, uri: &str) -> bool {
    m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

/// The next publish for `uri` with a diagnostic whose source is `tool`.
fn tool_diagnostics(client: &mut Client, uri: &str, tool: &str) -> (i64, Vec<Value>) {
    let message = client.wait_for(|m| {
        is_publish(m, uri)
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["source"] == tool))
    });
    let diagnostics = message["params"]["diagnostics"].as_array().unwrap().clone();
    (message["params"]["version"].as_i64().unwrap(), diagnostics)
}

fn save(client: &mut Client, uri: &str) {
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": uri } }),
    );
}

#[test]
fn the_real_tool_adds_what_only_mlirs_verifier_sees() {
    let Some(mlir_opt) = tools::mlir_opt() else {
        return;
    };
    let mut client = start(json!({
        "command": [mlir_opt.to_str().unwrap(), "--allow-unregistered-dialect"]
    }));
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data/external/verifier-only.mlir");
    let text = std::fs::read_to_string(path).unwrap();
    let uri = "file:///work/verifier-only.mlir";
    client.open(uri, &text);
    let (version, found) = tool_diagnostics(&mut client, uri, "mlir-opt");
    assert_eq!(version, 1);
    let [d] = &found[..] else { panic!("{found:?}") };
    assert_eq!(
        d["message"],
        "'affine.apply' op result #0 must be index, but got 'i32'"
    );
    assert_eq!(d["range"]["start"], json!({ "line": 3, "character": 7 }));
    assert_eq!(d["code"], "external");
    let note = &d["relatedInformation"][0]["message"];
    assert!(note.as_str().unwrap().starts_with("see current operation"));
}

#[test]
fn a_valid_file_gets_nothing_from_either() {
    // A bare `mlir-opt` is found on the PATH or where Debian installs it.
    if tools::mlir_opt().is_none() {
        return;
    }
    let mut client = start(json!({ "command": ["mlir-opt", "--allow-unregistered-dialect"] }));
    let uri = "file:///work/good.mlir";
    client.open(uri, super::GOOD);
    // Ours first, then again once the tool has answered: both empty.
    for _ in 0..2 {
        assert_eq!(client.diagnostics(uri, 1), Vec::<Value>::new());
    }
    let shown = client.wait_briefly(
        |m| m["method"] == "window/showMessage",
        Duration::from_millis(300),
    );
    assert!(shown.is_none(), "the tool ran: {shown:?}");
}

#[test]
fn a_hanging_tool_is_killed_at_the_timeout_told_once_and_requests_answer_meanwhile() {
    let tool = tools::fake_tool(&scratch(), "hangs", "sleep 60 & sleep 60");
    let mut client = start(json!({ "command": [tool.to_str().unwrap()], "timeoutMs": 500 }));
    let uri = "file:///work/a.mlir";
    let started = Instant::now();
    client.open(uri, super::GOOD);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert!(symbols.as_array().is_some_and(|s| !s.is_empty()));
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "answered while it ran"
    );
    let shown = client.wait_for(|m| m["method"] == "window/showMessage");
    let said = shown["params"]["message"].as_str().unwrap();
    assert!(said.contains("took longer than 500 ms"), "{said}");
    client.open("file:///work/b.mlir", super::GOOD);
    let again = client.wait_briefly(
        |m| m["method"] == "window/showMessage",
        Duration::from_millis(1500),
    );
    assert!(again.is_none(), "told once: {again:?}");
}

#[test]
fn a_missing_tool_is_one_message_and_ours_stay() {
    let mut client = start(json!({ "command": ["no-such-opt-tool-here"] }));
    let uri = "file:///work/bad.mlir";
    client.open(uri, "func.func @f() {\n  %0 = arith.constant 1 : i32\n  %0 = arith.constant 2 : i32\n  return\n}\n");
    let ours = client.diagnostics(uri, 1);
    assert_eq!(ours[0]["source"], "mlir-analyzer");
    let shown = client.wait_for(|m| m["method"] == "window/showMessage");
    let said = shown["params"]["message"].as_str().unwrap();
    assert!(
        said.contains("cannot run `no-such-opt-tool-here`"),
        "{said}"
    );
}

#[test]
fn with_save_an_edit_drops_the_tools_findings_until_the_next_save() {
    let tool = tools::fake_tool(
        &scratch(),
        "fast",
        "cat >/dev/null; echo '<stdin>:1:1: error: from the tool' >&2; exit 1",
    );
    let mut client = start(json!({ "command": [tool.to_str().unwrap()] }));
    let uri = "file:///work/saved.mlir";
    client.open(uri, super::GOOD);
    assert_eq!(tool_diagnostics(&mut client, uri, "fast").0, 1);
    let edit = json!([{ "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } }, "text": "\n" }]);
    client.change(uri, 2, edit);
    assert_eq!(client.diagnostics(uri, 2), Vec::<Value>::new());
    save(&mut client, uri);
    let (version, found) = tool_diagnostics(&mut client, uri, "fast");
    assert_eq!(version, 2);
    assert_eq!(found[0]["message"], "from the tool");
}

/// A tool that finds the line holding `BAD` in its input, slowly.
const SLOW: &str = "text=$(cat)\nsleep 0.4\nline=$(printf '%s\\n' \"$text\" | grep -n BAD | cut -d: -f1)\necho \"<stdin>:$line:1: error: BAD is here\" >&2\nexit 1";

#[test]
fn typing_while_slow_runs_never_shows_a_finding_on_the_wrong_line() {
    let tool = tools::fake_tool(&scratch(), "slow", SLOW);
    let mut client = start(json!({
        "command": [tool.to_str().unwrap()], "when": "idle", "idleMs": 30
    }));
    let uri = "file:///work/typing.mlir";
    let mut text = String::from("// BAD\n");
    let mut texts = vec![(1, text.clone())];
    client.open(uri, &text);
    // Lines typed above the finding, some faster than a run, some slower.
    for version in 2..=14 {
        let edit = json!([{ "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } }, "text": "// typed\n" }]);
        client.change(uri, version, edit);
        text.insert_str(0, "// typed\n");
        texts.push((version, text.clone()));
        let pause = if version % 4 == 0 { 1000 } else { 60 };
        std::thread::sleep(Duration::from_millis(pause));
    }
    let last = texts.last().unwrap().0;
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen_final = false;
    let mut seen_typing = 0;
    while !seen_final && Instant::now() < deadline {
        let message = client.wait_for(|m| is_publish(m, uri));
        let version = message["params"]["version"].as_i64().unwrap();
        let (_, at_version) = texts.iter().find(|(v, _)| *v == version).unwrap();
        let bad_line = at_version.lines().position(|l| l.contains("BAD")).unwrap() as u64;
        for d in message["params"]["diagnostics"].as_array().unwrap() {
            if d["source"] == "slow" {
                assert_eq!(
                    d["range"]["start"]["line"], bad_line,
                    "version {version}: {d}"
                );
                seen_final |= version == last;
                seen_typing += usize::from(version != last);
            }
        }
    }
    assert!(seen_final, "the last version got the tool's finding");
    assert!(seen_typing >= 1, "a run finished while the typing paused");
}

#[cfg(target_os = "linux")]
#[test]
fn closing_a_document_kills_its_run() {
    let pid_file = scratch().join("pid");
    let _ = std::fs::remove_file(&pid_file);
    let body = format!("echo $$ > '{}'\nsleep 60", pid_file.display());
    let tool = tools::fake_tool(&scratch(), "outlives", &body);
    let mut client = start(json!({ "command": [tool.to_str().unwrap()], "timeoutMs": 60000 }));
    let uri = "file:///work/closed.mlir";
    client.open(uri, super::GOOD);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pid_file.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let proc = PathBuf::from(format!("/proc/{}", pid.trim()));
    assert!(proc.exists());
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": uri } }),
    );
    let deadline = Instant::now() + Duration::from_secs(5);
    while proc.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!proc.exists(), "the tool was killed at the close");
    // The server goes on.
    client.open("file:///work/other.mlir", super::GOOD);
    client.diagnostics("file:///work/other.mlir", 1);
}

#[test]
fn the_project_file_names_the_tool() {
    let dir = scratch().join("project");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tool = tools::fake_tool(
        &dir,
        "project-opt",
        "echo '<stdin>:2:3: warning: said by the project tool' >&2",
    );
    let toml = format!(
        "[external]\ncommand = [\"{}\", \"--flag\"]\n",
        tool.display()
    );
    std::fs::write(dir.join(".mlir-analyzer.toml"), toml).unwrap();
    let mut client = Client::start();
    let folders = json!([{ "uri": format!("file://{}", dir.display()), "name": "w" }]);
    client.request(
        "initialize",
        json!({ "capabilities": {}, "workspaceFolders": folders }),
    );
    client.notify("initialized", json!({}));
    let uri = format!("file://{}/f.mlir", dir.display());
    client.open(&uri, super::GOOD);
    let (_, found) = tool_diagnostics(&mut client, &uri, "project-opt");
    assert_eq!(found[0]["message"], "said by the project tool");
    assert_eq!(found[0]["severity"], 2);
    assert_eq!(
        found[0]["range"]["start"],
        json!({ "line": 1, "character": 2 })
    );
}

#[test]
fn a_crash_is_told_and_a_flood_is_cut_while_ours_go_on() {
    let crashes = tools::fake_tool(
        &scratch(),
        "crashes",
        "echo 'Stack dump:' >&2; kill -SEGV $$",
    );
    let mut client = start(json!({ "command": [crashes.to_str().unwrap()] }));
    let uri = "file:///work/crash.mlir";
    client.open(uri, super::GOOD);
    let shown = client.wait_for(|m| m["method"] == "window/showMessage");
    let said = shown["params"]["message"].as_str().unwrap();
    assert!(said.contains("`crashes` crashed"), "{said}");
    let flood = tools::fake_tool(
        &scratch(),
        "floods",
        "head -c 30000000 /dev/zero | tr '\\0' x >&2; echo; echo '<stdin>:1:1: error: late' >&2",
    );
    let settings = json!({ "external": { "command": [flood.to_str().unwrap()] } });
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": settings }),
    );
    let other = "file:///work/flood.mlir";
    client.open(other, super::GOOD);
    assert_eq!(client.diagnostics(other, 1), Vec::<Value>::new());
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": other } }),
    );
    assert!(symbols.as_array().is_some_and(|s| !s.is_empty()));
    // Past the cap nothing is read: the tool's answer adds nothing, and it comes.
    let again = client.diagnostics(other, 1);
    assert!(again.iter().all(|d| d["source"] != "floods"), "{again:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn saves_in_a_row_never_run_two_tools_on_a_document_at_once() {
    let dir = scratch().join("one-at-a-time");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pids")).unwrap();
    // Each run says OVERLAP if a run before it is still alive, then lingers.
    let body = format!(
        "cd '{}'\nfor f in pids/*; do p=${{f#pids/}}; [ -d /proc/$p ] && echo OVERLAP >> log; done\ntouch pids/$$\necho run >> log\nsleep 0.3",
        dir.display()
    );
    let tool = tools::fake_tool(&dir, "lingers", &body);
    let mut client = start(json!({ "command": [tool.to_str().unwrap()] }));
    let uri = "file:///work/saved-often.mlir";
    client.open(uri, super::GOOD);
    for _ in 0..6 {
        std::thread::sleep(Duration::from_millis(40));
        save(&mut client, uri);
    }
    // The last run ends by itself and its (empty) findings are published.
    let deadline = Instant::now() + Duration::from_secs(10);
    let log = || std::fs::read_to_string(dir.join("log")).unwrap_or_default();
    while log().matches("run").count() < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    let log = log();
    assert!(!log.contains("OVERLAP"), "{log}");
    assert!(log.matches("run").count() >= 2, "{log}");
}
