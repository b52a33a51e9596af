//! Lowers `TypeDef` and `AttrDef` records into their documentation (`TypeDefSpec`):
//! dialect, mnemonic, summary, description, parameters and assembly format. Defs without
//! a mnemonic (written only through a C++ parser) or of the builtin dialect are left out.

use tablegen::{Record, Records, Value};

use super::{dedent, origin, text_field};
use crate::registry::{DefKind, ParamDoc, TypeDefSpec};

/// The documented type and attribute defs of one collection.
pub(super) fn lower_type_defs(records: &Records) -> impl Iterator<Item = TypeDefSpec> + '_ {
    let types = records.deriving("TypeDef").map(|r| (DefKind::Type, r));
    let attrs = records.deriving("AttrDef").map(|r| (DefKind::Attr, r));
    types
        .chain(attrs)
        .filter(|(_, record)| !record.anonymous)
        .filter_map(|(kind, record)| lower_one(records, record, kind))
}

fn lower_one(records: &Records, record: &Record, kind: DefKind) -> Option<TypeDefSpec> {
    let dialect = record
        .field("dialect")
        .and_then(Value::as_def)
        .and_then(|def| records.get(def))
        .and_then(|dialect| dialect.field("name")?.as_str())
        .filter(|name| !name.is_empty() && *name != "builtin")?;
    let mnemonic = text_field(record, "mnemonic");
    if mnemonic.is_empty() {
        return None;
    }
    Some(TypeDefSpec {
        kind,
        dialect: dialect.to_string(),
        mnemonic,
        summary: text_field(record, "summary"),
        description: dedent(&text_field(record, "description")),
        parameters: parameters(records, record),
        assembly_format: text_field(record, "assemblyFormat").trim().to_string(),
        origin: origin(record),
    })
}

/// `(ins "Type":$elementType, ArrayRefParameter<"int64_t", "sizes">:$shape)`: a string
/// is the C++ type itself; a parameter def has its `cppType` and `summary`.
fn parameters(records: &Records, record: &Record) -> Vec<ParamDoc> {
    let Some(dag) = record.field("parameters").and_then(Value::as_dag) else {
        return Vec::new();
    };
    dag.args
        .iter()
        .map(|arg| {
            let name = arg.name.clone().unwrap_or_default();
            let (cpp_type, summary) = match &arg.value {
                Value::Def(def) => match records.get(def) {
                    Some(param) => (text_field(param, "cppType"), text_field(param, "summary")),
                    None => (def.clone(), String::new()),
                },
                other => (
                    other.as_str().unwrap_or_default().to_string(),
                    String::new(),
                ),
            };
            ParamDoc {
                name,
                cpp_type: cpp_type.trim().to_string(),
                summary: summary.trim().to_string(),
            }
        })
        .collect()
}
