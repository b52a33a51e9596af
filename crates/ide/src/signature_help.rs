//! Signature help inside an op with a spec: after its name and inside its operand list
//! (generic `"arith.addi"(%a, |` and custom `arith.addi %a, |` alike), the op's operands
//! each with its constraint, the one at the cursor marked active, and the op's
//! documentation (hover's). The cursor's operand is found by the values written before it
//! that something already follows, so keywords, brackets and `%i =` definitions between
//! them do not shift it.

use mlir_dialects::registry::{OpSpec, Registry, ValueSpec, Variadicity};
use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextSize};

use super::hover::{op_docs, variadicity_note};
use mlir_hir::ops;

/// One signature: `arith.addi %lhs: signless-integer-like, %rhs: signless-integer-like`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureHelp {
    pub label: String,
    /// Markdown: the op's summary and syntax.
    pub documentation: String,
    pub parameters: Vec<SignatureParameter>,
    /// The operand at the cursor (`None` when the op has no operands).
    pub active_parameter: Option<u32>,
}

/// An operand: its place in the label (byte offsets) and its constraint in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureParameter {
    pub label: std::ops::Range<usize>,
    pub documentation: String,
}

/// Signature help at `offset`, if it is after the name of an op the registry knows and
/// not inside one of the op's regions.
pub fn signature_help(
    root: &SyntaxNode,
    offset: TextSize,
    registry: &Registry,
) -> Option<SignatureHelp> {
    let token = token_before(root, offset)?;
    let op = token.parent_ancestors().find(ops::is_op)?;
    let name_token = ops::op_name_token(&op)?;
    let in_region = op
        .children()
        .filter(|c| c.kind() == REGION)
        .any(|r| r.text_range().contains_range(token.text_range()));
    if name_token.text_range().end() > offset || in_region {
        return None;
    }
    let name = name_token.text().trim_matches('"');
    let spec = registry.resolve(name, registry.default_dialect_at(&op).as_deref())?;
    let (index, total) = value_position(&op, offset);
    let mut help = signature(spec);
    help.active_parameter = active_operand(&spec.operands, index, total);
    Some(help)
}

/// The last token that is not trivia before `offset`: whitespace after `arith.addi `
/// still belongs to the op just typed, unless a line break between them is outside any op
/// (the cursor is then on the next statement's line).
fn token_before(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    let mut token = root.token_at_offset(offset).left_biased()?;
    // Typing in a comment or a string is writing no operand.
    let range = token.text_range();
    let inside = range.start() < offset && (offset < range.end() || token.kind() == COMMENT);
    if inside && matches!(token.kind(), COMMENT | STRING) {
        return None;
    }
    while token.kind().is_trivia() {
        let start = token.text_range().start();
        let end = offset.min(token.text_range().end()).max(start);
        let gap = token.text().get(..usize::from(end - start))?;
        let loose = token
            .parent()
            .is_none_or(|p| matches!(p.kind(), BLOCK | REGION) || p.parent().is_none());
        if gap.contains('\n') && loose {
            return None;
        }
        token = token.prev_token()?;
    }
    Some(token)
}

/// Which written value the cursor is at, and how many the op writes: the values before
/// the cursor that something (a comma, a bracket, a keyword) already follows. Counted
/// over the whole op, so `memref.load %m[%i, |` is at its third value whatever groups
/// hold them; values of the op's regions and attributes are not its operands, nor is a
/// value that `=` follows (`scf.for %i = ...` defines `%i`).
fn value_position(op: &SyntaxNode, offset: TextSize) -> (usize, usize) {
    let uses = operand_uses(op);
    let index = uses.iter().filter(|u| followed_before(u, offset)).count();
    (index, uses.len().max(index + 1))
}

/// The value uses of `op` outside its regions and attributes (a function's body is not
/// walked), less those `=` follows.
fn operand_uses(op: &SyntaxNode) -> Vec<SyntaxNode> {
    let mut out = Vec::new();
    let mut walk = op.preorder();
    while let Some(event) = walk.next() {
        let mlir_syntax::WalkEvent::Enter(node) = event else {
            continue;
        };
        match node.kind() {
            REGION | ATTR_DICT => walk.skip_subtree(),
            VALUE_USE => {
                if next_token_after(&node).is_none_or(|t| t.kind() != EQ) {
                    out.push(node);
                }
                walk.skip_subtree();
            }
            _ => {}
        }
    }
    out
}

/// Does a token other than trivia follow `value` before `offset`?
fn followed_before(value: &SyntaxNode, offset: TextSize) -> bool {
    next_token_after(value).is_some_and(|t| t.text_range().end() <= offset)
}

fn next_token_after(node: &SyntaxNode) -> Option<SyntaxToken> {
    let last = node.last_token()?;
    std::iter::successors(last.next_token(), |t| t.next_token()).find(|t| !t.kind().is_trivia())
}

/// The operand declaration value `index` of `total` written values belongs to: values
/// before the first variadic operand match one to one, those after it are counted from the
/// end, and the rest belong to the variadic one.
fn active_operand(operands: &[ValueSpec], index: usize, total: usize) -> Option<u32> {
    if operands.is_empty() {
        return None;
    }
    let last = operands.len() - 1;
    let first_many = operands.iter().position(|o| !o.variadicity.is_single());
    let at = match first_many {
        Some(many) if index >= many => {
            let tail = last - many;
            let after = total.saturating_sub(index + 1);
            if after >= tail { many } else { last - after }
        }
        _ => index.min(last),
    };
    u32::try_from(at).ok()
}

/// The label, parameters and documentation of `spec`.
fn signature(spec: &OpSpec) -> SignatureHelp {
    let mut label = spec.name.clone();
    let mut parameters = Vec::new();
    for (index, operand) in spec.operands.iter().enumerate() {
        label.push_str(if index == 0 { " " } else { ", " });
        let start = label.len();
        let name = match operand.name.as_str() {
            "" => format!("#{index}"),
            name => format!("%{name}"),
        };
        let constraint = operand.constraint.describe();
        let many = variadicity_note(operand.variadicity);
        label.push_str(&format!("{name}: {constraint}{many}"));
        let what = match operand.variadicity {
            Variadicity::Single => "operand",
            _ => "operands",
        };
        parameters.push(SignatureParameter {
            label: start..label.len(),
            documentation: format!("{what} `{name}`: {constraint}{many}"),
        });
    }
    SignatureHelp {
        label,
        documentation: op_docs(spec),
        parameters,
        active_parameter: None,
    }
}

#[cfg(test)]
mod tests;
