//! Folding bang operators whose operands are known. An operator that cannot be folded
//! yet stays as it is, to be folded when a later resolution makes its operands known.

use super::hash::FastMap;
use std::rc::Rc;

use super::Evaluator;
use super::convert::convert;
use super::init::{DagInit, Init, OpInit};
use super::resolve::Subst;
use super::types::Ty;

impl Evaluator<'_> {
    /// `op` folded if its operands allow it, else `op` itself.
    pub(crate) fn fold(&mut self, op: OpInit, is_final: bool) -> Init {
        match self.try_fold(&op, is_final) {
            Some(value) => value,
            None => Init::Op(Rc::new(op)),
        }
    }

    fn try_fold(&mut self, op: &OpInit, is_final: bool) -> Option<Init> {
        let args = &op.args;
        match &*op.op {
            "add" | "mul" | "and" | "or" | "xor" => arithmetic(&op.op, args),
            "sub" | "shl" | "sra" | "srl" | "div" => binary_int(&op.op, args),
            "not" => Some(Init::bool(int(args.first()?)? == 0)),
            "logtwo" => {
                let value = int(args.first()?)?;
                (value > 0).then(|| Init::Int(63 - value.leading_zeros() as i64))
            }
            "eq" | "ne" | "lt" | "le" | "gt" | "ge" => compare(&op.op, args.first()?, args.get(1)?),
            "strconcat" => {
                let mut text = String::new();
                for arg in args {
                    text.push_str(arg.as_str()?);
                }
                Some(Init::str(&text))
            }
            "paste" => self.paste(args.first()?, args.get(1)?),
            "listconcat" => {
                let mut items = Vec::new();
                for arg in args {
                    items.extend(list(arg)?.iter().cloned());
                }
                Some(Init::List(items.into()))
            }
            "listsplat" => {
                let count = usize::try_from(int(args.get(1)?)?).ok()?;
                let value = args.first()?;
                value
                    .is_concrete()
                    .then(|| Init::List(vec![value.clone(); count.min(1 << 20)].into()))
            }
            "listremove" => {
                let (from, remove) = (list(args.first()?)?, list(args.get(1)?)?);
                if !from.iter().chain(remove.iter()).all(Init::is_concrete) {
                    return None;
                }
                let kept: Vec<Init> = from
                    .iter()
                    .filter(|item| !remove.contains(item))
                    .cloned()
                    .collect();
                Some(Init::List(kept.into()))
            }
            "interleave" => interleave(list(args.first()?)?, args.get(1)?.as_str()?),
            "if" => {
                let cond = int(args.first()?)?;
                Some(
                    if cond != 0 {
                        args.get(1)?
                    } else {
                        args.get(2)?
                    }
                    .clone(),
                )
            }
            "cond" => self.cond(args),
            "cast" => self.cast(op.ty.as_ref()?, args.first()?, is_final),
            "isa" => self.isa(op.ty.as_ref()?, args.first()?),
            "exists" => {
                let name = args.first()?.as_str()?;
                let Some(Ty::Class(class)) = &op.ty else {
                    return None;
                };
                let id = self.record_ids.get(name).copied();
                Some(Init::bool(id.is_some_and(|id| self.is_a(id, class))))
            }
            "initialized" => {
                let value = args.first()?;
                match value {
                    Init::Unset => Some(Init::bool(false)),
                    _ if value.is_concrete() => Some(Init::bool(true)),
                    _ => None,
                }
            }
            "empty" => Some(Init::bool(size(args.first()?)? == 0)),
            "size" => Some(Init::Int(size(args.first()?)? as i64)),
            "listelem" => {
                let index = usize::try_from(int(args.get(1)?)?).ok()?;
                list(args.first()?)?.get(index).cloned()
            }
            "listslice" => {
                let (items, indices) = (list(args.first()?)?, list(args.get(1)?)?);
                let mut out = Vec::with_capacity(indices.len());
                for index in indices.iter() {
                    out.push(items.get(usize::try_from(int(index)?).ok()?)?.clone());
                }
                Some(Init::List(out.into()))
            }
            "head" => list(args.first()?)?.first().cloned(),
            "tail" => {
                let items = list(args.first()?)?;
                (!items.is_empty()).then(|| Init::List(items[1..].into()))
            }
            "foreach" => self.fold_foreach(op),
            "foldl" => self.foldl(op),
            "filter" => self.filter(op),
            "con" => con(args),
            "dag" => make_dag(args),
            "getdagop" | "getop" => match args.first()? {
                Init::Dag(dag) if dag.operator.is_concrete() => Some(dag.operator.clone()),
                _ => None,
            },
            "getdagarg" => {
                let (dag, index) = dag_arg_index(args.first()?, args.get(1)?)?;
                Some(dag.args.get(index)?.0.clone())
            }
            "getdagname" => {
                let (dag, index) = dag_arg_index(args.first()?, args.get(1)?)?;
                let name = dag.args.get(index)?.1.clone();
                Some(name.map_or(Init::Unset, Init::Str))
            }
            "setdagop" | "setop" => match args.first()? {
                Init::Dag(dag) => Some(Init::Dag(Rc::new(DagInit {
                    operator: args.get(1)?.clone(),
                    operator_name: dag.operator_name.clone(),
                    args: dag.args.clone(),
                }))),
                _ => None,
            },
            "setdagarg" | "setdagname" => {
                let (dag, index) = dag_arg_index(args.first()?, args.get(1)?)?;
                let mut new: DagInit = (**dag).clone();
                let slot = new.args.get_mut(index)?;
                if &*op.op == "setdagarg" {
                    slot.0 = args.get(2)?.clone();
                } else {
                    slot.1 = Some(Rc::from(args.get(2)?.as_str()?));
                }
                Some(Init::Dag(Rc::new(new)))
            }
            "subst" => subst(args.first()?, args.get(1)?, args.get(2)?),
            "substr" => {
                let text = args.first()?.as_str()?;
                let start = usize::try_from(int(args.get(1)?)?).ok()?;
                let length = match args.get(2) {
                    Some(length) => usize::try_from(int(length)?).ok()?,
                    None => usize::MAX,
                };
                let start = start.min(text.len());
                let end = start.saturating_add(length).min(text.len());
                Some(Init::str(text.get(start..end)?))
            }
            "find" => {
                let (text, pattern) = (args.first()?.as_str()?, args.get(1)?.as_str()?);
                let start = match args.get(2) {
                    Some(start) => usize::try_from(int(start)?).ok()?,
                    None => 0,
                };
                let found = text.get(start..).and_then(|rest| rest.find(pattern));
                Some(Init::Int(found.map_or(-1, |at| (at + start) as i64)))
            }
            "tolower" => Some(Init::str(&args.first()?.as_str()?.to_lowercase())),
            "toupper" => Some(Init::str(&args.first()?.as_str()?.to_uppercase())),
            "range" => range(args),
            "repr" => {
                let value = args.first()?;
                value.is_concrete().then(|| Init::str(&self.printed(value)))
            }
            _ => None,
        }
    }

    /// `a # b`: lists concatenate; anything else pastes as strings.
    fn paste(&mut self, lhs: &Init, rhs: &Init) -> Option<Init> {
        if let Init::List(left) = lhs {
            let right = list(rhs)?;
            let mut items = left.to_vec();
            items.extend(right.iter().cloned());
            return Some(Init::List(items.into()));
        }
        let left = self.string_of(lhs)?;
        let right = self.string_of(rhs)?;
        Some(Init::str(&(left + &right)))
    }

    /// A value as `!cast<string>` gives it.
    fn string_of(&self, value: &Init) -> Option<String> {
        match value {
            Init::Str(text) | Init::Code(text) => Some(text.to_string()),
            Init::Int(number) => Some(number.to_string()),
            Init::Bit(bit) => Some((*bit as u8).to_string()),
            Init::Def(id) => match &self.records[*id] {
                Some(rec) => rec.name_str().map(str::to_owned),
                None => None,
            },
            _ => None,
        }
    }

    fn cond(&mut self, args: &[Init]) -> Option<Init> {
        for pair in args.chunks(2) {
            let [cond, value] = pair else { return None };
            if int(cond)? != 0 {
                return Some(value.clone());
            }
        }
        let loc = self.loc(0);
        let _ = self.error_at::<()>(loc, "!cond: none of the conditions are true");
        None
    }

    fn cast(&mut self, ty: &Ty, value: &Init, is_final: bool) -> Option<Init> {
        match ty {
            Ty::String | Ty::Code => self.string_of(value).map(|text| Init::str(&text)),
            Ty::Class(class) => {
                match value {
                    Init::Str(name) => {
                        let Some(&id) = self.record_ids.get(name) else {
                            if is_final {
                                let loc = self.loc(0);
                                let _ = self.error_at::<()>(
                                    loc,
                                    format!("Undefined reference to record: '{name}'"),
                                );
                            }
                            return None;
                        };
                        if self.is_a(id, class) {
                            Some(Init::Def(id))
                        } else {
                            let loc = self.loc(0);
                            let _ = self.error_at::<()>(
                            loc,
                            format!("Expected type '{class}', got '{}' in: !cast<{class}>(\"{name}\")", self.record_name(id)),
                        );
                            None
                        }
                    }
                    Init::Def(id) if self.is_a(*id, class) => Some(value.clone()),
                    _ => None,
                }
            }
            _ => {
                if !value.is_concrete() {
                    return None;
                }
                convert(value.clone(), ty, &|id, class| self.is_a(id, class))
            }
        }
    }

    fn isa(&self, ty: &Ty, value: &Init) -> Option<Init> {
        let answer = match (ty, value) {
            (Ty::Class(class), Init::Def(id)) => self.is_a(*id, class),
            (Ty::Class(_), _) if value.is_concrete() => false,
            (Ty::Int, Init::Int(_)) | (Ty::Bit, Init::Bit(_)) => true,
            (Ty::String | Ty::Code, Init::Str(_) | Init::Code(_)) => true,
            (Ty::Dag, Init::Dag(_)) => true,
            (Ty::List(_), Init::List(_)) => true,
            (_, _) if value.is_concrete() => false,
            _ => return None,
        };
        Some(Init::bool(answer))
    }

    fn fold_foreach(&mut self, op: &OpInit) -> Option<Init> {
        let var = op.vars.first()?;
        let (sequence, body) = (op.args.first()?, op.args.get(1)?);
        match sequence {
            Init::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items.iter() {
                    out.push(self.apply(body, &[(var, item)])?);
                }
                Some(Init::List(out.into()))
            }
            Init::Dag(dag) => {
                let mut args = Vec::with_capacity(dag.args.len());
                for (arg, name) in &dag.args {
                    args.push((self.apply(body, &[(var, arg)])?, name.clone()));
                }
                Some(Init::Dag(Rc::new(DagInit {
                    operator: dag.operator.clone(),
                    operator_name: dag.operator_name.clone(),
                    args,
                })))
            }
            _ => None,
        }
    }

    fn foldl(&mut self, op: &OpInit) -> Option<Init> {
        let (acc_var, item_var) = (op.vars.first()?, op.vars.get(1)?);
        let (init, sequence, body) = (op.args.first()?, op.args.get(1)?, op.args.get(2)?);
        let items = list(sequence)?;
        let mut acc = init.clone();
        for item in items.iter() {
            acc = self.apply(body, &[(acc_var, &acc), (item_var, item)])?;
        }
        Some(acc)
    }

    fn filter(&mut self, op: &OpInit) -> Option<Init> {
        let var = op.vars.first()?;
        let (sequence, predicate) = (op.args.first()?, op.args.get(1)?);
        let items = list(sequence)?;
        let mut kept = Vec::new();
        for item in items.iter() {
            let keep = self.apply(predicate, &[(var, item)])?;
            if int(&keep)? != 0 {
                kept.push(item.clone());
            }
        }
        Some(Init::List(kept.into()))
    }

    /// `body` with the bound variables replaced; `None` if the result is not concrete
    /// (the operator waits for more to be known).
    fn apply(&mut self, body: &Init, bindings: &[(&Rc<str>, &Init)]) -> Option<Init> {
        let map: FastMap<Rc<str>, Init> = bindings
            .iter()
            .map(|(name, value)| ((*name).clone(), (*value).clone()))
            .collect();
        let result = self.resolve(body, &Subst::Map(&map));
        if mentions_any(&result, bindings) {
            None
        } else {
            Some(result)
        }
    }
}

