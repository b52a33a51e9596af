//! The part of a record collection reachable from some of its records through def
//! references: what a consumer that starts from those records can ever look up, so the
//! rest can be dropped before the records are stored.

use std::collections::HashSet;

use crate::record::{Record, Records};
use crate::value::{Bit, Value};

impl Records {
    /// The records `is_root` picks and every record they refer to, directly or not (a
    /// `Def` value anywhere in a field: in lists, dags and bits), in the original order.
    pub fn reachable_from(&self, is_root: impl Fn(&Record) -> bool) -> Records {
        self.reachable_through(is_root, |_| true)
    }

    /// `reachable_from`, keeping of each record only the fields `keep_field` names (and
    /// following references through those only): for a consumer that reads only some
    /// fields.
    pub fn reachable_through(
        &self,
        is_root: impl Fn(&Record) -> bool,
        keep_field: impl Fn(&str) -> bool,
    ) -> Records {
        let mut kept: HashSet<&str> = HashSet::new();
        let mut pending: Vec<&Record> = self.iter().filter(|record| is_root(record)).collect();
        for record in &pending {
            kept.insert(&record.name);
        }
        while let Some(record) = pending.pop() {
            let mut names = Vec::new();
            for field in record.fields.iter().filter(|f| keep_field(&f.name)) {
                referenced_defs(&field.value, &mut names);
            }
            for name in names {
                if let Some(target) = self.get(name)
                    && kept.insert(&target.name)
                {
                    pending.push(target);
                }
            }
        }
        let records = self
            .iter()
            .filter(|record| kept.contains(record.name.as_str()))
            .map(|record| Record {
                name: record.name.clone(),
                anonymous: record.anonymous,
                superclasses: record.superclasses.clone(),
                fields: record
                    .fields
                    .iter()
                    .filter(|field| keep_field(&field.name))
                    .cloned()
                    .collect(),
                locs: record.locs.clone(),
            });
        Records::new(records.collect())
    }
}

/// Pushes the name of every def `value` refers to.
fn referenced_defs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Def(name) => out.push(name),
        Value::List(items) => items.iter().for_each(|item| referenced_defs(item, out)),
        Value::Dag(dag) => {
            referenced_defs(&dag.operator, out);
            for arg in &dag.args {
                referenced_defs(&arg.value, out);
            }
        }
        Value::Bits(bits) => {
            for bit in bits {
                if let Bit::Ref(value) = bit {
                    referenced_defs(value, out);
                }
            }
        }
        Value::Unset
        | Value::Bit(_)
        | Value::Int(_)
        | Value::String(_)
        | Value::Code(_)
        | Value::Var(_)
        | Value::VarBit { .. }
        | Value::Unevaluated(_) => {}
    }
}
