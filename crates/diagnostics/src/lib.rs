//! `mlir-diagnostics`: a file's diagnostics (diagnostics stage, DESIGN §2), after the
//! body checks (`mlir-checks`) and before the IDE features and the facade. It owns the
//! file-wide checks (symbols, calls, aliases, IRDL definitions), the name diagnostics of
//! each body, how far findings go in a text that does not parse (`Reach`), `// -----`
//! chunks, `expected-*` annotations, and what an external verifier's output means (its
//! diagnostics, and their union with ours). It must never know salsa, LSP, the disk or
//! processes.

mod call_checks;
pub mod check_memo;
pub mod chunks;
mod clean_bodies;
pub mod db;
pub mod expectations;
pub mod external;
pub mod file_checks;
pub mod line_index;
pub mod markers;
pub mod names;
pub mod shown;
mod symbol_uses;

pub use mlir_checks::{Diagnostic, Note, Severity};
pub use shown::{
    Reach, file_diagnostics, file_diagnostics_with, file_diagnostics_with_registry,
    file_syntax_diagnostics, parse_diagnostics, parse_diagnostics_outlined,
    parse_diagnostics_outlined_with_registry, parse_diagnostics_with, syntax_diagnostics,
};
