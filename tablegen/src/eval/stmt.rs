//! Statements: includes and preprocessor regions, `let`, `foreach`, `if`, `defvar`,
//! `defset`, `deftype`, `assert` and `dump`, and the dispatch to classes, defs and
//! multiclasses (each in its own file).

use super::hash::FastMap;
use std::rc::Rc;

use super::expr::{MAX_VALUES, expand_ranges};
use super::init::Init;
use super::record::LetBinding;
use super::types::Ty;
use super::{EResult, Evaluator, Scope, Severity};
use crate::parse::ast::{self, ForeachIter, Stmt};
use crate::source::FileId;

/// What one statement counts against the step budget.
const STATEMENT_COST: u64 = 32;

/// Includes nested deeper than this are refused (a file that includes itself).
const INCLUDE_DEPTH_LIMIT: usize = 64;

impl Evaluator<'_> {
    pub(crate) fn evaluate_file(&mut self, id: FileId) {
        let saved = self.file;
        self.file = id;
        let file = self.cache.file(id).clone();
        if !self.files_read.contains(&id) {
            self.files_read.push(id);
            for error in &file.errors {
                let loc = self.loc(error.offset);
                self.diagnostic(loc, Severity::Error, error.message.clone());
            }
        }
        let ast = file.ast.clone();
        self.stmts(&ast.stmts);
        self.file = saved;
    }

    pub(crate) fn stmts(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            // A statement is worth many resolution steps: multiclasses that instantiate
            // each other twice over grow exponentially without resolving much.
            if !self.steps_of(STATEMENT_COST) {
                return;
            }
            let _ = self.stmt(stmt);
        }
    }

    pub(super) fn stmt(&mut self, stmt: &Stmt) -> EResult<()> {
        match stmt {
            Stmt::Include { path, at } => self.include(path, *at),
            Stmt::Define(name) => {
                self.macros.insert(name.clone());
                Ok(())
            }
            Stmt::IfDef {
                name,
                negated,
                then,
                otherwise,
            } => {
                let taken = self.macros.contains(name) != *negated;
                self.stmts(if taken { then } else { otherwise });
                Ok(())
            }
            Stmt::Class(class) => self.class(class),
            Stmt::Def(def) => self.def(def),
            Stmt::Defm(defm) => self.defm(defm),
            Stmt::Let { items, body } => {
                let bindings = self.let_bindings(items)?;
                self.let_stack.push(bindings);
                self.scoped(|this| this.stmts(body));
                self.let_stack.pop();
                Ok(())
            }
            Stmt::Defvar(defvar) => {
                let value = self.expr(&defvar.value)?;
                self.define_var(&defvar.name, value, defvar.at)
            }
            Stmt::Multiclass(multiclass) => self.multiclass(multiclass),
            Stmt::Foreach(foreach) => self.foreach(foreach),
            Stmt::If(branch) => {
                let taken = self.condition(&branch.cond)?;
                self.scoped(|this| {
                    this.stmts(if taken {
                        &branch.then
                    } else {
                        &branch.otherwise
                    })
                });
                Ok(())
            }
            Stmt::Assert(assert) => {
                let cond = self.expr(&assert.cond)?;
                let message = self.expr(&assert.message)?;
                self.check_assert(&cond, &message, self.loc(assert.at));
                Ok(())
            }
            Stmt::Defset { ty, name, body, at } => self.defset(ty, name, body, *at),
            Stmt::Deftype { name, ty } => {
                let ty = self.ty(ty, 0)?;
                self.deftypes.insert(Rc::from(name.as_str()), ty);
                Ok(())
            }
            Stmt::Dump(dump) => self.dump(dump),
        }
    }

    /// `dump`: its message, as a note where the statement is.
    pub(super) fn dump(&mut self, dump: &ast::Dump) -> EResult<()> {
        let message = self.expr(&dump.message)?;
        let text = match message.as_str() {
            Some(text) => text.to_owned(),
            None => self.printed(&message),
        };
        self.diagnostic(self.loc(dump.at), Severity::Note, text);
        Ok(())
    }

    /// Runs `body` in a new scope of local variables.
    pub(super) fn scoped<T>(&mut self, body: impl FnOnce(&mut Self) -> T) -> T {
        self.scopes.push(Scope::Vars(FastMap::default()));
        let result = body(self);
        self.scopes.pop();
        result
    }

    pub(super) fn include(&mut self, path: &str, at: u32) -> EResult<()> {
        if self.include_depth() >= INCLUDE_DEPTH_LIMIT {
            return self.error(at, format!("Too deeply nested includes: '{path}'"));
        }
        match self.cache.load_include(self.file, path, &self.include_dirs) {
            Ok(Some(id)) => {
                self.include_stack.push(id);
                self.evaluate_file(id);
                self.include_stack.pop();
                Ok(())
            }
            Ok(None) => self.error(at, format!("Could not find include file '{path}'")),
            Err(error) => self.error(at, format!("Could not read include file '{path}': {error}")),
        }
    }

    pub(super) fn include_depth(&self) -> usize {
        self.include_stack.len()
    }

    /// A condition of `if`: known, and true or false.
    pub(super) fn condition(&mut self, cond: &ast::Expr) -> EResult<bool> {
        let value = self.expr(cond)?;
        match value.as_int() {
            Some(value) => Ok(value != 0),
            None => {
                let printed = self.printed(&value);
                self.error(
                    cond.at,
                    format!("if condition is not a known bit or integer: {printed}"),
                )
            }
        }
    }

    pub(super) fn define_var(&mut self, name: &str, value: Init, at: u32) -> EResult<()> {
        let name: Rc<str> = Rc::from(name);
        match self.scopes.last_mut() {
            Some(Scope::Vars(vars)) => {
                if vars.contains_key(&name) {
                    return self.error(
                        at,
                        format!("local variable of this name already exists: '{name}'"),
                    );
                }
                vars.insert(name, value);
            }
            Some(Scope::Record) => unreachable!("a record scope is always followed by a local one"),
            None => {
                if self.globals.contains_key(&name) {
                    return self.error(
                        at,
                        format!("def or global variable of this name already exists: '{name}'"),
                    );
                }
                self.globals.insert(name, value);
            }
        }
        Ok(())
    }

    pub(super) fn let_bindings(&mut self, items: &[ast::LetItem]) -> EResult<Vec<LetBinding>> {
        let mut bindings = Vec::with_capacity(items.len());
        for item in items {
            let value = self.expr(&item.value)?;
            let bits = match &item.bits {
                Some(ranges) => Some(self.bit_list(ranges, item.at)?),
                None => None,
            };
            bindings.push(LetBinding {
                name: Rc::from(item.name.as_str()),
                bits,
                value,
                loc: self.loc(item.at),
            });
        }
        Ok(bindings)
    }

    /// The bits a `let` sets, as llvm-tblgen orders them (reversed from how written).
    pub(super) fn bit_list(&mut self, ranges: &[ast::Range], at: u32) -> EResult<Vec<u32>> {
        let Some(mut bits) = expand_ranges(ranges) else {
            return self.error(at, "Invalid bit range");
        };
        bits.reverse();
        Ok(bits)
    }

    pub(super) fn foreach(&mut self, foreach: &ast::Foreach) -> EResult<()> {
        let items: Vec<Init> = match &foreach.iter {
            ForeachIter::Ranges(ranges) => match expand_ranges(ranges) {
                Some(values) => values.into_iter().map(|i| Init::Int(i as i64)).collect(),
                None => {
                    let message =
                        format!("foreach over more than {MAX_VALUES} values, or negative ones");
                    return self.error(foreach.at, message);
                }
            },
            ForeachIter::Value(value) => match self.expr(value)? {
                Init::List(items) => items.to_vec(),
                other => {
                    let printed = self.printed(&other);
                    return self.error(value.at, format!("Expected a list, got '{printed}'"));
                }
            },
        };
        let var: Rc<str> = Rc::from(foreach.var.as_str());
        for item in items {
            if !self.step() {
                break;
            }
            let vars = FastMap::from_iter([(var.clone(), item)]);
            self.scopes.push(Scope::Vars(vars));
            self.scoped(|this| this.stmts(&foreach.body));
            self.scopes.pop();
        }
        Ok(())
    }

    pub(super) fn defset(
        &mut self,
        ty: &ast::Type,
        name: &str,
        body: &[Stmt],
        at: u32,
    ) -> EResult<()> {
        let Ty::List(element) = self.ty(ty, at)? else {
            return self.error(at, "expected list type");
        };
        let Ty::Class(class) = *element else {
            return self.error(at, "expected list of records type");
        };
        self.defsets.push((Rc::from(name), class, Vec::new()));
        self.scoped(|this| this.stmts(body));
        let (name, _, records) = self.defsets.pop().expect("pushed above");
        if self.globals.contains_key(&name) {
            return self.error(
                at,
                format!("def or global variable of this name already exists: '{name}'"),
            );
        }
        self.globals.insert(name, Init::List(records.into()));
        Ok(())
    }
}
