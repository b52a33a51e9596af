//! `mlir-analysis`, the facade (DESIGN §2): the salsa database that every stage's queries
//! run on, and `AnalysisHost`, its one owner, fed with file texts and edits by the server.
//! It holds no MLIR logic of its own: the stages do (`mlir-syntax` → `mlir-types` →
//! `mlir-dialects` → `mlir-hir` → `mlir-checks` → `mlir-diagnostics` → `mlir-ide`), and
//! this crate re-exports what the server and the command line use of them, so that they
//! talk to the facade only.

pub mod db;
pub mod host;
pub mod text_source;

pub use host::AnalysisHost;
pub use mlir_checks as checks;
pub use mlir_diagnostics::{
    Diagnostic, Note, Reach, Severity, check_memo, chunks, expectations, external, file_checks,
    file_diagnostics, file_diagnostics_with, file_diagnostics_with_registry,
    file_syntax_diagnostics, line_index, markers, names, parse_diagnostics,
    parse_diagnostics_outlined, parse_diagnostics_outlined_with_registry, parse_diagnostics_with,
    syntax_diagnostics,
};
pub use mlir_dialects::{irdl, known_ops, ods, registry};
pub use mlir_hir as hir;
pub use mlir_hir::outline;
pub use mlir_ide as ide;
pub use mlir_syntax::reparse::TextEdit;
pub use mlir_syntax::{TextRange, TextSize};
pub use mlir_types as types;
pub use text_source::TextSource;
