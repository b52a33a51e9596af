//! The salsa queries of the HIR stage (DESIGN §3.5): file texts are inputs; `parse` runs on
//! every edit, but each isolated-from-above op is a body with its own queries
//! (`body_syntax` → `body` → `resolution`), keyed by its position among the file's bodies.
//! `body_syntax` compares bodies while ignoring the contents of the bodies nested in them,
//! so typing inside one function re-runs `body` and `resolution` for that function only.

use std::sync::Arc;

use mlir_syntax::{GreenNode, Parse, SyntaxKind, SyntaxNode, TextSize};

use crate::outline::Outline;
use crate::{Body, Resolution};

/// The database the HIR queries need: salsa's, nothing more (the facade implements it).
#[salsa::db]
pub trait HirDb: salsa::Database {}

/// An open or indexed file: its text, and (when the host has one) the tree of that text,
/// made by incremental reparsing outside salsa.
#[salsa::input(debug)]
pub struct SourceFile {
    /// The whole text of a file that defines IRDL dialects (or was given only its text).
    /// Others keep none: their tree is their text, flattening a million-line file on every
    /// keystroke would cost more than the rest of the keystroke, and keeping the flat copy
    /// of an opened one would hold 36 MB at 960k lines.
    #[returns(ref)]
    pub text: Option<Arc<str>>,
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

/// The syntax tree of a file. Not compared: every edit yields a new tree.
#[salsa::tracked(returns(ref), no_eq)]
pub fn parse(db: &dyn HirDb, file: SourceFile) -> Parse {
    match file.parsed(db) {
        Some(parse) => parse.clone(),
        None => mlir_syntax::parse(file.text(db).as_deref().unwrap_or_default()),
    }
}

/// The file's outline: bodies and what the file checks read. Not compared: it has the
/// positions of everything.
#[salsa::tracked(returns(ref), no_eq)]
pub fn outline(db: &dyn HirDb, file: SourceFile) -> Arc<Outline> {
    match file.outlined(db) {
        Some(outline) => outline.clone(),
        None => Arc::new(crate::outline::outline_once(&parse(db, file).syntax_node())),
    }
}

/// The green nodes of the file's bodies (the root first) and their offsets.
pub fn body_greens(db: &dyn HirDb, file: SourceFile) -> &[(GreenNode, TextSize)] {
    &outline(db, file).bodies
}

/// How many bodies the file has (compared, so its readers re-run only when it changes).
#[salsa::tracked(returns(copy))]
pub fn body_count(db: &dyn HirDb, file: SourceFile) -> u32 {
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
pub fn body_syntax<'db>(db: &'db dyn HirDb, id: BodyId<'db>) -> Option<BodySyntax> {
    let greens = body_greens(db, id.file(db));
    greens
        .get(id.index(db) as usize)
        .map(|(green, _)| BodySyntax(green.clone()))
}

#[salsa::tracked(returns(ref))]
pub fn body<'db>(db: &'db dyn HirDb, id: BodyId<'db>) -> Body {
    match body_syntax(db, id) {
        Some(syntax) => crate::lower(&SyntaxNode::new_root(syntax.0.clone())),
        None => Body::default(),
    }
}

#[salsa::tracked(returns(ref))]
pub fn resolution<'db>(db: &'db dyn HirDb, id: BodyId<'db>) -> Resolution {
    crate::resolve(body(db, id))
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
    crate::ops::is_isolated(&SyntaxNode::new_root(node.clone()))
}
