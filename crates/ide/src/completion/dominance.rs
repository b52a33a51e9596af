//! Whether a value defined in one block of a region can be used at the cursor in another:
//! its block must dominate the cursor's in the region's control flow (successor `^bb`
//! references of the block's own ops). Within one block, order decides (the caller's
//! check); a block the entry does not reach constrains nothing, as in MLIR.

use mlir_hir::dominance::dominators;
use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextSize};

/// Blocks past which dominance is not worked out (the walk is per completion request).
const MAX_BLOCKS: usize = 2_000;

/// Does the block of `region` holding `def` dominate the block holding `offset`?
pub(super) fn block_dominates(region: &SyntaxNode, def: &SyntaxToken, offset: TextSize) -> bool {
    let blocks: Vec<SyntaxNode> = region.children().filter(|c| c.kind() == BLOCK).collect();
    if blocks.len() < 2 || blocks.len() > MAX_BLOCKS {
        return true;
    }
    let holding = |at: TextSize| blocks.iter().rposition(|b| b.text_range().start() <= at);
    let (Some(def_block), Some(cursor_block)) =
        (holding(def.text_range().start()), holding(offset))
    else {
        return true;
    };
    if def_block == cursor_block {
        return true;
    }
    let doms = dominators(blocks.len(), &edges(&blocks));
    let cursor_doms = &doms[cursor_block];
    cursor_doms.is_empty() || cursor_doms.contains(&(def_block as u32))
}

/// The successor edges between `blocks`: each `^name` an op of a block (not of a region
/// nested in it) refers to, to the block of that label.
fn edges(blocks: &[SyntaxNode]) -> Vec<(u32, u32)> {
    let labels: Vec<Option<String>> = blocks.iter().map(label_of).collect();
    let mut out = Vec::new();
    for (from, block) in blocks.iter().enumerate() {
        for target in successor_names(block) {
            if let Some(to) = labels
                .iter()
                .position(|l| l.as_deref() == Some(target.as_str()))
            {
                out.push((from as u32, to as u32));
            }
        }
    }
    out
}

fn label_of(block: &SyntaxNode) -> Option<String> {
    let label = block.children().find(|c| c.kind() == BLOCK_LABEL)?;
    Some(label.first_token()?.text().to_string())
}

/// The `^name` uses of a block's ops, outside its nested regions and its own label.
fn successor_names(block: &SyntaxNode) -> Vec<String> {
    let mut out = Vec::new();
    let mut walk = block.preorder_with_tokens();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(element) = event else {
            continue;
        };
        match element {
            rowan::NodeOrToken::Node(node) if matches!(node.kind(), REGION | BLOCK_LABEL) => {
                walk.skip_subtree();
            }
            rowan::NodeOrToken::Token(token) if token.kind() == CARET_ID => {
                out.push(token.text().to_string());
            }
            _ => {}
        }
    }
    out
}
