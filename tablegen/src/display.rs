//! Printing of the model: values in TableGen's syntax, and a compact, stable dump of
//! records (used by tests and for debugging).

use std::fmt::{self, Display, Formatter, Write};

use crate::record::{Field, Record, Records, SourceLoc};
use crate::value::{Bit, Dag, DagArg, Value};

impl Display for Value {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Value::Unset => f.write_str("?"),
            Value::Bit(bit) => write!(f, "{}", u8::from(*bit)),
            Value::Bits(bits) => write_bits(f, bits),
            Value::Int(number) => write!(f, "{number}"),
            Value::String(text) => write_quoted(f, text),
            Value::Code(text) => write!(f, "[{{{text}}}]"),
            Value::List(items) => write_list(f, items),
            Value::Dag(dag) => dag.fmt(f),
            Value::Def(name) | Value::Var(name) => f.write_str(name),
            Value::VarBit { var, index } => write!(f, "{var}{{{index}}}"),
            Value::Unevaluated(text) => f.write_str(text),
        }
    }
}

impl Display for Bit {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Bit::Known(bit) => write!(f, "{}", u8::from(*bit)),
            Bit::Unset => f.write_str("?"),
            Bit::Ref(value) => value.fmt(f),
        }
    }
}

impl Display for Dag {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "({}", self.operator)?;
        for (position, arg) in self.args.iter().enumerate() {
            f.write_str(if position == 0 { " " } else { ", " })?;
            arg.fmt(f)?;
        }
        f.write_char(')')
    }
}

impl Display for DagArg {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => write!(f, "{}:${name}", self.value),
            None => self.value.fmt(f),
        }
    }
}

/// TableGen writes bits most significant first: `{b3, b2, b1, b0}`.
fn write_bits(f: &mut Formatter<'_>, bits: &[Bit]) -> fmt::Result {
    f.write_char('{')?;
    for (position, bit) in bits.iter().rev().enumerate() {
        if position > 0 {
            f.write_str(", ")?;
        }
        bit.fmt(f)?;
    }
    f.write_char('}')
}

fn write_list(f: &mut Formatter<'_>, items: &[Value]) -> fmt::Result {
    f.write_char('[')?;
    for (position, item) in items.iter().enumerate() {
        if position > 0 {
            f.write_str(", ")?;
        }
        item.fmt(f)?;
    }
    f.write_char(']')
}

/// A string literal as TableGen reads it back.
fn write_quoted(f: &mut Formatter<'_>, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            other => f.write_char(other)?,
        }
    }
    f.write_char('"')
}

impl Display for SourceLoc {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

impl Display for Field {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let keyword = if self.field_keyword { "field " } else { "" };
        write!(f, "{keyword}{} = {}", self.name, self.value)
    }
}

/// `def NAME: SUPER, ... @ LOC, ...` then one indented line per field.
impl Display for Record {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let anonymous = if self.anonymous { " (anonymous)" } else { "" };
        write!(f, "def {}{anonymous}", self.name)?;
        if !self.superclasses.is_empty() {
            write!(f, ": {}", self.superclasses.join(", "))?;
        }
        write_separated(f, " @ ", &self.locs)?;
        for field in &self.fields {
            write!(f, "\n  {field}")?;
        }
        Ok(())
    }
}

/// Every record, then the class index sorted by class name (`class C: d1, d2`).
impl Display for Records {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for record in self {
            writeln!(f, "{record}")?;
        }
        let mut classes: Vec<&str> = self.classes().collect();
        classes.sort_unstable();
        for class in classes {
            let names: Vec<&str> = self.deriving(class).map(|r| r.name.as_str()).collect();
            writeln!(f, "class {class}: {}", names.join(", "))?;
        }
        Ok(())
    }
}

/// `prefix` then the items separated by commas; nothing when there are none.
fn write_separated(f: &mut Formatter<'_>, prefix: &str, items: &[impl Display]) -> fmt::Result {
    for (position, item) in items.iter().enumerate() {
        f.write_str(if position == 0 { prefix } else { ", " })?;
        item.fmt(f)?;
    }
    Ok(())
}
