//! `mlir-hir`, the semantic model (HIR stage, DESIGN §2): after the parser and the dialect
//! knowledge, before the checks. It owns the outline of a file (its bodies: the top level
//! and every isolated op, and what the file checks read), each body's names and their
//! resolution (scopes, dominance), and symbol tables (which op defines which `@name`).
//! It must never know verifiers, diagnostics' wording or IDE features.

pub mod body;
pub mod db;
pub mod dominance;
mod lower;
pub mod ops;
pub mod outline;
pub mod resolve;
pub mod symbol_memo;
pub mod symbol_tables;
pub mod symbols;

pub use body::{Body, Name, NameKind, name_ranges, name_tokens};
pub use lower::{lower, lower_located};
pub use resolve::{NameError, Resolution, resolve};
