//! Symbol uses of upstream ops whose verifiers look their symbols up (checks stage), with
//! MLIR's messages: `llvm.call`, `memref.get_global`, `llvm.mlir.global_ctors`/`dtors`,
//! `gpu.launch_func` in a `gpu.container_module`, and a module's `shape.lib`. Each says
//! something only when the lookup surely fails (see `symbols::Lookup`).

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind::*, SyntaxNode};

use mlir_checks::diagnostic::Diagnostic;
use mlir_hir::ops::op_name;
use mlir_hir::ops::op_name_range;
use mlir_hir::symbols::{Lookup, SymbolTables, table_ops};
use mlir_types::Type;

/// The diagnostics of one op of `SYMBOL_USE_OPS`.
pub(crate) fn check(op: &SyntaxNode, tables: &mut SymbolTables<'_>) -> Vec<Diagnostic> {
    let Some(name) = op_name(op) else {
        return Vec::new();
    };
    let error = |message: String| vec![Diagnostic::error("symbol", message, op_name_range(op))];
    match name.as_str() {
        "llvm.call" => {
            let Some(callee) = first_symbol(op).filter(|s| s.names().len() == 1) else {
                return Vec::new();
            };
            let callee = callee.leaf_name().unwrap_or_default();
            match tables.lookup_from(op, &callee) {
                Lookup::Missing => error(format!(
                    "'llvm.call' op '{callee}' does not reference a symbol in the current scope"
                )),
                found if is_missing_or_other(&found, &["llvm.func", "llvm.mlir.ifunc"]) => error(
                    format!("'llvm.call' op '{callee}' does not reference a valid LLVM function"),
                ),
                _ => Vec::new(),
            }
        }
        "memref.get_global" => {
            let Some(global) = first_symbol(op).filter(|s| s.names().len() == 1) else {
                return Vec::new();
            };
            let global = global.leaf_name().unwrap_or_default();
            let lookup = tables.lookup_from(op, &global);
            if is_missing_or_other(&lookup, &["memref.global"]) {
                error(format!(
                    "'memref.get_global' op '{global}' does not reference a valid global memref"
                ))
            } else if let Lookup::Found(definition) = lookup {
                global_type_mismatch(op, &definition, &global, tables.chunk())
                    .map_or(Vec::new(), error)
            } else {
                Vec::new()
            }
        }
        "llvm.mlir.global_ctors" | "llvm.mlir.global_dtors" => {
            let list = if name.ends_with("ctors") {
                "ctors"
            } else {
                "dtors"
            };
            let Some(function) = keyword_symbols(op, list)
                .into_iter()
                .find(|f| is_missing_or_other(&tables.lookup_from(op, f), &["llvm.func"]))
            else {
                return Vec::new();
            };
            error(format!(
                "'{name}' op '{function}' does not reference a valid LLVM function"
            ))
        }
        "gpu.launch_func" => launch_func(op, tables).map_or(Vec::new(), error),
        "irdl.base" | "irdl.parametric" => {
            irdl_reference(op, &name, tables).map_or(Vec::new(), error)
        }
        _ => Vec::new(),
    }
}

/// A symbol table's own attributes that name symbols in it: `shape.lib`.
pub(crate) fn check_table(table: &SyntaxNode, tables: &mut SymbolTables<'_>) -> Vec<Diagnostic> {
    let Some(entry) = attr_dict(table).and_then(|d| d.entry("shape.lib")) else {
        return Vec::new();
    };
    let error = |message: String| vec![Diagnostic::error("symbol", message, op_name_range(table))];
    let value = entry.syntax().clone();
    let refs: Vec<ast::SymbolRef> = value
        .descendants()
        .filter_map(ast::SymbolRef::cast)
        .collect();
    let is_array = value
        .children()
        .any(|c| matches!(c.kind(), BRACKET_GROUP | ARRAY_ATTR));
    for symbol in refs {
        let Some(name) = symbol.leaf_name().filter(|_| symbol.names().len() == 1) else {
            continue;
        };
        let lookup = tables.lookup_in(Some(table.clone()), &name);
        let missing = matches!(lookup, Lookup::Missing);
        if is_array && is_missing_or_other(&lookup, &["shape.function_library"]) {
            return error(format!("@{name} does not refer to FunctionLibraryOp"));
        }
        if !is_array && missing {
            return error(format!("shape function library @{name} not found"));
        }
    }
    Vec::new()
}

/// `gpu.launch_func @module::@kernel` inside a module marked `gpu.container_module`: the
/// kernel module and the kernel in it must exist.
fn launch_func(op: &SyntaxNode, tables: &mut SymbolTables<'_>) -> Option<String> {
    let symbol = first_symbol(op)?;
    let [module, kernel] = symbol.names().try_into().ok()?;
    let container = op
        .ancestors()
        .skip(1)
        .find(|a| op_name(a).is_some_and(|n| n == "builtin.module" || n == "module"))?;
    attr_dict(&container)?.entry("gpu.container_module")?;
    if mlir_hir::symbols::nearest_table(op)? != Some(container.clone()) {
        return None;
    }
    let found = match tables.lookup_in(Some(container), &module) {
        Lookup::Missing => {
            return Some(format!(
                "'gpu.launch_func' op kernel container '{module}' is undefined"
            ));
        }
        Lookup::Unknown => return None,
        Lookup::Found(found) => found,
    };
    match op_name(&found).as_deref() {
        Some("gpu.module") => {}
        Some("gpu.binary") => return None,
        _ if mlir_hir::ops::is_upstream_op(&found) => {
            return Some(format!(
                "'gpu.launch_func' op kernel module '{module}' is undefined"
            ));
        }
        _ => return None,
    }
    let defined = table_ops(&found)
        .iter()
        .any(|o| mlir_hir::symbols::defined_symbol(o).is_some_and(|(n, _)| n == kernel));
    (!defined).then(|| {
        format!("'gpu.launch_func' op kernel function '@{module}::@{kernel}' is undefined")
    })
}

