//! Completion of names: after `%` the values visible at the cursor (defined before it in an
//! enclosing region, nearest first), after `^` the blocks of the region, after `@` the
//! symbols of the file, after `#` and `!` the aliases of the chunk; words without a sigil
//! in `completion_ops`. Works mid-word and in a file with errors elsewhere.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize};

use super::navigation::body_of;
use mlir_hir::{self as hir, NameKind, ops};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    /// What defines it: `arith.addi`, `block argument`, a type.
    pub detail: Option<String>,
    /// Markdown shown beside the item (an op's syntax).
    pub documentation: Option<String>,
    /// The text the item replaces (the partly typed name).
    pub replace: TextRange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    Value,
    Block,
    Symbol,
    Alias,
    Op,
    Type,
    Keyword,
}

pub fn completions(root: &SyntaxNode, text: &str, offset: TextSize) -> Vec<CompletionItem> {
    let (sigil, start) = match typed_name(text, offset) {
        Some(found) => found,
        None => return super::completion_ops::word_completions(text, offset),
    };
    let replace = TextRange::new(start, offset);
    let mut items = match sigil {
        '%' => values(root, offset, replace),
        '^' => blocks(root, offset, replace),
        '@' => symbols(root, replace),
        '#' | '!' => aliases(root, sigil, replace),
        _ => Vec::new(),
    };
    let mut seen = std::collections::HashSet::new();
    items.retain(|i| seen.insert(i.label.clone()));
    items
}

/// The sigil and start of the name being typed before `offset`.
fn typed_name(text: &str, offset: TextSize) -> Option<(char, TextSize)> {
    let before = &text[..usize::from(offset).min(text.len())];
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || "_$.-".contains(*c))
        .last()
        .map_or(before.len(), |(i, _)| i);
    let sigil = before[..word_start].chars().last()?;
    "%^@#!"
        .contains(sigil)
        .then(|| (sigil, TextSize::new((word_start - 1) as u32)))
}

/// The token just before the cursor (or at it), to find the body and regions around it.
fn anchor(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    root.token_at_offset(offset)
        .left_biased()
        .or_else(|| root.last_token())
}

fn values(root: &SyntaxNode, offset: TextSize, replace: TextRange) -> Vec<CompletionItem> {
    let Some(anchor) = anchor(root, offset) else {
        return Vec::new();
    };
    let body_op = body_of(&anchor);
    let tokens = hir::name_tokens(&body_op);
    let body = hir::lower(&body_op);
    let mut found: Vec<(u32, CompletionItem)> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let kind = body.names[i].kind;
        let defines = matches!(
            kind,
            NameKind::ValueDef | NameKind::EntryArgDef | NameKind::DefOrUse
        );
        if !defines || token.text_range().end() > replace.start() || !visible_at(token, offset) {
            continue;
        }
        let distance = u32::from(offset) - u32::from(token.text_range().start());
        let detail = Some(definer(token));
        let label = token.text().to_string();
        found.push((
            distance,
            CompletionItem {
                label,
                kind: CompletionKind::Value,
                detail,
                documentation: None,
                replace,
            },
        ));
    }
    found.sort_by_key(|(d, _)| *d);
    found.into_iter().map(|(_, i)| i).collect()
}

/// Is a value defined at `def` visible at `offset`: is the region it is defined for an
/// ancestor of the cursor?
fn visible_at(def: &SyntaxToken, offset: TextSize) -> bool {
    let parent = def.parent();
    // A result is not visible inside its own op (`%b = arith.addi %a, %|`).
    let own_op = def.parent_ancestors().find(ops::is_op);
    if parent.as_ref().is_some_and(|p| p.kind() == OP_RESULT)
        && own_op.is_some_and(|op| op.text_range().contains_inclusive(offset))
    {
        return false;
    }
    let scope = match parent.as_ref().map(|p| p.kind()) {
        Some(OP_RESULT) => def
            .parent_ancestors()
            .find(|n| n.kind() == REGION || n.kind() == SOURCE_FILE),
        Some(BLOCK_ARG) => def.parent_ancestors().find(|n| n.kind() == REGION),
        _ => def.parent_ancestors().find(ops::is_op),
    };
    scope.is_some_and(|s| s.text_range().contains_inclusive(offset) || s.kind() == SOURCE_FILE)
}

