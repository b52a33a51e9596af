//! File-wide checks beside value resolution: `#`/`!` aliases (defined once, before use,
//! per `// -----` chunk), symbols (unique per symbol table; `func.call`/`func.constant`
//! targets exist), and the result count a generic op binds. Messages are MLIR 22's.
//! `file_checks/` holds the checks of IRDL definitions, one concept with this file: they
//! report redefinitions with its `redefinitions`, and it runs them.

mod irdl_definitions;
mod irdl_nesting;
#[cfg(test)]
mod irdl_tests;

use std::collections::HashMap;
use std::sync::Arc;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange};

use crate::call_checks::CallChecker;
use crate::check_memo::{FileChecksMemo, MemoRun};
use mlir_checks::diagnostic::{Diagnostic, Note};
use mlir_dialects::known_ops::{CALL_OPS, SYMBOL_USE_OPS, TABLE_OPS};
use mlir_hir::ops::{self, op_name_range};
use mlir_hir::outline::{AliasRef, Outline};
use mlir_hir::symbol_memo::SymbolMemo;
use mlir_hir::symbol_tables::{Lookup, SymbolTables};
use mlir_hir::symbols::{TableOp, table_op_list};
use rustc_hash::FxHashMap;

pub fn file_checks(root: &SyntaxNode) -> Vec<Diagnostic> {
    file_checks_of(root, &mlir_hir::outline::outline_once(root))
}

/// `file_checks`, given the outline of `root`'s tree.
pub fn file_checks_of(root: &SyntaxNode, outline: &Outline) -> Vec<Diagnostic> {
    checks_in_run(
        root,
        outline,
        MemoRun::once(outline),
        &SymbolMemo::default(),
    )
}

/// `file_checks_of`, reusing what `memo` remembers of the functions the last tree shared
/// with this one, and leaving in it what this tree's give.
pub fn file_checks_with(
    root: &SyntaxNode,
    outline: &Outline,
    memo: &mut FileChecksMemo,
) -> Vec<Diagnostic> {
    let mut symbols = std::mem::take(&mut memo.symbols);
    symbols.next_tree();
    let out = checks_in_run(
        root,
        outline,
        MemoRun::start(memo, &root.green(), outline),
        &symbols,
    );
    memo.symbols = symbols;
    out
}

/// The file checks of `root`, reusing and recording through `run`.
fn checks_in_run(
    root: &SyntaxNode,
    outline: &Outline,
    mut run: MemoRun<'_>,
    symbols: &SymbolMemo,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (chunk, range) in chunks(root) {
        let found = Found::in_range(root, outline, range, &run);
        out.extend(alias_checks(&chunk, found.alias_refs));
        out.extend(distinct_checks(root, &outline.distinct_attrs, range));
        let top_level: Vec<SyntaxNode> = chunk.iter().filter(|n| ops::is_op(n)).cloned().collect();
        let top_table: Vec<TableOp> = top_level.iter().filter_map(TableOp::of).collect();
        out.extend(redefinitions(&top_table, symbols));
        out.extend(irdl_definitions::check(&top_level));
        let mut tables = SymbolTables::new(&chunk, symbols);
        let mut calls = None;
        let mut per_op: Vec<(usize, Diagnostic)> = Vec::new();
        for (i, table) in &found.tables {
            per_op.extend(
                table_checks(table, &mut tables, symbols)
                    .into_iter()
                    .map(|d| (*i, d)),
            );
        }
        for (i, op) in &found.calls {
            per_op.extend(call_target_check(op, &mut tables, &mut calls).map(|d| (*i, d)));
        }
        for (i, op) in &found.symbol_users {
            let found = crate::symbol_uses::check(op, &mut tables, &mut calls);
            per_op.extend(found.into_iter().map(|d| (*i, d)));
        }
        for (i, op) in &found.generic_with_results {
            per_op.extend(mlir_checks::result_count_check(op).map(|d| (*i, d)));
        }
        for (i, op) in &found.irdl_ops {
            per_op.extend(irdl_nesting::check(op).map(|d| (*i, d)));
        }
        out.extend(
            per_op
                .into_iter()
                .filter_map(|(i, d)| run.record(i, outline, d)),
        );
    }
    out.extend(run.finish(outline));
    out
}

