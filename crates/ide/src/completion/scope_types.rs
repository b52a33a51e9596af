//! Types offered after `:` and `->`, ranked by the types in scope: those the enclosing
//! function (or the file, at top level) already writes come first, most used first and,
//! among as many uses, the nearest before the cursor first; the builtin keywords follow.

use mlir_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange, TextSize};
use mlir_types::compact_text;
use rustc_hash::FxHashMap;

use super::{CompletionItem, CompletionKind, anchor, body_of};

/// Whole types as written (not a type nested in another, such as the `f32` of
/// `memref<4xf32>`, which is offered on its own anyway when written on its own).
const TYPE_KINDS: [SyntaxKind; 9] = [
    BUILTIN_TYPE,
    COMPLEX_TYPE,
    TUPLE_TYPE,
    VECTOR_TYPE,
    TENSOR_TYPE,
    MEMREF_TYPE,
    DIALECT_TYPE,
    TYPE_ALIAS_REF,
    OPAQUE_TYPE,
];

pub(super) fn scope_types(
    root: &SyntaxNode,
    offset: TextSize,
    word: &str,
    replace: TextRange,
) -> Vec<CompletionItem> {
    let Some(anchor) = anchor(root, offset) else {
        return Vec::new();
    };
    let scope = body_of(&anchor);
    // Per type: uses, and how far before the cursor the nearest one ends.
    let mut found: FxHashMap<String, (u32, u32)> = FxHashMap::default();
    for node in scope.descendants().filter(is_whole_type) {
        let range = node.text_range();
        if range.contains_inclusive(offset) || has_error(&node) {
            continue;
        }
        let text = compact_text(&node);
        if !text.starts_with(word) {
            continue;
        }
        let distance = match range.end() <= offset {
            true => u32::from(offset - range.end()),
            false => u32::MAX,
        };
        let entry = found.entry(text).or_insert((0, u32::MAX));
        entry.0 += 1;
        entry.1 = entry.1.min(distance);
    }
    let mut ranked: Vec<(String, (u32, u32))> = found.into_iter().collect();
    ranked.sort_by(|(a, (uses_a, near_a)), (b, (uses_b, near_b))| {
        uses_b.cmp(uses_a).then(near_a.cmp(near_b)).then(a.cmp(b))
    });
    ranked
        .into_iter()
        .map(|(label, (uses, _))| CompletionItem {
            label,
            kind: CompletionKind::Type,
            detail: Some(format!(
                "in scope ({uses} use{})",
                if uses == 1 { "" } else { "s" }
            )),
            documentation: None,
            replace,
        })
        .collect()
}

fn is_whole_type(node: &SyntaxNode) -> bool {
    TYPE_KINDS.contains(&node.kind())
        && !node
            .parent()
            .is_some_and(|p| TYPE_KINDS.contains(&p.kind()) || p.kind() == DIMENSION_LIST)
}

/// A type the parser could not read whole is not offered.
fn has_error(node: &SyntaxNode) -> bool {
    node.descendants_with_tokens()
        .any(|e| matches!(e.kind(), ERROR | ERROR_TOKEN))
}
