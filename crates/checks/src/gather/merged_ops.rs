//! Custom ops whose end the syntax may have missed. The parser decides where a custom op
//! ends by syntax alone (DESIGN §3.1): a word without a dialect at the start of a line
//! goes on with the op (`default {` of `scf.index_switch`), unless it is a short name
//! every dialect shares. A dialect whose ops are printed without their prefix (CIRCT's
//! SSP: `library {}` then `graph {}` inside `ssp.instance`) is read as one op holding
//! the next; only the registry can tell, so checks that rest on where an op stands ask
//! here before reporting.

use mlir_dialects::registry::Registry;
use mlir_syntax::{SyntaxKind, SyntaxNode};

/// Does a line of custom op `op` (not its first) begin with a word that names an op of
/// the dialect in effect at `op`? Then what follows may be another op the tree put
/// inside this one.
pub(super) fn may_hold_next_op(op: &SyntaxNode, registry: &Registry) -> bool {
    if op.kind() != SyntaxKind::CUSTOM_OP {
        return false;
    }
    let mut line_start_words = op
        .children()
        .filter(|child| child.kind() == SyntaxKind::KEYWORD)
        .filter_map(|keyword| keyword.first_token())
        .filter(|word| {
            let before = word.prev_token();
            before.is_some_and(|t| t.kind().is_trivia() && t.text().contains('\n'))
        })
        .peekable();
    if line_start_words.peek().is_none() {
        return false;
    }
    let dialect = registry.default_dialect_at(op);
    line_start_words.any(|word| registry.resolve(word.text(), dialect.as_deref()).is_some())
}
