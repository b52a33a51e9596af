//! TableGen: our own evaluator of `.td` files (lexer, parser, evaluator: `evaluate`),
//! TableGen's record model (`Records`, `Record`, `Value`) it produces, and the reader and
//! writer of `llvm-tblgen --dump-json` output, the other source of records and the oracle
//! the evaluator is compared with (`compare`).
//!
//! A general TableGen library: it must never know any language built on TableGen.

mod compare;
mod display;
mod dump_json;
mod error;
mod eval;
mod lex;
mod parse;
mod reachable;
mod record;
mod source;
mod value;

pub use compare::{Comparison, compare};
pub use error::ReadError;
pub use eval::{Diagnostic, Evaluation, Limits, Severity, evaluate, evaluate_with};
pub use record::{Field, Record, Records, SourceLoc};
pub use source::{ReadText, SourceCache};
pub use value::{Bit, Dag, DagArg, Value};
