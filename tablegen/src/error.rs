//! The error of reading `llvm-tblgen --dump-json` output: what is wrong, and in which
//! record and field.

use std::fmt::{self, Display, Formatter};

/// Why JSON could not be read as records: malformed JSON, or JSON of the wrong shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    record: Option<String>,
    field: Option<String>,
    message: String,
}

impl ReadError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ReadError {
            record: None,
            field: None,
            message: message.into(),
        }
    }

    /// Says the error is in the record `name`.
    pub(crate) fn in_record(mut self, name: &str) -> Self {
        self.record.get_or_insert_with(|| name.to_owned());
        self
    }

    /// Says the error is in the field (or `!`-entry) `name`.
    pub(crate) fn in_field(mut self, name: &str) -> Self {
        self.field.get_or_insert_with(|| name.to_owned());
        self
    }

    /// Says where inside a value the error is (`element 2`, `dag argument 0`).
    pub(crate) fn within(mut self, place: impl Display) -> Self {
        self.message = format!("{place}: {}", self.message);
        self
    }

    /// The record the error is in, if any.
    pub fn record(&self) -> Option<&str> {
        self.record.as_deref()
    }

    /// The field (or `!`-entry such as `!superclasses`) the error is in, if any.
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// What is wrong, without the record and field.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl Display for ReadError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("invalid llvm-tblgen JSON: ")?;
        if let Some(record) = &self.record {
            write!(f, "record `{record}`: ")?;
        }
        if let Some(field) = &self.field {
            write!(f, "field `{field}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}
