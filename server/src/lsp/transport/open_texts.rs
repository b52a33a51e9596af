//! Large document texts taken out of their `didOpen` on the way to the server.
//! tower-lsp-server parses each message into an untagged enum, which buffers every string
//! of it and copies it again for each variant tried: three copies of a 40 MB text, a
//! quarter of a second at a million lines before the analysis can start. The relay reads
//! each body anyway; it takes a large text out once, hands the server the message with an
//! empty text, and the `didOpen` handler takes the text back from here (`take`).

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Mutex;

use tower_lsp_server::ls_types::Uri;

use super::json_text;

/// Bodies from this size on have their text taken out.
const LARGE_BODY: usize = 1 << 20;

/// The texts taken out, by the document and version of their `didOpen`.
#[derive(Default)]
pub struct OpenTexts {
    texts: Mutex<HashMap<(String, i32), String>>,
}

impl OpenTexts {
    /// `body` without its text, which is kept here, if it is a large `didOpen` whose
    /// document is a valid URI with a version; `None` leaves it whole.
    pub fn take_out(&self, body: &[u8]) -> Option<Vec<u8>> {
        if body.len() < LARGE_BODY {
            return None;
        }
        let (message, raw_text) = json_text::split_text(body)?;
        if message.get("method")?.as_str()? != "textDocument/didOpen" {
            return None;
        }
        let document = message.get("params")?.get("textDocument")?;
        let uri = Uri::from_str(document.get("uri")?.as_str()?).ok()?;
        let version = i32::try_from(document.get("version")?.as_i64()?).ok()?;
        let text = json_text::decode_string(raw_text.get())?;
        let small = serde_json::to_vec(&message).ok()?;
        let mut texts = self.texts.lock().unwrap_or_else(|p| p.into_inner());
        texts.insert((uri.as_str().to_string(), version), text);
        Some(small)
    }

    /// The text taken out of the `didOpen` of `uri` at `version`, if it was.
    pub fn take(&self, uri: &Uri, version: i32) -> Option<String> {
        let mut texts = self.texts.lock().unwrap_or_else(|p| p.into_inner());
        texts.remove(&(uri.as_str().to_string(), version))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn did_open(text: &str) -> Vec<u8> {
        let message = serde_json::json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {
                "uri": "file:///a%20b.mlir", "languageId": "mlir", "version": 3, "text": text,
            }},
        });
        serde_json::to_vec(&message).unwrap()
    }

    #[test]
    fn a_large_text_goes_around_its_message_and_back() {
        let texts = OpenTexts::default();
        let text = "func.func @f() {\n  return\n}\n\"é\"\n".repeat(LARGE_BODY / 20);
        let small = texts.take_out(&did_open(&text)).expect("taken out");
        let message: Value = serde_json::from_slice(&small).unwrap();
        let document = &message["params"]["textDocument"];
        assert_eq!(document["text"], "");
        assert_eq!(document["languageId"], "mlir");
        let uri = Uri::from_str("file:///a%20b.mlir").unwrap();
        assert_eq!(texts.take(&uri, 2), None);
        assert_eq!(texts.take(&uri, 3).as_deref(), Some(text.as_str()));
        assert_eq!(texts.take(&uri, 3), None);
    }

    #[test]
    fn small_or_other_messages_stay_whole() {
        let texts = OpenTexts::default();
        assert_eq!(texts.take_out(&did_open("func.func @f()")), None);
        let padding = "x".repeat(LARGE_BODY);
        let other = serde_json::json!({"jsonrpc": "2.0", "method": "m", "params": {"p": padding}});
        assert_eq!(texts.take_out(&serde_json::to_vec(&other).unwrap()), None);
        let broken = String::from_utf8(did_open(&padding)).unwrap();
        let broken = broken.replace("\"version\":3", "\"version\":\"3\"");
        assert_eq!(texts.take_out(broken.as_bytes()), None);
    }
}
