//! Navigation over names: what the name at an offset is (a value, a block, a symbol, an
//! alias), where it is defined, and every place that names the same thing. Definition,
//! references, highlights and rename are all built on `name_at` and `occurrences`.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize};

use mlir_hir::{self as hir, NameKind, ops};

/// What a name at the cursor refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameClass {
    Value,
    Block,
    Symbol,
    TypeAlias,
    AttrAlias,
}

/// One place a name stands, and whether it defines the thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    pub range: TextRange,
    pub is_definition: bool,
}

/// The name token at `offset` (touching it from either side) and its class.
pub fn name_at(root: &SyntaxNode, offset: TextSize) -> Option<(SyntaxToken, NameClass)> {
    let at = root.token_at_offset(offset);
    let token = at.clone().find(|t| class_of(t).is_some())?;
    let class = class_of(&token)?;
    Some((token, class))
}

fn class_of(token: &SyntaxToken) -> Option<NameClass> {
    let parent = token.parent()?.kind();
    match token.kind() {
        VALUE_ID => Some(NameClass::Value),
        CARET_ID => Some(NameClass::Block),
        AT_ID => Some(NameClass::Symbol),
        BANG_ID if matches!(parent, TYPE_ALIAS_DEF | TYPE_ALIAS_REF) => Some(NameClass::TypeAlias),
        HASH_ID if matches!(parent, ATTR_ALIAS_DEF | ATTR_ALIAS_REF) => Some(NameClass::AttrAlias),
        _ => None,
    }
}

/// Every occurrence of the thing named at `offset`, definitions included, in file order.
pub fn occurrences(root: &SyntaxNode, offset: TextSize) -> Vec<Occurrence> {
    let Some((token, class)) = name_at(root, offset) else {
        return Vec::new();
    };
    let mut out = match class {
        NameClass::Value | NameClass::Block => ssa_occurrences(&token),
        NameClass::Symbol => symbol_occurrences(root, &token),
        NameClass::TypeAlias | NameClass::AttrAlias => alias_occurrences(root, &token),
    };
    out.sort_by_key(|o| o.range.start());
    out.dedup();
    out
}

/// The definitions of the thing named at `offset`.
pub fn definition(root: &SyntaxNode, offset: TextSize) -> Vec<TextRange> {
    occurrences(root, offset)
        .into_iter()
        .filter(|o| o.is_definition)
        .map(|o| o.range)
        .collect()
}

/// References to the thing named at `offset`, with or without its definitions.
pub fn references(
    root: &SyntaxNode,
    offset: TextSize,
    include_declaration: bool,
) -> Vec<TextRange> {
    let all = occurrences(root, offset);
    all.into_iter()
        .filter(|o| include_declaration || !o.is_definition)
        .map(|o| o.range)
        .collect()
}

/// The body (isolated op, or the file) a token's name lives in.
pub(crate) fn body_of(token: &SyntaxToken) -> SyntaxNode {
    let mut nodes = token.parent_ancestors();
    let isolated = nodes.find(|n| ops::is_isolated(n) && !is_in_own_signature(token, n));
    isolated.unwrap_or_else(|| token.parent_ancestors().last().expect("a root"))
}

/// Names in an isolated op's signature belong to its body (`func.func @f(%a: i32)`); only
/// the op's own results live in the body around it.
fn is_in_own_signature(token: &SyntaxToken, op: &SyntaxNode) -> bool {
    let results = token
        .parent_ancestors()
        .find(|n| n.kind() == OP_RESULT_LIST);
    results.is_some_and(|r| r.parent().as_ref() == Some(op))
}

/// Values and blocks: resolve the body and collect the names bound to the same definition.
fn ssa_occurrences(token: &SyntaxToken) -> Vec<Occurrence> {
    let body_op = body_of(token);
    let tokens = hir::name_tokens(&body_op);
    let Some(index) = tokens.iter().position(|t| t == token) else {
        return Vec::new();
    };
    let body = hir::lower(&body_op);
    let resolution = hir::resolve(&body);
    let Some(target) = resolution.targets[index] else {
        return vec![Occurrence {
            range: token.text_range(),
            is_definition: false,
        }];
    };
    resolution
        .targets
        .iter()
        .enumerate()
        .filter(|(_, t)| **t == Some(target))
        .map(|(i, _)| Occurrence {
            range: tokens[i].text_range(),
            is_definition: is_definition(body.names[i].kind) && i as u32 == target,
        })
        .collect()
}

fn is_definition(kind: NameKind) -> bool {
    matches!(
        kind,
        NameKind::ValueDef | NameKind::EntryArgDef | NameKind::DefOrUse | NameKind::BlockDef
    )
}

