//! Records: one concrete def (`Record`), and all defs of one evaluation (`Records`) with
//! their lookup by name and by class.

use std::collections::HashMap;

use crate::value::Value;

/// One concrete def.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The def's name; anonymous defs get a generated one (`anonymous_N`).
    pub name: String,
    /// Whether the def had no name of its own (e.g. `Colour<0, 0, 0>` used as a value).
    pub anonymous: bool,
    /// Every class the def derives from, directly or not, in llvm-tblgen's order (a class
    /// comes after its own superclasses).
    pub superclasses: Vec<String>,
    /// The fields in order. The JSON sorts them by name, so their declaration order is lost
    /// there; the evaluator will keep it.
    pub fields: Vec<Field>,
    /// Where the def was made; a def made by `defm` also lists the `defm` lines.
    pub locs: Vec<SourceLoc>,
}

/// One field of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    pub value: Value,
    /// Declared with the `field` keyword, which lets the value stay unresolved in a
    /// concrete def (llvm-tblgen lists these in `!fields`).
    pub field_keyword: bool,
}

/// A place in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLoc {
    /// The file as llvm-tblgen names it (its base name, as of LLVM 22).
    pub file: String,
    /// 1-based.
    pub line: u32,
}

/// All concrete defs of one evaluation, in order, with lookup by name and by class.
#[derive(Debug, Clone, Default)]
pub struct Records {
    records: Vec<Record>,
    by_name: HashMap<String, usize>,
    /// For each class, the indices of the records deriving from it, in record order.
    by_class: HashMap<String, Vec<usize>>,
}

impl Record {
    /// The value of the field `name`. A linear search: records have tens of fields.
    pub fn field(&self, name: &str) -> Option<&Value> {
        let field = self.fields.iter().find(|field| field.name == name)?;
        Some(&field.value)
    }

    /// Whether the record derives from `class` (TableGen's `!isa`/`!instanceof`).
    pub fn is_a(&self, class: &str) -> bool {
        self.superclasses
            .iter()
            .any(|superclass| superclass == class)
    }
}

impl Records {
    /// Indexes `records`. Names should be unique; where they are not, `get` finds the first.
    pub fn new(records: Vec<Record>) -> Self {
        let mut by_name = HashMap::with_capacity(records.len());
        let mut by_class: HashMap<String, Vec<usize>> = HashMap::new();
        for (index, record) in records.iter().enumerate() {
            by_name.entry(record.name.clone()).or_insert(index);
            for class in &record.superclasses {
                by_class.entry(class.clone()).or_default().push(index);
            }
        }
        Records {
            records,
            by_name,
            by_class,
        }
    }

    /// The record named `name`.
    pub fn get(&self, name: &str) -> Option<&Record> {
        self.by_name.get(name).map(|&index| &self.records[index])
    }

    /// The records deriving from `class`, in record order.
    pub fn deriving(&self, class: &str) -> impl Iterator<Item = &Record> + '_ {
        let indices = self.by_class.get(class).map_or(&[][..], Vec::as_slice);
        indices.iter().map(|&index| &self.records[index])
    }

    /// The classes at least one record derives from, in no particular order.
    pub fn classes(&self) -> impl Iterator<Item = &str> + '_ {
        self.by_class.keys().map(String::as_str)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Record> {
        self.records.iter()
    }

    pub fn as_slice(&self) -> &[Record] {
        &self.records
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The name of a record that has the same name as an earlier one.
    pub(crate) fn first_duplicate_name(&self) -> Option<&str> {
        let mut records = self.records.iter().enumerate();
        let (_, duplicate) =
            records.find(|(index, record)| self.by_name[&record.name] != *index)?;
        Some(&duplicate.name)
    }
}

impl<'a> IntoIterator for &'a Records {
    type Item = &'a Record;
    type IntoIter = std::slice::Iter<'a, Record>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
