//! Call hierarchy: functions (ops that define a symbol and are no symbol table) and the
//! ops that call them by symbol. A call is an op whose spec says `CallOpInterface` and
//! has a symbol reference attribute (`func.call`; not `func.call_indirect`, whose callee
//! is a value), or an upstream call we know by name (`llvm.call`, `gpu.launch_func`, …).
//! Functions are identified by their path of symbol names from the file's top level
//! (`["kernels", "kernel"]` for `gpu.func @kernel` in `gpu.module @kernels`); a call's
//! callee is its reference (`@kernels::@kernel`) read from the symbol tables around it,
//! as MLIR resolves it. Across files the server matches these paths.

use mlir_dialects::known_ops::SYMBOL_CALL_OPS;
use mlir_dialects::registry::{AttrConstraint, Registry, Trait};
use mlir_hir::ops;
use mlir_hir::symbols::{is_symbol_table, symbol_definition};
use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

/// A function: its path of symbol names, what to show, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallItem {
    pub path: Vec<String>,
    /// `@kernel`.
    pub name: String,
    /// `gpu.func in @kernels`.
    pub detail: String,
    /// The whole op.
    pub range: TextRange,
    /// Its `@name`.
    pub selection_range: TextRange,
}

/// The calls of one caller to one callee (or from one caller), at these references.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallSites<T> {
    pub other: T,
    pub ranges: Vec<TextRange>,
}

/// One call op: the function it is in, the path it calls, and its callee reference.
struct Call {
    caller: Option<SyntaxNode>,
    callee: Vec<String>,
    range: TextRange,
}

/// The path of the function at `offset`: the one whose name is there, or the one a call's
/// callee reference there names.
pub fn call_target_at(
    root: &SyntaxNode,
    offset: TextSize,
    registry: &Registry,
) -> Option<Vec<String>> {
    let token = root
        .token_at_offset(offset)
        .find(|t| t.kind() == AT_ID || t.parent().is_some_and(|p| p.kind() == SYMBOL_REF))?;
    let op = token.parent_ancestors().find(ops::is_op)?;
    // Calls first: a call may look like a definition by its name (`gpu.launch_func`).
    if let Some(call) = call_of(&op, registry) {
        return call
            .range
            .contains_range(token.text_range())
            .then_some(call.callee);
    }
    let (_, range) = symbol_definition(&op)?;
    let is_function = range.contains_range(token.text_range()) && !is_symbol_table(&op);
    is_function.then(|| function_path(&op)).flatten()
}

/// The function of `path` defined in this file.
pub fn call_item(root: &SyntaxNode, registry: &Registry, path: &[String]) -> Option<CallItem> {
    root.descendants()
        .filter(ops::is_op)
        .filter(|op| path.last().is_some_and(|leaf| defines(op, leaf)))
        .filter(|op| callee_reference(op, registry).is_none())
        .find(|op| function_path(op).as_deref() == Some(path))
        .and_then(|op| item(&op))
}

/// The calls of the function `path` in this file, grouped by the function they are in.
pub fn incoming_calls(
    root: &SyntaxNode,
    path: &[String],
    registry: &Registry,
) -> Vec<CallSites<CallItem>> {
    let mut out: Vec<(SyntaxNode, CallSites<CallItem>)> = Vec::new();
    for call in calls(root, registry).filter(|c| c.callee == path) {
        let Some(caller) = call.caller else {
            continue;
        };
        match out.iter_mut().find(|(op, _)| *op == caller) {
            Some((_, sites)) => sites.ranges.push(call.range),
            None => {
                if let Some(other) = item(&caller) {
                    let ranges = vec![call.range];
                    out.push((caller, CallSites { other, ranges }));
                }
            }
        }
    }
    out.into_iter().map(|(_, sites)| sites).collect()
}

/// The calls the function `path` makes in this file, grouped by the path they call.
pub fn outgoing_calls(
    root: &SyntaxNode,
    path: &[String],
    registry: &Registry,
) -> Vec<CallSites<Vec<String>>> {
    let mut out: Vec<CallSites<Vec<String>>> = Vec::new();
    let from = |call: &Call| {
        call.caller
            .as_ref()
            .and_then(function_path)
            .is_some_and(|p| p == path)
    };
    for call in calls(root, registry).filter(from) {
        match out.iter_mut().find(|s| s.other == call.callee) {
            Some(sites) => sites.ranges.push(call.range),
            None => out.push(CallSites {
                other: call.callee,
                ranges: vec![call.range],
            }),
        }
    }
    out
}

