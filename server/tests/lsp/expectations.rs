//! `expected-*` annotations in the editor: expected diagnostics are shown as expected
//! (information), annotations nothing matches are errors, and quick fixes add or remove
//! annotations.

use serde_json::{Value, json};

use super::URI;
use super::client::Client;

const ANNOTATED: &str = "func.func @f() {\n  // expected-error@+1 {{expected function type}}\n  \"t.op\"() : i32\n  return\n}\n\n// -----\n\nfunc.func @g() {\n  \"t.op\"() : () -> () // expected-error {{never produced}}\n  \"t.op\"() : i64\n  return\n}\n";

fn actions(client: &mut Client, diagnostic: &Value) -> Value {
    let params = json!({
        "textDocument": { "uri": URI },
        "range": diagnostic["range"],
        "context": { "diagnostics": [diagnostic] }
    });
    client.request("textDocument/codeAction", params)
}

#[test]
fn annotations_are_honoured_and_fixed() {
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, ANNOTATED);
    let diagnostics = client.diagnostics(URI, 1);
    let summary: Vec<(u64, u64, &str)> = diagnostics
        .iter()
        .map(|d| {
            (
                d["range"]["start"]["line"].as_u64().unwrap(),
                d["severity"].as_u64().unwrap(),
                d["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (2, 3, "expected error: expected function type"),
            (9, 1, "expected error \"never produced\" was not produced"),
            (10, 1, "expected function type"),
        ]
    );
    let remove = actions(&mut client, &diagnostics[1]);
    assert_eq!(
        remove[0]["title"],
        "Remove this stale expected-* annotation"
    );
    let edit = &remove[0]["edit"]["changes"][URI][0];
    assert_eq!(edit["newText"], "");
    assert_eq!(
        edit["range"]["start"],
        json!({ "line": 9, "character": 21 })
    );

    let add = actions(&mut client, &diagnostics[2]);
    let edit = &add[0]["edit"]["changes"][URI][0];
    assert_eq!(
        edit["newText"],
        "  // expected-error @below {{expected function type}}\n"
    );
    assert_eq!(
        edit["range"]["start"],
        json!({ "line": 10, "character": 0 })
    );
    assert_eq!(
        actions(&mut client, &diagnostics[0]),
        json!([]),
        "an expected diagnostic needs no fix"
    );
}
