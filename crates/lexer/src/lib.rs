//! `mlir-lexer`: the first stage (DESIGN §2), before the parser (`mlir-syntax`): the kinds
//! of MLIR's tokens and tree nodes (`SyntaxKind`, and rowan's tree types over them), the
//! lexer (L- items of the checklist), and reading a tree by its green nodes (kinds, op
//! names, where MLIR reports an op), which every later stage does on million-line files.
//! It must never know the grammar, dialects, salsa, LSP or the disk.

pub mod green;
pub mod green_walk;
pub mod lexer;
pub mod op_nodes;
mod syntax_kind;

pub use lexer::{LexError, Token, lex};
pub use rowan::{GreenNode, TextRange, TextSize, WalkEvent};
pub use syntax_kind::{MlirLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
