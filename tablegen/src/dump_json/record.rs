//! Reading one record of the JSON: its `!`-entries (name, anonymity, superclasses, `field`
//! fields, locations) and its fields.

use super::json::Json;
use super::value::read_value;
use crate::error::ReadError;
use crate::record::{Field, Record, SourceLoc};

/// The `!`-entries of a record, read before its fields are put together.
#[derive(Default)]
struct Entries {
    name: Option<String>,
    anonymous: Option<bool>,
    superclasses: Option<Vec<String>>,
    field_keyword: Option<Vec<String>>,
    locs: Vec<SourceLoc>,
}

/// Reads the record stored under `key`; errors name the record.
pub(super) fn read_record(key: String, json: Json) -> Result<Record, ReadError> {
    read_record_members(&key, json).map_err(|error| error.in_record(&key))
}

fn read_record_members(key: &str, json: Json) -> Result<Record, ReadError> {
    let members = json.into_object("the record")?;
    let mut entries = Entries::default();
    let mut fields = Vec::with_capacity(members.len());
    for (name, value) in members {
        if name.starts_with('!') {
            read_entry(&mut entries, &name, value).map_err(|error| error.in_field(&name))?;
        } else {
            let value = read_value(value).map_err(|error| error.in_field(&name))?;
            fields.push(Field {
                name,
                value,
                field_keyword: false,
            });
        }
    }
    finish(key, entries, fields)
}

/// Reads one `!`-entry. Unknown ones are skipped: they are metadata of a newer
/// llvm-tblgen, never fields (field names cannot start with `!`).
fn read_entry(entries: &mut Entries, name: &str, value: Json) -> Result<(), ReadError> {
    match name {
        "!name" => entries.name = Some(value.into_string("the value")?),
        "!anonymous" => entries.anonymous = Some(value.into_bool("the value")?),
        "!superclasses" => entries.superclasses = Some(value.into_strings("the value")?),
        "!fields" => entries.field_keyword = Some(value.into_strings("the value")?),
        "!locs" => entries.locs = read_locs(value)?,
        _ => {}
    }
    Ok(())
}

fn read_locs(value: Json) -> Result<Vec<SourceLoc>, ReadError> {
    let locs = value.into_strings("the value")?;
    locs.iter().map(|loc| parse_loc(loc)).collect()
}

/// `FILE:LINE`; the file may itself hold colons (a Windows drive).
fn parse_loc(loc: &str) -> Result<SourceLoc, ReadError> {
    let parsed = loc.rsplit_once(':').and_then(|(file, line)| {
        let line = line.parse().ok()?;
        Some(SourceLoc {
            file: file.to_owned(),
            line,
        })
    });
    parsed.ok_or_else(|| ReadError::new(format!("the location `{loc}` is not FILE:LINE")))
}

/// Checks the required entries and marks the fields declared with `field`.
fn finish(key: &str, entries: Entries, mut fields: Vec<Field>) -> Result<Record, ReadError> {
    let name = entries.name.ok_or_else(|| missing("!name"))?;
    if name != key {
        return Err(ReadError::new(format!(
            "is stored under another name than its `!name` `{name}`"
        )));
    }
    let anonymous = entries.anonymous.ok_or_else(|| missing("!anonymous"))?;
    let superclasses = entries
        .superclasses
        .ok_or_else(|| missing("!superclasses"))?;
    let field_keyword = entries.field_keyword.ok_or_else(|| missing("!fields"))?;
    for field_name in &field_keyword {
        mark_field_keyword(&mut fields, field_name).map_err(|error| error.in_field("!fields"))?;
    }
    Ok(Record {
        name,
        anonymous,
        superclasses,
        fields,
        locs: entries.locs,
    })
}

fn missing(entry: &str) -> ReadError {
    ReadError::new(format!("has no `{entry}`"))
}

fn mark_field_keyword(fields: &mut [Field], name: &str) -> Result<(), ReadError> {
    let field = fields.iter_mut().find(|field| field.name == name);
    let field =
        field.ok_or_else(|| ReadError::new(format!("names `{name}`, which is no field")))?;
    field.field_keyword = true;
    Ok(())
}
