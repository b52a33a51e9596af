//! `mlir-analysis`: semantic analysis and IDE features of MLIR files, as plain data over
//! byte ranges (no LSP, JSON or IO here; DESIGN §2). This stage offers the diagnostics of a
//! file (syntax errors so far), `// -----` chunking, and `expected-*` annotation checking.

pub mod body_layout;
mod call_checks;
pub mod check_memo;
pub mod checks;
pub mod chunks;
pub mod db;
pub mod diagnostic;
pub mod diagnostics;
pub mod expectations;
pub mod file_checks;
pub mod hir;
pub mod host;
pub mod ide;
pub mod irdl;
pub mod known_ops;
pub mod line_index;
pub mod names;
pub mod outline;
pub mod registry;
mod symbol_uses;
mod symbols;
pub mod types;

pub use diagnostics::{
    Diagnostic, Note, Reach, Severity, file_diagnostics, file_diagnostics_with,
    file_syntax_diagnostics, parse_diagnostics, parse_diagnostics_outlined, parse_diagnostics_with,
    syntax_diagnostics,
};
pub use host::AnalysisHost;
pub use mlir_syntax::reparse::TextEdit;
pub use mlir_syntax::{TextRange, TextSize};
