//! The parts of a message body that `messages::classify` reads (its envelope: `jsonrpc`,
//! `id`, `method`, the shape of `params`, whether `result` or `error` is there), parsed
//! with the rest skipped unread. The body is still checked to be JSON through and
//! through, but nothing of it is kept: the `didOpen` of a large file is tens of MB of
//! text, which tower-lsp-server parses again anyway.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// What a body is at its top.
pub enum Body {
    Object(Box<Envelope>),
    Array,
    /// A number, string, boolean or null.
    Scalar,
}

/// A JSON object's members that say what kind of message it is. As in a parsed
/// `serde_json::Value`, a member given twice counts with its last value.
#[derive(Default)]
pub struct Envelope {
    pub jsonrpc: Option<Value>,
    pub id: Option<Value>,
    pub method: Option<Value>,
    pub params: Option<Shape>,
    pub has_result: bool,
    pub has_error: bool,
}

/// What kind of JSON value a member holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Null,
    Object,
    Array,
    Scalar,
}

/// `body` read as JSON, or `None` if it is none.
pub fn parse(body: &[u8]) -> Option<Body> {
    serde_json::from_slice(body).ok()
}

/// A visitor's methods for JSON's scalars: `$scalar` for a number, string or boolean,
/// `$null` for null.
macro_rules! scalar_visits {
    ($value:ty, $scalar:expr, $null:expr) => {
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<$value, E> {
            Ok($scalar)
        }

        fn visit_i64<E: de::Error>(self, _: i64) -> Result<$value, E> {
            Ok($scalar)
        }

        fn visit_u64<E: de::Error>(self, _: u64) -> Result<$value, E> {
            Ok($scalar)
        }

        fn visit_f64<E: de::Error>(self, _: f64) -> Result<$value, E> {
            Ok($scalar)
        }

        fn visit_str<E: de::Error>(self, _: &str) -> Result<$value, E> {
            Ok($scalar)
        }

        fn visit_unit<E: de::Error>(self) -> Result<$value, E> {
            Ok($null)
        }
    };
}

impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(BodyVisitor)
    }
}

struct BodyVisitor;

impl<'de> Visitor<'de> for BodyVisitor {
    type Value = Body;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Body, A::Error> {
        let mut envelope = Envelope::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "jsonrpc" => envelope.jsonrpc = Some(map.next_value()?),
                "id" => envelope.id = Some(map.next_value()?),
                "method" => envelope.method = Some(map.next_value()?),
                "params" => envelope.params = Some(map.next_value()?),
                "result" => {
                    map.next_value::<IgnoredAny>()?;
                    envelope.has_result = true;
                }
                "error" => {
                    map.next_value::<IgnoredAny>()?;
                    envelope.has_error = true;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Body::Object(Box::new(envelope)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Body, A::Error> {
        skip_seq(seq).map(|()| Body::Array)
    }

    scalar_visits!(Body, Body::Scalar, Body::Scalar);
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ShapeVisitor)
    }
}

struct ShapeVisitor;

impl<'de> Visitor<'de> for ShapeVisitor {
    type Value = Shape;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Shape, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Shape::Object)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Shape, A::Error> {
        skip_seq(seq).map(|()| Shape::Array)
    }

    scalar_visits!(Shape, Shape::Scalar, Shape::Null);
}

fn skip_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params_shape(body: &str) -> Option<Shape> {
        match parse(body.as_bytes()) {
            Some(Body::Object(envelope)) => envelope.params,
            _ => panic!("not an object: {body}"),
        }
    }

    #[test]
    fn params_are_known_by_their_shape_alone() {
        assert_eq!(
            params_shape(r#"{"params":{"a":[1,{"b":"\n"}]}}"#),
            Some(Shape::Object)
        );
        assert_eq!(params_shape(r#"{"params":[1,2]}"#), Some(Shape::Array));
        assert_eq!(params_shape(r#"{"params":null}"#), Some(Shape::Null));
        assert_eq!(params_shape(r#"{"params":"x"}"#), Some(Shape::Scalar));
        assert_eq!(params_shape(r#"{"method":"m"}"#), None);
    }

    #[test]
    fn a_member_given_twice_counts_with_its_last_value() {
        let Some(Body::Object(envelope)) = parse(br#"{"id":1,"id":"two"}"#) else {
            panic!("not an object");
        };
        assert_eq!(envelope.id, Some(Value::from("two")));
    }

    #[test]
    fn what_is_not_json_through_and_through_is_refused() {
        for body in [
            r#"{"params":{"a":}}"#,
            r#"{"id":1} x"#,
            r#"{"s":"\q"}"#,
            "[1,",
            "",
        ] {
            assert!(parse(body.as_bytes()).is_none(), "{body}");
        }
        assert!(matches!(parse(b" [1, {\"a\": 2}] "), Some(Body::Array)));
        assert!(matches!(parse(b"42"), Some(Body::Scalar)));
    }
}
