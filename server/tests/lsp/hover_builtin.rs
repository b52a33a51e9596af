//! Hover on builtin types and attributes through the real server (issue 48): a `memref`
//! read out in words (shape, element type, strided layout, memory space), an affine map's
//! dimensions and symbols, a `dense<...>` literal's shape, and an alias's expansion.

use serde_json::{Value, json};

use super::client::Client;

const URI: &str = "file:///hover/builtin.mlir";
const TEXT: &str = concat!(
    "!buf = memref<8x4xf32, strided<[8, 1], offset: ?>, 1>\n",
    "func.func @f(%m: !buf) {\n",
    "  %v = \"t.load\"(%m) {map = affine_map<(d0)[s0] -> (d0 + s0)>} : (!buf) -> vector<[4]xf32>\n",
    "  \"t.use\"() {d = dense<[1, 2, 3]> : tensor<3xi8>} : () -> ()\n",
    "  return\n",
    "}\n",
);

fn hover(client: &mut Client, line: u32, character: u32) -> String {
    let answer: Value = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": URI }, "position": { "line": line, "character": character } }),
    );
    answer["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn builtin_types_and_attributes_are_explained_in_words() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, TEXT);

    // `memref` in the alias's definition: the type read out.
    let memref = hover(&mut client, 0, 9);
    for part in [
        "memref of `f32`, rank 2: 8 × 4",
        "32 elements of 32 bits (128 bytes)",
        "layout: strided: dim 0 stride 8, dim 1 stride 1; offset ? (dynamic)",
        "memory space: `1`",
    ] {
        assert!(memref.contains(part), "{part:?} not in {memref}");
    }

    // The alias where it is used: what it expands to.
    let alias = hover(&mut client, 1, 18);
    assert!(alias.contains("which expands to"), "{alias}");
    assert!(
        alias.contains("memref<8x4xf32, strided<[8, 1], offset: ?>, 1>"),
        "{alias}"
    );

    let map = hover(&mut client, 2, 40);
    assert!(
        map.contains("affine map: 1 dimension (`d0`), 1 symbol (`s0`) → 1 result"),
        "{map}"
    );

    let vector = hover(&mut client, 2, 80);
    assert!(vector.contains("dim 0 scalable"), "{vector}");

    let dense = hover(&mut client, 3, 20);
    assert!(
        dense.contains("elements attribute: 3 elements of `i8`, shape 3"),
        "{dense}"
    );
}
