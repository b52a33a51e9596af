//! Defs: building a concrete record, resolving its fields against each other once it is
//! complete, checking it (assertions, unresolved fields) and adding it to the records.

use super::hash::FastMap;
use std::rc::Rc;

use super::convert::convert;
use super::expr::Mode;
use super::init::{Init, RecId};
use super::record::Rec;
use super::resolve::Subst;
use super::{Building, EResult, Evaluator, Scope, Severity};
use crate::parse::ast::{self, ExprKind};
use crate::source::Loc;

/// `Class<args>` values nested deeper than this are refused (a class that instantiates
/// itself).
const INSTANTIATION_DEPTH_LIMIT: u32 = 64;

impl Evaluator<'_> {
    pub(super) fn def(&mut self, def: &ast::Def) -> EResult<()> {
        let loc = self.loc(def.at);
        let (name, anonymous) = match &def.name {
            Some(name) => {
                let value = self.expr_in(name, Mode::Name)?;
                (self.prefixed_name(value, name), false)
            }
            None => (Init::Str(self.anonymous_name()), true),
        };
        let id = self.records.len();
        self.records.push(None);
        self.building.push(Building {
            rec: Rec::new(name, anonymous, loc),
            params: None,
            class_name: None,
            id: Some(id),
        });
        self.scopes.push(Scope::Record);
        self.scopes.push(Scope::Vars(FastMap::default()));
        let mut ok = true;
        for parent in &def.parents {
            ok &= self.inherit(parent).is_ok();
        }
        ok &= self
            .with_current(|this, rec| this.apply_let_stack(rec))
            .is_ok();
        let errors_before = self.diagnostics.len();
        self.body(&def.body);
        ok &= self.diagnostics.len() == errors_before;
        self.scopes.pop();
        self.scopes.pop();
        let building = self.building.pop().expect("pushed above");
        if !ok {
            return Err(super::Skip);
        }
        self.made(id, building.rec)
    }

    /// A def's record is complete: kept for the `defm` being evaluated, or finished.
    pub(super) fn made(&mut self, id: RecId, rec: Rec) -> EResult<()> {
        match self.collecting.last_mut() {
            Some(made) => {
                made.push((id, rec));
                Ok(())
            }
            None => self.finish_record(id, rec),
        }
    }

    /// Inside a multiclass, a def's name without `NAME` gets `NAME` in front.
    pub(super) fn prefixed_name(&mut self, value: Init, name: &ast::Expr) -> Init {
        if self.collecting.is_empty() || mentions_name(name) {
            return value;
        }
        let prefix = self.multiclass_name();
        self.make_op("paste", None, Vec::new(), vec![prefix, value])
    }

    /// The `NAME` of the multiclass being instantiated.
    pub(super) fn multiclass_name(&self) -> Init {
        for scope in self.scopes.iter().rev() {
            if let Scope::Vars(vars) = scope
                && let Some(name) = vars.get("NAME")
            {
                return name.clone();
            }
        }
        Init::str("")
    }

    /// Resolves a complete record's fields against each other, checks it, and adds it to
    /// the records.
    pub(crate) fn finish_record(&mut self, id: RecId, mut rec: Rec) -> EResult<()> {
        let loc = rec.locs[0];
        rec.name = self.resolve(&rec.name, &Subst::Nothing);
        let Some(name) = rec.name_str().map(Rc::<str>::from) else {
            let printed = self.printed(&rec.name);
            return self.error_at(
                loc,
                format!("record name '{printed}' could not be fully resolved"),
            );
        };
        if self.record_ids.contains_key(&name) {
            if !rec.anonymous {
                return self.error_at(loc, format!("def already exists: {name}"));
            }
            rec.name = Init::Str(self.anonymous_name());
        }
        let name: Rc<str> = Rc::from(rec.name_str().unwrap_or_default());
        let values = {
            let subst = super::resolve::RecordSubst::new(&rec);
            let subst = Subst::Record(&subst);
            let mut values = Vec::with_capacity(rec.fields.len());
            for field in &rec.fields {
                values.push(self.resolve(&field.value, &subst));
            }
            let mut asserts = Vec::with_capacity(rec.asserts.len());
            for assert in &rec.asserts {
                asserts.push((
                    self.resolve(&assert.cond, &subst),
                    self.resolve(&assert.message, &subst),
                    assert.loc,
                ));
            }
            (values, asserts)
        };
        let (values, asserts) = values;
        for (field, value) in rec.fields.iter_mut().zip(values) {
            field.value = convert(value.clone(), &field.ty, &|id, class| self.is_a(id, class))
                .unwrap_or(value);
        }
        for (cond, message, at) in asserts {
            self.check_assert(&cond, &message, at);
        }
        self.check_concrete(&rec, loc);
        self.add_to_defsets(id, &rec, loc);
        self.records[id] = Some(rec);
        self.record_ids.insert(name, id);
        self.finished.push(id);
        Ok(())
    }

    pub(super) fn check_assert(&mut self, cond: &Init, message: &Init, loc: Loc) {
        match cond.as_int() {
            Some(0) => {
                let message = match message.as_str() {
                    Some(text) => text.to_owned(),
                    None => self.printed(message),
                };
                self.diagnostic(loc, Severity::Error, format!("assertion failed: {message}"));
            }
            Some(_) => {}
            None => {
                let printed = self.printed(cond);
                self.diagnostic(
                    loc,
                    Severity::Error,
                    format!("assert condition must of type bit, bits, or int: {printed}"),
                );
            }
        }
    }

    /// Every field of a concrete record must be known, except `field` ones and bits that
    /// refer to the record's own fields.
    pub(super) fn check_concrete(&mut self, rec: &Rec, loc: Loc) {
        // After a too deep instantiation, the records around it are incomplete: that
        // one error says why.
        if self.too_deep && rec.anonymous {
            return;
        }
        for field in &rec.fields {
            if field.field_keyword || concrete_enough(&field.value, rec) {
                continue;
            }
            let printed = self.printed(&field.value);
            let name = rec.name_str().unwrap_or_default().to_owned();
            let message = format!(
                "Initializer of '{}' in '{name}' could not be fully resolved: {printed}",
                field.name
            );
            self.diagnostic(loc, Severity::Error, message);
        }
    }

    pub(super) fn add_to_defsets(&mut self, id: RecId, rec: &Rec, loc: Loc) {
        let open = self.defsets.len();
        for index in 0..open {
            let class = self.defsets[index].1.clone();
            let derives = self
                .class_id(&class)
                .is_some_and(|class| rec.superclasses.contains(&class));
            if derives {
                self.defsets[index].2.push(Init::Def(id));
            } else {
                let name = rec.name_str().unwrap_or_default().to_owned();
                let message = format!("adding record of incompatible type '{name}' to defset");
                self.diagnostic(loc, Severity::Error, message);
            }
        }
    }

    /// The anonymous record of `Class<args>` (the arguments complete and known).
    pub(crate) fn instantiate_anonymous(&mut self, class: usize, args: &[Init]) -> Option<RecId> {
        if self.instantiating >= INSTANTIATION_DEPTH_LIMIT {
            if !self.too_deep {
                self.too_deep = true;
                let loc = self.classes[class].rec.locs[0];
                let message = format!(
                    "class '{}' is instantiated too deeply (does it instantiate itself?)",
                    self.classes[class].name
                );
                self.diagnostic(loc, Severity::Error, message);
            }
            return None;
        }
        self.instantiating += 1;
        let made = self.make_anonymous(class, args);
        self.instantiating -= 1;
        made
    }

    pub(super) fn make_anonymous(&mut self, class: usize, args: &[Init]) -> Option<RecId> {
        let name = self.anonymous_name();
        let loc = self.classes[class].rec.locs[0];
        let mut rec = Rec::new(Init::Str(name), true, loc);
        let id = self.records.len();
        self.records.push(None);
        self.add_subclass(&mut rec, class, args, loc).ok()?;
        // Not collected in a defset: llvm-tblgen leaves `Class<args>` values out.
        let defsets = std::mem::take(&mut self.defsets);
        let finished = self.finish_record(id, rec);
        self.defsets = defsets;
        finished.ok().map(|()| id)
    }
}

/// Known, or bits whose unknown bits refer to the record's own fields.
fn concrete_enough(value: &Init, rec: &Rec) -> bool {
    match value {
        Init::Bits(bits) => bits.iter().all(|bit| match bit {
            Init::VarBit(var, _) => matches!(&**var, Init::Var(name) if rec.field(name).is_some()),
            other => other.is_concrete(),
        }),
        other => other.is_concrete(),
    }
}

/// Whether a name expression uses `NAME`.
fn mentions_name(expr: &ast::Expr) -> bool {
    match &expr.kind {
        ExprKind::Ident(name) => name == "NAME",
        ExprKind::Paste(lhs, rhs) => {
            mentions_name(lhs) || rhs.as_deref().is_some_and(mentions_name)
        }
        ExprKind::Bang { args, .. } => args.iter().any(mentions_name),
        ExprKind::Field(inner, _) | ExprKind::BitSlice(inner, _) => mentions_name(inner),
        ExprKind::ListSlice { list, .. } => mentions_name(list),
        ExprKind::Cond(clauses) => clauses
            .iter()
            .any(|(c, v)| mentions_name(c) || mentions_name(v)),
        _ => false,
    }
}
