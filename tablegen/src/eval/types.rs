//! The types of evaluation: those a field, a template argument or a typed operator
//! declares (conversions between values of them are in `convert`).

use std::fmt::{self, Display, Formatter};
use std::rc::Rc;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Ty {
    Bit,
    Int,
    String,
    Code,
    Dag,
    Bits(u32),
    List(Box<Ty>),
    /// Records deriving from the class.
    Class(Rc<str>),
}

impl Display for Ty {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Bit => f.write_str("bit"),
            Ty::Int => f.write_str("int"),
            Ty::String => f.write_str("string"),
            Ty::Code => f.write_str("code"),
            Ty::Dag => f.write_str("dag"),
            Ty::Bits(width) => write!(f, "bits<{width}>"),
            Ty::List(element) => write!(f, "list<{element}>"),
            Ty::Class(name) => f.write_str(name),
        }
    }
}