/// Whether a result still refers to one of the bound variables (it could not be folded).
fn mentions_any(value: &Init, bindings: &[(&Rc<str>, &Init)]) -> bool {
    match value {
        Init::Var(name) => bindings.iter().any(|(bound, _)| *bound == name),
        Init::VarBit(inner, _) | Init::Field(inner, _) => mentions_any(inner, bindings),
        Init::Bits(items) | Init::List(items) => {
            items.iter().any(|item| mentions_any(item, bindings))
        }
        Init::Dag(dag) => {
            mentions_any(&dag.operator, bindings)
                || dag.args.iter().any(|(arg, _)| mentions_any(arg, bindings))
        }
        Init::Op(op) => op.args.iter().any(|arg| mentions_any(arg, bindings)),
        Init::Anon(anon) => anon.args.iter().any(|arg| mentions_any(arg, bindings)),
        _ => false,
    }
}

fn int(value: &Init) -> Option<i64> {
    value.as_int()
}

fn list(value: &Init) -> Option<&Rc<[Init]>> {
    match value {
        Init::List(items) => Some(items),
        _ => None,
    }
}

fn size(value: &Init) -> Option<usize> {
    match value {
        Init::List(items) => Some(items.len()),
        Init::Str(text) | Init::Code(text) => Some(text.len()),
        Init::Dag(dag) => Some(dag.args.len()),
        _ => None,
    }
}

