//! The values of a record's fields: TableGen's value kinds, and typed accessors.

/// One value of TableGen.
///
/// Read from `llvm-tblgen --dump-json`, some kinds never occur because the JSON does not
/// say the declared type: a `bit` and an `int` are both JSON numbers (read as
/// [`Value::Int`]), a `string` and a `code` are both JSON strings (read as
/// [`Value::String`]), and `bits<N>` and `list<...>` are both JSON arrays (read as
/// [`Value::List`], with bit 0 first). The accessors accept both readings (e.g.
/// [`Value::as_bit`] takes an `Int` of 0 or 1), so callers work with either source; our
/// own evaluator will produce the exact kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// `?`: a value left unset.
    Unset,
    /// A `bit`.
    Bit(bool),
    /// A `bits<N>`: element `i` is bit `i`, so bit 0 (the least significant) comes first.
    Bits(Vec<Bit>),
    /// An `int` (TableGen's ints are 64-bit).
    Int(i64),
    /// A `string`.
    String(String),
    /// A `code` string (`[{ ... }]`), without its brackets.
    Code(String),
    /// A `list<T>`.
    List(Vec<Value>),
    /// A `dag`: an operator and its arguments.
    Dag(Dag),
    /// A reference to a def, by its name (look it up with `Records::get`).
    Def(String),
    /// A reference to a variable (a field or argument) that stayed unresolved.
    Var(String),
    /// One bit of an unresolved variable: `var{index}`.
    VarBit { var: String, index: u32 },
    /// An expression that stayed unresolved and is only known as its printed text (e.g.
    /// `!strconcat(Label, "!")`): the JSON gives no structure for it.
    Unevaluated(String),
}

/// One bit of a `bits<N>` value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bit {
    /// A known 0 (`false`) or 1 (`true`).
    Known(bool),
    /// `?`.
    Unset,
    /// A reference ([`Value::Var`], [`Value::VarBit`]) or another unresolved value.
    Ref(Box<Value>),
}

/// A `dag` value: `(operator arg:$name, ...)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dag {
    /// The operator, usually a [`Value::Def`].
    pub operator: Box<Value>,
    /// The arguments in order.
    pub args: Vec<DagArg>,
}

/// One argument of a dag: a value (possibly `?`) and an optional `$name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DagArg {
    pub value: Value,
    /// The name without its `$`.
    pub name: Option<String>,
}

impl Value {
    /// The text of a `string` or `code` value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) | Value::Code(text) => Some(text),
            _ => None,
        }
    }

    /// The number of an `int` value.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(number) => Some(*number),
            _ => None,
        }
    }

    /// A `bit`, also read from an `Int` of 0 or 1 (the JSON writes bits as numbers).
    pub fn as_bit(&self) -> Option<bool> {
        match self {
            Value::Bit(bit) => Some(*bit),
            Value::Int(0) => Some(false),
            Value::Int(1) => Some(true),
            _ => None,
        }
    }

    /// The elements of a `list` (also a `bits<N>` read from JSON, bit 0 first).
    pub fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::List(items) => Some(items),
            _ => None,
        }
    }

    /// The name of the def a reference points to.
    pub fn as_def(&self) -> Option<&str> {
        match self {
            Value::Def(name) => Some(name),
            _ => None,
        }
    }

    /// A `dag` value.
    pub fn as_dag(&self) -> Option<&Dag> {
        match self {
            Value::Dag(dag) => Some(dag),
            _ => None,
        }
    }

    pub fn is_unset(&self) -> bool {
        matches!(self, Value::Unset)
    }

    /// The bits of a `bits<N>`, bit 0 first; also of a list that can only be bits (as the
    /// JSON gives them: every element 0, 1, `?` or a reference).
    pub fn to_bits(&self) -> Option<Vec<Bit>> {
        match self {
            Value::Bits(bits) => Some(bits.clone()),
            Value::List(items) => items.iter().map(Bit::from_list_element).collect(),
            _ => None,
        }
    }
}

impl Bit {
    /// The bit if it is known.
    pub fn as_known(&self) -> Option<bool> {
        match self {
            Bit::Known(bit) => Some(*bit),
            _ => None,
        }
    }

    /// A list element read as a bit, if it can be one.
    fn from_list_element(element: &Value) -> Option<Bit> {
        match element {
            Value::Unset => Some(Bit::Unset),
            Value::Var(_) | Value::VarBit { .. } => Some(Bit::Ref(Box::new(element.clone()))),
            other => other.as_bit().map(Bit::Known),
        }
    }
}

impl Dag {
    /// The name of the operator when it is a def (the usual case).
    pub fn operator_def(&self) -> Option<&str> {
        self.operator.as_def()
    }

    /// The value of the first argument named `name` (without `$`).
    pub fn arg(&self, name: &str) -> Option<&Value> {
        let arg = self
            .args
            .iter()
            .find(|arg| arg.name.as_deref() == Some(name))?;
        Some(&arg.value)
    }
}
