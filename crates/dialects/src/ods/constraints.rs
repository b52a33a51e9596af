//! ODS constraints lowered into ours: a type constraint whose def name we know becomes our
//! constraint of that name (`SignlessIntegerLike`, `I32`, `AnyMemRef`); any other becomes an
//! `ImportedConstraint` evaluated by its predicate and worded by its summary. Attributes,
//! properties, regions, successors and enums likewise.

use std::sync::Arc;

use mlir_types::{FloatKind, Type};
use tablegen::{Record, Records, Value};

use super::names::TypeClasses;
use super::text_field;
use crate::registry::constraint_names::Names;
use crate::registry::expr::Expr;
use crate::registry::type_pred::{TypePred, isa_class, parse_cpred, strip_parens};
use crate::registry::{
    AttrConstraint, AttrSpec, EnumKind, EnumSpec, ImportedConstraint, IntBounds, Presence,
    RegionConstraint, RegionSpec, Registry, SuccessorSpec, TypeConstraint, ValueSpec, Variadicity,
};

/// How deep predicates and wrapped constraints may nest before we stop reading them (a
/// cycle of defs cannot be written in TableGen, but the records come from outside).
const MAX_DEPTH: u32 = 64;

/// The names our specs know, with the built-in registry's enums and named constraints.
fn names() -> Names<'static> {
    Names {
        registry: Registry::builtin(),
    }
}

/// An operand or result declaration.
pub(crate) fn value_spec(
    records: &Records,
    types: &TypeClasses,
    record: &Record,
    name: String,
) -> ValueSpec {
    let (variadicity, base) = if record.is_a("VariadicOfVariadic") {
        (Variadicity::VariadicOfVariadic, base_type(records, record))
    } else if record.is_a("Variadic") {
        (Variadicity::Variadic, base_type(records, record))
    } else if record.is_a("Optional") {
        (Variadicity::Optional, base_type(records, record))
    } else {
        (Variadicity::Single, Some(record))
    };
    let constraint = match base {
        Some(base) => type_constraint(records, types, base),
        None => TypeConstraint::Any,
    };
    ValueSpec {
        name,
        constraint,
        variadicity,
    }
}

fn base_type<'r>(records: &'r Records, record: &Record) -> Option<&'r Record> {
    records.get(record.field("baseType")?.as_def()?)
}

/// A type constraint record as ours.
pub(crate) fn type_constraint(
    records: &Records,
    types: &TypeClasses,
    record: &Record,
) -> TypeConstraint {
    if !record.anonymous
        && let Ok(ours) = names().type_constraint(&Expr::Name(record.name.clone(), Vec::new()))
    {
        return ours;
    }
    let predicate = match record.field("predicate").and_then(Value::as_def) {
        Some(pred) => predicate(records, types, pred, 0),
        None => TypePred::Unknown,
    };
    let cpp_type = text_field(record, "cppType");
    let dialect_class = types.class_of(&cpp_type);
    TypeConstraint::Imported(Arc::new(ImportedConstraint {
        name: record.name.clone(),
        summary: text_field(record, "summary"),
        predicate,
        cpp_type: cpp_type
            .trim_start_matches("::")
            .trim_start_matches("mlir::")
            .into(),
        built: built_type(&text_field(record, "builderCall")),
        dialect_class,
    }))
}

/// The predicate tree of the `Pred` def named `name`.
fn predicate(records: &Records, types: &TypeClasses, name: &str, depth: u32) -> TypePred {
    let Some(pred) = records.get(name).filter(|_| depth < MAX_DEPTH) else {
        return TypePred::Unknown;
    };
    let children = || -> Vec<TypePred> {
        let list = pred
            .field("children")
            .and_then(Value::as_list)
            .unwrap_or(&[]);
        list.iter()
            .filter_map(Value::as_def)
            .map(|child| predicate(records, types, child, depth + 1))
            .collect()
    };
    let child = || match pred.field("child").and_then(Value::as_def) {
        Some(child) => predicate(records, types, child, depth + 1),
        None => TypePred::Unknown,
    };
    if pred.is_a("CPred") {
        return cpred(&text_field(pred, "predExpr"), types);
    }
    let combiner = pred
        .field("kind")
        .and_then(Value::as_def)
        .unwrap_or_default();
    match combiner {
        "PredCombinerAnd" => TypePred::All(children()),
        "PredCombinerOr" => TypePred::Any(children()),
        "PredCombinerNot" => TypePred::Not(Box::new(children().pop().unwrap_or(TypePred::Unknown))),
        "PredCombinerConcat" if is_element_concat(pred) => {
            let inner = children().pop().unwrap_or(TypePred::Unknown);
            TypePred::Element(Box::new(inner))
        }
        // `$_self` renamed `elementType` inside the element-type lambda above.
        "PredCombinerSubstLeaves"
            if text_field(pred, "pattern") == "$_self"
                && text_field(pred, "replacement") == "elementType" =>
        {
            children().pop().unwrap_or_else(child)
        }
        _ => TypePred::Unknown,
    }
}

