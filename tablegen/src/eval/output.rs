//! The evaluation's records in the crate's record model (`Records`), the form the JSON
//! reader gives too, so that both sources feed the same consumers.

use super::init::Init;
use super::record::Rec;
use super::{Evaluation, Evaluator};
use crate::record::{Field, Record, Records, SourceLoc};
use crate::source::Loc;
use crate::value::{Bit, Dag, DagArg, Value};

impl Evaluator<'_> {
    pub(crate) fn finish(self) -> Evaluation {
        let mut records = Vec::with_capacity(self.finished.len());
        for &id in &self.finished {
            if let Some(rec) = &self.records[id] {
                records.push(self.record(rec));
            }
        }
        let files = self
            .files_read
            .iter()
            .map(|&id| self.cache.file(id).path.clone())
            .collect();
        Evaluation {
            records: Records::new(records),
            diagnostics: self.diagnostics,
            files,
            steps: self.steps,
        }
    }

    fn record(&self, rec: &Rec) -> Record {
        Record {
            name: rec.name_str().unwrap_or_default().to_owned(),
            anonymous: rec.anonymous,
            superclasses: rec
                .superclasses
                .iter()
                .map(|&class| self.classes[class].name.to_string())
                .collect(),
            fields: rec
                .fields
                .iter()
                .map(|field| Field {
                    name: field.name.to_string(),
                    value: self.value(&field.value),
                    field_keyword: field.field_keyword,
                })
                .collect(),
            locs: rec.locs.iter().map(|&loc| self.source_loc(loc)).collect(),
        }
    }

    fn source_loc(&self, loc: Loc) -> SourceLoc {
        let file = self.cache.file(loc.file);
        SourceLoc {
            file: file.name.clone(),
            line: file.line_col(loc.offset).0,
        }
    }

    fn value(&self, init: &Init) -> Value {
        match init {
            Init::Unset => Value::Unset,
            Init::Bit(bit) => Value::Bit(*bit),
            Init::Bits(bits) => Value::Bits(bits.iter().map(|bit| self.bit(bit)).collect()),
            Init::Int(value) => Value::Int(*value),
            Init::Str(text) => Value::String(text.to_string()),
            Init::Code(text) => Value::Code(text.to_string()),
            Init::List(items) => Value::List(items.iter().map(|item| self.value(item)).collect()),
            Init::Dag(dag) => Value::Dag(Dag {
                operator: Box::new(self.value(&dag.operator)),
                args: dag
                    .args
                    .iter()
                    .map(|(value, name)| DagArg {
                        value: self.value(value),
                        name: name.as_deref().map(str::to_owned),
                    })
                    .collect(),
            }),
            Init::Def(id) => Value::Def(self.record_name(*id)),
            Init::Var(name) => Value::Var(name.to_string()),
            Init::VarBit(var, index) => match &**var {
                Init::Var(name) => Value::VarBit {
                    var: name.to_string(),
                    index: *index,
                },
                _ => Value::Unevaluated(self.printed(init)),
            },
            Init::Field(..) | Init::Op(_) | Init::Anon(_) => Value::Unevaluated(self.printed(init)),
        }
    }

    fn bit(&self, bit: &Init) -> Bit {
        match bit {
            Init::Bit(value) => Bit::Known(*value),
            Init::Unset => Bit::Unset,
            other => Bit::Ref(Box::new(self.value(other))),
        }
    }
}
