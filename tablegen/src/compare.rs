//! Comparing two evaluations of the same files record by record, as the differential
//! test against `llvm-tblgen --dump-json` does: superclasses, locations (`!locs`) and
//! fields compared value for value, and anonymous records (whose generated names differ
//! between evaluators) by structure.

use std::collections::HashMap;

use crate::record::{Record, Records};
use crate::value::Value;

/// How two evaluations compare.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Named records of the expected evaluation.
    pub compared: usize,
    /// Of those, the ones the other evaluation has, equal.
    pub equal: usize,
    /// One line per record that differs or is missing, and one for records only the
    /// other evaluation has.
    pub differences: Vec<String>,
}

/// Compares `actual` with `expected` (both read the way the JSON reader reads, so that
/// a `bit` and an `int` compare equal). Records whose name `skip` accepts are left out.
pub fn compare(expected: &Records, actual: &Records, skip: &dyn Fn(&Record) -> bool) -> Comparison {
    let mut comparison = Comparison::default();
    for record in expected
        .iter()
        .filter(|record| !record.anonymous && !skip(record))
    {
        comparison.compared += 1;
        let Some(other) = actual.get(&record.name) else {
            comparison
                .differences
                .push(format!("{}: missing", record.name));
            continue;
        };
        let mut checker = Checker {
            expected,
            actual,
            memo: HashMap::new(),
            inner: None,
        };
        match checker.records(record, other) {
            Ok(()) => comparison.equal += 1,
            Err(why) => {
                let why = checker.inner.take().unwrap_or(why);
                comparison
                    .differences
                    .push(format!("{}: {why}", record.name));
            }
        }
    }
    let extra: Vec<&str> = actual
        .iter()
        .filter(|record| !record.anonymous && !skip(record) && expected.get(&record.name).is_none())
        .map(|record| record.name.as_str())
        .collect();
    if !extra.is_empty() {
        let shown = extra.iter().take(5).copied().collect::<Vec<_>>().join(", ");
        comparison.differences.push(format!(
            "{} records only in the actual evaluation: {shown}",
            extra.len()
        ));
    }
    comparison
}

struct Checker<'a> {
    expected: &'a Records,
    actual: &'a Records,
    /// Pairs of anonymous records already compared (or being compared: a cycle is
    /// assumed equal until shown otherwise).
    memo: HashMap<(String, String), bool>,
    /// Why the innermost anonymous record that differs does.
    inner: Option<String>,
}

impl Checker<'_> {
    fn records(&mut self, a: &Record, b: &Record) -> Result<(), String> {
        if a.superclasses != b.superclasses {
            return Err(format!(
                "superclasses {:?} vs {:?}",
                a.superclasses, b.superclasses
            ));
        }
        if !a.anonymous && a.locs != b.locs {
            let show = |locs: &[crate::SourceLoc]| {
                let shown: Vec<String> = locs.iter().map(ToString::to_string).collect();
                shown.join(", ")
            };
            return Err(format!(
                "locations [{}] vs [{}]",
                show(&a.locs),
                show(&b.locs)
            ));
        }
        for field in &a.fields {
            let Some(other) = b.field(&field.name) else {
                return Err(format!("no field {}", field.name));
            };
            if !self.values(&field.value, other) {
                return Err(format!(
                    "field {}: {} vs {}",
                    field.name, field.value, other
                ));
            }
        }
        if let Some(extra) = b.fields.iter().find(|field| a.field(&field.name).is_none()) {
            return Err(format!("an extra field {}", extra.name));
        }
        let keyword = |record: &Record| -> Vec<String> {
            record
                .fields
                .iter()
                .filter(|f| f.field_keyword)
                .map(|f| f.name.clone())
                .collect()
        };
        if keyword(a) != keyword(b) {
            return Err(format!(
                "`field` fields {:?} vs {:?}",
                keyword(a),
                keyword(b)
            ));
        }
        Ok(())
    }

    fn values(&mut self, a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Def(x), Value::Def(y)) => {
                let anonymous =
                    |records: &Records, name: &str| records.get(name).is_some_and(|r| r.anonymous);
                if !(anonymous(self.expected, x) && anonymous(self.actual, y)) {
                    return x == y;
                }
                self.anonymous(x, y)
            }
            (Value::List(xs), Value::List(ys)) => {
                xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| self.values(x, y))
            }
            (Value::Dag(x), Value::Dag(y)) => {
                self.values(&x.operator, &y.operator)
                    && x.args.len() == y.args.len()
                    && x.args
                        .iter()
                        .zip(&y.args)
                        .all(|(p, q)| p.name == q.name && self.values(&p.value, &q.value))
            }
            _ => a == b,
        }
    }

    fn anonymous(&mut self, x: &str, y: &str) -> bool {
        let key = (x.to_owned(), y.to_owned());
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        self.memo.insert(key.clone(), true);
        let (Some(a), Some(b)) = (self.expected.get(x), self.actual.get(y)) else {
            return false;
        };
        let result = match self.records(a, b) {
            Ok(()) => true,
            Err(why) => {
                self.inner
                    .get_or_insert(format!("{x} (anonymous) vs {y}: {why}"));
                false
            }
        };
        self.memo.insert(key, result);
        result
    }
}
