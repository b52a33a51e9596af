//! End-to-end signature help: an op's operands with their constraints, the one at the
//! cursor active, in custom and generic form; nothing for ops without a spec.

use serde_json::{Value, json};

use super::URI;
use super::client::Client;

const TEXT: &str = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = \"arith.subi\"(%a, %a) : (i32, i32) -> i32\n  \"t.op\"(%a) : (i32) -> ()\n  return %0 : i32\n}\n";

fn help_at(client: &mut Client, line: u32, character: u32) -> Value {
    let params = json!({
        "textDocument": { "uri": URI },
        "position": { "line": line, "character": character },
        "context": { "triggerKind": 2, "triggerCharacter": ",", "isRetrigger": false },
    });
    client.request("textDocument/signatureHelp", params)
}

/// The label of the active parameter, cut from the signature's label by its offsets.
fn active_label(help: &Value) -> String {
    let signature = &help["signatures"][0];
    let label = signature["label"].as_str().unwrap();
    let active = help["activeParameter"].as_u64().unwrap() as usize;
    let offsets = &signature["parameters"][active]["label"];
    let (start, end) = (offsets[0].as_u64().unwrap(), offsets[1].as_u64().unwrap());
    label[start as usize..end as usize].to_string()
}

#[test]
fn signature_help_marks_the_operand_at_the_cursor() {
    let (mut client, result) = Client::initialized(json!({}));
    let triggers = &result["capabilities"]["signatureHelpProvider"]["triggerCharacters"];
    assert_eq!(triggers, &json!(["(", ",", " "]));
    client.open(URI, TEXT);
    // After `arith.addi %a, `: the second operand.
    let custom = help_at(&mut client, 1, 22);
    let signature = &custom["signatures"][0];
    assert!(
        signature["label"]
            .as_str()
            .unwrap()
            .starts_with("arith.addi %lhs: "),
        "{custom}"
    );
    assert!(active_label(&custom).starts_with("%rhs: "), "{custom}");
    let docs = signature["documentation"]["value"].as_str().unwrap();
    assert!(docs.starts_with("**arith.addi**"), "{docs}");
    // Inside `"arith.subi"(`, before the first operand.
    let generic = help_at(&mut client, 2, 21);
    assert!(active_label(&generic).starts_with("%lhs: "), "{generic}");
    // An op without a spec has no signature.
    assert!(help_at(&mut client, 3, 10).is_null());
}

/// Broken IR, non-ASCII text: every position of every line is answered without error,
/// in UTF-8 as in UTF-16.
#[test]
fn signature_help_anywhere_in_broken_text_is_answered() {
    let text = "func.func @f(%a: i32) {\n  %0 = \"arith.addi\"(%a, %a : (i32, i32) -> i32 // é\n  %1 = arith.cmpi eq, %a, \"ü\"\n  func.call @g(%a,\n}\n\u{1F600} arith.addi";
    for encodings in [json!(["utf-8"]), json!(["utf-16"])] {
        let caps = json!({ "general": { "positionEncodings": encodings } });
        let (mut client, _) = Client::initialized(caps);
        client.open(URI, text);
        for (line, content) in text.lines().enumerate() {
            for character in 0..=content.len() as u32 + 1 {
                help_at(&mut client, line as u32, character);
            }
        }
    }
}
