//! What every hover gives: the range it is about and Markdown (the hovers of names, ops,
//! locations, types and IRDL dialects all answer with it).

use mlir_syntax::TextRange;

pub struct HoverResult {
    pub range: TextRange,
    pub markdown: String,
}
