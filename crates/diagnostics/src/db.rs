//! The salsa queries of the diagnostics stage: every diagnostic of a file, put together
//! from the bodies' memoized checks and the file-wide checks (DESIGN §3.5).

use mlir_checks::db::{ChecksDb, body_checks, body_irdl, file_context, visible_irdl};
use mlir_hir::db::{BodyId, SourceFile, body_count, body_greens, outline, parse, resolution};

use crate::Diagnostic;
use crate::check_memo::FileChecksMemo;
use crate::clean_bodies::CleanBodies;

/// The database a file's diagnostics need: the checks' queries (the facade implements it).
#[salsa::db]
pub trait DiagnosticsDb: ChecksDb {}

/// Name-resolution and body-check diagnostics of every body, with text ranges of the
/// current tree.
pub fn name_diagnostics(db: &dyn DiagnosticsDb, file: SourceFile) -> Vec<Diagnostic> {
    name_diagnostics_with(db, file, &mut CleanBodies::default())
}

/// `name_diagnostics`, passing over the bodies `clean` knows found nothing (and leaving
/// in it those of this tree).
fn name_diagnostics_with(
    db: &dyn DiagnosticsDb,
    file: SourceFile,
    clean: &mut CleanBodies,
) -> Vec<Diagnostic> {
    clean.start(file_context(db, file), visible_irdl(db, file));
    let greens = body_greens(db, file);
    clean.truncate(greens.len());
    let mut with_errors = Vec::new();
    for (index, (green, _)) in greens.iter().enumerate() {
        if clean.is_clean(index, green) {
            continue;
        }
        let errors = body_has_errors(db, file, index);
        clean.set(index, green, !errors);
        if errors {
            with_errors.push(index);
        }
    }
    located_name_diagnostics(db, file, greens, with_errors)
}

/// Did name resolution or the body checks find anything in body #`index`?
fn body_has_errors(db: &dyn DiagnosticsDb, file: SourceFile, index: usize) -> bool {
    let id = BodyId::new(db, file, index as u32);
    !resolution(db, id).errors.is_empty() || !body_checks(db, id).diagnostics.is_empty()
}

/// The name and body-check diagnostics of the bodies `with_errors` (indices into `greens`,
/// the file's bodies), located in the current tree: only bodies with errors need their
/// tokens' ranges.
fn located_name_diagnostics(
    db: &dyn DiagnosticsDb,
    file: SourceFile,
    greens: &[(mlir_syntax::GreenNode, mlir_syntax::TextSize)],
    with_errors: Vec<usize>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for index in with_errors {
        let id = BodyId::new(db, file, index as u32);
        let (green, offset) = &greens[index];
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
pub fn file_diagnostics(db: &dyn DiagnosticsDb, file: SourceFile) -> Vec<Diagnostic> {
    file_diagnostics_with(db, file, &mut FileChecksMemo::default())
}

/// `file_diagnostics`, with the file checks reusing what `memo` remembers of the file's
/// last tree.
pub fn file_diagnostics_with(
    db: &dyn DiagnosticsDb,
    file: SourceFile,
    memo: &mut FileChecksMemo,
) -> Vec<Diagnostic> {
    let parse = parse(db, file);
    let root = parse.syntax_node();
    let count = body_count(db, file);
    forget_bodies(db, file, count..memo.bodies_seen.max(count));
    memo.bodies_seen = count;
    let checks = crate::file_checks::file_checks_with(&root, outline(db, file), memo);
    let semantic = name_diagnostics_with(db, file, &mut memo.clean)
        .into_iter()
        .chain(checks)
        .collect();
    crate::shown::shown_diagnostics(&root, parse.errors(), semantic)
}

/// The diagnostics of a file's start, which an editor shows first: those of the bodies
/// that start before `end`, and every one found before the next body starts, whatever
/// stage finds it (syntax, names, file checks). They are exactly the diagnostics of
/// `file_diagnostics` that start there, as every finding is local to the op it is in, and
/// the ops there are in the bodies checked. Gives them with where they end, or `None` if
/// every body starts before `end` (then the start is the whole file).
pub fn leading_diagnostics(
    db: &dyn DiagnosticsDb,
    file: SourceFile,
    memo: &mut FileChecksMemo,
    end: mlir_syntax::TextSize,
) -> Option<(Vec<Diagnostic>, mlir_syntax::TextSize)> {
    let greens = body_greens(db, file);
    let count = greens.partition_point(|(_, start)| *start < end);
    let (_, until) = greens.get(count)?;
    let with_errors = (0..count)
        .filter(|&index| body_has_errors(db, file, index))
        .collect();
    let names = located_name_diagnostics(db, file, greens, with_errors);
    let parse = parse(db, file);
    let root = parse.syntax_node();
    let checks = crate::file_checks::file_checks_with(&root, outline(db, file), memo);
    let semantic = names.into_iter().chain(checks).collect();
    let mut shown = crate::shown::shown_diagnostics(&root, parse.errors(), semantic);
    shown.retain(|d| d.range.start() < *until);
    Some((shown, *until))
}

/// Empties the queries of bodies the file no longer has. A body is known by its index,
/// and salsa keeps what each index's queries gave last until they are read again: when a
/// file loses bodies (an edit merges two functions, say), the indices past its new count
/// would hold their old trees and results for as long as the file stays smaller. Reading
/// them once now gives each the empty value of a missing body.
fn forget_bodies(db: &dyn DiagnosticsDb, file: SourceFile, gone: std::ops::Range<u32>) {
    for index in gone {
        let id = BodyId::new(db, file, index);
        resolution(db, id);
        body_checks(db, id);
        body_irdl(db, id);
    }
}
