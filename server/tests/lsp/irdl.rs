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

    // A setting that no longer names the file drops its dialect.
    let settings = json!({ "settings": { "irdl": { "files": [] } } });
    client.notify("workspace/didChangeConfiguration", settings);
    // A publication of before may still be queued (seen on a loaded machine).
    for _ in 0..3 {
        if client.diagnostics(&user, 1).is_empty() {
            return;
        }
    }
    panic!("{user} kept the dialect's error");
}

#[test]
fn references_from_a_definition_find_its_uses_across_the_workspace() {
    let dialect = "irdl.dialect @d {\n  irdl.type @t {\n    %0 = irdl.any\n    irdl.parameters(p: %0)\n  }\n  irdl.operation @op {\n    %0 = irdl.any\n    irdl.operands(x: %0)\n  }\n}\n";
    let one = "func.func @f(%a: !d.t<i32>) {\n  \"d.op\"(%a) : (!d.t<i32>) -> ()\n  return\n}\n";
    let two = "func.func @g(%a: i32) {\n  \"d.op\"(%a) : (i32) -> ()\n  \"d.other\"() : () -> ()\n  return\n}\n";
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_irdl_references");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in [
        ("d.irdl.mlir", dialect),
        ("one.mlir", one),
        ("two.mlir", two),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let uri = |name: &str| format!("file://{}/{name}", dir.display());
    let mut client = start_in(&dir, json!({}));
    client.open(&uri("d.irdl.mlir"), dialect);
    client.diagnostics(&uri("d.irdl.mlir"), 1);
    let references = |client: &mut Client, line: u64, character: u64| -> Vec<(String, u64, u64)> {
        let params = json!({
            "textDocument": { "uri": uri("d.irdl.mlir") },
            "position": { "line": line, "character": character },
            "context": { "includeDeclaration": true },
        });
        let found = client.request("textDocument/references", params);
        let mut found: Vec<_> = found
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let file = l["uri"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string();
                let start = &l["range"]["start"];
                (
                    file,
                    start["line"].as_u64().unwrap(),
                    start["character"].as_u64().unwrap(),
                )
            })
            .collect();
        found.sort();
        found
    };
    let op_uses = references(&mut client, 5, 19);
    let expected = [
        ("d.irdl.mlir", 5, 17),
        ("one.mlir", 1, 2),
        ("two.mlir", 1, 2),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|(f, l, c)| (f.to_string(), *l, *c))
        .collect();
    assert_eq!(op_uses, expected);
    let type_uses = references(&mut client, 1, 13);
    let expected = [
        ("d.irdl.mlir", 1, 12),
        ("one.mlir", 0, 17),
        ("one.mlir", 1, 16),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|(f, l, c)| (f.to_string(), *l, *c))
        .collect();
    assert_eq!(type_uses, expected);

    // From a use of the type, definition leads to `irdl.type @t`.
    client.open(&uri("one.mlir"), one);
    let at = json!({ "textDocument": { "uri": uri("one.mlir") }, "position": { "line": 0, "character": 19 } });
    let definition = client.request("textDocument/definition", at);
    assert_eq!(definition[0]["uri"], uri("d.irdl.mlir"));
    assert_eq!(
        definition[0]["range"]["start"],
        json!({ "line": 1, "character": 12 })
    );
}

#[test]
fn a_c_pred_is_a_hint_and_a_region_of_the_dialect_is_verified() {
    let (mut client, _) = Client::initialized(json!({}));
    let dialect = "file:///w/p.irdl.mlir";
    let text = "irdl.dialect @p {\n  irdl.operation @o {\n    %0 = irdl.c_pred \"true\"\n    %1 = irdl.is index\n    %r = irdl.region(%1)\n    irdl.operands(a: %0)\n    irdl.regions(body: %r)\n  }\n}\n";
    client.open(dialect, text);
    let diagnostics = client.diagnostics(dialect, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["severity"], 4, "an LSP hint");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 2);
    // The op's region entry argument must be an index: reported at the argument.
    let user = "file:///w/u.mlir";
    let use_text = "func.func @f(%x: f32) {\n  \"p.o\"(%x) ({\n  ^bb0(%i: i64):\n    llvm.unreachable\n  }) : (f32) -> ()\n  return\n}\n";
    client.open(user, use_text);
    let diagnostics = client.diagnostics(user, 1);
    assert_eq!(messages(&diagnostics), ["expected 'index' but got 'i64'"]);
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({ "line": 2, "character": 7 })
    );
}

/// Issue 40: a dialect type or attribute written outside any op of its dialect (in a
/// signature, a block argument, an alias, an attribute value) is checked against a
/// dialect of another workspace file, as `check --irdl-file` and `mlir-opt --irdl-file`
/// check it.
#[test]
fn types_and_attributes_of_a_workspace_dialect_are_checked_wherever_written() {
    let dialect = "irdl.dialect @shp {\n  irdl.type @vec2 {\n    %0 = irdl.is f32\n    %1 = irdl.is f64\n    %2 = irdl.any_of(%0, %1)\n    irdl.parameters(elem: %2)\n  }\n  irdl.attribute @tag {\n    %0 = irdl.is i32\n    irdl.parameters(width: %0)\n  }\n}\n";
    let user = "!bad_alias = !shp.vec2<i8>\nfunc.func @bad3(%v: !shp.vec2<i32>) {\n  \"t.op\"() ({\n  ^bb0(%w: !shp.vec2<i16>):\n    \"t.end\"() : () -> ()\n  }) {tag = #shp.tag<f32>} : () -> ()\n  return\n}\nfunc.func @good(%v: !shp.vec2<f32>) attributes {t = #shp.tag<i32>} {\n  return\n}\n";
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_irdl_written");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("shp.irdl.mlir"), dialect).unwrap();
    let mut client = start_in(&dir, json!({}));
    let uri = format!("file://{}/user.mlir", dir.display());
    client.open(&uri, user);
    let diagnostics = client.diagnostics(&uri, 1);
    let found: Vec<(u64, u64, &str)> = diagnostics
        .iter()
        .map(|d| {
            let start = &d["range"]["start"];
            let message = d["message"].as_str().unwrap_or("");
            (
                start["line"].as_u64().unwrap(),
                start["character"].as_u64().unwrap(),
                message,
            )
        })
        .collect();
    // The places and texts of `mlir-opt --irdl-file=shp.irdl.mlir` (0-based here).
    assert_eq!(
        found,
        [
            (0, 18, "'i8' does not satisfy the constraint"),
            (1, 25, "'i32' does not satisfy the constraint"),
            (3, 16, "'i16' does not satisfy the constraint"),
            (5, 17, "expected 'i32' but got 'f32'"),
        ]
    );
}