/// Symbols: the ops that name themselves `@name` (definitions) and every `@name` token.
fn symbol_occurrences(root: &SyntaxNode, token: &SyntaxToken) -> Vec<Occurrence> {
    let name = token.text()[1..].trim_matches('"');
    let definitions: Vec<TextRange> = root
        .descendants()
        .filter(ops::is_op)
        .filter_map(|op| mlir_hir::symbols::symbol_definition(&op))
        .filter(|(defined, _)| defined == name)
        .map(|(_, range)| range)
        .collect();
    let mut out: Vec<Occurrence> = definitions
        .iter()
        .map(|&range| Occurrence {
            range,
            is_definition: true,
        })
        .collect();
    let uses = root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| {
            t.kind() == AT_ID && t.text() == token.text() && !definitions.contains(&t.text_range())
        });
    out.extend(uses.map(|t| Occurrence {
        range: t.text_range(),
        is_definition: false,
    }));
    out
}

/// Every `@name` token spelled `symbol` (with its `@`), for references across files.
pub fn symbol_mentions(root: &SyntaxNode, symbol: &str) -> Vec<TextRange> {
    root.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == AT_ID && t.text() == symbol)
        .map(|t| t.text_range())
        .collect()
}

/// Aliases: every use and definition of `#name` / `!name` in the same chunk.
fn alias_occurrences(root: &SyntaxNode, token: &SyntaxToken) -> Vec<Occurrence> {
    let chunk = chunk_range(root, token.text_range().start());
    root.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| {
            t.kind() == token.kind()
                && t.text() == token.text()
                && chunk.contains_range(t.text_range())
        })
        .filter(|t| class_of(t).is_some())
        .map(|t| {
            let is_definition = t
                .parent()
                .is_some_and(|p| matches!(p.kind(), TYPE_ALIAS_DEF | ATTR_ALIAS_DEF));
            Occurrence {
                range: t.text_range(),
                is_definition,
            }
        })
        .collect()
}

/// The `// -----` chunk around an offset.
fn chunk_range(root: &SyntaxNode, offset: TextSize) -> TextRange {
    let markers: Vec<TextRange> = root
        .children_with_tokens()
        .filter(|e| e.kind() == SPLIT_MARKER)
        .map(|e| e.text_range())
        .collect();
    let start = markers
        .iter()
        .filter(|m| m.end() <= offset)
        .map(|m| m.end())
        .max()
        .unwrap_or_default();
    let end = markers
        .iter()
        .filter(|m| m.start() >= offset)
        .map(|m| m.start())
        .min();
    TextRange::new(start, end.unwrap_or(root.text_range().end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of each occurrence, `*` marking definitions, for the name at `$0`.
    fn check(fixture: &str, include_declaration: bool) -> Vec<String> {
        let offset = TextSize::new(fixture.find("$0").expect("a $0 marker") as u32);
        let text = fixture.replace("$0", "");
        let parse = mlir_syntax::parse(&text);
        let root = parse.syntax_node();
        let definitions = definition(&root, offset);
        references(&root, offset, include_declaration)
            .into_iter()
            .map(|r| {
                let line = text[..usize::from(r.start())].matches('\n').count() + 1;
                let star = if definitions.contains(&r) { "*" } else { "" };
                format!("{star}{}@{line}", &text[r])
            })
            .collect()
    }

    #[test]
    fn values_resolve_within_their_body() {
        let fixture = "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  \"t.use\"(%0$0) : (i32) -> ()\n  return\n}\nfunc.func @g(%0: i32) {\n  return\n}\n";
        assert_eq!(check(fixture, true), ["*%0@2", "%0@3"]);
        assert_eq!(check(fixture, false), ["%0@3"]);
    }

    #[test]
    fn function_arguments_and_blocks() {
        let fixture =
            "func.func @f(%a$0: i32) {\n  cf.br ^bb1(%a : i32)\n^bb1(%b: i32):\n  return\n}\n";
        assert_eq!(check(fixture, true), ["*%a@1", "%a@2"]);
        let fixture =
            "func.func @f(%a: i32) {\n  cf.br ^bb1$0(%a : i32)\n^bb1(%b: i32):\n  return\n}\n";
        assert_eq!(check(fixture, true), ["^bb1@2", "*^bb1@3"]);
    }

    #[test]
    fn symbols_and_aliases() {
        let fixture = "func.func private @callee(i32)\nfunc.func @f(%a: i32) {\n  func.call @callee$0(%a) : (i32) -> ()\n  return\n}\n";
        assert_eq!(check(fixture, true), ["*@callee@1", "@callee@3"]);
        let fixture = "#map = affine_map<(d0) -> (d0)>\n\"t.op\"() {m = #map$0} : () -> ()\n// -----\n#map = affine_map<(d0) -> (d0)>\n";
        assert_eq!(check(fixture, true), ["*#map@1", "#map@2"]);
    }
}
