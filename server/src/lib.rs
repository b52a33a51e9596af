//! `mlir-analyzer` as a library: the command line (`cli`, `check`) and the language
//! server (`lsp`), which the binary (`main.rs`) runs, and which tests and fuzz targets
//! drive in process. The server stage (DESIGN §2): LSP, documents, configuration,
//! positions, the command line, files on disk; no MLIR logic of its own.

pub mod check;
mod check_external;
mod check_projects;
pub mod cli;
mod discovery;
pub mod external;
pub mod format;
pub mod lsp;
mod memory;
pub mod ods;
mod ods_settings;
mod priority;
mod project;
mod read_file;
mod render;