/// What the checks look at in one chunk: the outline's facts, and its ops as nodes (each
/// but the tables with its index among the outline's checked ops).
#[derive(Default)]
struct Found<'o> {
    alias_refs: &'o [AliasRef],
    tables: Vec<(usize, SyntaxNode)>,
    calls: Vec<(usize, SyntaxNode)>,
    /// Ops whose symbol references `symbol_uses` checks.
    symbol_users: Vec<(usize, SyntaxNode)>,
    generic_with_results: Vec<(usize, SyntaxNode)>,
    /// `irdl.*` ops, whose place the IRDL nesting check reads.
    irdl_ops: Vec<(usize, SyntaxNode)>,
}

impl<'o> Found<'o> {
    /// The chunk's ops, but those of functions whose results `run` reuses.
    fn in_range(
        root: &SyntaxNode,
        outline: &'o Outline,
        range: TextRange,
        run: &MemoRun<'_>,
    ) -> Found<'o> {
        let refs = &outline.alias_refs;
        let from = refs.partition_point(|r| r.range.start() < range.start());
        let to = refs.partition_point(|r| r.range.start() < range.end());
        let mut found = Found {
            alias_refs: &refs[from..to],
            ..Found::default()
        };
        // Consecutive ops are close in the tree (calls of one function): each search
        // starts from the last op found, climbing only as far as needed.
        let mut anchor = root.clone();
        for (i, (kind, at)) in outline.checked_ops.iter().enumerate() {
            if !range.contains_range(*at) || run.skips(i) {
                continue;
            }
            while !anchor.text_range().contains_range(*at) {
                anchor = anchor.parent().unwrap_or_else(|| root.clone());
            }
            if let Some(op) = node_at(&anchor, *at, *kind) {
                anchor = op.parent().unwrap_or_else(|| root.clone());
                found.op(i, op);
            }
        }
        found
    }

    fn op(&mut self, index: usize, op: SyntaxNode) {
        if op.kind() == GENERIC_OP && op.children().any(|c| c.kind() == OP_RESULT_LIST) {
            self.generic_with_results.push((index, op.clone()));
        }
        // The name is read once, on the green node: a file has a checked op per call.
        let green = op.green();
        let name = mlir_syntax::green::op_name(&green);
        let named = |names: &[&str]| name.is_some_and(|n| names.contains(&n));
        let is_irdl = name.is_some_and(|n| n.starts_with("irdl."));
        let (table, call, symbol_user) = (named(TABLE_OPS), named(CALL_OPS), named(SYMBOL_USE_OPS));
        drop(green);
        if is_irdl {
            self.irdl_ops.push((index, op.clone()));
        }
        if table {
            self.tables.push((index, op));
        } else if call {
            self.calls.push((index, op));
        } else if symbol_user {
            self.symbol_users.push((index, op));
        }
    }
}

/// The node of `kind` spanning exactly `range` (the outermost, if nested ones share it),
/// searched below `root`.
fn node_at(root: &SyntaxNode, range: TextRange, kind: SyntaxKind) -> Option<SyntaxNode> {
    let deepest = match root.covering_element(range) {
        rowan::NodeOrToken::Node(node) => node,
        rowan::NodeOrToken::Token(token) => token.parent()?,
    };
    deepest
        .ancestors()
        .take_while(|n| n.text_range() == range)
        .filter(|n| n.kind() == kind)
        .last()
}

