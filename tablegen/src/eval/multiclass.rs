//! Multiclasses and `defm`: a multiclass keeps its syntax tree, and each `defm` evaluates
//! it again with the arguments and `NAME` bound, then gives the records it made the
//! `defm`'s own classes and the `let`s around it.

use super::hash::FastMap;
use std::rc::Rc;
use std::sync::Arc;

use super::convert::convert;
use super::expr::Mode;
use super::init::Init;
use super::{EResult, Evaluator, MulticlassDef, Scope};
use crate::parse::ast::{self, Arg, ClassRef};
use crate::source::Loc;

/// `defm`s nested deeper than this are refused (a multiclass that instantiates itself).
const MULTICLASS_DEPTH_LIMIT: usize = 64;

impl Evaluator<'_> {
    pub(super) fn multiclass(&mut self, multiclass: &Arc<ast::Multiclass>) -> EResult<()> {
        let name: Rc<str> = Rc::from(multiclass.name.as_str());
        if self.multiclasses.contains_key(&name) {
            return self.error(
                multiclass.at,
                format!("multiclass '{name}' already defined"),
            );
        }
        let def = MulticlassDef {
            ast: multiclass.clone(),
            file: self.file,
            lets: self.let_stack.clone(),
        };
        self.multiclasses.insert(name, Rc::new(def));
        Ok(())
    }

    pub(super) fn defm(&mut self, defm: &ast::Defm) -> EResult<()> {
        let loc = self.loc(defm.at);
        let name = match &defm.name {
            Some(name) => {
                let value = self.expr_in(name, Mode::Name)?;
                self.prefixed_name(value, name)
            }
            None => {
                let anonymous = Init::Str(self.anonymous_name());
                if self.collecting.is_empty() {
                    anonymous
                } else {
                    let prefix = self.multiclass_name();
                    self.make_op("paste", None, Vec::new(), vec![prefix, anonymous])
                }
            }
        };
        let split = defm
            .parents
            .iter()
            .position(|parent| !self.multiclasses.contains_key(parent.name.as_str()))
            .unwrap_or(defm.parents.len());
        let (multiclasses, classes) = defm.parents.split_at(split);
        if multiclasses.is_empty() {
            let parent = &defm.parents[0];
            return self.error(
                parent.at,
                format!("Couldn't find multiclass '{}'", parent.name),
            );
        }
        self.collecting.push(Vec::new());
        let mut ok = true;
        for reference in multiclasses {
            ok &= self.instantiate(reference, &name, loc).is_ok();
        }
        let made = self.collecting.pop().expect("pushed above");
        if !ok {
            return Err(super::Skip);
        }
        let mut parents = Vec::with_capacity(classes.len());
        for class in classes {
            let Some(id) = self.class_id(&class.name) else {
                return self.error(class.at, format!("Couldn't find class '{}'", class.name));
            };
            let args = self.template_args(id, &class.args, class.at)?;
            parents.push((id, args, self.loc(class.at)));
        }
        for (id, mut rec) in made {
            let mut ok = true;
            for (class, args, at) in &parents {
                ok &= self.add_subclass(&mut rec, *class, args, *at).is_ok();
            }
            ok &= self.apply_let_stack(&mut rec).is_ok();
            if ok {
                let _ = self.made(id, rec);
            }
        }
        Ok(())
    }

    /// Evaluates the multiclass `reference` names for a `defm` named `name`: its body
    /// with its arguments and `NAME` bound, in its own scope.
    pub(super) fn instantiate(
        &mut self,
        reference: &ClassRef,
        name: &Init,
        loc: Loc,
    ) -> EResult<()> {
        let Some(multiclass) = self.multiclasses.get(reference.name.as_str()).cloned() else {
            return self.error(
                reference.at,
                format!("Couldn't find multiclass '{}'", reference.name),
            );
        };
        // llvm-tblgen builds a multiclass once, so a multiclass that uses itself only
        // sees what it has defined so far; evaluated again for each `defm`, it would
        // recurse (exponentially, with two such `defm`s): an error instead.
        let recursive = self
            .instantiating_multiclasses
            .iter()
            .any(|open| Rc::ptr_eq(open, &multiclass));
        if recursive || self.collecting.len() > MULTICLASS_DEPTH_LIMIT {
            return self.error(
                reference.at,
                format!("multiclass '{}' instantiates itself", reference.name),
            );
        }
        let reference_loc = self.loc(reference.at);
        let vars = self.multiclass_args(&multiclass, &reference.args, name, reference.at)?;
        let first_new = self.collecting.last().map_or(0, Vec::len);
        let saved_scopes = std::mem::replace(&mut self.scopes, vec![Scope::Vars(vars)]);
        let saved_building = std::mem::take(&mut self.building);
        let saved_lets = std::mem::replace(&mut self.let_stack, multiclass.lets.clone());
        let saved_file = std::mem::replace(&mut self.file, multiclass.file);
        self.instantiating_multiclasses.push(multiclass.clone());
        let mut ok = true;
        for parent in &multiclass.ast.parents {
            ok &= self.instantiate(parent, name, reference_loc).is_ok();
        }
        let errors_before = self.diagnostics.len();
        self.stmts(&multiclass.ast.body);
        ok &= self.diagnostics.len() == errors_before;
        self.instantiating_multiclasses.pop();
        self.file = saved_file;
        self.let_stack = saved_lets;
        self.building = saved_building;
        self.scopes = saved_scopes;
        if let Some(made) = self.collecting.last_mut() {
            for (_, rec) in &mut made[first_new..] {
                rec.locs.push(loc);
            }
        }
        if ok { Ok(()) } else { Err(super::Skip) }
    }

    /// A multiclass's template arguments bound to a `defm`'s values (and `NAME`).
    pub(super) fn multiclass_args(
        &mut self,
        multiclass: &MulticlassDef,
        args: &[Arg],
        name: &Init,
        at: u32,
    ) -> EResult<FastMap<Rc<str>, Init>> {
        let params = &multiclass.ast.params;
        let names: Vec<&str> = params.iter().map(|param| param.name.as_str()).collect();
        let given = self.given_args(&names, args, "multiclass", &multiclass.ast.name)?;
        let mut vars: FastMap<Rc<str>, Init> = FastMap::default();
        vars.insert(Rc::from("NAME"), name.clone());
        // Defaults are evaluated in the multiclass's scope, after the arguments before.
        let saved_scopes = std::mem::replace(&mut self.scopes, vec![Scope::Vars(vars)]);
        let saved_file = std::mem::replace(&mut self.file, multiclass.file);
        let result = self.bind_params(params, given, &multiclass.ast.name, at);
        self.file = saved_file;
        let scopes = std::mem::replace(&mut self.scopes, saved_scopes);
        result?;
        match scopes.into_iter().next() {
            Some(Scope::Vars(vars)) => Ok(vars),
            _ => unreachable!("one scope of variables"),
        }
    }

    pub(super) fn bind_params(
        &mut self,
        params: &[ast::Param],
        given: Vec<Option<Init>>,
        owner: &str,
        at: u32,
    ) -> EResult<()> {
        for (param, value) in params.iter().zip(given) {
            let ty = self.ty(&param.ty, param.at)?;
            let value = match (value, &param.default) {
                (Some(value), _) => value,
                (None, Some(default)) => self.expr(default)?,
                (None, None) => {
                    let loc = self.loc(at);
                    let _ = self.file;
                    return self.error_at(
                        loc,
                        format!(
                            "Value not specified for template argument '{owner}:{}'",
                            param.name
                        ),
                    );
                }
            };
            let value =
                convert(value.clone(), &ty, &|id, class| self.is_a(id, class)).unwrap_or(value);
            if let Some(Scope::Vars(vars)) = self.scopes.last_mut() {
                vars.insert(Rc::from(param.name.as_str()), value);
            }
        }
        Ok(())
    }
}
