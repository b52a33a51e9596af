//! A large file opened: the diagnostics of its first lines are published first, the check
//! of the rest is reported as `$/progress`, and all of them follow. Its text, over a
//! megabyte, reaches the server whole on the relay's fast path (`open_texts`).

use serde_json::{Value, json};

use super::client::Client;

const URI: &str = "file:///work/big%20file.mlir";

/// 400 functions of about 3 KB each; functions 0 and 350 use an undeclared value. A
/// comment holds what JSON escapes: quotes, a backslash, a tab, non-ASCII text.
fn large_text() -> String {
    let mut text = String::from("// \"quoted\" \\ back\tslash, é ∀ 😀\n");
    for f in 0..400 {
        text.push_str(&format!("func.func @f{f}(%a: i32) -> i32 {{\n"));
        let first = if f == 0 || f == 350 { "%nowhere" } else { "%a" };
        text.push_str(&format!("  %s0 = arith.addi {first}, %a : i32\n"));
        for i in 1..80 {
            text.push_str(&format!("  %s{i} = arith.addi %s{}, %a : i32\n", i - 1));
        }
        text.push_str("  return %s79 : i32\n}\n");
    }
    text
}

fn lines_of(diagnostics: &[Value]) -> Vec<i64> {
    diagnostics
        .iter()
        .map(|d| d["range"]["start"]["line"].as_i64().unwrap())
        .collect()
}

/// The line of function `f`'s first statement.
fn first_statement_line(text: &str, f: usize) -> i64 {
    let at = text.find(&format!("func.func @f{f}(")).unwrap();
    text[..at].matches('\n').count() as i64 + 1
}

#[test]
fn the_first_lines_diagnostics_come_first_then_all() {
    let text = large_text();
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    let caps = json!({ "window": { "workDoneProgress": true } });
    let (mut client, _) = Client::initialized(caps);
    client.open(URI, &text);
    let leading = client.diagnostics(URI, 1);
    assert_eq!(lines_of(&leading), [first_statement_line(&text, 0)]);
    assert_eq!(leading[0]["message"], "use of undeclared SSA value name");
    let create = client.wait_for(|m| m["method"] == "window/workDoneProgress/create");
    let token = create["params"]["token"].clone();
    let answer = json!({ "jsonrpc": "2.0", "id": create["id"], "result": null });
    client.send_raw(answer.to_string().as_bytes());
    let all = client.diagnostics(URI, 1);
    let expected = [
        first_statement_line(&text, 0),
        first_statement_line(&text, 350),
    ];
    assert_eq!(lines_of(&all), expected);
    let progress = client.progress_to_end(&token);
    assert_eq!(progress[0]["kind"], "begin", "{progress:?}");
    assert_eq!(progress[0]["title"], "Checking big file.mlir");
    assert_eq!(progress.last().unwrap()["kind"], "end");
    assert_eq!(client.server_text(URI), text);
}

/// Without progress the client still gets both publications, in order.
#[test]
fn a_client_without_progress_gets_both_publications() {
    let text = large_text();
    let (mut client, _) = Client::initialized(json!({}));
    client.open(URI, &text);
    assert_eq!(client.diagnostics(URI, 1).len(), 1);
    assert_eq!(client.diagnostics(URI, 1).len(), 2);
    let create = |m: &Value| m["method"] == "window/workDoneProgress/create";
    assert!(
        client
            .wait_briefly(create, std::time::Duration::from_millis(200))
            .is_none()
    );
}