/// A `distinct[N]<attr>` id stands for one attribute in its chunk: MLIR's parser rejects
/// a later use of the id that references another one, naming the first. Attributes
/// written differently may still be equal (an alias, an integer's default type): only
/// texts that cannot differ so are compared.
fn distinct_checks(root: &SyntaxNode, all: &[TextRange], chunk: TextRange) -> Vec<Diagnostic> {
    let from = all.partition_point(|r| r.start() < chunk.start());
    let to = all.partition_point(|r| r.start() < chunk.end());
    let mut first: HashMap<u64, Referenced> = HashMap::new();
    let mut out = Vec::new();
    for range in &all[from..to] {
        let Some(node) = node_at(root, *range, DISTINCT_ATTR) else {
            continue;
        };
        let Some((keyword, id, referenced)) = distinct_parts(&node) else {
            continue;
        };
        match first.get(&id) {
            None => {
                first.insert(id, referenced);
            }
            Some(earlier) if earlier.differs_from(&referenced) => {
                let message = format!(
                    "referenced attribute does not match previous definition: {}",
                    earlier.text
                );
                out.push(Diagnostic::error("distinct", message, keyword.text_range()));
            }
            Some(_) => {}
        }
    }
    out
}

/// The attribute a `distinct[N]<...>` references, as compared and shown.
struct Referenced {
    /// Its tokens, one space wherever the text has trivia (`unit` for `<>`).
    text: String,
    /// Can an equal attribute be written otherwise: through an alias, or as a literal
    /// whose type is left to its default?
    may_be_spelled_otherwise: bool,
}

impl Referenced {
    fn differs_from(&self, other: &Referenced) -> bool {
        self.text != other.text && !self.may_be_spelled_otherwise && !other.may_be_spelled_otherwise
    }
}

/// The `distinct` keyword, the id and the referenced attribute of a complete node.
fn distinct_parts(node: &SyntaxNode) -> Option<(SyntaxToken, u64, Referenced)> {
    let mut elements = node
        .children_with_tokens()
        .filter(|e| !e.kind().is_trivia());
    let keyword = elements.next()?.into_token()?;
    let after_keyword: Vec<_> = elements.collect();
    let [open, id, close, angle, rest @ ..] = after_keyword.as_slice() else {
        return None;
    };
    let id = id
        .as_token()
        .filter(|t| t.kind() == INT_NUMBER)?
        .text()
        .parse()
        .ok()?;
    let complete = open.kind() == L_BRACK
        && close.kind() == R_BRACK
        && angle.kind() == L_ANGLE
        && rest.last().is_some_and(|e| e.kind() == R_ANGLE);
    if !complete || node.descendants().any(|n| n.kind() == ERROR) {
        return None;
    }
    let referenced = match &rest[..rest.len() - 1] {
        [] => Referenced {
            text: "unit".to_string(),
            may_be_spelled_otherwise: false,
        },
        [rowan::NodeOrToken::Node(attr)] => Referenced {
            text: mlir_types::compact_text(attr),
            may_be_spelled_otherwise: attr.descendants().any(|n| {
                matches!(n.kind(), ATTR_ALIAS_REF | TYPE_ALIAS_REF) || is_untyped_number(&n)
            }),
        },
        _ => return None,
    };
    Some((keyword, id, referenced))
}

/// A number literal without its `: type` (`42`, `-1.5`), whose type is a default.
fn is_untyped_number(node: &SyntaxNode) -> bool {
    if node.kind() != LITERAL_ATTR {
        return false;
    }
    let mut kinds = node.children_with_tokens().map(|e| e.kind());
    let starts_as_number = kinds
        .find(|k| !k.is_trivia())
        .is_some_and(|k| matches!(k, INT_NUMBER | FLOAT_NUMBER | HEX_NUMBER | MINUS));
    starts_as_number && !kinds.any(|k| k == COLON)
}

/// The top-level nodes of each `// -----` chunk, and the chunk's range.
fn chunks(root: &SyntaxNode) -> Vec<(Vec<SyntaxNode>, TextRange)> {
    let end = root.text_range().end();
    let mut chunks = vec![(Vec::new(), TextRange::new(root.text_range().start(), end))];
    for element in root.children_with_tokens() {
        match element {
            rowan::NodeOrToken::Token(t) if t.kind() == SPLIT_MARKER => {
                let last = chunks.last_mut().expect("a chunk");
                last.1 = TextRange::new(last.1.start(), t.text_range().start());
                chunks.push((Vec::new(), TextRange::new(t.text_range().end(), end)));
            }
            rowan::NodeOrToken::Node(n) => chunks.last_mut().expect("a chunk").0.push(n),
            rowan::NodeOrToken::Token(_) => {}
        }
    }
    chunks
}

