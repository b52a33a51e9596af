//! Typed AST: thin wrappers over syntax nodes with accessors named by role.

use crate::SyntaxNode;

/// The root of a file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SourceFile {
    pub(crate) syntax: SyntaxNode,
}
