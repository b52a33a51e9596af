//! Errors in IRDL definitions themselves (issue: IRDL, part 3), with the messages of
//! `mlir-opt`: the names of operands, results, parameters and regions (valid, unique,
//! not shared between an op's lists), `irdl.base` without a usable name, definitions
//! named twice in a dialect and lists given twice in a definition; and a hint at each
//! `irdl.c_pred`, which we cannot evaluate. Symbol references
//! (`irdl.base @x`, `irdl.parametric @x<...>`) are checked with the other symbol uses;
//! where IRDL ops may stand, in `nesting`.

use mlir_hir::symbol_memo::SymbolMemo;
use mlir_hir::symbols::TableOp;
use mlir_syntax::ast::{self, AstNode, CustomOpItem};
use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use mlir_checks::diagnostic::Diagnostic;
use mlir_hir::ops::{self, op_name_range};

/// The IRDL dialects among `top_level` (a chunk's top-level ops, and the ops of its
/// top-level modules), checked.
pub fn check(top_level: &[SyntaxNode]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let holds_dialects = |op: &SyntaxNode| mlir_dialects::irdl::is_or_holds_dialect(&op.green());
    if !top_level.iter().any(holds_dialects) {
        return out;
    }
    let in_modules = top_level
        .iter()
        .filter(|op| mlir_hir::symbols::is_symbol_table(op))
        .flat_map(region_ops);
    let candidates: Vec<SyntaxNode> = top_level.iter().cloned().chain(in_modules).collect();
    for dialect in candidates.iter().filter(|op| is_named(op, "irdl.dialect")) {
        let definitions = region_ops(dialect);
        let table: Vec<TableOp> = definitions.iter().filter_map(TableOp::of).collect();
        out.extend(super::redefinitions(&table, &SymbolMemo::default()));
        for definition in definitions {
            // Read once: a dialect may hold thousands of definitions.
            let children = region_ops(&definition);
            out.extend(at_most_one_child(&definition, &children));
            let lists = value_lists(&children, &mut out);
            if is_named(&definition, "irdl.operation") {
                out.extend(shared_names(&definition, &lists));
            }
            for op in children.iter().filter(|o| is_named(o, "irdl.base")) {
                out.extend(base_check(op));
            }
            for op in children.iter().filter(|o| is_named(o, "irdl.attributes")) {
                out.extend(empty_attributes(op));
            }
            for op in children.iter().filter(|o| is_named(o, "irdl.c_pred")) {
                out.push(c_pred_hint(op));
            }
        }
    }
    out
}

/// `irdl.attributes {}`: its parser wants at least one `"name" = %v` (an op without
/// attributes leaves the list out).
fn empty_attributes(op: &SyntaxNode) -> Option<Diagnostic> {
    // An empty `{}` after an op name reads as an empty region.
    let dict = op
        .children()
        .find(|c| matches!(c.kind(), ATTR_DICT | REGION))?;
    if dict.children().next().is_some() {
        return None;
    }
    let close = dict
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == R_BRACE)?;
    let message = "expected attribute value";
    Some(Diagnostic::error("irdl", message, close.text_range()))
}

/// An `irdl.c_pred` holds C++ (`::llvm::isa<...>($_self)`), which we do not evaluate: its
/// constraint accepts every value. Said once, where it is defined, not at every use.
/// (`mlir-opt` 22 itself crashes when it verifies an op constrained by one.)
fn c_pred_hint(op: &SyntaxNode) -> Diagnostic {
    let message =
        "C++ predicates are not evaluated: values are assumed to satisfy this `irdl.c_pred`";
    Diagnostic::hint("irdl-c-pred", message, op_name_range(op))
}

/// Is `op` named `name` (read without allocating: it is asked of every IRDL op)?
fn is_named(op: &SyntaxNode, name: &str) -> bool {
    ops::op_named(op, &[name])
}

/// The ops in the blocks of the region of an IRDL op, custom (`{...}`) or generic
/// (`({...})`, whose regions stand in a list).
fn region_ops(op: &SyntaxNode) -> Vec<SyntaxNode> {
    let lists = op.children().filter(|c| c.kind() == REGION_LIST);
    op.children()
        .chain(lists.flat_map(|l| l.children()))
        .filter(|c| c.kind() == REGION)
        .flat_map(|r| {
            r.children()
                .filter(|b| b.kind() == BLOCK)
                .collect::<Vec<_>>()
        })
        .flat_map(|b| b.children().filter(ops::is_op).collect::<Vec<_>>())
        .collect()
}

/// The ops a definition may hold at most one of (MLIR's `AtMostOneChildOf` trait).
fn single_children(definition: &SyntaxNode) -> &'static [&'static str] {
    if is_named(definition, "irdl.operation") {
        &[
            "irdl.operands",
            "irdl.results",
            "irdl.attributes",
            "irdl.regions",
        ]
    } else if ops::op_named(definition, &["irdl.type", "irdl.attribute"]) {
        &["irdl.parameters"]
    } else {
        &[]
    }
}

