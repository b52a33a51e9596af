//! A `didOpen` body read with its document's text left as raw JSON, and that text decoded
//! into a string of the right size at once (`open_texts`): serde_json would decode it into
//! a scratch buffer grown step by step, then copy it out, touching three times its size
//! of fresh memory.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// The path of the document's text in a `didOpen` message.
const TEXT_PATH: [&str; 3] = ["params", "textDocument", "text"];

/// `body` as a JSON object, with the member at `TEXT_PATH` replaced by an empty string,
/// and that member's raw JSON; `None` if `body` is no JSON object or has no such member.
pub fn split_text(body: &[u8]) -> Option<(Value, &RawValue)> {
    let mut de = serde_json::Deserializer::from_slice(body);
    let (message, raw) = Descend { path: &TEXT_PATH }.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some((message, raw?))
}

/// Reads an object, taking the member at `path` (below it) raw.
struct Descend<'p> {
    path: &'p [&'p str],
}

impl<'de> DeserializeSeed<'de> for Descend<'_> {
    type Value = (Value, Option<&'de RawValue>);

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Descend<'_> {
    type Value = (Value, Option<&'de RawValue>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut members = Map::new();
        let mut raw = None;
        while let Some(key) = map.next_key::<String>()? {
            let value = match self.path {
                [name] if *name == key => {
                    raw = Some(map.next_value::<&RawValue>()?);
                    Value::String(String::new())
                }
                [name, below @ ..] if *name == key => {
                    let (value, found) = map.next_value_seed(Descend { path: below })?;
                    raw = found;
                    value
                }
                _ => map.next_value()?,
            };
            members.insert(key, value);
        }
        Ok((Value::Object(members), raw))
    }
}

/// The string a raw JSON string stands for; `None` if it is no string, or holds an escape
/// serde_json would refuse (a lone surrogate).
pub fn decode_string(raw: &str) -> Option<String> {
    let mut rest = raw.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(rest.len());
    while let Some(at) = memchr::memchr(b'\\', rest.as_bytes()) {
        out.push_str(&rest[..at]);
        let (decoded, len) = escape(&rest[at + 1..])?;
        out.push(decoded);
        rest = &rest[at + 1 + len..];
    }
    out.push_str(rest);
    Some(out)
}

/// The character of the escape at the start of `after` (what follows its backslash), and
/// how many bytes it takes there.
fn escape(after: &str) -> Option<(char, usize)> {
    let simple = match after.as_bytes().first()? {
        b'n' => '\n',
        b't' => '\t',
        b'r' => '\r',
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'u' => return unicode_escape(after),
        _ => return None,
    };
    Some((simple, 1))
}

/// A `uXXXX` escape, or a surrogate pair of two (`uD83D\uDE00`).
fn unicode_escape(after: &str) -> Option<(char, usize)> {
    let first = hex4(after.get(1..5)?)?;
    if !(0xD800..0xDC00).contains(&first) {
        return char::from_u32(first).map(|c| (c, 5));
    }
    let low = hex4(after.get(5..11)?.strip_prefix("\\u")?)?;
    if !(0xDC00..0xE000).contains(&low) {
        return None;
    }
    let code = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00);
    char::from_u32(code).map(|c| (c, 11))
}

fn hex4(digits: &str) -> Option<u32> {
    if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde_json makes of every escape, and of text around them, we make too.
    #[test]
    fn strings_decode_as_serde_json_decodes_them() {
        let texts = [
            "plain",
            "",
            "a\nb\t\"c\"\\d/e\u{8}\u{c}\r",
            "é ∀ 😀 \u{1}\u{1f}",
            "\\n is no line break",
        ];
        for text in texts {
            let raw = serde_json::to_string(text).unwrap();
            assert_eq!(decode_string(&raw).as_deref(), Some(text), "{raw}");
        }
        let escaped = r#""\u00e9\u2200\ud83d\ude00\/""#;
        let expected: String = serde_json::from_str(escaped).unwrap();
        assert_eq!(decode_string(escaped), Some(expected));
    }

    #[test]
    fn lone_surrogates_and_non_strings_are_refused() {
        for raw in [
            r#""\ud83d""#,
            r#""\ude00""#,
            r#""\ud83dx""#,
            "42",
            r#""\q""#,
        ] {
            assert_eq!(decode_string(raw), None, "{raw}");
            if raw.starts_with('"') {
                assert!(serde_json::from_str::<String>(raw).is_err(), "{raw}");
            }
        }
    }

    #[test]
    fn the_text_is_split_from_the_rest_of_the_message() {
        let body = br#"{"jsonrpc":"2.0","params":{"textDocument":{"uri":"u","text":"a\nb","version":1}},"method":"m"}"#;
        let (message, raw) = split_text(body).unwrap();
        assert_eq!(raw.get(), r#""a\nb""#);
        let expected = r#"{"jsonrpc":"2.0","params":{"textDocument":{"uri":"u","text":"","version":1}},"method":"m"}"#;
        assert_eq!(message.to_string(), expected);
        assert!(split_text(br#"{"params":{"textDocument":{"uri":"u"}}}"#).is_none());
        assert!(split_text(br#"{"params":{"textDocument":{"text":"x"}}} trailing"#).is_none());
    }
}