/// Aliases must be defined once, before they are used (location aliases may come later).
fn alias_checks(chunk: &[SyntaxNode], refs: &[AliasRef]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut defined: HashMap<String, TextRange> = HashMap::new();
    for node in chunk {
        if let Some((name, token)) = alias_def_name(node) {
            out.extend(alias_def_checks(node, &name, &token, &defined));
            defined.entry(name).or_insert(node.text_range());
        }
    }
    // A file may use one location alias thousands of times (`loc(#loc3)`): each alias's
    // definition is found and judged once.
    let mut not_locations: HashMap<&str, Option<String>> = HashMap::new();
    for reference in refs {
        out.extend(alias_use_check(reference, &defined));
        if reference.in_location {
            let name = reference.name.text();
            let message = not_locations
                .entry(name)
                .or_insert_with(|| not_a_location(name, chunk));
            if let Some(message) = message {
                out.push(Diagnostic::error("alias", message.clone(), reference.range));
            }
        }
    }
    out
}

/// A location alias must stand for a location: `loc(#a)` with `#a = true` is an error.
/// The error's message if the first definition of `name` in the chunk is not one.
fn not_a_location(name: &str, chunk: &[SyntaxNode]) -> Option<String> {
    let def = chunk
        .iter()
        .filter_map(|node| ast::AttrAliasDef::cast(node.clone()))
        .find(|def| def.name_token().is_some_and(|t| t.text() == name))?;
    let value = def.value()?.syntax().clone();
    // A dialect's attribute may be a location of its own (`#test.custom_location<...>`).
    if value.kind().is_location_node() || matches!(value.kind(), ATTR_ALIAS_REF | DIALECT_ATTR) {
        return None;
    }
    let attr = mlir_types::attr_of_node(&value, &|_: &str| None);
    let shown = if attr.is_error() {
        value.text().to_string()
    } else {
        attr.to_string()
    };
    Some(format!("expected location, but found '{shown}'"))
}

/// `#name` or `!name` of an alias definition (the sigil kept, to tell the kinds apart).
fn alias_def_name(node: &SyntaxNode) -> Option<(String, SyntaxToken)> {
    if !matches!(node.kind(), ATTR_ALIAS_DEF | TYPE_ALIAS_DEF) {
        return None;
    }
    let token = node.first_token()?;
    Some((token.text().to_string(), token))
}

fn alias_def_checks(
    node: &SyntaxNode,
    name: &str,
    token: &SyntaxToken,
    defined: &HashMap<String, TextRange>,
) -> Option<Diagnostic> {
    let what = if node.kind() == TYPE_ALIAS_DEF {
        "type"
    } else {
        "attribute"
    };
    let at = TextRange::at(node.text_range().start(), token.text_range().len());
    if name[1..].contains('.') {
        let message = format!("{what} names with a '.' are reserved for dialect-defined names");
        return Some(Diagnostic::error("alias", message, at));
    }
    let previous = defined.get(name)?;
    let message = format!("redefinition of {what} alias id '{}'", &name[1..]);
    let mut d = Diagnostic::error("alias", message, at);
    d.notes.push(Note {
        range: TextRange::at(previous.start(), token.text_range().len()),
        message: "previously defined here".into(),
    });
    Some(d)
}

