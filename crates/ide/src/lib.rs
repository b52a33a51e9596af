//! `mlir-ide`: IDE features as plain data over byte ranges (IDE stage, DESIGN §2), after
//! the checks and before the facade: one feature per file, each a function of an analysed
//! file. The server converts the results to LSP types; this crate must never know LSP
//! types, JSON or tokio.

mod call_hierarchy;
mod completion;

mod document_links;
mod document_symbols;
mod folding_ranges;
mod format;
mod hover;
mod hover_result;

mod inlay_hints;
mod irdl;
mod irdl_completion;
mod irdl_hover;
mod irdl_references;
mod locations;
mod navigation;
mod rename;
mod request_memos;
mod selection_ranges;
mod semantic_tokens;
mod signature_help;
mod type_hover;
mod unit_memo;

pub use call_hierarchy::{
    CallItem, CallSites, call_item, call_target_at, incoming_calls, outgoing_calls,
};
pub use completion::{CompletionItem, CompletionKind, completions};
pub use document_links::{DocumentLink, LinksMemo, document_links, document_links_with};
pub use document_symbols::{
    DocumentSymbol, SymbolKind, SymbolsMemo, document_symbols, document_symbols_with, flat_symbols,
};
pub use folding_ranges::{FoldKind, FoldRange, FoldsMemo, folding_ranges, folding_ranges_with};
pub use format::{FormatEdit, FormatOptions, Formatted, apply_format_edits, format};
pub use hover::hover;
pub use hover_result::HoverResult;
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
pub use request_memos::RequestMemos;
pub use selection_ranges::selection_ranges;
pub use semantic_tokens::{
    HighlightKind, HighlightToken, Modifiers, TokenUnitMemo, UnitSink, semantic_tokens,
    semantic_tokens_by_unit, semantic_tokens_each,
};
pub use signature_help::{SignatureHelp, SignatureParameter, signature_help};
pub use type_hover::type_hover;
pub use unit_memo::UnitMemo;
