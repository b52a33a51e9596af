//! The salsa database (DESIGN §3.5): file texts are inputs; `parse` runs on every edit, but
//! each isolated-from-above op is a body with its own queries (`body_syntax` → `body` →
//! `resolution`), keyed by its position among the file's bodies. `body_syntax` compares
//! bodies while ignoring the contents of the bodies nested in them, so typing inside one
//! function re-runs `body` and `resolution` for that function only.

use std::sync::Arc;

use mlir_syntax::{GreenNode, Parse, SyntaxKind, SyntaxNode, TextRange, TextSize};

use crate::check_memo::FileChecksMemo;
use crate::checks::{FileContext, OpMemo};
use crate::diagnostic::Diagnostic;
use crate::hir::{self, Body, Resolution};
use crate::outline::Outline;

/// An open or indexed file: its text, and (when the host has one) the tree of that text,
/// made by incremental reparsing outside salsa.
#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(ref)]
    pub text: Arc<str>,
    #[returns(ref)]
    pub parsed: Option<Parse>,
    /// The outline of that tree, which the host computes reusing the last one's parts.
    #[returns(ref)]
    pub outlined: Option<Arc<Outline>>,
    /// The other files that define IRDL dialects: their ops are verified in this one.
    #[returns(ref)]
    pub irdl_sources: Vec<SourceFile>,
}

/// One body of a file: index 0 is the top level, then the isolated ops in preorder.
#[salsa::interned(debug)]
pub struct BodyId<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub index: u32,
}

#[salsa::db]
#[derive(Clone, Default)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

impl RootDatabase {
    /// A database that reports every salsa event to `on_event` (tests use it to see which
    /// queries re-ran).
    pub fn with_event_callback(on_event: impl Fn(salsa::Event) + Send + Sync + 'static) -> Self {
        RootDatabase {
            storage: salsa::Storage::new(Some(Box::new(on_event))),
        }
    }
}

/// The syntax tree of a file. Not compared: every edit yields a new tree.
#[salsa::tracked(returns(ref), no_eq)]
pub fn parse(db: &dyn salsa::Database, file: SourceFile) -> Parse {
    match file.parsed(db) {
        Some(parse) => parse.clone(),
        None => mlir_syntax::parse(file.text(db)),
    }
}

/// The file's outline: bodies and what the file checks read. Not compared: it has the
/// positions of everything.
#[salsa::tracked(returns(ref), no_eq)]
pub fn outline(db: &dyn salsa::Database, file: SourceFile) -> Arc<Outline> {
    match file.outlined(db) {
        Some(outline) => outline.clone(),
        None => Arc::new(crate::outline::outline_once(&parse(db, file).syntax_node())),
    }
}

/// The green nodes of the file's bodies (the root first) and their offsets.
pub fn body_greens(db: &dyn salsa::Database, file: SourceFile) -> &[(GreenNode, TextSize)] {
    &outline(db, file).bodies
}

/// How many bodies the file has (compared, so its readers re-run only when it changes).
#[salsa::tracked(returns(copy))]
pub fn body_count(db: &dyn salsa::Database, file: SourceFile) -> u32 {
    body_greens(db, file).len() as u32
}

/// A body's syntax, equal to the previous one when only nested bodies changed.
#[derive(Debug, Clone)]
pub struct BodySyntax(pub GreenNode);

impl PartialEq for BodySyntax {
    fn eq(&self, other: &Self) -> bool {
        same_outside_nested_bodies(&self.0, &other.0, true)
    }
}

impl Eq for BodySyntax {}

#[salsa::tracked(returns(ref))]
pub fn body_syntax<'db>(db: &'db dyn salsa::Database, id: BodyId<'db>) -> Option<BodySyntax> {
    let greens = body_greens(db, id.file(db));
    greens
        .get(id.index(db) as usize)
        .map(|(green, _)| BodySyntax(green.clone()))
}

#[salsa::tracked(returns(ref))]
pub fn body<'db>(db: &'db dyn salsa::Database, id: BodyId<'db>) -> Body {
    match body_syntax(db, id) {
        Some(syntax) => hir::lower(&SyntaxNode::new_root(syntax.0.clone())),
        None => Body::default(),
    }
}

#[salsa::tracked(returns(ref))]
pub fn resolution<'db>(db: &'db dyn salsa::Database, id: BodyId<'db>) -> Resolution {
    hir::resolve(body(db, id))
}

/// What every body check of the file reads (its top-level aliases): compared, so bodies
/// are checked again only when an alias definition changes.
#[salsa::tracked(returns(ref))]
pub fn file_context(db: &dyn salsa::Database, file: SourceFile) -> FileContext {
    // Bodies read the IRDL dialects through `body_irdl`, which picks theirs.
    FileContext::without_irdl(&parse(db, file).syntax_node())
}

/// The IRDL dialects of the file and of the other files that define some.
#[salsa::tracked(returns(ref))]
pub fn visible_irdl(db: &dyn salsa::Database, file: SourceFile) -> Vec<crate::irdl::IrdlDialect> {
    let mut out = file_irdl(db, file).clone();
    for source in file.irdl_sources(db) {
        out.extend(file_irdl(db, *source).iter().cloned());
    }
    out
}