/// What defines a value, for the item's detail.
fn definer(def: &SyntaxToken) -> String {
    match def.parent().map(|p| p.kind()) {
        Some(BLOCK_ARG) => "block argument".into(),
        Some(OP_RESULT) => def
            .parent_ancestors()
            .find(ops::is_op)
            .and_then(|o| ops::op_name(&o))
            .unwrap_or_default(),
        _ => format!(
            "argument of {}",
            def.parent_ancestors()
                .find(ops::is_op)
                .and_then(|o| ops::op_name(&o))
                .unwrap_or_default()
        ),
    }
}

fn blocks(root: &SyntaxNode, offset: TextSize, replace: TextRange) -> Vec<CompletionItem> {
    let Some(anchor) = anchor(root, offset) else {
        return Vec::new();
    };
    let Some(region) = anchor.parent_ancestors().find(|n| n.kind() == REGION) else {
        return Vec::new();
    };
    region
        .children()
        .filter_map(|block| block.children().find(|c| c.kind() == BLOCK_LABEL))
        .filter_map(|label| label.first_token())
        .map(|t| CompletionItem {
            documentation: None,
            label: t.text().to_string(),
            kind: CompletionKind::Block,
            detail: None,
            replace,
        })
        .collect()
}

fn symbols(root: &SyntaxNode, replace: TextRange) -> Vec<CompletionItem> {
    root.descendants()
        .filter(ops::is_op)
        .filter_map(|op| {
            let (name, _) = mlir_hir::symbols::symbol_definition(&op)?;
            let detail = ops::op_name(&op);
            let label = if name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_$.".contains(c))
            {
                format!("@{name}")
            } else {
                format!("@\"{name}\"")
            };
            Some(CompletionItem {
                label,
                kind: CompletionKind::Symbol,
                detail,
                documentation: None,
                replace,
            })
        })
        .collect()
}

fn aliases(root: &SyntaxNode, sigil: char, replace: TextRange) -> Vec<CompletionItem> {
    let kind = if sigil == '!' {
        TYPE_ALIAS_DEF
    } else {
        ATTR_ALIAS_DEF
    };
    root.children()
        .filter(|n| n.kind() == kind)
        .filter_map(|def| {
            let name = def.first_token()?.text().to_string();
            let value: String = def
                .children()
                .next()
                .map(|v| v.text().to_string())
                .unwrap_or_default();
            Some(CompletionItem {
                documentation: None,
                label: name,
                kind: CompletionKind::Alias,
                detail: Some(value),
                replace,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(fixture: &str) -> Vec<String> {
        let offset = TextSize::new(fixture.find("$0").unwrap() as u32);
        let text = fixture.replace("$0", "");
        let parse = mlir_syntax::parse(&text);
        completions(&parse.syntax_node(), &text, offset)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn values_in_scope_nearest_first() {
        let f = "func.func @f(%arg0: i32) {\n  %a = arith.constant 1 : i32\n  scf.if %c {\n    %inner = arith.constant 2 : i32\n  }\n  %b = arith.addi %a, %$0\n}\n";
        assert_eq!(labels(f), ["%a", "%arg0"]);
        let mid_word = f.replace("%$0", "%ar$0");
        assert_eq!(labels(&mid_word), ["%a", "%arg0"]);
    }

    #[test]
    fn blocks_symbols_aliases() {
        let f = "#map = affine_map<(d0) -> (d0)>\n!t = i32\nfunc.func private @g()\nfunc.func @f() {\n  cf.br ^$0\n^bb1:\n  return\n^exit:\n  return\n}\n";
        assert_eq!(labels(f), ["^bb1", "^exit"]);
        assert_eq!(labels(&f.replace("^$0", "@$0")), ["@g", "@f"]);
        assert_eq!(labels(&f.replace("^$0", "#$0")), ["#map"]);
        assert_eq!(labels(&f.replace("^$0", "!$0")), ["!t"]);
    }
}