/// A `CPred` as a predicate: a test we model, an `isa` of a dialect's `TypeDef` class,
/// or unknown.
fn cpred(text: &str, types: &TypeClasses) -> TypePred {
    let test = parse_cpred(text).or_else(|| types.isa_test(isa_class(text)?));
    test.map_or(TypePred::Unknown, TypePred::Test)
}

/// ODS's `Concat<"[](::mlir::Type elementType) { return ", ..., "; }(...getElementType())">`:
/// the inner predicate applied to the element type of a shaped or complex type.
fn is_element_concat(pred: &Record) -> bool {
    let prefix = text_field(pred, "prefix");
    let suffix: String = text_field(pred, "suffix").split_whitespace().collect();
    prefix.contains("::mlir::Type elementType")
        && (suffix.ends_with("ShapedType>($_self).getElementType())")
            || suffix.ends_with("ComplexType>($_self).getElementType())"))
}

/// The type ODS's `builderCall` makes, for the calls of builtin types.
fn built_type(call: &str) -> Option<Type> {
    let call: String = call.split_whitespace().collect();
    let call = call.strip_prefix("$_builder.")?;
    if call == "getIndexType()" {
        return Some(Type::Index);
    }
    if let Some(width) = call
        .strip_prefix("getIntegerType(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        return width.parse().ok().map(Type::int);
    }
    let float = call.strip_prefix("get")?.strip_suffix("Type()")?;
    FloatKind::from_name(&float.to_ascii_lowercase()).map(Type::Float)
}

/// An attribute or property declaration; `None` for a record that is neither.
pub(crate) fn attr_spec(
    records: &Records,
    types: &TypeClasses,
    record: &Record,
    name: String,
) -> Option<AttrSpec> {
    if record.is_a("Attr") {
        return Some(AttrSpec {
            presence: presence(record),
            constraint: attr_constraint(records, types, record, 0),
            name,
            is_property: false,
            summary: Some(text_field(record, "summary")),
        });
    }
    // A property is read by C++ we do not model: anything goes, and nothing is required
    // (MLIR fills a missing one with its default, or reports it in words of its own).
    record.is_a("Property").then_some(AttrSpec {
        name,
        constraint: AttrConstraint::Any,
        presence: Presence::Optional,
        is_property: true,
        summary: None,
    })
}

fn presence(record: &Record) -> Presence {
    if record.field("isOptional").and_then(Value::as_bit) == Some(true) {
        return Presence::Optional;
    }
    match record.field("defaultValue").and_then(Value::as_str) {
        // `::mlir::arith::FastMathFlags::none` is the case `none`.
        Some(value) if value.starts_with("::") => {
            let case = value.rsplit("::").next().unwrap_or(value);
            Presence::Default(case.to_string())
        }
        Some(value) if !value.is_empty() => Presence::Default(value.to_string()),
        _ => Presence::Required,
    }
}