/// The visible IRDL dialects a body uses, by its ops or by the types and attributes it
/// writes (compared: editing a dialect checks again only the bodies that use it).
#[salsa::tracked(returns(ref))]
pub fn body_irdl<'db>(
    db: &'db dyn salsa::Database,
    id: BodyId<'db>,
) -> Vec<crate::irdl::IrdlDialect> {
    let visible = visible_irdl(db, id.file(db));
    // Most workspaces define no IRDL dialect: then no body is walked for its types.
    if visible.is_empty() {
        return Vec::new();
    }
    let used = &body(db, id).dialects;
    let written = match body_syntax(db, id) {
        Some(syntax) => crate::checks::dialects_written(&SyntaxNode::new_root(syntax.0.clone())),
        None => Vec::new(),
    };
    let uses =
        |name: &String| used.binary_search(name).is_ok() || written.binary_search(name).is_ok();
    visible.iter().filter(|d| uses(&d.name)).cloned().collect()
}

/// The IRDL dialects a file defines (compared, so that their users are checked again
/// only when a definition changes).
#[salsa::tracked(returns(ref))]
pub fn file_irdl(db: &dyn salsa::Database, file: SourceFile) -> Vec<crate::irdl::IrdlDialect> {
    crate::irdl::dialects_of(&parse(db, file).syntax_node())
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
pub fn body_checks<'db>(db: &'db dyn salsa::Database, id: BodyId<'db>) -> BodyChecks {
    let Some(syntax) = body_syntax(db, id) else {
        return BodyChecks::default();
    };
    let context = file_context(db, id.file(db));
    let diagnostics = with_shape_memo(context, |memo| {
        crate::checks::body_checks_with(
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

/// Name-resolution and body-check diagnostics of every body, with text ranges of the
/// current tree.
pub fn name_diagnostics(db: &dyn salsa::Database, file: SourceFile) -> Vec<Diagnostic> {
    let count = body_count(db, file);
    let mut with_errors = Vec::new();
    for index in 0..count {
        let id = BodyId::new(db, file, index);
        if !resolution(db, id).errors.is_empty() || !body_checks(db, id).diagnostics.is_empty() {
            with_errors.push(index);
        }
    }
    if with_errors.is_empty() {
        return Vec::new();
    }
    // Only bodies with errors need their tokens' ranges: walk the current tree for them.
    let greens = body_greens(db, file);
    let mut out = Vec::new();
    for index in with_errors {
        let id = BodyId::new(db, file, index);
        let (green, offset) = &greens[index as usize];
        out.extend(crate::names::located_body_diagnostics(
            green,
            *offset,
            resolution(db, id),
        ));
        out.extend(crate::names::shifted(
            body_checks(db, id).located(green),
            *offset,
        ));
    }
    out
}

/// Every diagnostic of a file: syntax, names, file-wide checks.
pub fn file_diagnostics(db: &dyn salsa::Database, file: SourceFile) -> Vec<Diagnostic> {
    file_diagnostics_with(db, file, &mut FileChecksMemo::default())
}

/// `file_diagnostics`, with the file checks reusing what `memo` remembers of the file's
/// last tree.
pub fn file_diagnostics_with(
    db: &dyn salsa::Database,
    file: SourceFile,
    memo: &mut FileChecksMemo,
) -> Vec<Diagnostic> {
    let parse = parse(db, file);
    let root = parse.syntax_node();
    let checks = crate::file_checks::file_checks_with(&root, outline(db, file), memo);
    let semantic = name_diagnostics(db, file)
        .into_iter()
        .chain(checks)
        .collect();
    crate::diagnostics::shown_diagnostics(&root, parse.errors(), semantic)
}

/// Structural equality of two green trees, treating any two nested isolated ops as equal
/// (their contents are other bodies). Iterative, so deep trees cannot overflow the stack.
fn same_outside_nested_bodies(a: &GreenNode, b: &GreenNode, is_root: bool) -> bool {
    let mut stack = vec![(a.clone(), b.clone(), is_root)];
    while let Some((a, b, root)) = stack.pop() {
        if std::ptr::eq::<rowan::GreenNodeData>(&*a, &*b) {
            continue;
        }
        if a.kind() != b.kind() || a.children().len() != b.children().len() {
            return false;
        }
        if !root && is_isolated_green(&a) && is_isolated_green(&b) {
            continue;
        }
        for (x, y) in a.children().zip(b.children()) {
            match (x, y) {
                (rowan::NodeOrToken::Node(x), rowan::NodeOrToken::Node(y)) => {
                    stack.push((x.to_owned(), y.to_owned(), false));
                }
                (rowan::NodeOrToken::Token(x), rowan::NodeOrToken::Token(y)) => {
                    if x.kind() != y.kind() || x.text() != y.text() {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
    true
}

fn is_isolated_green(node: &GreenNode) -> bool {
    let kind = <mlir_syntax::MlirLanguage as rowan::Language>::kind_from_raw(node.kind());
    if !matches!(kind, SyntaxKind::GENERIC_OP | SyntaxKind::CUSTOM_OP) {
        return false;
    }
    hir::ops::is_isolated(&SyntaxNode::new_root(node.clone()))
}
