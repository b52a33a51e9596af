//! The evaluator: a root file's statements in, its concrete records out, as
//! `llvm-tblgen` evaluates them (LLVM's "TableGen Programmer's Reference").
//!
//! Classes are built once, their template arguments kept as `Class:arg` variables and
//! substituted when a record inherits them. A multiclass keeps its syntax tree and is
//! evaluated again for each `defm`, with its arguments and `NAME` bound, which gives the
//! records llvm-tblgen's prototypes give. A def's fields are resolved against each other
//! once it is complete, so a field sees what a later `let` set (late binding).
//!
//! Every error is a diagnostic with its place; it costs the statement (the record) it
//! is in, never the rest of the file.

mod bang;
mod class;
mod convert;
mod def;
mod expr;
mod hash;
pub(crate) mod init;
mod multiclass;
mod output;
pub(crate) mod record;
mod resolve;
mod stmt;
pub(crate) mod types;
mod typing;

use self::hash::{FastMap, FastSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use self::init::{Init, RecId};
use self::record::{Class, LetBinding, Rec};
use self::types::Ty;
use crate::parse::ast;
use crate::record::Records;
use crate::source::{FileId, Loc, SourceCache};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    /// What a `dump` statement prints.
    Note,
}

/// An error (or warning) in a `.td` file, worded as llvm-tblgen words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub path: PathBuf,
    /// 1-based.
    pub line: u32,
    /// 1-based, in bytes.
    pub column: u32,
    pub severity: Severity,
    pub message: String,
}

/// The result of evaluating one root file.
#[derive(Debug)]
pub struct Evaluation {
    pub records: Records,
    pub diagnostics: Vec<Diagnostic>,
    /// Every file the evaluation read (the root and what it includes), so a caller knows
    /// which edits should evaluate it again.
    pub files: Vec<PathBuf>,
    /// How many steps of work it took (see `Limits`).
    pub steps: u64,
}

/// How much work one evaluation may do before it stops with an error: a recursive class
/// or a loop over a huge range must not hang the caller.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Resolution steps (MLIR 22's largest root takes about 600,000; the default, 50
    /// million, stops a runaway evaluation within seconds).
    pub steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { steps: 50_000_000 }
    }
}

/// Evaluates the root file `root`, resolving `include`s in `include_dirs`.
pub fn evaluate(cache: &mut SourceCache, root: &Path, include_dirs: &[PathBuf]) -> Evaluation {
    evaluate_with(cache, root, include_dirs, Limits::default())
}

/// `evaluate` within `limits`.
pub fn evaluate_with(
    cache: &mut SourceCache,
    root: &Path,
    include_dirs: &[PathBuf],
    limits: Limits,
) -> Evaluation {
    let mut evaluator = Evaluator::new(cache, include_dirs);
    evaluator.step_limit = limits.steps;
    evaluator.run(root);
    evaluator.finish()
}

/// A statement's evaluation failed; its error is already recorded.
#[derive(Debug)]
pub(crate) struct Skip;

pub(crate) type EResult<T> = Result<T, Skip>;

/// How deep resolution may recurse.
const DEPTH_LIMIT: u32 = 400;

/// A multiclass: its tree, where it is, and the `let`s around its definition.
pub(crate) struct MulticlassDef {
    pub(crate) ast: Arc<ast::Multiclass>,
    pub(crate) file: FileId,
    pub(crate) lets: Vec<Vec<LetBinding>>,
}

/// A scope of variables, innermost last on the evaluator's stack.
pub(crate) enum Scope {
    /// `defvar`s, loop variables, a multiclass's arguments.
    Vars(FastMap<Rc<str>, Init>),
    /// The fields (and template arguments) of the record being built.
    Record,
}

/// A record whose statement is being evaluated.
pub(crate) struct Building {
    pub(crate) rec: Rec,
    /// The class's template arguments (`name`, `Class:name`), for a class.
    pub(crate) params: Option<Vec<(Rc<str>, Rc<str>)>>,
    pub(crate) class_name: Option<Rc<str>>,
    /// The id reserved for a def, so that it can refer to itself.
    pub(crate) id: Option<RecId>,
}

pub(crate) struct Evaluator<'c> {
    pub(crate) cache: &'c mut SourceCache,
    pub(crate) include_dirs: Vec<PathBuf>,
    pub(crate) macros: FastSet<String>,
    pub(crate) classes: Vec<Rc<Class>>,
    pub(crate) class_ids: FastMap<Rc<str>, usize>,
    pub(crate) multiclasses: FastMap<Rc<str>, Rc<MulticlassDef>>,
    /// Concrete records by id; `None` while one is being built.
    pub(crate) records: Vec<Option<Rec>>,
    pub(crate) record_ids: FastMap<Rc<str>, RecId>,
    /// The records in the order they were finished.
    pub(crate) finished: Vec<RecId>,
    /// Anonymous records of `Class<args>`, one per class and arguments.
    pub(crate) anonymous: FastMap<(usize, Vec<Init>), RecId>,
    pub(crate) anonymous_count: u64,
    pub(crate) globals: FastMap<Rc<str>, Init>,
    pub(crate) deftypes: FastMap<Rc<str>, Ty>,
    pub(crate) scopes: Vec<Scope>,
    pub(crate) let_stack: Vec<Vec<LetBinding>>,
    /// Open `defset`s: name, element class, records so far.
    pub(crate) defsets: Vec<(Rc<str>, Rc<str>, Vec<Init>)>,
    pub(crate) building: Vec<Building>,
    /// The variables bound by the operators (`!foreach`, `!foldl`, `!filter`) whose
    /// bodies are being evaluated, with their types where known.
    pub(crate) bound_types: Vec<(Rc<str>, Option<Ty>)>,
    /// The multiclass instantiations being evaluated (records they make are collected,
    /// not finished, until the outermost `defm` is done).
    pub(crate) collecting: Vec<Vec<(RecId, Rec)>>,
    /// The multiclasses being instantiated, outermost first.
    pub(crate) instantiating_multiclasses: Vec<Rc<MulticlassDef>>,
    pub(crate) file: FileId,
    pub(crate) files_read: Vec<FileId>,
    /// The files being included, innermost last.
    pub(crate) include_stack: Vec<FileId>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) steps: u64,
    pub(crate) step_limit: u64,
    pub(crate) depth: u32,
    pub(crate) budget_reported: bool,
    /// How many `Class<args>` records are being made, one inside another.
    pub(crate) instantiating: u32,
    /// Whether that nesting went too deep (reported once).
    pub(crate) too_deep: bool,
}

