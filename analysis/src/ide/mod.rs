//! IDE features as plain data over byte ranges (DESIGN §2): one feature per file, each a
//! function of an analysed file. The server converts the results to LSP types.

mod completion;
mod completion_ops;
mod document_symbols;
mod folding_ranges;
mod hover;
mod hover_ir;
mod inlay_hints;
mod irdl;
mod irdl_completion;
mod irdl_hover;
mod irdl_references;
mod locations;
mod navigation;
mod rename;
mod selection_ranges;
mod semantic_tokens;

pub use completion::{CompletionItem, CompletionKind, completions};
pub use document_symbols::{DocumentSymbol, SymbolKind, document_symbols, flat_symbols};
pub(crate) use document_symbols::{defined_name as defined_symbol, symbol_definition};
pub use folding_ranges::{FoldKind, FoldRange, folding_ranges};
pub use hover::{HoverResult, hover};
pub use inlay_hints::{InlayHint, inlay_hints};
pub use irdl::{IrdlKind, IrdlSource, IrdlTarget, irdl_definition, irdl_target_at};
pub use irdl_completion::irdl_completions;
pub use irdl_hover::irdl_hover;
pub use irdl_references::irdl_mentions;
pub use locations::{LocationTarget, location_target};
pub use navigation::{
    NameClass, Occurrence, definition, name_at, occurrences, references, symbol_mentions,
};
pub use rename::{prepare_rename, rename};
pub use selection_ranges::selection_ranges;
pub use semantic_tokens::{HighlightKind, HighlightToken, Modifiers, semantic_tokens};

use mlir_syntax::{SyntaxKind, SyntaxNode};

/// Is this node an operation?
pub(crate) fn is_op(node: &SyntaxNode) -> bool {
    matches!(node.kind(), SyntaxKind::GENERIC_OP | SyntaxKind::CUSTOM_OP)
}

/// The op's name as written: `arith.addi` (custom) or `arith.addi` without quotes (generic).
pub(crate) fn op_name(op: &SyntaxNode) -> Option<String> {
    // Read from the green node: formatting the name node's text would walk its tokens
    // through `fmt`, and the file checks ask this of every op that holds a region.
    crate::hir::green::op_name(&op.green()).map(str::to_string)
}
