//! Hover shows a type for every value (issue 5): each valid corpus file that uses only
//! builtin, func, cf, arith, scf and memref ops is opened in the real server, every value
//! name its semantic tokens mark is hovered, and the hover must name the value's type.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::client::Client;

/// `MLIR_CORPUS`, else `../shared/corpus` beside the repository.
fn corpus() -> PathBuf {
    std::env::var_os("MLIR_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"))
}

/// The valid files whose dialects (the manifest's sixth column) are all ones we specify.
fn core_dialect_files(corpus: &Path) -> Vec<PathBuf> {
    const CORE: [&str; 6] = ["builtin", "func", "cf", "arith", "scf", "memref"];
    let manifest = std::fs::read_to_string(corpus.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let core = fields.get(5)?.split(',').all(|d| CORE.contains(&d));
            (fields.get(6) == Some(&"valid") && core).then(|| corpus.join(fields[0]))
        })
        .collect()
}

/// Where the semantic tokens of kind variable (2) or parameter (3) start.
fn value_positions(tokens: &Value) -> Vec<(u64, u64)> {
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .expect("semantic token data")
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let (mut line, mut start) = (0, 0);
    let mut out = Vec::new();
    for t in data.chunks(5) {
        if t[0] > 0 {
            start = 0;
        }
        line += t[0];
        start += t[1];
        if matches!(t[3], 2 | 3) {
            out.push((line, start));
        }
    }
    out
}

#[test]
fn every_value_of_the_core_dialect_files_shows_its_type() {
    let files = core_dialect_files(&corpus());
    assert!(files.len() > 100, "only {} files", files.len());
    let (mut client, _) = Client::initialized(json!({}));
    let (mut values, mut untyped) = (0, Vec::new());
    for (i, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).expect("corpus file");
        let uri = format!("file:///corpus/{i}.mlir");
        client.open(&uri, &text);
        let doc = json!({ "textDocument": { "uri": uri } });
        let tokens = client.request("textDocument/semanticTokens/full", doc);
        for (line, character) in value_positions(&tokens) {
            let at = json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } });
            let hover = client.request("textDocument/hover", at);
            let markdown = hover["contents"]["value"].as_str().unwrap_or("");
            values += 1;
            if !markdown.contains("type: `") && !markdown.contains(": `") {
                untyped.push(format!("{}:{}:{}", path.display(), line + 1, character + 1));
            }
        }
        client.notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": uri } }),
        );
    }
    assert!(values > 3000, "only {values} values hovered");
    assert!(
        untyped.is_empty(),
        "{} of {values} values without a type: {untyped:?}",
        untyped.len()
    );
}
