//! Signature help inside an op with a spec: after its name and inside its operand list
//! (generic `"arith.addi"(%a, |` and custom `arith.addi %a, |` alike), the op's operands
//! each with its constraint, the one at the cursor marked active, and the op's summary
//! and syntax as documentation.

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

/// Which value of the operand list the cursor is at (by the commas after values before it)
/// and how many values the list holds, in the innermost parenthesised list of the op (the
/// generic operand list, `func.call @f(...)`'s) that holds the cursor, else the op itself.
fn value_position(op: &SyntaxNode, offset: TextSize) -> (usize, usize) {
    let list = op
        .children()
        .filter(|c| matches!(c.kind(), OPERAND_LIST | PAREN_GROUP))
        .find(|c| c.text_range().start() < offset && offset <= c.text_range().end())
        .unwrap_or_else(|| op.clone());
    let mut index = 0;
    let mut total = 0;
    let mut after_value = false;
    for element in list.children_with_tokens() {
        let kind = element.kind();
        if kind.is_trivia() {
            continue;
        }
        let before = element.text_range().end() <= offset;
        if kind == VALUE_USE {
            total += 1;
        }
        if kind == COMMA && after_value && before {
            index += 1;
        }
        after_value = kind == VALUE_USE;
    }
    (index, total.max(index + 1))
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