/// `defined` maps each alias of the chunk to its first definition.
fn alias_use_check(
    reference: &AliasRef,
    defined: &HashMap<String, TextRange>,
) -> Option<Diagnostic> {
    let name = reference.name.text();
    let at = reference.range;
    let definition = defined.get(name);
    if definition.is_some_and(|d| d.start() < at.start()) || reference.in_dialect_body {
        return None;
    }
    if reference.in_location {
        // Location aliases may be defined after their use (debug-info dumps put them last).
        let message = "operation location alias was never defined";
        return definition
            .is_none()
            .then(|| Diagnostic::error("alias", message, at));
    }
    let message = format!("undefined symbol alias id '{}'", &name[1..]);
    // MLIR finds the alias undefined once it has read it: the error stands just after it.
    Some(Diagnostic::error(
        "alias",
        message,
        TextRange::empty(at.end()),
    ))
}

/// Symbols are unique in a symbol table; the table's own symbol uses (`shape.lib`).
fn table_checks(
    table: &SyntaxNode,
    tables: &mut SymbolTables<'_>,
    symbols: &SymbolMemo,
) -> Vec<Diagnostic> {
    let mut out = redefinitions(&table_op_list(table), symbols);
    out.extend(crate::symbol_uses::check_table(table, tables));
    out
}

/// Symbols defined twice among the ops directly in one symbol table (a module, a chunk's
/// top level, an `irdl.dialect`), with a note at the first definition.
pub(crate) fn redefinitions(table: &[TableOp], symbols: &SymbolMemo) -> Vec<Diagnostic> {
    let mut seen: FxHashMap<Arc<str>, &TableOp> = FxHashMap::default();
    let mut out = Vec::new();
    // Ops of other dialects may reference symbols in ways we cannot tell from defining them.
    for op in table {
        let Some(definition) = symbols.upstream_definition(op) else {
            continue;
        };
        let irdl = || irdl_definition(op).map(|(name, _)| Arc::from(name));
        let Some(name) = definition.or_else(irdl) else {
            continue;
        };
        match seen.get(&name) {
            Some(first) => {
                let (Some(first), Some(op)) = (first.node(), op.node()) else {
                    continue;
                };
                let message = format!("redefinition of symbol named '{name}'");
                let mut d = Diagnostic::error("symbol", message, op_name_range(&op));
                d.notes.push(Note {
                    range: op_name_range(&first),
                    message: "see existing symbol definition here".into(),
                });
                out.push(d);
            }
            None => {
                seen.insert(name, op);
            }
        }
    }
    out
}

/// The name of an IRDL definition, which is a symbol even without a region
/// (`irdl.attribute @a`), unlike most ops that merely reference one.
fn irdl_definition(op: &TableOp) -> Option<(String, TextRange)> {
    let names = ["irdl.operation", "irdl.type", "irdl.attribute"];
    let name = mlir_syntax::green::op_name(&op.green)?;
    names
        .contains(&name)
        .then(|| mlir_hir::symbols::defined_symbol(&op.node()?))
        .flatten()
}

/// `func.call @f` and `func.constant @f` must name a symbol of the chunk's top-level table
/// or of their module. Only flat references are checked.
fn call_target_check(
    op: &SyntaxNode,
    tables: &mut SymbolTables<'_>,
    calls: &mut Option<CallChecker>,
) -> Option<Diagnostic> {
    let is_call = match mlir_syntax::green::op_name(&op.green()) {
        Some("func.call" | "call") => true,
        Some("func.constant" | "constant") => false,
        _ => return None,
    };
    let symbol = op.children().find(|c| c.kind() == SYMBOL_REF)?;
    let target = flat_symbol(&symbol)?;
    match tables.lookup_from(op, &target) {
        Lookup::Missing => {}
        Lookup::Found(callee) if is_call => {
            let checker = calls.get_or_insert_with(|| CallChecker::new(tables.chunk()));
            return checker.check(op, &callee);
        }
        Lookup::Found(callee) => {
            let checker = calls.get_or_insert_with(|| CallChecker::new(tables.chunk()));
            return checker.check_constant(op, &callee);
        }
        Lookup::Unknown => return None,
    }
    let message = if is_call {
        format!("'func.call' op '{target}' does not reference a valid function")
    } else {
        format!("reference to undefined function '{target}'")
    };
    Some(Diagnostic::error("symbol", message, op_name_range(op)))
}

