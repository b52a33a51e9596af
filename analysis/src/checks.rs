//! Semantic checks of one body (checks stage, issues 4 and 5): the types values are used
//! with, and the block structure of its regions (terminators, successors, entry blocks).
//! They read the body's tree, its name resolution and the op specs of the registry, and
//! only speak where MLIR surely would: an op we have no spec for, a type we cannot read
//! exactly, a region whose op may need no terminator are all left alone.
//!
//! Modules: `facts` (one walk gathering what the checks read), `op_types` (the types an
//! op gives its operands, results and region arguments), `value_types` (MLIR's parser
//! rule that all uses and the definition of a value agree on its type), `blocks`
//! (terminators, successor operands, entry blocks).

mod blocks;
mod facts;
mod op_types;
mod value_types;

use mlir_syntax::SyntaxNode;

use crate::diagnostics::Diagnostic;
use crate::hir::Resolution;
use crate::types::AliasGreens;

/// The diagnostics of one body (ranges in the body op's tree), given its resolution.
pub fn body_checks(
    body_op: &SyntaxNode,
    resolution: &Resolution,
    aliases: &AliasGreens,
) -> Vec<Diagnostic> {
    let lookup = |name: &str| aliases.get(name);
    let facts = facts::gather(body_op, &lookup);
    let mut out = facts.errors.clone();
    out.extend(value_types::check(&facts, resolution));
    out.extend(blocks::check(&facts, resolution));
    out.sort_by_key(|d| (d.range.start(), d.range.end()));
    out
}

#[cfg(test)]
mod tests;
