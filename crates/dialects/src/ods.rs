//! ODS import (dialects stage, DESIGN §3.3): lowers TableGen records of ODS `.td` files
//! (`Dialect`, `Op`, enum, type and attribute defs) into the spec type the registry holds, so a dialect that
//! has `.td` files is known without a spec written by us.
//!
//! `ods/` is one concept with this file: `constraints` lowers type, attribute, region and
//! successor constraints (by name onto ours, else by predicate: see
//! `registry::type_pred`); `traits` lowers op traits; `ops` lowers one op; `names` maps the
//! C++ class names traits use (`HasParent<ForOp>`) to op names. The records come from any
//! front end (`llvm-tblgen --dump-json` today); nothing here reads files.

mod constraints;
mod names;
mod ops;
mod traits;
mod type_defs;

#[cfg(test)]
mod tests;

use rustc_hash::FxHashSet;
use tablegen::{Record, Records};

use crate::registry::{DialectSpec, EnumSpec, OpSpec, Origin, TypeDefSpec};

/// What a set of record collections defines, lowered: dialects, ops and enums, each once
/// (the first collection that defines one wins), and what could not be lowered.
#[derive(Debug, Clone, Default)]
pub struct OdsImport {
    pub dialects: Vec<DialectSpec>,
    pub ops: Vec<OpSpec>,
    pub enums: Vec<EnumSpec>,
    /// The documentation of dialects' types and attributes (`TypeDef`, `AttrDef`).
    pub type_defs: Vec<TypeDefSpec>,
    /// Defs left out, with why (`MyOp: no dialect`); never an error of the `.td` file.
    pub skipped: Vec<String>,
}

/// The classes whose records `lower` starts from; everything else it reads is reached
/// from them through def references, so a collection cut down to what these reach
/// (`Records::reachable_from(is_lowered_root)`) lowers the same.
pub const ROOT_CLASSES: [&str; 5] = ["AttrDef", "Dialect", "EnumAttrInfo", "Op", "TypeDef"];

/// Whether `lower` starts from `record` (see `ROOT_CLASSES`).
pub fn is_lowered_root(record: &Record) -> bool {
    ROOT_CLASSES.iter().any(|class| record.is_a(class))
}

/// Every field name the lowering reads, of any record: the rest (C++ code of builders and
/// interface methods, most of a `.td` file's bytes) can be dropped before records are
/// stored. A test lowers MLIR's dialects both ways and compares; a field read anywhere in
/// `ods/` or `registry::type_pred` must be listed here.
pub const READ_FIELDS: &[&str] = &[
    "arguments",
    "assemblyFormat",
    "attrConstraints",
    "baseAttr",
    "baseType",
    "bitwidth",
    "builderCall",
    "child",
    "children",
    "className",
    "constraint",
    "cppInterfaceName",
    "cppNamespace",
    "cppType",
    "defaultValue",
    "description",
    "dialect",
    "enum",
    "enumerants",
    "hasCustomAssemblyFormat",
    "hasRegionVerifier",
    "hasVerifier",
    "isOptional",
    "kind",
    "lhs",
    "mnemonic",
    "name",
    "opDialect",
    "opName",
    "parameters",
    "pattern",
    "predExpr",
    "predicate",
    "prefix",
    "regions",
    "replacement",
    "results",
    "rhs",
    "str",
    "successors",
    "suffix",
    "summary",
    "trait",
    "traits",
    "transformer",
    "value",
    "values",
];

/// Whether the lowering reads fields named `name` (see `READ_FIELDS`).
pub fn is_read_field(name: &str) -> bool {
    READ_FIELDS.contains(&name)
}

/// Lowers the dialects, ops and enums of `sets` (one per evaluated root file; an op
/// included by several roots appears in several sets).
pub fn lower(sets: &[&Records]) -> OdsImport {
    let classes = names::CppNames::of(sets);
    let types = names::TypeClasses::of(sets);
    let mut out = OdsImport::default();
    let mut seen = FxHashSet::default();
    for records in sets {
        for record in records.deriving("Dialect") {
            if let Some(dialect) = dialect(record)
                && seen.insert(format!("dialect {}", dialect.name))
            {
                out.dialects.push(dialect);
            }
        }
        for record in records.deriving("EnumAttrInfo") {
            if let Some(spec) = constraints::enum_spec(records, record)
                && seen.insert(format!("enum {}", spec.name))
            {
                out.enums.push(spec);
            }
        }
        for def in type_defs::lower_type_defs(records) {
            if seen.insert(format!("def {}", def.key())) {
                out.type_defs.push(def);
            }
        }
        for record in records.deriving("Op") {
            if record.anonymous {
                continue;
            }
            match ops::lower_op(records, record, &classes, &types) {
                Ok(op) => {
                    if seen.insert(format!("op {}", op.name)) {
                        out.ops.push(op);
                    }
                }
                Err(why) => out.skipped.push(format!("{}: {why}", record.name)),
            }
        }
    }
    out
}

fn dialect(record: &Record) -> Option<DialectSpec> {
    let name = record.field("name")?.as_str()?.to_string();
    Some(DialectSpec {
        name,
        summary: text_field(record, "summary"),
        description: dedent(&text_field(record, "description")),
        origin: origin(record),
    })
}

/// A string field, or the empty string where it is unset or not a string.
pub(crate) fn text_field(record: &Record, name: &str) -> String {
    record
        .field(name)
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_string()
}

/// Where the def was written (its last location: the `def` itself rather than the `defm`
/// lines that made it).
pub(crate) fn origin(record: &Record) -> Origin {
    match record.locs.first() {
        Some(loc) => Origin {
            file: loc.file.clone(),
            line: loc.line,
        },
        None => Origin {
            file: String::new(),
            line: 0,
        },
    }
}

/// A `.td` description without the indentation all its lines share, and without the
/// blank lines around it.
pub(crate) fn dedent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let text = crate::registry::spec_text::without_common_indent(&lines);
    text.trim_matches('\n').to_string()
}
