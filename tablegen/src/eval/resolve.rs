//! Resolution: replacing variables by their values (template arguments when a class is
//! inherited, fields when a def is complete, loop variables in `!foreach`) and folding
//! what becomes known (bang operators, bit and field selection, `Class<args>`).

use super::hash::{FastMap, FastSet};
use std::cell::RefCell;
use std::rc::Rc;

use super::init::{AnonInit, DagInit, Init, OpInit};
use super::record::Rec;
use super::{DEPTH_LIMIT, Evaluator};

/// What variables resolve to.
pub(crate) enum Subst<'a> {
    /// Nothing: only folding.
    Nothing,
    Map(&'a FastMap<Rc<str>, Init>),
    /// The fields of a complete record (`final`: what cannot be resolved now never
    /// will be, e.g. a `!cast` to a record that does not exist is an error).
    Record(&'a RecordSubst<'a>),
    /// Like the inner one, except for the variables an operator binds.
    Shadow(&'a Subst<'a>, &'a [Rc<str>]),
}

/// Resolves a record's fields against each other, each once, with cycles left alone.
pub(crate) struct RecordSubst<'a> {
    pub(crate) rec: &'a Rec,
    resolved: RefCell<FastMap<Rc<str>, Init>>,
    active: RefCell<FastSet<Rc<str>>>,
}

impl<'a> RecordSubst<'a> {
    pub(crate) fn new(rec: &'a Rec) -> Self {
        RecordSubst {
            rec,
            resolved: RefCell::default(),
            active: RefCell::default(),
        }
    }
}

impl Subst<'_> {
    fn is_final(&self) -> bool {
        match self {
            Subst::Record(_) => true,
            Subst::Shadow(inner, _) => inner.is_final(),
            _ => false,
        }
    }
}

