//! The one salsa database (DESIGN §3.5): it holds the storage of every stage's queries
//! and implements each stage's database trait, so every stage's queries run on it.

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

#[salsa::db]
impl mlir_hir::db::HirDb for RootDatabase {}

#[salsa::db]
impl mlir_checks::db::ChecksDb for RootDatabase {}

#[salsa::db]
impl mlir_diagnostics::db::DiagnosticsDb for RootDatabase {}

pub use mlir_checks::db::{
    BodyChecks, Dialects, body_checks, body_irdl, file_context, file_irdl, registry, set_registry,
    visible_irdl, with_shapes_for,
};
pub use mlir_diagnostics::db::{
    file_diagnostics, file_diagnostics_with, leading_diagnostics, name_diagnostics,
};
pub use mlir_hir::db::{
    BodyId, BodySyntax, SourceFile, body, body_count, body_greens, body_syntax, outline, parse,
    resolution,
};