fn arithmetic(op: &str, args: &[Init]) -> Option<Init> {
    let mut values = args.iter().map(int);
    let mut acc = values.next()??;
    for value in values {
        let value = value?;
        acc = match op {
            "add" => acc.wrapping_add(value),
            "mul" => acc.wrapping_mul(value),
            "and" => acc & value,
            "or" => acc | value,
            _ => acc ^ value,
        };
    }
    Some(Init::Int(acc))
}

fn binary_int(op: &str, args: &[Init]) -> Option<Init> {
    let (a, b) = (int(args.first()?)?, int(args.get(1)?)?);
    let shift = u32::try_from(b).ok().filter(|&shift| shift < 64);
    Some(Init::Int(match op {
        "sub" => a.wrapping_sub(b),
        "shl" => a.wrapping_shl(shift?),
        "sra" => a >> shift?,
        "srl" => ((a as u64) >> shift?) as i64,
        _ => a.checked_div(b)?,
    }))
}

fn compare(op: &str, a: &Init, b: &Init) -> Option<Init> {
    use std::cmp::Ordering;
    let ordering = match (a, b) {
        (Init::Def(x), Init::Def(y)) => {
            return match op {
                "eq" => Some(Init::bool(x == y)),
                "ne" => Some(Init::bool(x != y)),
                _ => None,
            };
        }
        _ => match (a.as_int(), b.as_int()) {
            (Some(x), Some(y)) => x.cmp(&y),
            _ => match (a.as_str(), b.as_str()) {
                (Some(x), Some(y)) => x.cmp(y),
                _ => return None,
            },
        },
    };
    Some(Init::bool(match op {
        "eq" => ordering == Ordering::Equal,
        "ne" => ordering != Ordering::Equal,
        "lt" => ordering == Ordering::Less,
        "le" => ordering != Ordering::Greater,
        "gt" => ordering == Ordering::Greater,
        _ => ordering != Ordering::Less,
    }))
}