/// The first op of `single_children` seen twice in a definition, as MLIR reports it:
/// at the definition, naming the kind of the first repeated op.
fn at_most_one_child(definition: &SyntaxNode, children: &[SyntaxNode]) -> Option<Diagnostic> {
    let single = single_children(definition);
    let mut seen: Vec<&str> = Vec::new();
    for op in children {
        let Some(token) = ops::op_name_token(op) else {
            continue;
        };
        let Some(&name) = single
            .iter()
            .find(|n| **n == token.text().trim_matches('"'))
        else {
            continue;
        };
        if seen.contains(&name) {
            let message = format!(
                "failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type {name}"
            );
            return Some(Diagnostic::error(
                "irdl",
                message,
                op_name_range(definition),
            ));
        }
        seen.push(name);
    }
    None
}

/// A list op of a definition: `irdl.operands(a: %0, ...)` and its kind of value.
const LISTS: [(&str, &str, &str); 4] = [
    ("irdl.operands", "operand", "operands"),
    ("irdl.results", "result", "results"),
    ("irdl.parameters", "parameter", "parameters"),
    ("irdl.regions", "region", "regions"),
];

/// The names each list op of a definition declares (by the list's plural), reporting
/// entries without a name, invalid names and duplicates.
fn value_lists(
    children: &[SyntaxNode],
    out: &mut Vec<Diagnostic>,
) -> Vec<(&'static str, Vec<String>)> {
    let mut lists = Vec::new();
    for op in children {
        let Some(&(name, singular, plural)) = LISTS.iter().find(|(n, ..)| is_named(op, n)) else {
            continue;
        };
        let Some(entries) = entries(op) else {
            continue;
        };
        let mut names: Vec<String> = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            let Some(first) = entry.first() else {
                continue;
            };
            if first.kind() != KEYWORD {
                let message = format!("custom op '{name}' expected valid keyword");
                out.push(Diagnostic::error("irdl", message, first.text_range()));
                return lists;
            }
            let value_name = first.text().to_string();
            if let Some(problem) = name_problem(&value_name) {
                let message = format!("name of {singular} #{i} {problem}");
                out.push(Diagnostic::error("irdl", message, op_start(op)));
                return lists;
            }
            if let Some(first) = names.iter().position(|n| *n == value_name) {
                let message = format!(
                    "'{name}' op name of {singular} #{i} is a duplicate of the name of {singular} #{first}"
                );
                out.push(Diagnostic::error("irdl", message, op_start(op)));
            }
            names.push(value_name);
        }
        lists.push((plural, names));
    }
    lists
}

/// What is wrong with a value name, in the order MLIR checks it.
fn name_problem(name: &str) -> Option<&'static str> {
    if name.starts_with('_') || name.contains("__") {
        Some("should not contain leading or double underscores")
    } else if name.chars().any(|c| c.is_ascii_uppercase()) {
        Some("should not contain uppercase letters")
    } else if !name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        Some("must contain only lowercase letters, digits and underscores")
    } else {
        None
    }
}

/// The items of each comma-separated entry of a list op's parentheses.
fn entries(op: &SyntaxNode) -> Option<Vec<Vec<SyntaxNode>>> {
    let group = op.children().find(|c| c.kind() == PAREN_GROUP)?;
    let mut out = vec![Vec::new()];
    for element in group.children_with_tokens() {
        match element {
            rowan::NodeOrToken::Token(t) if t.kind() == COMMA => out.push(Vec::new()),
            rowan::NodeOrToken::Node(n) => out.last_mut()?.push(n),
            rowan::NodeOrToken::Token(_) => {}
        }
    }
    out.retain(|e| !e.is_empty());
    Some(out)
}

/// Where MLIR puts errors of a custom parser that run after the op is read: its start.
fn op_start(op: &SyntaxNode) -> TextRange {
    let range = op_name_range(op);
    TextRange::at(op.text_range().start(), range.len())
}

/// An op may not use one name in two of its lists (operands, results, regions).
fn shared_names(op: &SyntaxNode, lists: &[(&str, Vec<String>)]) -> Option<Diagnostic> {
    let names = |plural: &str| -> Vec<&String> {
        lists
            .iter()
            .filter(|(p, _)| *p == plural)
            .flat_map(|(_, n)| n)
            .collect()
    };
    for (a, b) in [
        ("operands", "results"),
        ("regions", "results"),
        ("regions", "operands"),
    ] {
        let others = names(b);
        if let Some(shared) = names(a).into_iter().find(|n| others.contains(n)) {
            let message = format!(
                "'irdl.operation' op contains a value named '{shared}' for both its {a} and {b}"
            );
            return Some(Diagnostic::error("irdl", message, op_name_range(op)));
        }
    }
    None
}

/// `irdl.base` names a definition by reference or by `"!name"` / `"#name"`.
fn base_check(op: &SyntaxNode) -> Option<Diagnostic> {
    let custom = ast::CustomOp::cast(op.clone())?;
    let mut items = custom
        .items()
        .filter(|i| !matches!(i, CustomOpItem::Location(_)));
    let message = match items.next() {
        None => "the base type or attribute should be specified by either a name or a reference",
        Some(CustomOpItem::Attribute(attr)) if attr.syntax().kind() == LITERAL_ATTR => {
            let text = attr.syntax().text().to_string();
            let name = text.trim_matches('"');
            if name.starts_with('!') || name.starts_with('#') {
                return None;
            }
            "the base type or attribute name should start with '!' or '#'"
        }
        Some(_) => return None,
    };
    let message = format!("'irdl.base' op {message}");
    Some(Diagnostic::error("irdl", message, op_name_range(op)))
}
