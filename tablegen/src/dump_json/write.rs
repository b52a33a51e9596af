//! Writing `Records` in the format of `llvm-tblgen --dump-json`, which the reader reads
//! back to the same records: a cache of evaluated records needs no format of its own, and
//! our evaluator's output can be compared with llvm-tblgen's as text.
//!
//! Members keep the model's order (llvm-tblgen sorts them; the reader does not care).
//! A `bit` is written as a number and a `code` as a string, as llvm-tblgen does, so they
//! read back as `Int` and `String`.

use std::fmt::Write;

use crate::record::{Record, Records};
use crate::value::{Bit, Value};

impl Records {
    /// The records as `llvm-tblgen --dump-json` would print them.
    pub fn to_dump_json(&self) -> String {
        let mut out = String::with_capacity(self.len() * 512);
        out.push_str("{\"!tablegen_json_version\":1");
        for record in self {
            out.push(',');
            write_string(&mut out, &record.name);
            out.push(':');
            write_record(&mut out, record);
        }
        out.push_str(",\"!instanceof\":{");
        let mut classes: Vec<&str> = self.classes().collect();
        classes.sort_unstable();
        for (position, class) in classes.into_iter().enumerate() {
            if position > 0 {
                out.push(',');
            }
            write_string(&mut out, class);
            out.push(':');
            let names = self.deriving(class).map(|record| record.name.as_str());
            write_array(&mut out, names, write_string);
        }
        out.push_str("}}");
        out
    }
}

fn write_record(out: &mut String, record: &Record) {
    out.push_str("{\"!name\":");
    write_string(out, &record.name);
    let _ = write!(out, ",\"!anonymous\":{}", record.anonymous);
    out.push_str(",\"!superclasses\":");
    let superclasses = record.superclasses.iter().map(String::as_str);
    write_array(out, superclasses, write_string);
    out.push_str(",\"!fields\":");
    let keyword_fields = record.fields.iter().filter(|field| field.field_keyword);
    write_array(out, keyword_fields, |out, field| {
        write_string(out, &field.name)
    });
    out.push_str(",\"!locs\":");
    write_array(out, record.locs.iter(), |out, loc| {
        write_string(out, &loc.to_string());
    });
    for field in &record.fields {
        out.push(',');
        write_string(out, &field.name);
        out.push(':');
        write_value(out, &field.value);
    }
    out.push('}');
}

fn write_value(out: &mut String, value: &Value) {
    match value {
        Value::Unset => out.push_str("null"),
        Value::Bit(bit) => out.push(if *bit { '1' } else { '0' }),
        Value::Bits(bits) => write_array(out, bits.iter(), write_bit),
        Value::Int(number) => {
            let _ = write!(out, "{number}");
        }
        Value::String(text) | Value::Code(text) => write_string(out, text),
        Value::List(items) => write_array(out, items.iter(), write_value),
        Value::Dag(dag) => {
            out.push_str("{\"kind\":\"dag\",\"operator\":");
            write_value(out, &dag.operator);
            out.push_str(",\"args\":");
            write_array(out, dag.args.iter(), |out, arg| {
                out.push('[');
                write_value(out, &arg.value);
                out.push(',');
                match &arg.name {
                    Some(name) => write_string(out, name),
                    None => out.push_str("null"),
                }
                out.push(']');
            });
            write_printable(out, value);
        }
        Value::Def(name) => write_named(out, "def", "def", name, value),
        Value::Var(name) => write_named(out, "var", "var", name, value),
        Value::VarBit { var, index } => {
            out.push_str("{\"kind\":\"varbit\",\"var\":");
            write_string(out, var);
            let _ = write!(out, ",\"index\":{index}");
            write_printable(out, value);
        }
        Value::Unevaluated(_) => {
            out.push_str("{\"kind\":\"complex\"");
            write_printable(out, value);
        }
    }
}

fn write_bit(out: &mut String, bit: &Bit) {
    match bit {
        Bit::Known(bit) => out.push(if *bit { '1' } else { '0' }),
        Bit::Unset => out.push_str("null"),
        Bit::Ref(value) => write_value(out, value),
    }
}

/// `{"kind":KIND,KEY:NAME,"printable":...}`.
fn write_named(out: &mut String, kind: &str, key: &str, name: &str, value: &Value) {
    let _ = write!(out, "{{\"kind\":\"{kind}\",\"{key}\":");
    write_string(out, name);
    write_printable(out, value);
}

/// Closes a value object with its `printable` text (TableGen's syntax, as llvm-tblgen
/// gives it).
fn write_printable(out: &mut String, value: &Value) {
    out.push_str(",\"printable\":");
    write_string(out, &value.to_string());
    out.push('}');
}

fn write_array<T>(
    out: &mut String,
    items: impl Iterator<Item = T>,
    mut write_item: impl FnMut(&mut String, T),
) {
    out.push('[');
    for (position, item) in items.enumerate() {
        if position > 0 {
            out.push(',');
        }
        write_item(out, item);
    }
    out.push(']');
}

/// A JSON string literal; serde_json escapes exactly what JSON requires.
fn write_string(out: &mut String, text: &str) {
    match serde_json::to_string(text) {
        Ok(quoted) => out.push_str(&quoted),
        // Serializing a `str` cannot fail; an empty string keeps the JSON well formed.
        Err(_) => out.push_str("\"\""),
    }
}