fn interleave(items: &[Init], separator: &str) -> Option<Init> {
    let mut parts = Vec::with_capacity(items.len());
    for item in items {
        parts.push(match item {
            Init::Str(text) | Init::Code(text) => text.to_string(),
            other => other.as_int()?.to_string(),
        });
    }
    Some(Init::str(&parts.join(separator)))
}

fn con(args: &[Init]) -> Option<Init> {
    let mut result: Option<DagInit> = None;
    for arg in args {
        let Init::Dag(dag) = arg else { return None };
        match &mut result {
            None => result = Some((**dag).clone()),
            Some(acc) => {
                if acc.operator != dag.operator {
                    return None;
                }
                acc.args.extend(dag.args.iter().cloned());
            }
        }
    }
    result.map(|dag| Init::Dag(Rc::new(dag)))
}

fn make_dag(args: &[Init]) -> Option<Init> {
    let operator = args.first()?.clone();
    let values = match args.get(1)? {
        Init::List(items) => items.to_vec(),
        Init::Unset => Vec::new(),
        _ => return None,
    };
    let names = match args.get(2)? {
        Init::List(items) => items.to_vec(),
        Init::Unset => vec![Init::Unset; values.len()],
        _ => return None,
    };
    let values = if values.is_empty() {
        vec![Init::Unset; names.len()]
    } else {
        values
    };
    if values.len() != names.len() {
        return None;
    }
    let mut dag_args = Vec::with_capacity(values.len());
    for (value, name) in values.into_iter().zip(names) {
        let name = match name {
            Init::Unset => None,
            Init::Str(text) => Some(text),
            _ => return None,
        };
        dag_args.push((value, name));
    }
    Some(Init::Dag(Rc::new(DagInit {
        operator,
        operator_name: None,
        args: dag_args,
    })))
}

