//! The values of evaluation ("inits", as llvm-tblgen calls them): concrete values, and
//! the unresolved forms an expression keeps until what it refers to is known (a field
//! set later, a template argument, a loop variable).

use std::fmt::{self, Display, Formatter};
use std::rc::Rc;

use super::types::Ty;

/// The index of a concrete record of the evaluation (finished or being built).
pub(crate) type RecId = usize;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Init {
    Unset,
    Bit(bool),
    /// Bit `i` is element `i` (least significant first); each is a `Bit`, `Unset`, or an
    /// unresolved value of one bit.
    Bits(Rc<[Init]>),
    Int(i64),
    Str(Rc<str>),
    Code(Rc<str>),
    List(Rc<[Init]>),
    Dag(Rc<DagInit>),
    Def(RecId),
    /// A field, template argument (`Class:arg`) or loop variable not known yet.
    Var(Rc<str>),
    /// Bit `index` of an unresolved value.
    VarBit(Rc<Init>, u32),
    /// `value.field` of an unresolved record.
    Field(Rc<Init>, Rc<str>),
    /// A bang operator whose operands are not all known.
    Op(Rc<OpInit>),
    /// `Class<args>` whose arguments are not all known.
    Anon(Rc<AnonInit>),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct DagInit {
    pub(crate) operator: Init,
    pub(crate) operator_name: Option<Rc<str>>,
    pub(crate) args: Vec<(Init, Option<Rc<str>>)>,
}

/// An unresolved bang operator. Operators that bind a variable (`!foreach`, `!foldl`,
/// `!filter`) name it in `vars` and hold their body among `args`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct OpInit {
    pub(crate) op: Rc<str>,
    pub(crate) ty: Option<Ty>,
    pub(crate) vars: Vec<Rc<str>>,
    pub(crate) args: Vec<Init>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct AnonInit {
    pub(crate) class: usize,
    pub(crate) class_name: Rc<str>,
    pub(crate) args: Vec<Init>,
}

impl Init {
    pub(crate) fn str(text: &str) -> Init {
        Init::Str(Rc::from(text))
    }

    pub(crate) fn bool(value: bool) -> Init {
        Init::Int(value as i64)
    }

    /// Whether nothing in the value waits for resolution (`?` counts as known).
    pub(crate) fn is_concrete(&self) -> bool {
        match self {
            Init::Unset
            | Init::Bit(_)
            | Init::Int(_)
            | Init::Str(_)
            | Init::Code(_)
            | Init::Def(_) => true,
            Init::Bits(bits) => bits.iter().all(Init::is_concrete),
            Init::List(items) => items.iter().all(Init::is_concrete),
            Init::Dag(dag) => {
                dag.operator.is_concrete() && dag.args.iter().all(|(arg, _)| arg.is_concrete())
            }
            Init::Var(_) | Init::VarBit(..) | Init::Field(..) | Init::Op(_) | Init::Anon(_) => {
                false
            }
        }
    }

    /// The value as an integer, if it is one (a bit and known bits count).
    pub(crate) fn as_int(&self) -> Option<i64> {
        match self {
            Init::Int(value) => Some(*value),
            Init::Bit(bit) => Some(*bit as i64),
            Init::Bits(bits) => bits_value(bits),
            _ => None,
        }
    }

    /// The text of a string or code value.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Init::Str(text) | Init::Code(text) => Some(text),
            _ => None,
        }
    }
}

/// The integer value of bits that are all known.
pub(crate) fn bits_value(bits: &[Init]) -> Option<i64> {
    let mut value: i64 = 0;
    for (index, bit) in bits.iter().enumerate().take(64) {
        match bit {
            Init::Bit(true) => value |= 1 << index,
            Init::Bit(false) => {}
            _ => return None,
        }
    }
    Some(value)
}

/// Prints a value as llvm-tblgen prints it (`getAsString`); records print by name, so
/// the printer needs their names.
pub(crate) struct Printed<'a> {
    pub(crate) init: &'a Init,
    pub(crate) names: &'a dyn Fn(RecId) -> String,
}

impl Display for Printed<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        print(self.init, self.names, f)
    }
}

fn print(init: &Init, names: &dyn Fn(RecId) -> String, f: &mut Formatter<'_>) -> fmt::Result {
    let list = |f: &mut Formatter<'_>, items: &[Init]| -> fmt::Result {
        for (position, item) in items.iter().enumerate() {
            if position > 0 {
                f.write_str(", ")?;
            }
            print(item, names, f)?;
        }
        Ok(())
    };
    match init {
        Init::Unset => f.write_str("?"),
        Init::Bit(bit) => write!(f, "{}", *bit as u8),
        Init::Bits(bits) => {
            let reversed: Vec<Init> = bits.iter().rev().cloned().collect();
            f.write_str("{ ")?;
            list(f, &reversed)?;
            f.write_str(" }")
        }
        Init::Int(value) => write!(f, "{value}"),
        Init::Str(text) => write!(f, "\"{}\"", escape(text)),
        Init::Code(text) => write!(f, "[{{{text}}}]"),
        Init::List(items) => {
            f.write_str("[")?;
            list(f, items)?;
            f.write_str("]")
        }
        Init::Dag(dag) => {
            f.write_str("(")?;
            print(&dag.operator, names, f)?;
            if let Some(name) = &dag.operator_name {
                write!(f, ":${name}")?;
            }
            for (position, (arg, name)) in dag.args.iter().enumerate() {
                f.write_str(if position == 0 { " " } else { ", " })?;
                print(arg, names, f)?;
                if let Some(name) = name {
                    write!(f, ":${name}")?;
                }
            }
            f.write_str(")")
        }
        Init::Def(id) => f.write_str(&names(*id)),
        Init::Var(name) => f.write_str(name),
        Init::VarBit(var, index) => {
            print(var, names, f)?;
            write!(f, "{{{index}}}")
        }
        Init::Field(record, field) => {
            print(record, names, f)?;
            write!(f, ".{field}")
        }
        Init::Op(op) => {
            write!(f, "!{}", op.op)?;
            if let Some(ty) = &op.ty {
                write!(f, "<{ty}>")?;
            }
            f.write_str("(")?;
            let mut items: Vec<Init> = op.vars.iter().map(|var| Init::Var(var.clone())).collect();
            items.extend(op.args.iter().cloned());
            list(f, &items)?;
            f.write_str(")")
        }
        Init::Anon(anon) => {
            write!(f, "{}<", anon.class_name)?;
            list(f, &anon.args)?;
            f.write_str(">")
        }
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            other => out.push(other),
        }
    }
    out
}
