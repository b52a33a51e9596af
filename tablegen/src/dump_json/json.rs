//! A JSON tree that keeps the order of object members (the workspace's serde_json sorts
//! them), parsed by serde_json in one pass, and the small helpers the reader uses on it.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::error::ReadError;

#[derive(Debug, Default)]
pub(super) enum Json {
    #[default]
    Null,
    Bool(bool),
    Int(i64),
    /// A number that is no 64-bit integer, kept as text for the error message.
    OtherNumber(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Parses `bytes`; serde_json's message says where the JSON is malformed.
pub(super) fn parse(bytes: &[u8]) -> Result<Json, ReadError> {
    serde_json::from_slice(bytes)
        .map_err(|error| ReadError::new(format!("malformed JSON: {error}")))
}

impl Json {
    /// What the value is, for error messages.
    pub(super) fn describe(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Int(_) | Json::OtherNumber(_) => "a number",
            Json::String(_) => "a string",
            Json::Array(_) => "an array",
            Json::Object(_) => "an object",
        }
    }

    pub(super) fn into_string(self, what: &str) -> Result<String, ReadError> {
        match self {
            Json::String(text) => Ok(text),
            other => Err(expected(what, "a string", &other)),
        }
    }

    pub(super) fn into_bool(self, what: &str) -> Result<bool, ReadError> {
        match self {
            Json::Bool(value) => Ok(value),
            other => Err(expected(what, "a boolean", &other)),
        }
    }

    pub(super) fn into_array(self, what: &str) -> Result<Vec<Json>, ReadError> {
        match self {
            Json::Array(items) => Ok(items),
            other => Err(expected(what, "an array", &other)),
        }
    }

    pub(super) fn into_object(self, what: &str) -> Result<Vec<(String, Json)>, ReadError> {
        match self {
            Json::Object(members) => Ok(members),
            other => Err(expected(what, "an object", &other)),
        }
    }

    pub(super) fn into_strings(self, what: &str) -> Result<Vec<String>, ReadError> {
        let items = self.into_array(what)?;
        let strings = items.into_iter().enumerate().map(|(index, item)| {
            item.into_string(what)
                .map_err(|error| error.within(format!("element {index}")))
        });
        strings.collect()
    }
}

/// `WHAT is FOUND, not EXPECTED`.
pub(super) fn expected(what: &str, expected: &str, found: &Json) -> ReadError {
    ReadError::new(format!("{what} is {}, not {expected}", found.describe()))
}

/// Takes the member `key` out of a (small) object, leaving null in its place.
pub(super) fn take_member(members: &mut [(String, Json)], key: &str) -> Option<Json> {
    let (_, value) = members.iter_mut().find(|(name, _)| name == key)?;
    Some(std::mem::take(value))
}

/// Like `take_member`, but the member must be there.
pub(super) fn take_required(
    members: &mut [(String, Json)],
    key: &str,
    owner: &str,
) -> Result<Json, ReadError> {
    take_member(members, key).ok_or_else(|| ReadError::new(format!("{owner} has no `{key}`")))
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E>(self, value: bool) -> Result<Json, E> {
        Ok(Json::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Json, E> {
        Ok(Json::Int(value))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Json, E> {
        Ok(i64::try_from(value).map_or_else(|_| Json::OtherNumber(value.to_string()), Json::Int))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Json, E> {
        Ok(Json::OtherNumber(value.to_string()))
    }

    fn visit_str<E>(self, value: &str) -> Result<Json, E> {
        Ok(Json::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Json, E> {
        Ok(Json::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut members = Vec::with_capacity(map.size_hint().unwrap_or(0));
        while let Some(member) = map.next_entry::<String, Json>()? {
            members.push(member);
        }
        Ok(Json::Object(members))
    }
}
