//! Syntax-only validation (after parsing): checks that need the whole tree but no
//! semantics. Reports MLIR's messages; the parser itself already reports grammar errors.

use crate::{SyntaxError, SyntaxNode};

/// Extra syntax errors of a parsed tree.
pub fn validate(_root: &SyntaxNode) -> Vec<SyntaxError> {
    Vec::new()
}
