//! The salsa queries of the checks stage: a file's context (its aliases and the registry
//! of op specs), the IRDL dialects each body sees, and each body's checks, compared so that
//! an edit re-runs the checks of the edited body only (DESIGN §3.5).

use std::sync::Arc;

use mlir_dialects::irdl::IrdlDialect;
use mlir_dialects::registry::Registry;
use mlir_hir::db::{BodyId, HirDb, SourceFile, body, body_syntax, parse, resolution};
use mlir_syntax::{GreenNode, SyntaxNode, TextRange};
use salsa::{Durability, Setter};

use crate::diagnostic::Diagnostic;
use crate::{FileContext, OpMemo};

/// The database the checks need: the HIR's queries (the facade implements it).
#[salsa::db]
pub trait ChecksDb: HirDb {}

/// The dialect knowledge every file is checked with: the registry of op specs (built-in
/// specs, and those imported at run time). One per database, of high durability (DESIGN
/// §3.5): replacing it checks every body again, an edit of a file validates it cheaply.
#[salsa::input(singleton)]
pub struct Dialects {
    #[returns(ref)]
    pub registry: Arc<Registry>,
}

/// The registry the database's files are checked with: the built-in one until `set_registry`
/// gives another.
pub fn registry(db: &dyn ChecksDb) -> Arc<Registry> {
    match Dialects::try_get(db) {
        Some(dialects) => Arc::clone(dialects.registry(db)),
        None => Registry::builtin_arc(),
    }
}

/// Makes `registry` the one the database's files are checked with; returns whether it was
/// another one (the same `Arc` changes nothing, and so re-runs nothing). The input must
/// exist before the first query runs: a query that found none records no dependency, so
/// creating it later would not reach that query. A database's owner calls this (with the
/// built-in registry, say) as it creates the database.
pub fn set_registry(db: &mut dyn ChecksDb, registry: Arc<Registry>) -> bool {
    let Some(dialects) = Dialects::try_get(db) else {
        // (The singleton is found again by `try_get`.)
        let _created = Dialects::builder(registry)
            .durability(Durability::HIGH)
            .new(db);
        return true;
    };
    if Arc::ptr_eq(dialects.registry(db), &registry) {
        return false;
    }
    dialects
        .set_registry(db)
        .with_durability(Durability::HIGH)
        .to(registry);
    true
}

/// What every body check of the file reads (its top-level aliases, the registry): compared,
/// so bodies are checked again only when an alias definition or the registry changes.
#[salsa::tracked(returns(ref))]
pub fn file_context(db: &dyn ChecksDb, file: SourceFile) -> FileContext {
    // Bodies read the IRDL dialects through `body_irdl`, which picks theirs.
    FileContext::without_irdl(&parse(db, file).syntax_node()).with_registry(registry(db))
}

/// The IRDL dialects of the file and of the other files that define some.
#[salsa::tracked(returns(ref))]
pub fn visible_irdl(db: &dyn ChecksDb, file: SourceFile) -> Vec<IrdlDialect> {
    let mut out = file_irdl(db, file).clone();
    for source in file.irdl_sources(db) {
        out.extend(file_irdl(db, *source).iter().cloned());
    }
    out
}

/// The visible IRDL dialects a body uses, by its ops or by the types and attributes it
/// writes (compared: editing a dialect checks again only the bodies that use it).
#[salsa::tracked(returns(ref))]
pub fn body_irdl<'db>(db: &'db dyn ChecksDb, id: BodyId<'db>) -> Vec<IrdlDialect> {
    let visible = visible_irdl(db, id.file(db));
    // Most workspaces define no IRDL dialect: then no body is walked for its types.
    if visible.is_empty() {
        return Vec::new();
    }
    let used = &body(db, id).dialects;
    let written = match body_syntax(db, id) {
        Some(syntax) => crate::dialects_written(&SyntaxNode::new_root(syntax.0.clone())),
        None => Vec::new(),
    };
    let uses =
        |name: &String| used.binary_search(name).is_ok() || written.binary_search(name).is_ok();
    visible.iter().filter(|d| uses(&d.name)).cloned().collect()
}

/// The IRDL dialects a file defines (compared, so that their users are checked again
/// only when a definition changes).
#[salsa::tracked(returns(ref))]
pub fn file_irdl(db: &dyn ChecksDb, file: SourceFile) -> Vec<IrdlDialect> {
    mlir_dialects::irdl::dialects_of(&parse(db, file).syntax_node())
}

/// The body checks (value types, block structure) of a body, with ranges in the body's
/// tree as it was when they were computed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BodyChecks {
    pub diagnostics: Vec<Diagnostic>,
    /// Where the nested bodies were then (see `body_layout`); empty without diagnostics.
    nested: Vec<TextRange>,
}

impl BodyChecks {
    /// The diagnostics in the body's current tree `green`, whose nested bodies may have
    /// another length than when they were computed.
    pub fn located(&self, green: &GreenNode) -> Vec<Diagnostic> {
        if self.diagnostics.is_empty() {
            return Vec::new();
        }
        let now = crate::body_layout::nested_bodies(green);
        crate::body_layout::moved(&self.diagnostics, &self.nested, &now)
    }
}

#[salsa::tracked(returns(ref))]
pub fn body_checks<'db>(db: &'db dyn ChecksDb, id: BodyId<'db>) -> BodyChecks {
    let Some(syntax) = body_syntax(db, id) else {
        return BodyChecks::default();
    };
    let context = file_context(db, id.file(db));
    let diagnostics = with_shape_memo(context, |memo| {
        crate::body_checks_with(
            &SyntaxNode::new_root(syntax.0.clone()),
            resolution(db, id),
            context,
            body_irdl(db, id),
            memo,
        )
    });
    let nested = match diagnostics.is_empty() {
        true => Vec::new(),
        false => crate::body_layout::nested_bodies(&syntax.0),
    };
    BodyChecks {
        diagnostics,
        nested,
    }
}

thread_local! {
    /// The memo of op shapes a thread keeps while it checks many bodies of one file (see
    /// `with_shapes_for`), with the file context it holds for, told by address.
    static SHAPES: std::cell::RefCell<Option<(*const FileContext, OpMemo)>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` (which checks bodies of a file whose context is `context`) with a memo of op
/// shapes kept from body to body on this thread: ops of one shape recur from body to
/// body. The memo changes no result, only how soon it comes. `context` must be the
/// database's own value (`file_context`), unchanged while `f` runs.
pub fn with_shapes_for<R>(context: &FileContext, f: impl FnOnce() -> R) -> R {
    SHAPES.with(|slot| *slot.borrow_mut() = Some((context, OpMemo::new())));
    let out = f();
    SHAPES.with(|slot| *slot.borrow_mut() = None);
    out
}

/// Runs `f` with the memo `with_shapes_for` keeps for `context` on this thread, else a
/// fresh one. The address test costs nothing per body, where comparing contexts would
/// read every alias of the file.
fn with_shape_memo<R>(context: &FileContext, f: impl FnOnce(&mut OpMemo) -> R) -> R {
    SHAPES.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return f(&mut OpMemo::new());
        };
        match slot.as_mut() {
            Some((installed, memo)) if std::ptr::eq(*installed, context) => f(memo),
            _ => f(&mut OpMemo::new()),
        }
    })
}
