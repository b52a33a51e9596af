//! Symbols: which op defines which `@name`, read from syntax (the op writes `@name` before
//! its operands and either holds a region or is named like a definition), and the
//! nearest symbol table around an op, restricted to tables we know, so that an op of an
//! unknown dialect (which may be a symbol table itself) makes a name count as possibly
//! defined rather than missing. `symbol_tables` looks names up in them.
use mlir_syntax::green_walk::{Children, green_kind};
use mlir_syntax::op_nodes::is_op_kind;
use mlir_syntax::{GreenNode, SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use crate::ops::{self, op_name};
use mlir_dialects::known_ops::{TABLE_OPS, name_is_known_non_table};

/// The nearest symbol table around `op` (`Some(None)`: the chunk's top level); `None` when
/// an op we do not know stands between.
pub fn nearest_table(op: &SyntaxNode) -> Option<Option<SyntaxNode>> {
    for ancestor in op.ancestors().skip(1).filter(ops::is_op) {
        if is_symbol_table(&ancestor) {
            return Some(Some(ancestor));
        }
        if !is_known_non_table(&ancestor) {
            return None;
        }
    }
    Some(None)
}

/// Upstream symbol tables whose bodies we check (unknown dialects' modules are left alone).
pub fn is_symbol_table(node: &SyntaxNode) -> bool {
    ops::is_op(node) && ops::op_named(node, TABLE_OPS)
}

/// The ops directly in a symbol table's body.
pub fn table_ops(table: &SyntaxNode) -> Vec<SyntaxNode> {
    let Some(region) = table.children().find(|c| c.kind() == REGION) else {
        return Vec::new();
    };
    region
        .children()
        .flat_map(|block| block.children().filter(ops::is_op))
        .collect()
}

/// An op directly in a symbol table's body (or at a chunk's top level), read from green
/// data: walks over a table of thousands of functions, on every keystroke, build a cursor
/// only for the ops they report.
#[derive(Clone)]
pub struct TableOp {
    pub green: GreenNode,
    pub start: TextSize,
    /// The node the op is a child of.
    parent: SyntaxNode,
}

impl TableOp {
    /// A table op of which the cursor is at hand.
    pub fn of(op: &SyntaxNode) -> Option<TableOp> {
        Some(TableOp {
            green: op.green().into_owned(),
            start: op.text_range().start(),
            parent: op.parent()?,
        })
    }

    pub fn range(&self) -> TextRange {
        TextRange::at(self.start, self.green.text_len())
    }

    /// The op's cursor (a binary search among its parent's children).
    pub fn node(&self) -> Option<SyntaxNode> {
        let found = self
            .parent
            .child_or_token_at_range(self.range())?
            .into_node()?;
        (found.text_range() == self.range() && ops::is_op(&found)).then_some(found)
    }
}

/// `table_ops`, as `TableOp`s.
pub fn table_op_list(table: &SyntaxNode) -> Vec<TableOp> {
    let Some(region) = table.children().find(|c| c.kind() == REGION) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for block in region.children() {
        let green = block.green();
        let mut children = Children::new(&green, block.text_range().start());
        while let Some((child, start)) = children.next_child() {
            if let Some(op) = child.into_node().filter(|n| is_op_kind(green_kind(n))) {
                out.push(TableOp {
                    green: op.to_owned(),
                    start,
                    parent: block.clone(),
                });
            }
        }
    }
    out
}

/// Ops that hold regions but are no symbol tables.
pub fn is_known_non_table(op: &SyntaxNode) -> bool {
    op_name(op).is_some_and(|name| name_is_known_non_table(&name))
}

/// The symbol an op defines: a name it writes for itself, if the op holds a region or is
/// named like a definition (a custom op that only refers to `@f`, like a call, does not).
pub fn symbol_definition(op: &SyntaxNode) -> Option<(String, TextRange)> {
    let op_name = op_name(op)?;
    let has_region = ops::has_own_region(op);
    let found = defined_symbol(op)?;
    (op.kind() == GENERIC_OP || has_region || looks_like_definition(&op_name)).then_some(found)
}

/// The `@name` a custom op writes before any operand group or region, or the `sym_name`
/// attribute of a generic op.
pub fn defined_symbol(op: &SyntaxNode) -> Option<(String, TextRange)> {
    if op.kind() == GENERIC_OP {
        return generic_sym_name(op);
    }
    if op.children().any(|n| n.kind() == OP_RESULT_LIST) {
        return None;
    }
    for child in op.children() {
        match child.kind() {
            SYMBOL_REF => return Some((unquote(&child.text().to_string()), child.text_range())),
            PAREN_GROUP | REGION | VALUE_USE | BRACKET_GROUP => return None,
            _ => {}
        }
    }
    None
}

fn generic_sym_name(op: &SyntaxNode) -> Option<(String, TextRange)> {
    let entry = op
        .descendants()
        .filter(|n| n.kind() == ATTR_ENTRY)
        .find(|entry| {
            entry
                .first_token()
                .is_some_and(|t| t.text().trim_matches('"') == "sym_name")
        })?;
    let value = entry.children().find(|n| n.kind() == LITERAL_ATTR)?;
    Some((
        value.text().to_string().trim_matches('"').to_string(),
        value.text_range(),
    ))
}

fn unquote(symbol: &str) -> String {
    let name = symbol.strip_prefix('@').unwrap_or(symbol);
    name.trim_matches('"').to_string()
}

/// The last segment of an op name (`func` of `func.func`).
pub fn last_segment(op_name: &str) -> &str {
    op_name.rsplit('.').next().unwrap_or(op_name)
}

/// Ops without a body that still define a symbol: declarations and globals. An op whose
/// name says it launches or calls (`gpu.launch_func @m::@k`) refers to its symbol.
fn looks_like_definition(op_name: &str) -> bool {
    let last = last_segment(op_name);
    let uses = ["launch", "call", "invoke"];
    if last.split('_').any(|word| uses.contains(&word)) {
        return false;
    }
    [
        "func", "global", "module", "extern", "decl", "symbol", "alias",
    ]
    .iter()
    .any(|w| last.contains(w))
}

#[cfg(test)]
mod tests {
    use super::looks_like_definition;

    #[test]
    fn names_of_definitions_and_of_uses() {
        for def in [
            "llvm.func",
            "memref.global",
            "hw.module.extern",
            "firrtl.extmodule",
        ] {
            assert!(looks_like_definition(def), "{def}");
        }
        for user in ["gpu.launch_func", "llvm.call", "llvm.invoke", "async.call"] {
            assert!(!looks_like_definition(user), "{user}");
        }
    }
}
