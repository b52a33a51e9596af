//! The C++ class names of ODS ops (`scf::YieldOp`), which traits such as
//! `HasParent<"ForOp">` and `SingleBlockImplicitTerminator<"YieldOp">` name, mapped to the
//! ops' MLIR names (`scf.yield`); and those of dialects' `TypeDef`s
//! (`LLVM::LLVMPointerType`), which type predicates test with `isa`, mapped to the
//! dialect and mnemonic their types are written with (`!llvm.ptr`).

use rustc_hash::FxHashMap;
use tablegen::{Record, Records, Value};

use crate::registry::type_pred::{TypeClass, TypeTest, cpp_class_key};

/// Op names by C++ class name, each with its dialect's C++ namespace.
pub(crate) struct CppNames {
    by_class: FxHashMap<String, Vec<(String, String)>>,
}

impl CppNames {
    pub(crate) fn of(sets: &[&Records]) -> CppNames {
        let mut by_class: FxHashMap<String, Vec<(String, String)>> = FxHashMap::default();
        for records in sets {
            for record in records.deriving("Op") {
                let Some((namespace, name)) = op_identity(records, record) else {
                    continue;
                };
                let entry = by_class.entry(cpp_class_name(&record.name)).or_default();
                if !entry.iter().any(|(_, n)| *n == name) {
                    entry.push((namespace, name));
                }
            }
        }
        CppNames { by_class }
    }

    /// The op a C++ name in a trait means, seen from an op of the dialect whose C++
    /// namespace is `context` (`::mlir::scf`): `::mlir::func::FuncOp`, `func::FuncOp` and
    /// `ForOp` all resolve; an ambiguous or unknown name gives `None`.
    pub(crate) fn resolve(&self, cpp: &str, context: &str) -> Option<&str> {
        let cpp = cpp.trim().trim_matches('"');
        let (qualifier, class) = match cpp.rsplit_once("::") {
            Some((qualifier, class)) => (Some(qualifier.trim_start_matches("::")), class),
            None => (None, cpp),
        };
        let candidates = self.by_class.get(class)?;
        let fits = |namespace: &str| match qualifier {
            Some(q) => namespace.trim_start_matches("::").ends_with(q),
            None => namespace == context,
        };
        let mut found = candidates.iter().filter(|(ns, _)| fits(ns));
        let first = found.next();
        let unique = found.next().is_none();
        match (first, unique) {
            (Some((_, name)), true) => Some(name),
            // Unqualified and not in this dialect: the one op of that class anywhere.
            _ if qualifier.is_none() && candidates.len() == 1 => Some(&candidates[0].1),
            _ => None,
        }
    }
}

/// The `TypeDef`s of every dialect but the builtin one (whose classes `type_pred` knows),
/// by C++ class (`LLVM::LLVMPointerType`): their dialect and mnemonic.
#[derive(Default)]
pub(crate) struct TypeClasses {
    by_class: FxHashMap<String, TypeClass>,
}

impl TypeClasses {
    pub(crate) fn of(sets: &[&Records]) -> TypeClasses {
        let mut by_class = FxHashMap::default();
        for records in sets {
            for record in records.deriving("TypeDef") {
                let Some(dialect) = record
                    .field("dialect")
                    .and_then(Value::as_def)
                    .and_then(|def| records.get(def))
                    .and_then(|dialect| dialect.field("name")?.as_str())
                    .filter(|name| !name.is_empty() && *name != "builtin")
                else {
                    continue;
                };
                let class = cpp_class_key(&super::text_field(record, "cppType")).to_string();
                let mnemonic =
                    Some(super::text_field(record, "mnemonic")).filter(|m| !m.is_empty());
                by_class.entry(class).or_insert_with(|| TypeClass {
                    dialect: dialect.to_string(),
                    mnemonic,
                });
            }
        }
        TypeClasses { by_class }
    }

    /// The `TypeDef` class `cpp_type` (written as ODS's `cppType`) is, if one.
    pub(crate) fn class_of(&self, cpp_type: &str) -> Option<TypeClass> {
        self.by_class.get(cpp_class_key(cpp_type)).cloned()
    }

    /// The test `isa<class>` makes, if `class` is a `TypeDef`'s (`cpp_class_key` form).
    pub(crate) fn isa_test(&self, class: String) -> Option<TypeTest> {
        Some(TypeTest::DialectClass(self.by_class.get(&class)?.clone()))
    }
}

/// An op's dialect C++ namespace and full MLIR name.
pub(crate) fn op_identity(records: &Records, op: &Record) -> Option<(String, String)> {
    let dialect = records.get(op.field("opDialect")?.as_def()?)?;
    let dialect_name = dialect.field("name")?.as_str()?;
    let mnemonic = op.field("opName")?.as_str()?;
    let namespace = super::text_field(dialect, "cppNamespace");
    let name = if dialect_name.is_empty() {
        mnemonic.to_string()
    } else {
        format!("{dialect_name}.{mnemonic}")
    };
    Some((namespace, name))
}

/// The C++ class ODS generates for an op def: the def's name after its first `_`
/// (`Arith_AddIOp` is `AddIOp`), or the whole name.
fn cpp_class_name(def: &str) -> String {
    match def.split_once('_') {
        Some((_, rest)) if !rest.is_empty() => rest.to_string(),
        _ => def.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_is_the_def_name_after_the_dialect_prefix() {
        assert_eq!(cpp_class_name("Arith_AddIOp"), "AddIOp");
        assert_eq!(cpp_class_name("ForOp"), "ForOp");
    }
}