/// The attribute constraint of a record, looking through `OptionalAttr`, `DefaultValuedAttr`
/// and `ConfinedAttr` to the first def whose name we know. An attribute we cannot check
/// takes anything.
fn attr_constraint(
    records: &Records,
    types: &TypeClasses,
    record: &Record,
    depth: u32,
) -> AttrConstraint {
    if depth > MAX_DEPTH {
        return AttrConstraint::Any;
    }
    if !record.anonymous
        && let Ok(Some(ours)) =
            names().attr_constraint(&Expr::Name(record.name.clone(), Vec::new()))
    {
        return ours;
    }
    if record.name == "TypedAttrInterface" {
        return AttrConstraint::Typed;
    }
    if let Some(spec) = int_enum(records, record).or_else(|| bit_enum_attr(records, record)) {
        return AttrConstraint::Enum(Arc::new(spec));
    }
    if let Some(type_of) = type_attr_constraint(records, types, record) {
        return type_of;
    }
    let base = match record
        .field("baseAttr")
        .and_then(Value::as_def)
        .and_then(|base| records.get(base))
    {
        Some(base) => attr_constraint(records, types, base, depth + 1),
        None => return AttrConstraint::Any,
    };
    let bounds = int_bounds(records, record);
    let is_integer = matches!(
        base.unbounded(),
        AttrConstraint::Int(_) | AttrConstraint::IndexInt
    );
    match is_integer && bounds != IntBounds::default() {
        true => AttrConstraint::Bounded(Box::new(base), bounds),
        false => base,
    }
}

/// The bounds a `ConfinedAttr`'s constraints put on an integer (`IntMinValue<n>`,
/// `IntMaxValue<n>`, `IntNonNegative`, `IntPositive`), read from their C++ predicates;
/// a constraint we cannot read adds none (it may still fail in MLIR).
fn int_bounds(records: &Records, record: &Record) -> IntBounds {
    let mut bounds = IntBounds::default();
    if !record.is_a("ConfinedAttr") {
        return bounds;
    }
    let constraints = record
        .field("attrConstraints")
        .and_then(Value::as_list)
        .unwrap_or(&[]);
    for constraint in constraints.iter().filter_map(|c| records.get(c.as_def()?)) {
        let Some(pred) = constraint
            .field("predicate")
            .and_then(Value::as_def)
            .and_then(|p| records.get(p))
        else {
            continue;
        };
        let text: String = text_field(pred, "predExpr").split_whitespace().collect();
        let text = strip_parens(&text);
        let Some(test) = text
            .strip_prefix('!')
            .unwrap_or(text)
            .strip_prefix("::llvm::cast<::mlir::IntegerAttr>($_self).")
        else {
            continue;
        };
        let negated = text.starts_with('!');
        let number = |prefix: &str| test.strip_prefix(prefix)?.parse::<i64>().ok();
        match (negated, test) {
            (true, "getValue().isNegative()") => raise_min(&mut bounds, 0),
            (false, "getValue().isStrictlyPositive()") => raise_min(&mut bounds, 1),
            (false, _) => {
                if let Some(min) = number("getInt()>=") {
                    raise_min(&mut bounds, min);
                }
                if let Some(max) = number("getInt()<=") {
                    lower_max(&mut bounds, max);
                }
            }
            _ => {}
        }
    }
    bounds
}

fn raise_min(bounds: &mut IntBounds, min: i64) {
    bounds.min = Some(bounds.min.map_or(min, |m| m.max(min)));
}

fn lower_max(bounds: &mut IntBounds, max: i64) {
    bounds.max = Some(bounds.max.map_or(max, |m| m.min(max)));
}

/// How a `TypeAttrBase` reads the type it holds: `$_self` is the attribute there.
const TYPE_ATTR_VALUE: &str = "::llvm::cast<::mlir::TypeAttr>($_self).getValue()";

/// A type used as an attribute (`TypeAttrOf<FunctionType>`): its predicate, an `And` of
/// "is a `TypeAttr`", "its type is of the C++ class" and the type constraint's own
/// predicate on that type, read as a constraint on the type.
fn type_attr_constraint(
    records: &Records,
    types: &TypeClasses,
    record: &Record,
) -> Option<AttrConstraint> {
    if !record.is_a("TypeAttrBase") {
        return None;
    }
    let pred = records.get(record.field("predicate")?.as_def()?)?;
    let children = pred.field("children").and_then(Value::as_list)?;
    let mut tests = Vec::new();
    for child in children.iter().filter_map(Value::as_def) {
        let Some(part) = records.get(child) else {
            tests.push(TypePred::Unknown);
            continue;
        };
        if part.is_a("CPred") {
            let text = text_field(part, "predExpr");
            if strip_parens(&text) != "::llvm::isa<::mlir::TypeAttr>($_self)" {
                let on_type = text.replace(TYPE_ATTR_VALUE, "$_self");
                tests.push(cpred(&on_type, types));
            }
            continue;
        }
        let on_type = text_field(part, "pattern") == "$_self"
            && text_field(part, "replacement") == TYPE_ATTR_VALUE;
        tests.push(match on_type {
            true => substituted(records, types, part),
            false => TypePred::Unknown,
        });
    }
    let summary = text_field(record, "summary");
    let of_type = summary
        .strip_prefix("type attribute of ")
        .unwrap_or(&summary);
    Some(AttrConstraint::TypeOf(TypeConstraint::Imported(Arc::new(
        ImportedConstraint {
            name: record.name.clone(),
            summary: of_type.to_string(),
            predicate: TypePred::All(tests),
            cpp_type: String::new(),
            built: None,
            dialect_class: None,
        },
    ))))
}