/// The name a flat symbol reference (`@f`, `@"f"`) names; `None` for a nested one
/// (`@m::@f`). A reference of one token is read without building its text first.
fn flat_symbol(symbol: &SyntaxNode) -> Option<String> {
    let green = symbol.green();
    let only_token = match green.children().len() {
        1 => green.children().next().and_then(|c| c.into_token()),
        _ => None,
    };
    let built;
    let text = match only_token {
        Some(token) => token.text(),
        None => {
            built = symbol.text().to_string();
            &built
        }
    };
    if text.contains("::") || !text.starts_with('@') {
        return None;
    }
    Some(text[1..].trim_matches('"').to_string())
}

#[cfg(test)]
mod tests {
    /// The errors `check` reports on `text`.
    fn errors(text: &str) -> Vec<String> {
        crate::file_diagnostics(text, false)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn location_aliases_may_stand_for_dialect_locations_but_not_for_builtin_attributes() {
        let op = "\"t.op\"() : () -> () loc(#l)\n";
        let dialect = format!("{op}#l = #test.custom_location<\"f.mlir\" * 32>\n");
        assert_eq!(errors(&dialect), Vec::<String>::new());
        let builtin = format!("{op}#l = true\n");
        assert_eq!(errors(&builtin), ["expected location, but found 'true'"]);
    }

    #[test]
    fn each_use_of_an_alias_that_is_no_location_is_reported_where_it_stands() {
        let text = "\"t.a\"() : () -> () loc(#l)\n\"t.b\"() : () -> () loc(#f)\n\
            \"t.c\"() : () -> () loc(#l)\n#l = 3 : i32\n#f = loc(\"f.mlir\":1:2)\n";
        let found: Vec<(String, usize)> = crate::file_diagnostics(text, false)
            .into_iter()
            .map(|d| (d.message, usize::from(d.range.start())))
            .collect();
        let message = "expected location, but found '3 : i32'".to_string();
        let uses = [text.find("#l").unwrap(), text.rfind("#l)").unwrap()];
        assert_eq!(found, [(message.clone(), uses[0]), (message, uses[1])]);
    }

    #[test]
    fn an_undefined_alias_is_reported_just_after_it() {
        // Where `mlir-opt` (MLIR 22) reports it: once the alias is read.
        let text =
            "func.func private @f(!unknown_alias) -> ()\n\"t.op\"() {a = #nope} : () -> ()\n";
        let found: Vec<(String, usize)> = crate::file_diagnostics(text, false)
            .into_iter()
            .map(|d| (d.message, usize::from(d.range.start())))
            .collect();
        let after = |alias: &str| text.find(alias).unwrap() + alias.len();
        assert_eq!(
            found,
            [
                (
                    "undefined symbol alias id 'unknown_alias'".to_string(),
                    after("!unknown_alias")
                ),
                (
                    "undefined symbol alias id 'nope'".to_string(),
                    after("#nope")
                ),
            ]
        );
    }

    #[test]
    fn a_distinct_id_names_one_attribute_per_chunk() {
        let mismatch = "referenced attribute does not match previous definition: 1 : i32";
        let two = "#a = distinct[0]<1 : i32>\n#b = distinct[0]<2 : i32>\n";
        assert_eq!(errors(two), [mismatch]);
        // A later id is compared with the first only, and each mismatch is reported.
        let three = format!("{two}#c = distinct[0]<3 : i32>\n");
        assert_eq!(errors(&three), [mismatch, mismatch]);
        let split = "#a = distinct[0]<1 : i32>\n// -----\n#b = distinct[0]<2 : i32>\n";
        assert_eq!(crate::file_diagnostics(split, true), []);
        // A broken one is the parser's to report.
        let broken = "#a = distinct[0]<1 : i32>\n#b = distinct[0]<2 : i32\n";
        assert_eq!(errors(broken), ["expected '>' to close distinct attribute"]);
    }
}
