//! ODS op traits lowered into ours: native traits and interfaces by name
//! (`Terminator`, `IsolatedFromAbove`, `DeclareOpInterfaceMethods<CallOpInterface>`),
//! `HasParent`/`ParentOneOf` and `SingleBlockImplicitTerminator` by the C++ classes they
//! name, `AllTypesMatch` and `TypesMatchWith` by their fields. `TraitList`s are flattened.

use tablegen::{Record, Records, Value};

use super::names::CppNames;
use super::text_field;
use crate::registry::{Trait, TypeTransform, simple_trait};

/// How deep trait lists may nest before we stop reading them.
const MAX_DEPTH: u32 = 16;

pub(crate) fn lower_traits(
    records: &Records,
    op: &Record,
    namespace: &str,
    classes: &CppNames,
) -> Vec<Trait> {
    let mut out = Vec::new();
    let context = Context {
        records,
        namespace,
        classes,
    };
    if let Some(list) = op.field("traits").and_then(Value::as_list) {
        context.collect(list, 0, &mut out);
    }
    out
}

struct Context<'a> {
    records: &'a Records,
    namespace: &'a str,
    classes: &'a CppNames,
}

impl Context<'_> {
    fn collect(&self, list: &[Value], depth: u32, out: &mut Vec<Trait>) {
        if depth > MAX_DEPTH {
            return;
        }
        for value in list {
            let Some(record) = value.as_def().and_then(|name| self.records.get(name)) else {
                continue;
            };
            // A list may have a name of ours too (`Pure`), besides what it holds.
            if let Some(t) = self.lower(record)
                && !out.contains(&t)
            {
                out.push(t);
            }
            if record.is_a("TraitList")
                && let Some(inner) = record.field("traits").and_then(Value::as_list)
            {
                self.collect(inner, depth + 1, out);
            }
        }
    }

    fn lower(&self, record: &Record) -> Option<Trait> {
        if record.is_a("AllTypesMatch") {
            let values = strings(record.field("values")?);
            return Some(Trait::AllTypesMatch(values));
        }
        if record.is_a("AllElementTypesMatch") {
            let values = strings(record.field("values")?);
            return Some(Trait::AllElementTypesMatch(values));
        }
        if record.is_a("TypesMatchWith") {
            return types_match_with(record);
        }
        if !record.anonymous
            && let Some(t) = simple_trait(&record.name)
        {
            return Some(t);
        }
        let native = text_field(record, "trait");
        if let Some(t) = self.parametric(&native) {
            return Some(t);
        }
        let native = native.strip_suffix("::Trait").unwrap_or(&native);
        if let Some(t) = trait_named(native) {
            return Some(t);
        }
        trait_named(&text_field(record, "cppInterfaceName"))
    }

    /// `HasParent<ForOp, IfOp>::Impl`, `SingleBlockImplicitTerminator<YieldOp>::Impl`.
    fn parametric(&self, native: &str) -> Option<Trait> {
        let (name, rest) = native.split_once('<')?;
        let args = rest.strip_suffix(">::Impl")?;
        let ops = || -> Option<Vec<String>> {
            args.split(',')
                .map(|cpp| self.classes.resolve(cpp, self.namespace).map(String::from))
                .collect()
        };
        match name {
            "HasParent" => Some(Trait::HasParent(ops()?)),
            "SingleBlockImplicitTerminator" => {
                let op = ops()?.pop()?;
                Some(Trait::SingleBlockImplicitTerminator(op))
            }
            _ => None,
        }
    }
}

/// A trait or interface by its ODS or C++ name.
fn trait_named(name: &str) -> Option<Trait> {
    match name {
        "" => None,
        "SymbolOpInterface" => Some(Trait::Symbol),
        "HasOnlyGraphRegion" => Some(Trait::GraphRegion),
        "OpTrait::IsTerminator" => Some(Trait::Terminator),
        other => simple_trait(other),
    }
}

/// `TypesMatchWith<summary, lhs, rhs, transformer>` with a transformer we model.
fn types_match_with(record: &Record) -> Option<Trait> {
    let transformer: String = text_field(record, "transformer")
        .split_whitespace()
        .collect();
    let transform = if transformer.ends_with(".getElementType()") {
        TypeTransform::ElementType
    } else if transformer.contains("getI1SameShape(") {
        TypeTransform::I1SameShape
    } else {
        return None;
    };
    Some(Trait::TypesMatchWith {
        summary: text_field(record, "summary"),
        from: text_field(record, "lhs"),
        to: text_field(record, "rhs"),
        transform,
    })
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_list()
        .unwrap_or(&[])
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect()
}