impl<'c> Evaluator<'c> {
    fn new(cache: &'c mut SourceCache, include_dirs: &[PathBuf]) -> Self {
        Evaluator {
            cache,
            include_dirs: include_dirs.to_vec(),
            macros: FastSet::default(),
            classes: Vec::new(),
            class_ids: FastMap::default(),
            multiclasses: FastMap::default(),
            records: Vec::new(),
            record_ids: FastMap::default(),
            finished: Vec::new(),
            anonymous: FastMap::default(),
            anonymous_count: 0,
            globals: FastMap::default(),
            deftypes: FastMap::default(),
            scopes: Vec::new(),
            let_stack: Vec::new(),
            defsets: Vec::new(),
            building: Vec::new(),
            bound_types: Vec::new(),
            collecting: Vec::new(),
            instantiating_multiclasses: Vec::new(),
            file: 0,
            files_read: Vec::new(),
            include_stack: Vec::new(),
            diagnostics: Vec::new(),
            steps: 0,
            step_limit: Limits::default().steps,
            depth: 0,
            budget_reported: false,
            instantiating: 0,
            too_deep: false,
        }
    }

    fn run(&mut self, root: &Path) {
        match self.cache.load(root) {
            Ok(id) => self.evaluate_file(id),
            Err(error) => self.diagnostics.push(Diagnostic {
                path: root.to_owned(),
                line: 1,
                column: 1,
                severity: Severity::Error,
                message: format!("Could not open input file '{}': {error}", root.display()),
            }),
        }
    }

    pub(crate) fn loc(&self, offset: u32) -> Loc {
        Loc {
            file: self.file,
            offset,
        }
    }

    /// Records an error at `offset` in the current file.
    pub(crate) fn error<T>(&mut self, offset: u32, message: impl Into<String>) -> EResult<T> {
        let loc = self.loc(offset);
        self.error_at(loc, message)
    }

    pub(crate) fn error_at<T>(&mut self, loc: Loc, message: impl Into<String>) -> EResult<T> {
        self.diagnostic(loc, Severity::Error, message.into());
        Err(Skip)
    }

    pub(crate) fn diagnostic(&mut self, loc: Loc, severity: Severity, message: String) {
        let file = self.cache.file(loc.file);
        let (line, column) = file.line_col(loc.offset);
        let diagnostic = Diagnostic {
            path: file.path.clone(),
            line,
            column,
            severity,
            message,
        };
        // The same error met again (a class evaluated for each of its uses) is one.
        if !self.diagnostics.contains(&diagnostic) {
            self.diagnostics.push(diagnostic);
        }
    }

    pub(crate) fn class_id(&self, name: &str) -> Option<usize> {
        self.class_ids.get(name).copied()
    }

    /// Whether the concrete record `id` derives from the class `class`.
    pub(crate) fn is_a(&self, id: RecId, class: &str) -> bool {
        let Some(class) = self.class_id(class) else {
            return false;
        };
        let superclasses = match &self.records[id] {
            Some(rec) => &rec.superclasses,
            None => match self
                .building
                .iter()
                .find(|building| building.id == Some(id))
            {
                Some(building) => &building.rec.superclasses,
                None => return false,
            },
        };
        superclasses.contains(&class)
    }

    /// The name of a record, for printing.
    pub(crate) fn record_name(&self, id: RecId) -> String {
        let rec = match &self.records[id] {
            Some(rec) => Some(rec),
            None => self
                .building
                .iter()
                .find(|building| building.id == Some(id))
                .map(|building| &building.rec),
        };
        rec.and_then(Rec::name_str).unwrap_or("?").to_owned()
    }

    pub(crate) fn printed(&self, init: &Init) -> String {
        let names = |id: RecId| self.record_name(id);
        init::Printed {
            init,
            names: &names,
        }
        .to_string()
    }

    /// A new name for an anonymous record, as llvm-tblgen makes them.
    pub(crate) fn anonymous_name(&mut self) -> Rc<str> {
        let name = format!("anonymous_{}", self.anonymous_count);
        self.anonymous_count += 1;
        Rc::from(name)
    }

    /// Counts one step of work; false (once reported) when the budget is spent.
    pub(crate) fn step(&mut self) -> bool {
        self.steps_of(1)
    }

    /// Counts `cost` steps (a statement costs more than one resolution); false (once
    /// reported) when the budget is spent.
    pub(crate) fn steps_of(&mut self, cost: u64) -> bool {
        self.steps += cost;
        if self.steps <= self.step_limit {
            return true;
        }
        if !self.budget_reported {
            self.budget_reported = true;
            let loc = self.loc(0);
            self.diagnostic(
                loc,
                Severity::Error,
                format!(
                    "evaluation takes too long: stopped after {} steps (a recursive class or multiclass, or a huge loop?)",
                    self.step_limit
                ),
            );
        }
        false
    }
}

#[cfg(test)]
mod tests;
