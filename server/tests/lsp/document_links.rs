//! End-to-end document links: file locations and `#loc` aliases link to the file they
//! name (next to the document or in a workspace folder) at the line, as `#L<line>,<col>`;
//! missing files get no link.

use std::path::Path;

use serde_json::{Value, json};

use super::client::Client;

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

#[test]
fn locations_link_to_existing_files_at_their_line() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_document_links");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("ir")).unwrap();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("ir/near.py"), "x\n").unwrap();
    std::fs::write(dir.join("src/model.py"), "line 1\nline 2\n").unwrap();
    let ir = dir.join("ir/dump.mlir");
    let absolute = dir.join("src/model.py");
    let text = format!(
        "#loc = loc(\"src/model.py\":2:5)\n\"t.op\"() : () -> () loc(\"near.py\":1:3)\n\"t.op\"() : () -> () loc(#loc)\n\"t.op\"() : () -> () loc(\"missing.py\":1:1)\n\"t.op\"() : () -> () loc({:?}:7:1)\n",
        absolute.display().to_string()
    );
    let text = text.as_str();
    std::fs::write(&ir, text).unwrap();

    let mut client = Client::start();
    let folder = json!([{ "uri": uri_of(&dir), "name": "w" }]);
    let result = client.request(
        "initialize",
        json!({ "capabilities": {}, "workspaceFolders": folder }),
    );
    assert_eq!(
        result["capabilities"]["documentLinkProvider"]["resolveProvider"],
        false
    );
    client.notify("initialized", json!({}));
    let uri = uri_of(&ir);
    client.open(&uri, text);
    let links = client.request(
        "textDocument/documentLink",
        json!({ "textDocument": { "uri": uri } }),
    );
    let shown: Vec<(u64, u64, String)> = links
        .as_array()
        .unwrap()
        .iter()
        .map(|l: &Value| {
            let start = &l["range"]["start"];
            (
                start["line"].as_u64().unwrap(),
                start["character"].as_u64().unwrap(),
                l["target"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let model = format!("{}#L2,5", uri_of(&dir.join("src/model.py")));
    let near = format!("{}#L1,3", uri_of(&dir.join("ir/near.py")));
    assert_eq!(
        shown,
        [
            (0, 11, model.clone()),
            (1, 24, near),
            (2, 24, model),
            (4, 24, format!("{}#L7,1", uri_of(&absolute))),
        ],
        "relative to the document, then the workspace folder, or absolute; no link to missing.py"
    );

    // Hover on a location says where it is and links to the file; a missing one has no link.
    let hover = |client: &mut Client, line: u32, character: u32| {
        let at = json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } });
        let answer = client.request("textDocument/hover", at);
        answer["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let near_hover = hover(&mut client, 1, 27);
    let near_link = format!(
        "[Open `near.py:1:3`]({}#L1,3)",
        uri_of(&dir.join("ir/near.py"))
    );
    assert!(near_hover.contains(&near_link), "{near_hover}");
    let missing = hover(&mut client, 3, 27);
    assert!(
        missing.contains("missing.py") && !missing.contains("[Open"),
        "{missing}"
    );
}