/// The dag and the index of the argument `key` (a position or a `$name`) picks.
fn dag_arg_index<'a>(dag: &'a Init, key: &Init) -> Option<(&'a Rc<DagInit>, usize)> {
    let Init::Dag(dag) = dag else { return None };
    let index = match key {
        Init::Str(name) => dag
            .args
            .iter()
            .position(|(_, arg)| arg.as_deref() == Some(&**name))?,
        other => usize::try_from(other.as_int()?).ok()?,
    };
    Some((dag, index))
}

fn subst(old: &Init, new: &Init, target: &Init) -> Option<Init> {
    match (old, new, target) {
        (Init::Str(old) | Init::Code(old), _, Init::Str(text) | Init::Code(text)) => {
            let new = new.as_str()?;
            if old.is_empty() {
                return Some(target.clone());
            }
            let replaced: Rc<str> = Rc::from(text.replace(&**old, new));
            // The result keeps the target's kind (a code string stays code).
            Some(match target {
                Init::Code(_) => Init::Code(replaced),
                _ => Init::Str(replaced),
            })
        }
        (Init::Def(_), _, Init::Def(_)) => Some(if old == target {
            new.clone()
        } else {
            target.clone()
        }),
        _ if old.is_concrete() && target.is_concrete() => Some(target.clone()),
        _ => None,
    }
}

fn range(args: &[Init]) -> Option<Init> {
    let (start, end, step) = match args {
        [Init::List(items)] => (0, items.len() as i64, 1),
        [end] => (0, int(end)?, 1),
        [start, end] => (int(start)?, int(end)?, 1),
        [start, end, step] => (int(start)?, int(end)?, int(step)?),
        _ => return None,
    };
    if step == 0 {
        return None;
    }
    let mut items = Vec::new();
    let mut value = start;
    while (step > 0 && value < end) || (step < 0 && value > end) {
        items.push(Init::Int(value));
        if items.len() > 1 << 20 {
            return None;
        }
        value += step;
    }
    Some(Init::List(items.into()))
}
