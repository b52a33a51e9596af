//! TableGen's record model (`Records`, `Record`, `Value`) and the reader of
//! `llvm-tblgen --dump-json` output into it.
//!
//! A general TableGen library: it must never know any language built on TableGen. Its
//! model is meant to be produced by two sources: the JSON reader here, and later our own
//! TableGen evaluator, which knows exact types where the JSON does not (see `Value`).

mod display;
mod dump_json;
mod error;
mod reachable;
mod record;
mod value;

pub use error::ReadError;
pub use record::{Field, Record, Records, SourceLoc};
pub use value::{Bit, Dag, DagArg, Value};
