//! The spec-file loader (registry stage): turns the entries of a spec file (`dialect`,
//! `enum`, `bitenum`, `constraint`, `op`) into registry values, checking every name and
//! format against the op it belongs to, and reports each problem as `file:line: message`.

use std::fmt;
use std::sync::Arc;

use super::Registry;
use super::constraint::{EnumKind, EnumSpec, NamedConstraint};
use super::constraint_names::{Names, int_width};
use super::expr::{Expr, parse_expr, split_named, split_top_level};
use super::format::{Element, Format};
use super::spec::{
    AttrSpec, Docs, OpSpec, Origin, Presence, RegionConstraint, RegionSpec, SuccessorSpec,
    ValueSpec, Variadicity,
};
use super::spec_text::{RawEntry, RawField, entries};
use super::{DialectSpec, hooks, traits};

/// A problem in a spec file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    pub file: String,
    pub line: u32,
    pub message: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// Fields each entry kind accepts; anything else is a typo worth reporting.
const OP_FIELDS: &[&str] = &[
    "summary",
    "description",
    "syntax",
    "example",
    "traits",
    "arguments",
    "results",
    "regions",
    "successors",
    "format",
    "defaultDialect",
    "hasVerifier",
];
const DIALECT_FIELDS: &[&str] = &["summary", "description"];
const ENUM_FIELDS: &[&str] = &["storage", "attribute", "cases", "summary"];
const CONSTRAINT_FIELDS: &[&str] = &["is", "summary"];

/// Loads one spec file into `registry`, returning the problems found. Entries with errors
/// are skipped; the rest are loaded.
pub(crate) fn load(registry: &mut Registry, file: &str, text: &str) -> Vec<SpecError> {
    let mut loader = Loader {
        registry,
        file: file.to_string(),
        dialect: None,
        errors: Vec::new(),
    };
    let (raw, line_errors) = entries(text);
    for (line, message) in line_errors {
        loader.error(line, message);
    }
    for entry in &raw {
        loader.entry(entry);
    }
    loader.errors
}

struct Loader<'r> {
    registry: &'r mut Registry,
    file: String,
    dialect: Option<String>,
    errors: Vec<SpecError>,
}