/// The predicate a `SubstLeaves` applies to its substituted value.
fn substituted(records: &Records, types: &TypeClasses, subst: &Record) -> TypePred {
    let inner = subst
        .field("children")
        .and_then(Value::as_list)
        .and_then(|list| list.first())
        .and_then(Value::as_def)
        .or_else(|| subst.field("child").and_then(Value::as_def));
    match inner {
        Some(inner) => predicate(records, types, inner, 1),
        None => TypePred::Unknown,
    }
}

/// An `I32EnumAttr`/`I64EnumAttr` used as an attribute: a keyword in custom syntax, a
/// signless integer in generic form, as our `enum` entries.
fn int_enum(records: &Records, record: &Record) -> Option<EnumSpec> {
    if !record.is_a("IntEnumAttr") || record.is_a("EnumAttr") {
        return None;
    }
    enum_spec(records, record)
}

/// A dialect attribute of a bit enum (`EnumAttr<Arith_Dialect, FastMathFlags,
/// "fastmath">`): flags written `#arith.fastmath<fast>`, or `<fast>` in custom syntax.
fn bit_enum_attr(records: &Records, record: &Record) -> Option<EnumSpec> {
    if !record.is_a("EnumAttr") {
        return None;
    }
    let info = records.get(record.field("enum")?.as_def()?)?;
    if !info.is_a("BitEnumAttr") {
        return None;
    }
    let dialect = records.get(record.field("dialect")?.as_def()?)?;
    let dialect = dialect.field("name")?.as_str()?;
    let mnemonic = text_field(record, "mnemonic");
    let spec = enum_spec(records, info)?;
    Some(EnumSpec {
        kind: EnumKind::Bits {
            mnemonic: format!("#{dialect}.{mnemonic}"),
        },
        ..spec
    })
}

/// An enum's cases for completion and checks, stored as integers (`bit_enum_attr` makes
/// the flags of a bit enum a dialect attribute).
pub(crate) fn enum_spec(records: &Records, record: &Record) -> Option<EnumSpec> {
    let cases = record.field("enumerants")?.as_list()?;
    let cases = cases
        .iter()
        .filter_map(|case| records.get(case.as_def()?))
        .filter_map(|case| {
            let value = u64::try_from(case.field("value")?.as_int()?).ok()?;
            Some((text_field(case, "str"), value))
        })
        .collect();
    let width = record
        .field("bitwidth")
        .and_then(Value::as_int)
        .unwrap_or(64);
    Some(EnumSpec {
        name: text_field(record, "className"),
        kind: EnumKind::Integer {
            width: u32::try_from(width).ok()?,
        },
        cases,
        summary: text_field(record, "summary"),
    })
}

/// A region declaration: `AnyRegion`, `SizedRegion<n>`, `MaxSizedRegion<n>`, and
/// `VariadicRegion<...>` of them (whose size only its summary still says).
pub(crate) fn region_spec(record: &Record, name: String) -> RegionSpec {
    let summary = text_field(record, "summary");
    let count = |prefix: &str| {
        summary
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(" blocks"))
            .and_then(|n| n.parse::<u32>().ok())
    };
    let constraint = if let Some(n) = count("region with at most ") {
        RegionConstraint::MaxSized(n)
    } else if let Some(n) = count("region with ") {
        RegionConstraint::Sized(n)
    } else {
        RegionConstraint::Any
    };
    RegionSpec {
        name,
        constraint,
        variadic: record.is_a("VariadicRegion"),
    }
}

pub(crate) fn successor_spec(record: &Record, name: String) -> SuccessorSpec {
    SuccessorSpec {
        name,
        variadic: record.is_a("VariadicSuccessor"),
    }
}
