//! `mlir-dialects`: what we know of dialects (dialects stage, DESIGN §2), after the types
//! and before the HIR: the op spec type and the registry of specs (built-in ones written
//! as data in `specs/*.spec`, with the hooks that model MLIR's C++ parsers), the matcher of
//! custom-form ops against declarative formats, IRDL dialects read from IR, and the op
//! names whose role we know before any spec (`known_ops`). It must never know salsa,
//! bodies' name resolution, diagnostics, IDE features or LSP.

pub mod irdl;
pub mod known_ops;
pub mod ods;
pub mod registry;