fn defines(op: &SyntaxNode, leaf: &str) -> bool {
    symbol_definition(op).is_some_and(|(name, _)| name == leaf)
}

fn item(op: &SyntaxNode) -> Option<CallItem> {
    let (name, selection_range) = symbol_definition(op)?;
    let path = function_path(op)?;
    let op_name = ops::op_name(op).unwrap_or_default();
    let detail = match path.split_last() {
        Some((_, [])) | None => op_name,
        Some((_, outer)) => format!("{op_name} in {}", spelled(outer)),
    };
    Some(CallItem {
        path,
        name: format!("@{name}"),
        detail,
        range: op.text_range(),
        selection_range,
    })
}

/// `@a::@b`.
fn spelled(path: &[String]) -> String {
    let names: Vec<String> = path.iter().map(|n| format!("@{n}")).collect();
    names.join("::")
}

/// The path of a function op: the names of the symbol ops around it, then its own.
fn function_path(op: &SyntaxNode) -> Option<Vec<String>> {
    let (name, _) = symbol_definition(op)?;
    let mut path = scope_names(&enclosing_symbols(op));
    path.push(name);
    Some(path)
}

/// The ops around `node` that define a symbol, outermost first. A module at the top of
/// the file stands for the file, named or not: files are linked at their top level
/// (`module @m { func.func @f }` and a top-level `func.func @f` are both `["f"]`).
fn enclosing_symbols(node: &SyntaxNode) -> Vec<SyntaxNode> {
    let mut found: Vec<SyntaxNode> = node
        .ancestors()
        .skip(1)
        .filter(ops::is_op)
        .filter(|op| symbol_definition(op).is_some() && !is_file_module(op))
        .collect();
    found.reverse();
    found
}

fn is_file_module(op: &SyntaxNode) -> bool {
    let top = op.parent().is_some_and(|p| p.parent().is_none());
    top && ops::op_name(op).is_some_and(|n| n == "module" || n == "builtin.module")
}

fn scope_names(ops: &[SyntaxNode]) -> Vec<String> {
    ops.iter()
        .filter_map(symbol_definition)
        .map(|(name, _)| name)
        .collect()
}

/// Every call op of the file.
fn calls<'a>(root: &SyntaxNode, registry: &'a Registry) -> impl Iterator<Item = Call> + 'a {
    root.descendants()
        .filter(ops::is_op)
        .filter_map(move |op| call_of(&op, registry))
}

/// The call `op` makes, if it is a call: its callee is read from the symbol tables
/// around it, the function it is in (the innermost symbol op that is no table) left out.
fn call_of(op: &SyntaxNode, registry: &Registry) -> Option<Call> {
    let reference = callee_reference(op, registry)?;
    let mut scope = enclosing_symbols(op);
    let caller = scope.pop_if(|s| !is_symbol_table(s));
    let mut callee = scope_names(&scope);
    callee.extend(reference.names());
    Some(Call {
        caller,
        callee,
        range: reference.syntax().text_range(),
    })
}

/// The symbol reference a call op calls, if the op is a call.
fn callee_reference(op: &SyntaxNode, registry: &Registry) -> Option<ast::SymbolRef> {
    let name = ops::op_name(op)?;
    let attribute = match SYMBOL_CALL_OPS.iter().find(|(n, _)| *n == name) {
        Some((_, attribute)) => attribute.to_string(),
        None => spec_callee(op, &name, registry)?,
    };
    if op.kind() != GENERIC_OP {
        return op.children().find_map(ast::SymbolRef::cast);
    }
    // The generic form names it in the attributes or properties.
    let entry = op
        .children()
        .filter(|c| c.kind() != REGION)
        .flat_map(|c| c.descendants())
        .filter_map(ast::AttrEntry::cast)
        .find(|e| e.name().as_deref() == Some(attribute.as_str()))?;
    entry.syntax().descendants().find_map(ast::SymbolRef::cast)
}

/// The symbol reference attribute of an op whose spec says it is a call.
fn spec_callee(op: &SyntaxNode, name: &str, registry: &Registry) -> Option<String> {
    let spec = registry.resolve(name, registry.default_dialect_at(op).as_deref())?;
    if !spec.has_trait(&Trait::Call) {
        return None;
    }
    let symbol =
        |c: &AttrConstraint| matches!(c, AttrConstraint::FlatSymbolRef | AttrConstraint::SymbolRef);
    let attribute = spec.attributes.iter().find(|a| symbol(&a.constraint))?;
    Some(attribute.name.clone())
}

#[cfg(test)]
mod tests;
