//! The reader of `llvm-tblgen --dump-json` output into `Records`.
//!
//! The JSON is one object: `!tablegen_json_version` (1), `!instanceof` (for each class,
//! the names of the defs deriving from it) and one member per concrete def, keyed by its
//! name. llvm-tblgen sorts object members by name, so records come sorted by name and
//! their fields too; we keep the order the JSON gives. The JSON is parsed once, and every
//! step after that is linear in its size.

mod json;
mod record;
mod value;
mod write;

use std::collections::HashSet;

use self::json::Json;
use self::record::read_record;
use crate::error::ReadError;
use crate::record::Records;

/// The only format version we know; a newer one may mean other shapes.
const JSON_VERSION: i64 = 1;

impl Records {
    /// Reads the output of `llvm-tblgen --dump-json`.
    pub fn from_dump_json(bytes: &[u8]) -> Result<Records, ReadError> {
        let members = json::parse(bytes)?.into_object("the top level")?;
        let mut version = None;
        let mut instanceof = None;
        let mut records = Vec::with_capacity(members.len());
        for (key, value) in members {
            match key.as_str() {
                "!tablegen_json_version" => version = Some(value),
                "!instanceof" => instanceof = Some(value),
                // Metadata of a newer llvm-tblgen; records never start with `!`.
                unknown if unknown.starts_with('!') => {}
                _ => records.push(read_record(key, value)?),
            }
        }
        check_version(version)?;
        let records = Records::new(records);
        if let Some(duplicate) = records.first_duplicate_name() {
            return Err(ReadError::new("appears twice").in_record(duplicate));
        }
        if let Some(instanceof) = instanceof {
            check_instanceof(&records, instanceof).map_err(|e| e.in_field("!instanceof"))?;
        }
        Ok(records)
    }

    /// Reads the output of `llvm-tblgen --dump-json` from text.
    pub fn from_dump_json_str(text: &str) -> Result<Records, ReadError> {
        Records::from_dump_json(text.as_bytes())
    }
}

fn check_version(version: Option<Json>) -> Result<(), ReadError> {
    match version {
        Some(Json::Int(JSON_VERSION)) => Ok(()),
        Some(Json::Int(other)) => Err(ReadError::new(format!(
            "`!tablegen_json_version` is {other}; only {JSON_VERSION} is known"
        ))),
        Some(other) => Err(json::expected(
            "`!tablegen_json_version`",
            "a number",
            &other,
        )),
        None => Err(ReadError::new("there is no `!tablegen_json_version`")),
    }
}

/// Our class index comes from each record's `!superclasses`; the JSON's `!instanceof`
/// must say the same, or the input is inconsistent.
fn check_instanceof(records: &Records, instanceof: Json) -> Result<(), ReadError> {
    let classes = instanceof.into_object("the value")?;
    let mut listed = HashSet::with_capacity(classes.len());
    for (class, names) in classes {
        let names = names.into_strings(&format!("the list of class `{class}`"))?;
        check_class(records, &class, &names)?;
        listed.insert(class);
    }
    let unlisted = records.classes().find(|class| !listed.contains(*class));
    match unlisted {
        Some(class) => Err(ReadError::new(format!(
            "does not list the class `{class}`, which records derive from"
        ))),
        None => Ok(()),
    }
}

fn check_class(records: &Records, class: &str, names: &[String]) -> Result<(), ReadError> {
    let disagree = || {
        ReadError::new(format!(
            "the list of class `{class}` disagrees with the records' `!superclasses`"
        ))
    };
    for name in names {
        let record = records.get(name).ok_or_else(disagree)?;
        if !record.is_a(class) {
            return Err(disagree());
        }
    }
    // Every listed name derives from the class; as many names as derivers means all.
    if names.len() != records.deriving(class).count() {
        return Err(disagree());
    }
    Ok(())
}