impl Loader<'_> {
    fn names(&self) -> Names<'_> {
        Names {
            registry: self.registry,
        }
    }

    fn error(&mut self, line: u32, message: impl Into<String>) {
        self.errors.push(SpecError {
            file: self.file.clone(),
            line,
            message: message.into(),
        });
    }

    fn origin(&self, line: u32) -> Origin {
        Origin {
            file: self.file.clone(),
            line,
        }
    }

    fn entry(&mut self, entry: &RawEntry) {
        let allowed = match entry.kind.as_str() {
            "dialect" => DIALECT_FIELDS,
            "enum" | "bitenum" => ENUM_FIELDS,
            "constraint" => CONSTRAINT_FIELDS,
            "op" => OP_FIELDS,
            other => {
                self.error(entry.line, format!("unknown entry kind `{other}`"));
                return;
            }
        };
        if !self.fields_are_known(entry, allowed) {
            return;
        }
        let result = match entry.kind.as_str() {
            "dialect" => self.dialect_entry(entry),
            "enum" | "bitenum" => self.enum_entry(entry),
            "constraint" => self.constraint_entry(entry),
            _ => self.op_entry(entry),
        };
        if let Err((line, message)) = result {
            self.error(line, message);
        }
    }

    /// Reports unknown and repeated fields (only `example` may repeat).
    fn fields_are_known(&mut self, entry: &RawEntry, allowed: &[&str]) -> bool {
        let before = self.errors.len();
        for (i, field) in entry.fields.iter().enumerate() {
            if !allowed.contains(&field.key.as_str()) {
                self.error(field.line, format!("unknown field `{}`", field.key));
            } else if field.key != "example" && entry.fields[..i].iter().any(|f| f.key == field.key)
            {
                self.error(field.line, format!("repeated field `{}`", field.key));
            }
        }
        self.errors.len() == before
    }

    fn dialect_entry(&mut self, entry: &RawEntry) -> Result<(), (u32, String)> {
        let spec = DialectSpec {
            name: entry.name.clone(),
            summary: text_of(entry, "summary"),
            description: text_of(entry, "description"),
            origin: self.origin(entry.line),
        };
        self.dialect = Some(entry.name.clone());
        self.registry.dialects.insert(entry.name.clone(), spec);
        Ok(())
    }

    fn enum_entry(&mut self, entry: &RawEntry) -> Result<(), (u32, String)> {
        let kind = if entry.kind == "bitenum" {
            let attribute = required(entry, "attribute")?;
            EnumKind::Bits {
                mnemonic: attribute.value.clone(),
            }
        } else {
            let storage = required(entry, "storage")?;
            let width = int_width(&storage.value)
                .ok_or((storage.line, format!("bad storage `{}`", storage.value)))?;
            EnumKind::Integer { width }
        };
        let cases_field = required(entry, "cases")?;
        let cases = enum_cases(&cases_field.value).map_err(|m| (cases_field.line, m))?;
        let spec = EnumSpec {
            name: entry.name.clone(),
            kind,
            cases,
            summary: required(entry, "summary")?.value.clone(),
        };
        self.registry
            .enums
            .insert(entry.name.clone(), Arc::new(spec));
        Ok(())
    }

    fn constraint_entry(&mut self, entry: &RawEntry) -> Result<(), (u32, String)> {
        let is = required(entry, "is")?;
        let inner = self
            .names()
            .type_constraint_text(&is.value)
            .map_err(|m| (is.line, m))?;
        let named = NamedConstraint {
            name: entry.name.clone(),
            summary: required(entry, "summary")?.value.clone(),
            inner,
        };
        self.registry
            .constraints
            .insert(entry.name.clone(), Arc::new(named));
        Ok(())
    }

    fn op_entry(&mut self, entry: &RawEntry) -> Result<(), (u32, String)> {
        let dialect = self
            .dialect
            .clone()
            .ok_or((entry.line, "an op before any `dialect` entry".to_string()))?;
        let mut spec = OpSpec {
            name: format!("{dialect}.{}", entry.name),
            dialect,
            operands: Vec::new(),
            results: Vec::new(),
            attributes: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            traits: Vec::new(),
            default_dialect: entry.get("defaultDialect").map(|f| f.value.clone()),
            format: None,
            has_verifier: flag(entry, "hasVerifier")?,
            docs: docs(entry)?,
            origin: self.origin(entry.line),
        };
        self.declarations(entry, &mut spec)?;
        if let Some(field) = entry.get("traits") {
            spec.traits = list(field, |item| traits::parse_trait(item, &spec))?;
        }
        if let Some(field) = entry.get("format") {
            spec.format = Some(op_format(field, &spec)?);
        }
        if self.registry.ops.contains_key(&spec.name) {
            return Err((entry.line, format!("op `{}` is defined twice", spec.name)));
        }
        self.registry.ops.insert(spec.name.clone(), Arc::new(spec));
        Ok(())
    }

    /// Operands, attributes, results, regions and successors.
    fn declarations(&self, entry: &RawEntry, spec: &mut OpSpec) -> Result<(), (u32, String)> {
        if let Some(field) = entry.get("arguments") {
            for (name, expr) in named_list(field)? {
                self.argument(spec, name, &expr)
                    .map_err(|m| (field.line, m))?;
            }
        }
        if let Some(field) = entry.get("results") {
            for (name, expr) in named_list(field)? {
                let value = self.value_spec(name, &expr).map_err(|m| (field.line, m))?;
                spec.results.push(value);
            }
        }
        if let Some(field) = entry.get("regions") {
            for (name, expr) in named_list(field)? {
                spec.regions
                    .push(region_spec(name, &expr).map_err(|m| (field.line, m))?);
            }
        }
        if let Some(field) = entry.get("successors") {
            for (name, expr) in named_list(field)? {
                spec.successors
                    .push(successor_spec(name, &expr).map_err(|m| (field.line, m))?);
            }
        }
        check_unique_names(spec).map_err(|m| (entry.line, m))
    }

    /// An `arguments` item is an attribute when its constraint is one, else an operand.
    fn argument(&self, spec: &mut OpSpec, name: String, expr: &Expr) -> Result<(), String> {
        match self.attr_spec(&name, expr)? {
            Some(attr) => spec.attributes.push(attr),
            None => spec.operands.push(self.value_spec(name, expr)?),
        }
        Ok(())
    }

    fn value_spec(&self, name: String, expr: &Expr) -> Result<ValueSpec, String> {
        let (variadicity, inner) = match (expr.name(), expr.args()) {
            (Some("Variadic"), [inner]) => (Variadicity::Variadic, inner),
            (Some("Optional"), [inner]) => (Variadicity::Optional, inner),
            (Some("VariadicOfVariadic"), [inner, Expr::Str(_)]) => {
                (Variadicity::VariadicOfVariadic, inner)
            }
            _ => (Variadicity::Single, expr),
        };
        Ok(ValueSpec {
            name,
            constraint: self.names().type_constraint(inner)?,
            variadicity,
        })
    }

    /// The attribute an `arguments` item declares, or `None` if it is not an attribute.
    fn attr_spec(&self, name: &str, expr: &Expr) -> Result<Option<AttrSpec>, String> {
        let wrapper = expr.name().unwrap_or_default();
        let (presence, inner) = match (wrapper, expr.args()) {
            ("OptionalAttr" | "OptionalProp", [inner]) => (Presence::Optional, inner),
            ("DefaultValuedAttr" | "DefaultValuedProp", [inner, Expr::Str(value)]) => {
                (Presence::Default(value.clone()), inner)
            }
            _ => (Presence::Required, expr),
        };
        let Some(constraint) = self.names().attr_constraint(inner)? else {
            if presence != Presence::Required {
                return Err(format!("`{wrapper}` of a non-attribute constraint"));
            }
            return Ok(None);
        };
        let is_property =
            wrapper.ends_with("Prop") || inner.name().is_some_and(|n| n.ends_with("Prop"));
        Ok(Some(AttrSpec {
            name: name.to_string(),
            constraint,
            presence,
            is_property,
            summary: None,
        }))
    }
}

