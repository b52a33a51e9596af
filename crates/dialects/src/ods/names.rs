//! The C++ class names of ODS ops (`scf::YieldOp`), which traits such as
//! `HasParent<"ForOp">` and `SingleBlockImplicitTerminator<"YieldOp">` name, mapped to the
//! ops' MLIR names (`scf.yield`).

use rustc_hash::FxHashMap;
use tablegen::{Record, Records};

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
