//! Inlay hints: the type of each op result and region argument whose type is not written
//! next to its name (`%sum: i32 = arith.addi ...`, `scf.for %i: index = ...`), as op
//! knowledge gives it. Only the bodies that meet the requested range are analysed.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize};

use mlir_dialects::registry::Registry;
use mlir_hir::ops;
use mlir_types::{AliasGreens, Type};

/// A hint shown after the text at `offset`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    pub offset: TextSize,
    pub label: String,
}

/// The hints within `range`, with the types the specs of `registry` give.
pub fn inlay_hints(root: &SyntaxNode, range: TextRange, registry: &Registry) -> Vec<InlayHint> {
    let aliases = AliasGreens::of_file(root);
    let mut hints = Vec::new();
    for body in bodies_meeting(root, range) {
        for (def, types) in mlir_checks::definition_types(&body, &aliases, registry) {
            if !range.contains_range(def) {
                continue;
            }
            let Some(token) = root.covering_element(def).into_token() else {
                continue;
            };
            if type_written_beside(&token) {
                continue;
            }
            if let Some(label) = label(&types) {
                hints.push(InlayHint {
                    offset: def.end(),
                    label,
                });
            }
        }
    }
    hints.sort_by_key(|h| h.offset);
    hints
}

/// `: i32`, or `: (i32, f32)` for a name that stands for several results; `None` if any
/// type is unknown.
fn label(types: &[Option<Type>]) -> Option<String> {
    let types: Option<Vec<String>> = types
        .iter()
        .map(|t| t.as_ref().map(Type::to_string))
        .collect();
    match types?.as_slice() {
        [] => None,
        [one] => Some(format!(": {one}")),
        many => Some(format!(": ({})", many.join(", "))),
    }
}

/// Is a type written right after the name (`%a: i32`, `%a : i32`)?
fn type_written_beside(token: &SyntaxToken) -> bool {
    let holder = match token.parent() {
        Some(p) if p.kind() == VALUE_USE => p,
        Some(p) if p.kind() == BLOCK_ARG => return true,
        _ => return false,
    };
    std::iter::successors(holder.next_sibling_or_token(), |e| {
        e.next_sibling_or_token()
    })
    .find(|e| !e.kind().is_trivia())
    .is_some_and(|e| e.kind() == COLON)
}

/// The bodies (the file's top level and its isolated ops) with text in `range`.
fn bodies_meeting(root: &SyntaxNode, range: TextRange) -> Vec<SyntaxNode> {
    let mut out = vec![root.clone()];
    let mut stack = vec![root.clone()];
    while let Some(node) = stack.pop() {
        for child in node.children() {
            if child.text_range().intersect(range).is_none() {
                continue;
            }
            if ops::is_isolated(&child) {
                out.push(child.clone());
            }
            stack.push(child);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_unwritten_argument_types() {
        let text = "func.func @f(%a: i32) -> i1 {\n  %s = arith.addi %a, %a : i32\n  %c = arith.cmpi slt, %s, %a : i32\n  %p:2 = \"t.two\"() : () -> (i8, f32)\n  %u = foo.op : i32\n  return %c : i1\n}\n";
        let root = mlir_syntax::parse(text).syntax_node();
        let hints: Vec<String> = inlay_hints(&root, root.text_range(), Registry::builtin())
            .iter()
            .map(|h| {
                format!(
                    "{}{}",
                    &text[..u32::from(h.offset) as usize]
                        .rsplit(' ')
                        .next()
                        .unwrap(),
                    h.label
                )
            })
            .collect();
        assert_eq!(hints, ["%s: i32", "%c: i1", "%p: (i8, f32)"]);
    }
}
