//! Ordering and integrity of incremental edits: many rapid `didChange`s, and random edit
//! sequences (insertions, deletions, multi-line, non-ASCII) after which the server's text
//! must equal the client's.

use serde_json::json;

use super::client::Client;

/// A tiny deterministic PRNG (xorshift), so failures reproduce without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// The client's model of a document, with LSP positions in UTF-16.
struct Doc(Vec<char>);

impl Doc {
    /// (line, UTF-16 character) of a char index, counting `\n`, `\r\n` and `\r`.
    fn position(&self, index: usize) -> (usize, usize) {
        let (mut line, mut col, mut i) = (0, 0, 0);
        while i < index {
            match self.0[i] {
                '\r' if self.0.get(i + 1) == Some(&'\n') && i + 1 < index => {
                    i += 1;
                    line += 1;
                    col = 0;
                }
                '\r' | '\n' => {
                    line += 1;
                    col = 0;
                }
                c => col += c.len_utf16(),
            }
            i += 1;
        }
        (line, col)
    }

    /// A char index that does not split a `\r\n` pair (LSP cannot address its middle).
    fn boundary(&self, mut index: usize) -> usize {
        if index > 0 && index < self.0.len() && self.0[index - 1] == '\r' && self.0[index] == '\n' {
            index -= 1;
        }
        index
    }
}

const PIECES: &[&str] = &[
    "%x",
    " ",
    "\n",
    "é",
    "😀",
    "\r\n",
    "func.func @f() {\n}",
    "\"s\"",
    "",
    "}",
    "// c\n",
];

fn random_change(rng: &mut Rng, doc: &mut Doc) -> serde_json::Value {
    let len = doc.0.len();
    let a = doc.boundary(rng.below(len + 1));
    let b = doc.boundary((a + rng.below(6)).min(len));
    let (start, end) = (doc.position(a), doc.position(b));
    let text: String = (0..rng.below(3))
        .map(|_| PIECES[rng.below(PIECES.len())])
        .collect();
    doc.0.splice(a..b, text.chars());
    json!({
        "range": {
            "start": { "line": start.0, "character": start.1 },
            "end": { "line": end.0, "character": end.1 }
        },
        "text": text
    })
}

#[test]
fn rapid_changes_are_applied_in_order() {
    let (mut client, _) = Client::initialized(json!({}));
    let uri = "file:///work/rapid.mlir";
    client.open(uri, "");
    let mut expected = String::new();
    for version in 2..=301 {
        let text = format!("%{version} ");
        let at = expected.chars().count();
        let change = json!([{ "range": { "start": { "line": 0, "character": at }, "end": { "line": 0, "character": at } }, "text": text }]);
        client.change(uri, version, change);
        expected += &text;
    }
    assert_eq!(client.server_text(uri), expected);
    client.diagnostics(uri, 301);
}

#[test]
fn random_edit_sequences_keep_server_and_client_texts_equal() {
    let (mut client, _) = Client::initialized(json!({}));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for sequence in 0..1_000 {
        let uri = format!("file:///work/random{}.mlir", sequence % 8);
        let initial = "func.func @f(%a: i32) {\r\n  \"t.op\"() {s = \"é😀\"} : () -> ()\n}\n";
        let mut doc = Doc(initial.chars().collect());
        client.open(&uri, initial);
        for step in 0..1 + rng.below(6) {
            let changes: Vec<_> = (0..1 + rng.below(3))
                .map(|_| random_change(&mut rng, &mut doc))
                .collect();
            client.change(&uri, 2 + step as i64, json!(changes));
        }
        let expected: String = doc.0.iter().collect();
        assert_eq!(client.server_text(&uri), expected, "sequence {sequence}");
        if sequence % 50 == 0 {
            // The tree the server keeps (reparsed edit by edit) equals a fresh parse.
            let last_version = client.last_version(&uri);
            client.diagnostics(&uri, last_version);
            let tree = client.request("mlir-analyzer/syntaxTree", json!({ "uri": uri }));
            assert_eq!(
                tree.as_str().unwrap(),
                mlir_syntax::parse(&expected).debug_dump(),
                "sequence {sequence}"
            );
        }
    }
}