/// `irdl.base @t` and `irdl.parametric @t<...>` name a type or attribute definition,
/// looked up from the table around their `irdl.dialect` (`@dialect::@t` reaches into it).
fn irdl_reference(
    op: &SyntaxNode,
    op_name_text: &str,
    tables: &mut SymbolTables<'_>,
) -> Option<String> {
    let symbol = first_symbol(op)?;
    let names = symbol.names();
    let dialect = op
        .ancestors()
        .find(|a| op_name(a).is_some_and(|n| n == "irdl.dialect"))?;
    let table = mlir_hir::symbols::nearest_table(&dialect)?;
    let mut found = tables.lookup_in(table, names.first()?);
    for name in &names[1..] {
        found = match found {
            Lookup::Found(holder) => table_ops(&holder)
                .into_iter()
                .find(|o| mlir_hir::symbols::defined_symbol(o).is_some_and(|(n, _)| n == *name))
                .map_or(Lookup::Missing, Lookup::Found),
            other => other,
        };
    }
    let written = symbol.syntax().text().to_string();
    match found {
        Lookup::Missing => Some(format!("'{op_name_text}' op symbol '{written}' not found")),
        Lookup::Unknown => None,
        Lookup::Found(target) => {
            let kind = op_name(&target).unwrap_or_default();
            let is_definition = matches!(kind.as_str(), "irdl.type" | "irdl.attribute");
            (!is_definition && mlir_hir::ops::is_upstream_op(&target)).then(|| {
                format!(
                    "'{op_name_text}' op symbol '{written}' does not refer to a type or attribute definition (refers to '{kind}')"
                )
            })
        }
    }
}

/// Did a lookup surely fail to find an op of one of `kinds`? A symbol defined by an op we
/// do not know may be anything.
fn is_missing_or_other(lookup: &Lookup, kinds: &[&str]) -> bool {
    match lookup {
        Lookup::Missing => true,
        Lookup::Unknown => false,
        Lookup::Found(op) => {
            let name = op_name(op).unwrap_or_default();
            mlir_hir::ops::is_upstream_op(op) && !kinds.contains(&name.as_str())
        }
    }
}

/// The op's first symbol reference written directly in its custom syntax.
fn first_symbol(op: &SyntaxNode) -> Option<ast::SymbolRef> {
    op.children().find_map(ast::SymbolRef::cast)
}

/// The flat symbol names in the group after `keyword =`: `ctors = [@a, @b]`.
fn keyword_symbols(op: &SyntaxNode, keyword: &str) -> Vec<String> {
    let mut children = op.children();
    let found = children
        .by_ref()
        .any(|c| c.kind() == KEYWORD && c.text() == keyword);
    let Some(group) = children.next().filter(|_| found) else {
        return Vec::new();
    };
    group
        .descendants()
        .filter_map(ast::SymbolRef::cast)
        .filter(|s| s.names().len() == 1)
        .filter_map(|s| s.leaf_name())
        .collect()
}

fn attr_dict(op: &SyntaxNode) -> Option<ast::AttrDict> {
    op.children().find_map(ast::AttrDict::cast)
}

/// `memref.get_global`'s result type against the type of the `memref.global` it names,
/// both as written in custom form.
fn global_type_mismatch(
    op: &SyntaxNode,
    global: &SyntaxNode,
    name: &str,
    chunk: &[SyntaxNode],
) -> Option<String> {
    let written = first_custom_type(op)?;
    let declared = first_custom_type(global)?;
    // Aliases are looked up only when a type uses one, so most files pay nothing.
    let uses_alias = |t: &ast::Type| {
        let text = t.syntax().text();
        text.contains_char('!') || text.contains_char('#')
    };
    let aliases = match uses_alias(&written) || uses_alias(&declared) {
        true => mlir_types::AliasTable::of_nodes(chunk.iter().cloned()),
        false => mlir_types::AliasTable::default(),
    };
    let lookup = aliases.lookup();
    let written = mlir_types::type_of_node(written.syntax(), &lookup);
    let declared = mlir_types::type_of_node(declared.syntax(), &lookup);
    // A result that is no statically shaped memref fails the op's own constraints, which
    // MLIR reports instead (symbol uses are verified after the ops).
    let static_memref = matches!(written, Type::MemRef(_)) && written.has_static_shape();
    (static_memref && mlir_types::surely_differ(&written, &declared)).then(|| {
        format!(
            "'memref.get_global' op result type '{written}' does not match type '{declared}' of the global memref @{name}"
        )
    })
}

/// The first type a custom op writes (`memref.global @g : memref<4xf32> = ...`).
fn first_custom_type(op: &SyntaxNode) -> Option<ast::Type> {
    ast::CustomOp::cast(op.clone())?
        .items()
        .find_map(|item| match item {
            ast::CustomOpItem::Type(ty) => Some(ty),
            _ => None,
        })
}
