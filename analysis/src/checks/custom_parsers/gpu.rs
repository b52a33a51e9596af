//! The reductions of the GPU dialect (`gpu.all_reduce`, `gpu.subgroup_reduce`), whose
//! custom parser reads an optional reduction kind and rejects a word that names none.

use mlir_syntax::ast::CustomOpItem;

use super::reader::{Reader, Step, failed};

/// The cases of MLIR's `gpu::AllReduceOperation`, as written.
const KINDS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
    "minimumf", "maximumf",
];

/// `[kind] %value ...`: a kind that is none of `KINDS` is reported where the parser
/// stands after reading it.
pub(super) fn reduction(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::Keyword(keyword)) = r.peek() else {
        return Step::Unknown;
    };
    let Some(word) = keyword.name_token() else {
        return Step::Unknown;
    };
    if KINDS.contains(&word.text()) {
        return Step::Done;
    }
    r.next += 1;
    match r.here() {
        Some(at) => failed(r.custom_error("invalid op kind", at)),
        None => Step::Unknown,
    }
}
