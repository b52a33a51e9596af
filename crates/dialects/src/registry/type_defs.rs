//! The documentation of a dialect's types and attributes (ODS `TypeDef`/`AttrDef`), for
//! hover on `!llvm.ptr<1>` or `#gpu.address_space<workgroup>`: what they are and what
//! their parameters mean. Nothing verifies against these yet.

use super::spec::Origin;

/// Whether a definition is of a type (`!d.t`) or an attribute (`#d.a`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DefKind {
    Type,
    Attr,
}

impl DefKind {
    /// The sigil its uses are written with.
    pub fn sigil(self) -> char {
        match self {
            DefKind::Type => '!',
            DefKind::Attr => '#',
        }
    }
}

/// One dialect type or attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeDefSpec {
    pub kind: DefKind,
    pub dialect: String,
    pub mnemonic: String,
    pub summary: String,
    pub description: String,
    pub parameters: Vec<ParamDoc>,
    /// The declarative assembly format of its parameters, if it has one.
    pub assembly_format: String,
    pub origin: Origin,
}

/// A parameter: its name, the C++ type it is stored as, and its summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamDoc {
    pub name: String,
    pub cpp_type: String,
    pub summary: String,
}

impl TypeDefSpec {
    /// The registry's key of a definition: `!llvm.ptr`.
    pub fn key(&self) -> String {
        key(self.kind, &self.dialect, &self.mnemonic)
    }
}

/// The key of the definition a use written as `sigil dialect . mnemonic` names.
pub(crate) fn key(kind: DefKind, dialect: &str, mnemonic: &str) -> String {
    format!("{}{dialect}.{mnemonic}", kind.sigil())
}
