//! One ODS `Op` def lowered into an `OpSpec`: its `arguments`, `results`, `regions` and
//! `successors` dags, traits, assembly format and documentation.

use tablegen::{Dag, Record, Records, Value};

use super::constraints::{attr_spec, region_spec, successor_spec, value_spec};
use super::names::{CppNames, TypeClasses, op_identity};
use super::{dedent, origin, text_field};
use crate::registry::{Docs, Format, OpSpec, check_format_vars};

pub(crate) fn lower_op(
    records: &Records,
    record: &Record,
    classes: &CppNames,
    types: &TypeClasses,
) -> Result<OpSpec, String> {
    let (namespace, name) = op_identity(records, record).ok_or("no dialect or name")?;
    let dialect = match name.split_once('.') {
        Some((dialect, _)) => dialect.to_string(),
        None => "builtin".to_string(),
    };
    let mut spec = OpSpec {
        name,
        dialect,
        operands: Vec::new(),
        results: Vec::new(),
        attributes: Vec::new(),
        regions: Vec::new(),
        successors: Vec::new(),
        traits: Vec::new(),
        default_dialect: None,
        format: None,
        has_verifier: flag(record, "hasVerifier") || flag(record, "hasRegionVerifier"),
        docs: Docs {
            summary: text_field(record, "summary"),
            description: dedent(&text_field(record, "description")),
            syntax: String::new(),
            examples: Vec::new(),
            defined_in: Some(origin(record)),
        },
        origin: origin(record),
    };
    for (arg, name) in dag_args(records, record, "arguments") {
        if arg.is_a("TypeConstraint") {
            spec.operands.push(value_spec(records, types, arg, name));
        } else if let Some(attr) = attr_spec(records, types, arg, name.clone()) {
            spec.attributes.push(attr);
        } else {
            // A lost operand would renumber the others: better no spec than a wrong one.
            return Err(format!(
                "argument ${name} is neither a type, an attribute nor a property"
            ));
        }
    }
    for (arg, name) in dag_args(records, record, "results") {
        if !arg.is_a("TypeConstraint") {
            return Err(format!("result ${name} is not a type constraint"));
        }
        spec.results.push(value_spec(records, types, arg, name));
    }
    for (arg, name) in dag_args(records, record, "regions") {
        spec.regions.push(region_spec(arg, name));
    }
    for (arg, name) in dag_args(records, record, "successors") {
        spec.successors.push(successor_spec(arg, name));
    }
    spec.traits = super::traits::lower_traits(records, record, &namespace, classes);
    spec.format = format(record, &spec);
    Ok(spec)
}

fn flag(record: &Record, name: &str) -> bool {
    record.field(name).and_then(Value::as_bit) == Some(true)
}

/// The records and `$names` of a dag field (`(ins I32:$a, ...)`). An unnamed argument
/// (`(outs Index)`, common for results) gets an empty name: ODS counts it all the same.
/// Unknown ones are left out.
fn dag_args<'r>(records: &'r Records, record: &Record, field: &str) -> Vec<(&'r Record, String)> {
    let Some(dag) = record.field(field).and_then(Value::as_dag) else {
        return Vec::new();
    };
    args_of(records, dag)
}

fn args_of<'r>(records: &'r Records, dag: &Dag) -> Vec<(&'r Record, String)> {
    dag.args
        .iter()
        .filter_map(|arg| {
            let record = unwrap_arg(records, records.get(arg.value.as_def()?)?);
            Some((record, arg.name.clone().unwrap_or_default()))
        })
        .collect()
}

/// The constraint inside `Arg<...>` and `Res<...>` (`OpVariable`s: they add a description and memory
/// effects to it), however deep.
fn unwrap_arg<'r>(records: &'r Records, mut record: &'r Record) -> &'r Record {
    for _ in 0..16 {
        if !record.is_a("OpVariable") {
            break;
        }
        let inner = record.field("constraint").and_then(Value::as_def);
        match inner.and_then(|name| records.get(name)) {
            Some(inner) => record = inner,
            None => break,
        }
    }
    record
}

/// The declarative assembly format, if the op has one we can read and that names only the
/// op's own declarations; else the custom form is read generically.
fn format(record: &Record, spec: &OpSpec) -> Option<Format> {
    if flag(record, "hasCustomAssemblyFormat") {
        return None;
    }
    let text = record.field("assemblyFormat")?.as_str()?;
    if text.trim().is_empty() {
        return None;
    }
    let format = Format::parse(text).ok()?;
    check_format_vars(&format, spec).ok()?;
    Some(format)
}