impl Evaluator<'_> {
    /// The value of variable `name` under `subst`, if it has one.
    fn lookup(&mut self, name: &Rc<str>, subst: &Subst<'_>) -> Option<Init> {
        match subst {
            Subst::Nothing => None,
            Subst::Map(map) => map.get(name).cloned(),
            Subst::Shadow(inner, hidden) => {
                if hidden.contains(name) {
                    None
                } else {
                    self.lookup(name, inner)
                }
            }
            Subst::Record(record) => {
                let field = record.rec.field(name)?;
                // A field left unset stays a reference, as in llvm-tblgen.
                if matches!(field.value, Init::Unset) {
                    return None;
                }
                if let Some(value) = record.resolved.borrow().get(name) {
                    return Some(value.clone());
                }
                if !record.active.borrow_mut().insert(name.clone()) {
                    return None;
                }
                let value = self.resolve(&field.value, subst);
                record.active.borrow_mut().remove(name);
                record
                    .resolved
                    .borrow_mut()
                    .insert(name.clone(), value.clone());
                Some(value)
            }
        }
    }

    /// `init` with the variables `subst` knows replaced and what became known folded.
    pub(crate) fn resolve(&mut self, init: &Init, subst: &Subst<'_>) -> Init {
        match init {
            Init::Unset | Init::Bit(_) | Init::Int(_) | Init::Str(_) | Init::Code(_) => {
                return init.clone();
            }
            Init::Def(_) => return init.clone(),
            // Known through and through: nothing to replace, and no copy to make.
            Init::List(_) | Init::Bits(_) | Init::Dag(_) if init.is_concrete() => {
                return init.clone();
            }
            _ => {}
        }
        if !self.step() || self.depth >= DEPTH_LIMIT {
            return init.clone();
        }
        self.depth += 1;
        let resolved = self.resolve_inner(init, subst);
        self.depth -= 1;
        resolved
    }

    fn resolve_inner(&mut self, init: &Init, subst: &Subst<'_>) -> Init {
        match init {
            Init::Var(name) => self.lookup(name, subst).unwrap_or_else(|| init.clone()),
            Init::VarBit(var, index) => {
                let var = self.resolve(var, subst);
                bit_of(var, *index)
            }
            Init::Bits(bits) => {
                // A bit that a record's own unset field would make `?` keeps its
                // reference, as llvm-tblgen's record resolution keeps unset bits.
                let keep_unset = subst.is_final();
                let bits: Vec<Init> = bits
                    .iter()
                    .map(|bit| match self.resolve(bit, subst) {
                        Init::Unset if keep_unset => bit.clone(),
                        resolved => resolved,
                    })
                    .collect();
                Init::Bits(bits.into())
            }
            Init::List(items) => {
                let items: Vec<Init> = items.iter().map(|item| self.resolve(item, subst)).collect();
                Init::List(items.into())
            }
            Init::Dag(dag) => {
                let operator = self.resolve(&dag.operator, subst);
                let args = dag
                    .args
                    .iter()
                    .map(|(arg, name)| (self.resolve(arg, subst), name.clone()))
                    .collect();
                Init::Dag(Rc::new(DagInit {
                    operator,
                    operator_name: dag.operator_name.clone(),
                    args,
                }))
            }
            Init::Field(record, field) => {
                let record = self.resolve(record, subst);
                self.field_of(record, field)
            }
            Init::Op(op) => self.resolve_op(op, subst),
            Init::Anon(anon) => {
                let args: Vec<Init> = anon
                    .args
                    .iter()
                    .map(|arg| self.resolve(arg, subst))
                    .collect();
                self.anonymous_record(anon.class, &anon.class_name, args)
            }
            other => other.clone(),
        }
    }

    fn resolve_op(&mut self, op: &OpInit, subst: &Subst<'_>) -> Init {
        let shadowed;
        let inner = if op.vars.is_empty() {
            subst
        } else {
            shadowed = Subst::Shadow(subst, &op.vars);
            &shadowed
        };
        let args = op.args.iter().map(|arg| self.resolve(arg, inner)).collect();
        let op = OpInit {
            op: op.op.clone(),
            ty: op.ty.clone(),
            vars: op.vars.clone(),
            args,
        };
        self.fold(op, subst.is_final())
    }

    /// `record.field` once the record is known and the field's value is concrete.
    pub(crate) fn field_of(&mut self, record: Init, field: &Rc<str>) -> Init {
        if let Init::Def(id) = record
            && let Some(rec) = &self.records[id]
            && let Some(slot) = rec.field(field)
            && slot.value.is_concrete()
        {
            return slot.value.clone();
        }
        Init::Field(Rc::new(record), field.clone())
    }

    /// `Class<args>` as a value: the anonymous record of those arguments once they are
    /// all known (the same one each time), else the unresolved form.
    pub(crate) fn anonymous_record(
        &mut self,
        class: usize,
        class_name: &Rc<str>,
        args: Vec<Init>,
    ) -> Init {
        if !args.iter().all(Init::is_concrete) {
            return Init::Anon(Rc::new(AnonInit {
                class,
                class_name: class_name.clone(),
                args,
            }));
        }
        let key = (class, args);
        if let Some(&id) = self.anonymous.get(&key) {
            return Init::Def(id);
        }
        match self.instantiate_anonymous(class, &key.1) {
            Some(id) => {
                self.anonymous.insert(key, id);
                Init::Def(id)
            }
            None => Init::Unset,
        }
    }
}

/// Bit `index` of a value, once it is bits or an integer.
pub(crate) fn bit_of(value: Init, index: u32) -> Init {
    match &value {
        Init::Bits(bits) => match bits.get(index as usize) {
            Some(bit) => bit.clone(),
            None => Init::VarBit(Rc::new(value), index),
        },
        Init::Int(number) => Init::Bit(index < 64 && (number >> index) & 1 == 1),
        Init::Bit(bit) if index == 0 => Init::Bit(*bit),
        _ => Init::VarBit(Rc::new(value), index),
    }
}
