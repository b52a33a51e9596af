//! Reading one JSON value of a field into a `Value`.
//!
//! llvm-tblgen writes `?` as null, a bit or an int as a number, a string or code as a
//! string, bits or a list as an array (bits with bit 0 first), and everything else as an
//! object whose `kind` says what it is: `def` (a def reference, `def`: its name), `var`
//! (an unresolved variable, `var`: its name), `varbit` (`var` and `index`), `dag`
//! (`operator`, and `args` as `[value, name-or-null]` pairs) or `complex` (only its
//! `printable` text). Every object also has `printable`, which we need only for `complex`.

use super::json::{Json, expected, take_required};
use crate::error::ReadError;
use crate::value::{Dag, DagArg, Value};

pub(super) fn read_value(json: Json) -> Result<Value, ReadError> {
    match json {
        Json::Null => Ok(Value::Unset),
        Json::Int(number) => Ok(Value::Int(number)),
        Json::String(text) => Ok(Value::String(text)),
        Json::Array(items) => read_list(items),
        Json::Object(members) => read_object(members),
        Json::OtherNumber(text) => Err(ReadError::new(format!(
            "the number {text} is not a 64-bit integer"
        ))),
        Json::Bool(_) => Err(ReadError::new("a boolean is not a TableGen value")),
    }
}

fn read_list(items: Vec<Json>) -> Result<Value, ReadError> {
    let values = items.into_iter().enumerate().map(|(index, item)| {
        read_value(item).map_err(|error| error.within(format!("element {index}")))
    });
    Ok(Value::List(values.collect::<Result<_, _>>()?))
}

fn read_object(mut members: Vec<(String, Json)>) -> Result<Value, ReadError> {
    let kind = take_required(&mut members, "kind", "the value object")?.into_string("`kind`")?;
    let members = &mut members[..];
    match kind.as_str() {
        "def" => Ok(Value::Def(take_string(members, "def", &kind)?)),
        "var" => Ok(Value::Var(take_string(members, "var", &kind)?)),
        "varbit" => read_varbit(members),
        "dag" => read_dag(members).map(Value::Dag),
        "complex" => Ok(Value::Unevaluated(take_string(
            members,
            "printable",
            &kind,
        )?)),
        unknown => Err(ReadError::new(format!("unknown value kind `{unknown}`"))),
    }
}

/// The string member `key` of a value object of kind `kind`.
fn take_string(members: &mut [(String, Json)], key: &str, kind: &str) -> Result<String, ReadError> {
    let owner = format!("the `{kind}` value");
    let value = take_required(members, key, &owner)?;
    value.into_string(&format!("`{key}` of {owner}"))
}

fn read_varbit(members: &mut [(String, Json)]) -> Result<Value, ReadError> {
    let var = take_string(members, "var", "varbit")?;
    let index = match take_required(members, "index", "the `varbit` value")? {
        Json::Int(index) => u32::try_from(index).ok(),
        _ => None,
    };
    let index =
        index.ok_or_else(|| ReadError::new("`index` of the `varbit` value is not a bit number"))?;
    Ok(Value::VarBit { var, index })
}

fn read_dag(members: &mut [(String, Json)]) -> Result<Dag, ReadError> {
    let operator = take_required(members, "operator", "the `dag` value")?;
    let operator = read_value(operator).map_err(|error| error.within("dag operator"))?;
    let args = take_required(members, "args", "the `dag` value")?;
    let args = args.into_array("`args` of the `dag` value")?;
    let args = args.into_iter().enumerate().map(|(index, arg)| {
        read_dag_arg(arg).map_err(|error| error.within(format!("dag argument {index}")))
    });
    Ok(Dag {
        operator: Box::new(operator),
        args: args.collect::<Result<_, _>>()?,
    })
}

/// `[value, name]`, the name a string or null.
fn read_dag_arg(json: Json) -> Result<DagArg, ReadError> {
    let pair = json.into_array("the argument")?;
    let Ok([value, name]) = <[Json; 2]>::try_from(pair) else {
        return Err(ReadError::new("the argument is not a [value, name] pair"));
    };
    let name = match name {
        Json::Null => None,
        Json::String(name) => Some(name),
        other => return Err(expected("the argument's name", "a string or null", &other)),
    };
    Ok(DagArg {
        value: read_value(value)?,
        name,
    })
}