fn text_of(entry: &RawEntry, key: &str) -> String {
    entry.get(key).map(|f| f.value.clone()).unwrap_or_default()
}

fn required<'a>(entry: &'a RawEntry, key: &str) -> Result<&'a RawField, (u32, String)> {
    entry.get(key).ok_or((
        entry.line,
        format!("`{} {}` has no `{key}`", entry.kind, entry.name),
    ))
}

/// A field written as ODS writes a bit (`hasVerifier: 1`); absent is 0.
fn flag(entry: &RawEntry, key: &str) -> Result<bool, (u32, String)> {
    match entry.get(key) {
        None => Ok(false),
        Some(field) => match field.value.as_str() {
            "1" => Ok(true),
            "0" => Ok(false),
            other => Err((field.line, format!("`{key}` is 0 or 1, not `{other}`"))),
        },
    }
}

fn docs(entry: &RawEntry) -> Result<Docs, (u32, String)> {
    Ok(Docs {
        summary: required(entry, "summary")?.value.clone(),
        description: text_of(entry, "description"),
        syntax: text_of(entry, "syntax"),
        examples: entry.all("example").map(|f| f.value.clone()).collect(),
        defined_in: None,
    })
}

/// `eq = 0, ne = 1`.
fn enum_cases(text: &str) -> Result<Vec<(String, u64)>, String> {
    split_top_level(text)
        .into_iter()
        .map(|case| {
            let (keyword, value) = case
                .split_once('=')
                .ok_or_else(|| format!("expected `keyword = value`, found `{case}`"))?;
            let value = value
                .trim()
                .parse()
                .map_err(|_| format!("bad case value in `{case}`"))?;
            Ok((keyword.trim().to_string(), value))
        })
        .collect()
}

/// The items of a comma-separated field, each through `item`.
fn list<T>(
    field: &RawField,
    mut item: impl FnMut(&Expr) -> Result<T, String>,
) -> Result<Vec<T>, (u32, String)> {
    split_top_level(&field.value)
        .iter()
        .map(|text| parse_expr(text).and_then(|expr| item(&expr)))
        .collect::<Result<_, _>>()
        .map_err(|m| (field.line, m))
}

/// The `Constraint:$name` items of a field.
fn named_list(field: &RawField) -> Result<Vec<(String, Expr)>, (u32, String)> {
    split_top_level(&field.value)
        .iter()
        .map(|text| {
            let (constraint, name) = split_named(text)?;
            Ok((name.to_string(), parse_expr(constraint)?))
        })
        .collect::<Result<_, String>>()
        .map_err(|m| (field.line, m))
}

fn region_spec(name: String, expr: &Expr) -> Result<RegionSpec, String> {
    let (variadic, inner) = match (expr.name(), expr.args()) {
        (Some("VariadicRegion"), [inner]) => (true, inner),
        _ => (false, expr),
    };
    let constraint = match (inner.name(), inner.args()) {
        (Some("AnyRegion"), []) => RegionConstraint::Any,
        (Some("SizedRegion"), [Expr::Int(n)]) => RegionConstraint::Sized(block_count(*n)?),
        (Some("MaxSizedRegion"), [Expr::Int(n)]) => RegionConstraint::MaxSized(block_count(*n)?),
        _ => return Err(format!("unknown region constraint for `${name}`")),
    };
    Ok(RegionSpec {
        name,
        constraint,
        variadic,
    })
}

