//! Document symbols: the hierarchy of symbol-defining ops (modules, functions, globals,
//! any op that names itself with `@name`), grouped by `// -----` chunk when the file has
//! split markers. Which op defines a symbol is decided from syntax for now: the op writes
//! `@name` before its operands and either holds a region or is named like a definition.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use mlir_hir::symbols::{last_segment, symbol_definition};
use mlir_syntax::op_nodes::{is_op, op_name};

use crate::unit_memo::{UnitMemo, is_unit};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    Module,
    Namespace,
    Function,
    Variable,
    Object,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentSymbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    /// The whole op.
    pub range: TextRange,
    /// The name (`@f`), or the op name when the op has none.
    pub selection_range: TextRange,
    pub children: Vec<DocumentSymbol>,
}

/// Symbols of a file, grouped by chunk if it has split markers.
pub fn document_symbols(root: &SyntaxNode) -> Vec<DocumentSymbol> {
    document_symbols_with(root, &mut SymbolsMemo::default())
}

/// Each long op's symbols (itself and those nested in it), relative to its start.
pub type SymbolsMemo = UnitMemo<Vec<DocumentSymbol>>;

/// `document_symbols`, reusing what `memo` kept of the ops the last tree shared with this one.
pub fn document_symbols_with(root: &SyntaxNode, memo: &mut SymbolsMemo) -> Vec<DocumentSymbol> {
    memo.next_tree();
    let mut chunks = Vec::new();
    let mut current: Vec<DocumentSymbol> = Vec::new();
    let mut chunk_start = TextSize::new(0);
    for element in root.children_with_tokens() {
        if element.kind() == SPLIT_MARKER {
            let end = element.text_range().start();
            chunks.push(chunk_symbol(
                chunks.len(),
                chunk_start,
                end,
                std::mem::take(&mut current),
            ));
            chunk_start = element.text_range().end();
        } else if let Some(node) = element.as_node() {
            current.extend(symbols_of(node, memo));
        }
    }
    if chunks.is_empty() {
        return current;
    }
    let end = root.text_range().end();
    chunks.push(chunk_symbol(chunks.len(), chunk_start, end, current));
    chunks
}

/// Every symbol of a file with the name of the symbol containing it (chunk groups left out),
/// for workspace-wide symbol search.
pub fn flat_symbols(root: &SyntaxNode) -> Vec<(DocumentSymbol, Option<String>)> {
    let mut out = Vec::new();
    let mut stack: Vec<(DocumentSymbol, Option<String>)> = document_symbols(root)
        .into_iter()
        .map(|s| (s, None))
        .collect();
    while let Some((mut symbol, container)) = stack.pop() {
        let children = std::mem::take(&mut symbol.children);
        let is_chunk = symbol.detail.as_deref() == Some("// -----");
        let child_container = if is_chunk {
            container.clone()
        } else {
            Some(symbol.name.clone())
        };
        stack.extend(children.into_iter().map(|c| (c, child_container.clone())));
        if !is_chunk {
            out.push((symbol, container));
        }
    }
    out.sort_by_key(|(s, _)| s.range.start());
    out
}

fn chunk_symbol(
    index: usize,
    start: TextSize,
    end: TextSize,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    let range = TextRange::new(start, end);
    DocumentSymbol {
        name: format!("chunk {}", index + 1),
        detail: Some("// -----".into()),
        kind: SymbolKind::Namespace,
        range,
        selection_range: TextRange::empty(start),
        children,
    }
}

/// The symbols `node` defines: itself if it is a symbol op (with its nested symbols as
/// children), otherwise the symbols of the ops nested in it. A long op's are kept.
fn symbols_of(node: &SyntaxNode, memo: &mut SymbolsMemo) -> Vec<DocumentSymbol> {
    let green = node.green();
    if !is_op(node) || !is_unit(&green) {
        return read_symbols_of(node, memo);
    }
    let start = node.text_range().start();
    let kept = memo.get(&green, |memo| {
        let mut symbols = read_symbols_of(node, memo);
        shift(&mut symbols, |r| r - start);
        symbols
    });
    let mut symbols = kept.to_vec();
    shift(&mut symbols, |r| r + start);
    symbols
}

