//! Typed AST of regions and blocks (G-04, G-05): a region's blocks, a block's label,
//! arguments and ops.

use super::{AstChildren, Location, Op, Type, ast_node, child, children, name_of, token};
use crate::SyntaxKind::*;
use crate::SyntaxToken;

ast_node!(
    /// `{ block* }` (G-05).
    Region,
    REGION
);
ast_node!(
    /// An optional label and the ops after it (G-04).
    Block,
    BLOCK
);
ast_node!(
    /// `^bb0(%a: i32):`.
    BlockLabel,
    BLOCK_LABEL
);
ast_node!(
    /// `(%a: i32, %b: f32 loc(...))`.
    BlockArgList,
    BLOCK_ARG_LIST
);
ast_node!(
    /// `%a: i32 loc(...)`.
    BlockArg,
    BLOCK_ARG
);

impl Region {
    pub fn l_brace_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[L_BRACE])
    }

    /// The closing `}`; `None` when the region was cut short by the end of the input or a
    /// split marker.
    pub fn r_brace_token(&self) -> Option<SyntaxToken> {
        let last = self.syntax.last_child_or_token()?.into_token()?;
        (last.kind() == R_BRACE).then_some(last)
    }

    pub fn blocks(&self) -> AstChildren<Block> {
        children(&self.syntax)
    }

    /// The first block, which may have no label.
    pub fn entry_block(&self) -> Option<Block> {
        self.blocks().next()
    }
}

impl Block {
    pub fn label(&self) -> Option<BlockLabel> {
        child(&self.syntax)
    }

    /// The block's arguments, from its label.
    pub fn args(&self) -> impl Iterator<Item = BlockArg> + use<> {
        self.label().into_iter().flat_map(|label| label.args())
    }

    pub fn ops(&self) -> AstChildren<Op> {
        children(&self.syntax)
    }
}

impl BlockLabel {
    /// The `^bb0` token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[CARET_ID])
    }

    /// The block name without its `^`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    pub fn arg_list(&self) -> Option<BlockArgList> {
        child(&self.syntax)
    }

    pub fn args(&self) -> impl Iterator<Item = BlockArg> + use<> {
        self.arg_list().into_iter().flat_map(|list| list.args())
    }
}

impl BlockArgList {
    pub fn args(&self) -> AstChildren<BlockArg> {
        children(&self.syntax)
    }
}

impl BlockArg {
    /// The `%a` token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[VALUE_ID])
    }

    /// The name without its `%`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }

    pub fn location(&self) -> Option<Location> {
        child(&self.syntax)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::AstNode;
    use crate::ast::test_support::first;

    const TEXT: &str = "\"foo.op\"() ({\n  \"foo.a\"() : () -> ()\n^bb1(%x: i32 loc(\"a\":1:2), %y: f32):\n  \"foo.b\"(%x) : (i32) -> ()\n  \"foo.c\"() : () -> ()\n}, {\n}) : () -> ()\n";

    #[test]
    fn region_blocks_and_braces() {
        let region = first::<Region>(TEXT);
        assert_eq!(region.blocks().count(), 2);
        assert_eq!(region.l_brace_token().unwrap().text(), "{");
        assert!(region.r_brace_token().is_some());
        let entry = region.entry_block().unwrap();
        assert!(entry.label().is_none());
        assert_eq!(entry.ops().count(), 1);
        assert_eq!(entry.args().count(), 0);
    }

    #[test]
    fn region_cut_short_has_no_closing_brace() {
        let region = first::<Region>("\"foo.op\"() ({\n  \"foo.a\"() : () -> ()\n");
        assert!(region.r_brace_token().is_none());
    }

    #[test]
    fn block_label_and_args() {
        let region = first::<Region>(TEXT);
        let block = region.blocks().nth(1).unwrap();
        let label = block.label().unwrap();
        assert_eq!(label.name_token().unwrap().text(), "^bb1");
        assert_eq!(label.name().as_deref(), Some("bb1"));
        assert_eq!(block.ops().count(), 2);
        let args: Vec<BlockArg> = block.args().collect();
        assert_eq!(args.len(), 2);
        assert_eq!(args[0].name().as_deref(), Some("x"));
        assert_eq!(args[0].name_token().unwrap().text(), "%x");
        assert_eq!(args[0].ty().unwrap().syntax().text(), "i32");
        assert!(args[0].location().is_some());
        assert!(args[1].location().is_none());
        assert_eq!(label.arg_list().unwrap().args().count(), 2);
    }

    #[test]
    fn label_without_args() {
        let label = first::<BlockLabel>("\"a\"() ({\n^bb0:\n}) : () -> ()\n");
        assert!(label.arg_list().is_none());
        assert_eq!(label.args().count(), 0);
    }
}