fn block_count(n: u64) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| format!("block count {n} is too big"))
}

fn successor_spec(name: String, expr: &Expr) -> Result<SuccessorSpec, String> {
    let variadic = match (expr.name(), expr.args()) {
        (Some("AnySuccessor"), []) => false,
        (Some("VariadicSuccessor"), [inner]) if inner.name() == Some("AnySuccessor") => true,
        _ => return Err(format!("unknown successor constraint for `${name}`")),
    };
    Ok(SuccessorSpec { name, variadic })
}

/// Operands, results, attributes, regions and successors share one namespace, as the
/// variables of the assembly format do.
fn check_unique_names(spec: &OpSpec) -> Result<(), String> {
    let mut names: Vec<&str> = spec.operands.iter().map(|v| v.name.as_str()).collect();
    names.extend(spec.results.iter().map(|v| v.name.as_str()));
    names.extend(spec.attributes.iter().map(|a| a.name.as_str()));
    names.extend(spec.regions.iter().map(|r| r.name.as_str()));
    names.extend(spec.successors.iter().map(|s| s.name.as_str()));
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(format!("`${name}` is declared twice"));
        }
    }
    Ok(())
}

/// Parses the `format` field and checks it against the op.
fn op_format(field: &RawField, spec: &OpSpec) -> Result<Format, (u32, String)> {
    let format = Format::parse(&field.value).map_err(|e| (field.line, format!("format: {e}")))?;
    check_format(&format, spec).map_err(|m| (field.line, format!("format: {m}")))?;
    Ok(format)
}

/// Every variable names something of the op (results only inside type directives), every
/// custom directive has a hook, and every operand, region and successor is written.
pub(crate) fn check_format(format: &Format, spec: &OpSpec) -> Result<(), String> {
    check_elements(&format.elements, spec, false)?;
    let all = format.walk();
    let mentions = |name: &str| {
        all.iter()
            .any(|e| matches!(e, Element::Var(v) if v == name))
    };
    let has = |collection| all.iter().any(|e| **e == Element::All(collection));
    use super::format::Collection::*;
    let unwritten = [
        (
            spec.operands.iter().map(|v| &v.name).collect::<Vec<_>>(),
            has(Operands),
        ),
        (spec.regions.iter().map(|r| &r.name).collect(), has(Regions)),
        (
            spec.successors.iter().map(|s| &s.name).collect(),
            has(Successors),
        ),
    ];
    for (names, covered) in unwritten {
        if let Some(name) = names.into_iter().find(|n| !covered && !mentions(n)) {
            return Err(format!("`${name}` is not written"));
        }
    }
    Ok(())
}

fn check_elements(elements: &[Element], spec: &OpSpec, in_type: bool) -> Result<(), String> {
    for element in elements {
        check_element(element, spec, in_type)?;
    }
    Ok(())
}

fn check_element(element: &Element, spec: &OpSpec, in_type: bool) -> Result<(), String> {
    match element {
        Element::Var(name) => check_var(name, spec, in_type),
        Element::Type(inner) => check_element(inner, spec, true),
        Element::FunctionalType(a, b) => {
            check_element(a, spec, true)?;
            check_element(b, spec, true)
        }
        Element::Qualified(inner) | Element::Ref(inner) => check_element(inner, spec, in_type),
        Element::Custom { name, args } if hooks::is_known(name) => {
            check_elements(args, spec, in_type)
        }
        Element::Custom { name, .. } => Err(format!("no hook for `custom<{name}>`")),
        Element::Optional {
            then, otherwise, ..
        } => {
            check_elements(then, spec, in_type)?;
            check_elements(otherwise, spec, in_type)
        }
        _ => Ok(()),
    }
}

fn check_var(name: &str, spec: &OpSpec, in_type: bool) -> Result<(), String> {
    let declared = spec.operand(name).is_some()
        || spec.attribute(name).is_some()
        || spec.region(name).is_some()
        || spec.successor(name).is_some();
    if declared || (in_type && spec.result(name).is_some()) {
        return Ok(());
    }
    if spec.result(name).is_some() {
        return Err(format!("result `${name}` outside a type directive"));
    }
    Err(format!("`${name}` is not declared"))
}
