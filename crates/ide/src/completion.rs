//! Completion of names: after `%` the values visible at the cursor (defined before it in an
//! enclosing region, nearest first), after `^` the blocks of the region, after `@` the
//! symbols of the file, after `#` and `!` the aliases of the chunk; words without a sigil
//! below. Works mid-word and in a file with errors elsewhere.
//!
//! Completion of words (no sigil): op names at the start of a statement or after `%x = `
//! (from the registry, with their summary and syntax), builtin types after `:` or `->`,
//! and the keywords of an op's leading enum attribute (`arith.cmpi` predicates).

use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize};

mod dominance;
mod scope_types;

use super::navigation::body_of;
use mlir_dialects::registry::{AttrConstraint, Element, Registry};
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

/// The completions at `offset`, with op names and their enum keywords from `registry`.
pub fn completions(
    root: &SyntaxNode,
    text: &str,
    offset: TextSize,
    registry: &Registry,
) -> Vec<CompletionItem> {
    let (sigil, start) = match typed_name(text, offset) {
        Some(found) => found,
        None => return words_with_scope_types(root, text, offset, registry),
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

/// Word completions, with the types in scope first where a type is expected.
fn words_with_scope_types(
    root: &SyntaxNode,
    text: &str,
    offset: TextSize,
    registry: &Registry,
) -> Vec<CompletionItem> {
    let words = word_completions(text, offset, registry);
    let (before, start) = word_before(text, offset);
    if !type_expected(line_before(before, start)) {
        return words;
    }
    let replace = TextRange::new(TextSize::new(start as u32), offset);
    let mut items = scope_types::scope_types(root, offset, &before[start..], replace);
    let mut seen: std::collections::HashSet<String> =
        items.iter().map(|i| i.label.clone()).collect();
    items.extend(words.into_iter().filter(|w| seen.insert(w.label.clone())));
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
        if !defines
            || token.text_range().end() > replace.start()
            || !visible_at(token, offset)
            || !dominates(token, offset)
        {
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

/// Does the block defining a result or block argument dominate the cursor's, in the
/// region they share? (A value of a block the cursor's block is not reached through,
/// such as a sibling branch's, cannot be used there.)
fn dominates(def: &SyntaxToken, offset: TextSize) -> bool {
    let region = match def.parent().map(|p| p.kind()) {
        Some(OP_RESULT | BLOCK_ARG) => def.parent_ancestors().find(|n| n.kind() == REGION),
        _ => None,
    };
    region.is_none_or(|region| dominance::block_dominates(&region, def, offset))
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

/// Builtin type keywords and type constructors offered after `:` and `->`.
const TYPES: &[&str] = &[
    "i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32", "f64", "none", "complex<",
    "tuple<", "vector<", "tensor<", "memref<",
];

/// Word completions at `offset` (the word typed so far is replaced).
pub fn word_completions(text: &str, offset: TextSize, registry: &Registry) -> Vec<CompletionItem> {
    let (before, start) = word_before(text, offset);
    let word = &before[start..];
    let line = line_before(before, start);
    let replace = TextRange::new(TextSize::new(start as u32), offset);
    if starts_statement(line) {
        return op_names(word, replace, registry);
    }
    if type_expected(line) {
        return types(word, replace);
    }
    enum_keywords(line.trim_end(), word, replace, registry)
}

/// The line's text before the word that starts at `start`.
fn line_before(before: &str, start: usize) -> &str {
    &before[before[..start].rfind('\n').map_or(0, |i| i + 1)..start]
}

/// After `:`, `->` or within a list of types: a type is expected.
fn type_expected(line: &str) -> bool {
    let trimmed = line.trim_end();
    !starts_statement(line)
        && (trimmed.ends_with(':') || trimmed.ends_with("->") || in_type_list(trimmed))
}

/// The text up to `offset` and where the word (letters, digits, `_` and `.`) that ends
/// there starts.
pub(super) fn word_before(text: &str, offset: TextSize) -> (&str, usize) {
    let end = usize::from(offset).min(text.len());
    let before = &text[..end];
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || "_.".contains(*c))
        .last()
        .map_or(end, |(i, _)| i);
    (before, start)
}

/// Only whitespace, or a result list and `=`, before the word.
pub(super) fn starts_statement(line: &str) -> bool {
    let line = line.trim();
    if line.is_empty() {
        return true;
    }
    let Some(results) = line.strip_suffix('=') else {
        return false;
    };
    results.split(',').all(|r| {
        let r = r.trim();
        let name = r.split(':').next().unwrap_or("");
        name.starts_with('%')
            && name.len() > 1
            && r.split(':')
                .nth(1)
                .is_none_or(|n| n.trim().parse::<u32>().is_ok())
    })
}

/// After `: i32, ` or `-> (i32, `: another type of a list.
fn in_type_list(line: &str) -> bool {
    let Some(rest) = line.strip_suffix(',').or_else(|| line.strip_suffix('(')) else {
        return false;
    };
    let after_colon = rest.rfind(':').map(|i| &rest[i + 1..]);
    let after_arrow = rest.rfind("->").map(|i| &rest[i + 2..]);
    [after_colon, after_arrow]
        .into_iter()
        .flatten()
        .any(|tail| !tail.contains('%') && !tail.contains('='))
}

fn op_names(word: &str, replace: TextRange, registry: &Registry) -> Vec<CompletionItem> {
    registry
        .ops()
        .into_iter()
        .filter(|spec| spec.name.starts_with(word) || spec.mnemonic().starts_with(word))
        // The legacy standard dialect only when asked for by name: MLIR 22 rejects it.
        .filter(|spec| spec.dialect != "std" || word.starts_with("std"))
        .map(|spec| CompletionItem {
            label: spec.name.clone(),
            kind: CompletionKind::Op,
            detail: Some(spec.docs.summary.clone()),
            documentation: Some(format!("```mlir\n{}\n```", spec.docs.syntax.trim_end())),
            replace,
        })
        .collect()
}

fn types(word: &str, replace: TextRange) -> Vec<CompletionItem> {
    TYPES
        .iter()
        .filter(|t| t.starts_with(word))
        .map(|t| CompletionItem {
            label: (*t).to_string(),
            kind: CompletionKind::Type,
            detail: Some("builtin type".to_string()),
            documentation: None,
            replace,
        })
        .collect()
}

/// The cases of the enum attribute an op's syntax starts with, right after its name:
/// `arith.cmpi slt`.
fn enum_keywords(
    line: &str,
    word: &str,
    replace: TextRange,
    registry: &Registry,
) -> Vec<CompletionItem> {
    let Some(op) = line.split_whitespace().last() else {
        return Vec::new();
    };
    let Some(spec) = registry.op(op) else {
        return Vec::new();
    };
    let first = spec.format.as_ref().and_then(|f| {
        f.elements
            .iter()
            .find(|e| !matches!(e, Element::Space))
            .cloned()
    });
    let Some(Element::Var(name)) = first else {
        return Vec::new();
    };
    let Some((_, attr)) = spec.attribute(&name) else {
        return Vec::new();
    };
    let Some(cases) = enum_cases(&attr.constraint) else {
        return Vec::new();
    };
    cases
        .into_iter()
        .filter(|c| c.starts_with(word))
        .map(|case| CompletionItem {
            label: case,
            kind: CompletionKind::Keyword,
            detail: Some(format!("{} of {}", name, spec.name)),
            documentation: None,
            replace,
        })
        .collect()
}

fn enum_cases(constraint: &AttrConstraint) -> Option<Vec<String>> {
    let spec = constraint.enum_spec()?;
    Some(spec.cases.iter().map(|(k, _)| k.clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(fixture: &str) -> Vec<String> {
        let offset = TextSize::new(fixture.find("$0").unwrap() as u32);
        let text = fixture.replace("$0", "");
        let parse = mlir_syntax::parse(&text);
        completions(&parse.syntax_node(), &text, offset, Registry::builtin())
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
    fn only_values_that_dominate_the_cursor() {
        // ^bb1 and ^bb2 are both reached from the entry only: neither's values reach the
        // other, while the entry's (and its block arguments) reach both. Values defined
        // later and inside a nested region are not offered either.
        let f = concat!(
            "func.func @f(%arg0: i1) {\n",
            "  %e = arith.constant 0 : i32\n",
            "  cf.cond_br %arg0, ^bb1(%e : i32), ^bb2\n",
            "^bb1(%x: i32):\n",
            "  %one = arith.constant 1 : i32\n",
            "  scf.execute_region {\n    %deep = arith.constant 3 : i32\n    scf.yield\n  }\n",
            "  cf.br ^bb3\n",
            "^bb2:\n",
            "  %two = arith.addi %$0\n",
            "  %later = arith.constant 4 : i32\n",
            "  cf.br ^bb3\n",
            "^bb3:\n",
            "  return\n",
            "}\n",
        );
        assert_eq!(labels(f), ["%e", "%arg0"]);
        // In ^bb1: its own argument and values, and the entry's.
        let in_bb1 = f
            .replace("%$0", "%")
            .replace("  cf.br ^bb3\n^bb2", "  \"t.use\"(%$0\n  cf.br ^bb3\n^bb2");
        assert_eq!(labels(&in_bb1), ["%one", "%x", "%e", "%arg0"]);
    }

    #[test]
    fn types_in_scope_come_first_most_used_first() {
        let f = concat!(
            "func.func @f(%m: memref<4xf32>, %n: memref<4xf32>, %t: tensor<2xi8>) {\n",
            "  %v = \"t.load\"(%m) : (memref<4xf32>) -> f32\n",
            "  %w = \"t.cast\"(%v) : $0\n",
            "}\n",
        );
        let found = labels(f);
        assert_eq!(
            found[..4],
            ["memref<4xf32>", "f32", "tensor<2xi8>", "i1"],
            "{found:?}"
        );
        let typed = f.replace(": $0", ": mem$0");
        assert_eq!(labels(&typed), ["memref<4xf32>", "memref<"]);
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

#[cfg(test)]
mod word_tests {
    use super::*;

    fn labels(fixture: &str) -> Vec<String> {
        let offset = TextSize::new(fixture.find("$0").unwrap() as u32);
        let text = fixture.replace("$0", "");
        word_completions(&text, offset, Registry::builtin())
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn op_names_at_statement_start() {
        let f = "func.func @f(%a: i32) {\n  %r = arith.add$0\n}\n";
        assert_eq!(
            labels(f),
            ["arith.addf", "arith.addi", "arith.addui_extended"]
        );
        let bare = "func.func @f() {\n  ret$0\n}\n";
        assert_eq!(labels(bare), ["func.return"]);
        let group = "  %a, %b:2 = cf.b$0";
        assert_eq!(labels(group), ["cf.br"]);
    }

    #[test]
    fn types_and_predicates() {
        assert!(labels("  %r = arith.addi %a, %b : i$0").contains(&"i32".to_string()));
        assert!(labels("  %r = \"t.op\"() : () -> (i32, f$0").contains(&"f32".to_string()));
        assert_eq!(labels("  %c = arith.cmpi sl$0"), ["slt", "sle"]);
        assert!(labels("  %c = arith.addi %a, %b$0").is_empty());
    }
}