fn read_symbols_of(node: &SyntaxNode, memo: &mut SymbolsMemo) -> Vec<DocumentSymbol> {
    let nested = |memo: &mut SymbolsMemo| {
        node.children()
            .flat_map(|child| symbols_of(&child, memo))
            .collect::<Vec<_>>()
    };
    if !is_op(node) {
        return nested(memo);
    }
    match symbol_op(node) {
        Some(mut symbol) => {
            symbol.children = nested(memo);
            vec![symbol]
        }
        None => nested(memo),
    }
}

/// Moves the symbols' ranges, and their children's.
fn shift(symbols: &mut [DocumentSymbol], by: impl Fn(TextRange) -> TextRange + Copy) {
    for symbol in symbols {
        symbol.range = by(symbol.range);
        symbol.selection_range = by(symbol.selection_range);
        shift(&mut symbol.children, by);
    }
}

fn symbol_op(op: &SyntaxNode) -> Option<DocumentSymbol> {
    let op_name = op_name(op)?;
    let has_region = mlir_hir::ops::has_own_region(op);
    let (name, selection_range) = match symbol_definition(op) {
        Some(found) => found,
        None if is_module_name(&op_name) && has_region => {
            ("<module>".to_string(), op_name_range(op))
        }
        None => return None,
    };
    let detail = Some(detail_of(op, &op_name));
    let kind = kind_of(&op_name);
    Some(DocumentSymbol {
        name,
        detail,
        kind,
        range: op.text_range(),
        selection_range,
        children: Vec::new(),
    })
}

fn op_name_range(op: &SyntaxNode) -> TextRange {
    op.children()
        .find(|n| n.kind() == OP_NAME)
        .map_or(op.text_range(), |n| n.text_range())
}

fn is_module_name(op_name: &str) -> bool {
    last_segment(op_name) == "module"
}

fn kind_of(op_name: &str) -> SymbolKind {
    let last = last_segment(op_name);
    if last.contains("module") {
        SymbolKind::Module
    } else if last.contains("func") {
        SymbolKind::Function
    } else if last.contains("global") {
        SymbolKind::Variable
    } else {
        SymbolKind::Object
    }
}

/// The op name, plus a visibility keyword (`private`, `public`, `nested`) if written.
fn detail_of(op: &SyntaxNode, op_name: &str) -> String {
    let visibility = op
        .children()
        .filter(|n| n.kind() == KEYWORD)
        .map(|n| n.text().to_string())
        .find(|k| matches!(k.as_str(), "private" | "public" | "nested"));
    match visibility {
        Some(v) => format!("{op_name} {v}"),
        None => op_name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline(text: &str) -> String {
        let parse = mlir_syntax::parse(text);
        let mut out = String::new();
        fn walk(symbols: &[DocumentSymbol], depth: usize, out: &mut String) {
            for s in symbols {
                let detail = s.detail.as_deref().unwrap_or("");
                *out += &format!(
                    "{}{} {:?} [{}]\n",
                    "  ".repeat(depth),
                    s.name,
                    s.kind,
                    detail
                );
                walk(&s.children, depth + 1, out);
            }
        }
        walk(&document_symbols(&parse.syntax_node()), 0, &mut out);
        out
    }

    #[test]
    fn modules_functions_globals() {
        let text = "module @m {\n  func.func private @decl(i32)\n  func.func @f() {\n    %0 = func.call @decl(%c) : (i32) -> i32\n    return\n  }\n  memref.global \"private\" @g : memref<2xf32>\n  \"test.sym\"() {sym_name = \"gen\"} : () -> ()\n}\nmodule {\n  func.func @\"quoted name\"() { return }\n}\n";
        expect_test::expect![[r#"
            m Module [module]
              decl Function [func.func private]
              f Function [func.func]
              g Variable [memref.global]
              gen Object [test.sym]
            <module> Module [module]
              quoted name Function [func.func]
        "#]]
        .assert_eq(&outline(text));
    }

    #[test]
    fn chunks_group_symbols() {
        let text = "func.func @a() { return }\n// -----\nfunc.func @b() { return }\n";
        expect_test::expect![[r#"
            chunk 1 Namespace [// -----]
              a Function [func.func]
            chunk 2 Namespace [// -----]
              b Function [func.func]
        "#]]
        .assert_eq(&outline(text));
    }
}
