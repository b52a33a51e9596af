//! Symbol uses of upstream ops whose verifiers look their symbols up (checks stage), with
//! MLIR's messages: `llvm.call`, `memref.get_global`, `llvm.mlir.global_ctors`/`dtors`,
//! `gpu.launch_func` in a `gpu.container_module`, and a module's `shape.lib`. Each says
//! something only when the lookup surely fails (see `symbol_tables::Lookup`).

use std::collections::HashSet;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind::*, SyntaxNode};

use crate::call_checks::CallChecker;
use mlir_checks::diagnostic::Diagnostic;
use mlir_hir::ops::op_name;
use mlir_hir::ops::op_name_range;
use mlir_hir::symbol_tables::{Lookup, SymbolTables};
use mlir_hir::symbols::table_ops;
use mlir_types::Type;

/// The diagnostics of one op of `SYMBOL_USE_OPS`.
pub(crate) fn check(
    op: &SyntaxNode,
    tables: &mut SymbolTables<'_>,
    calls: &mut Option<CallChecker>,
) -> Vec<Diagnostic> {
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
                Lookup::Found(function) if op_name(&function).as_deref() == Some("llvm.func") => {
                    let checker = calls.get_or_insert_with(|| CallChecker::new(tables.chunk()));
                    checker.check_llvm(op, &function).into_iter().collect()
                }
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
            // Each function must be an `llvm.func` with a body, checked in order.
            for function in keyword_symbols(op, list) {
                let lookup = tables.lookup_from(op, &function);
                if is_missing_or_other(&lookup, &["llvm.func"]) {
                    return error(format!(
                        "'{name}' op '{function}' does not reference a valid LLVM function"
                    ));
                }
                if let Lookup::Found(definition) = lookup
                    && is_declaration(&definition)
                {
                    return error(format!(
                        "'{name}' op '{function}' does not have a definition"
                    ));
                }
            }
            Vec::new()
        }
        "gpu.launch_func" => launch_func(op, tables).map_or(Vec::new(), error),
        "irdl.base" | "irdl.parametric" => {
            irdl_reference(op, &name, tables).map_or(Vec::new(), error)
        }
        _ => Vec::new(),
    }
}

/// A symbol table's own attributes that name symbols in it: `shape.lib`, one shape
/// function library or an array of them whose op-to-function mappings do not overlap
/// (the shape dialect's `verifyOperationAttribute`).
pub(crate) fn check_table(table: &SyntaxNode, tables: &mut SymbolTables<'_>) -> Vec<Diagnostic> {
    let Some(entry) = attr_dict(table).and_then(|d| d.entry("shape.lib")) else {
        return Vec::new();
    };
    let value = entry
        .syntax()
        .children_with_tokens()
        .skip_while(|e| e.kind() != EQ)
        .skip(1)
        .find_map(|e| e.into_node());
    let message = match value.as_ref().map(written) {
        Some(Written::Symbol(symbol)) => one_library(table, &symbol, tables),
        Some(Written::Array(elements)) => library_array(table, &elements, tables),
        Some(Written::Other) => Some(
            "only SymbolRefAttr or array of SymbolRefAttrs allowed as shape.lib attribute"
                .to_string(),
        ),
        // A unit entry's value is implicit.
        Some(Written::Unknown) | None => None,
    };
    message.map_or(Vec::new(), |message| {
        vec![Diagnostic::error("symbol", message, op_name_range(table))]
    })
}

/// What an attribute value is, as a generic op's attribute or a custom op's items
/// write it (`[@a, @b]` is an array attribute in the one, a bracket group in the other).
enum Written {
    Symbol(ast::SymbolRef),
    Array(Vec<SyntaxNode>),
    /// An attribute of another kind.
    Other,
    /// What we cannot tell: an alias may stand for anything.
    Unknown,
}

fn written(value: &SyntaxNode) -> Written {
    match value.kind() {
        SYMBOL_REF => ast::SymbolRef::cast(value.clone()).map_or(Written::Unknown, Written::Symbol),
        SYMBOL_REF_ATTR => value
            .children()
            .find_map(ast::SymbolRef::cast)
            .map_or(Written::Unknown, Written::Symbol),
        BRACKET_GROUP | ARRAY_ATTR => Written::Array(value.children().collect()),
        ATTR_ALIAS_REF => Written::Unknown,
        kind if kind.is_attribute_node() => Written::Other,
        _ => Written::Unknown,
    }
}

/// `shape.lib = @lib`: the library must exist and be a `shape.function_library`.
fn one_library(
    table: &SyntaxNode,
    symbol: &ast::SymbolRef,
    tables: &mut SymbolTables<'_>,
) -> Option<String> {
    let [name] = symbol.names().try_into().ok()?;
    match tables.lookup_in(Some(table.clone()), &name) {
        Lookup::Missing => Some(format!("shape function library @{name} not found")),
        lookup if is_missing_or_other(&lookup, &["shape.function_library"]) => {
            Some(format!("@{name} required to be shape function library"))
        }
        _ => None,
    }
}

/// `shape.lib = [@a, @b]`: in order, each must be a symbol naming a
/// `shape.function_library`, and no op may be mapped by two of them. We stop at what we
/// cannot tell (an alias, a nested reference, a lookup through an unknown op).
fn library_array(
    table: &SyntaxNode,
    elements: &[SyntaxNode],
    tables: &mut SymbolTables<'_>,
) -> Option<String> {
    let mut mapped: HashSet<String> = HashSet::new();
    for element in elements {
        let symbol = match written(element) {
            Written::Symbol(symbol) => symbol,
            Written::Unknown => return None,
            _ => return Some("only SymbolRefAttr allowed in shape.lib attribute array".into()),
        };
        let [name] = symbol.names().try_into().ok()?;
        let library = match tables.lookup_in(Some(table.clone()), &name) {
            Lookup::Found(found)
                if op_name(&found).as_deref() == Some("shape.function_library") =>
            {
                found
            }
            lookup if is_missing_or_other(&lookup, &["shape.function_library"]) => {
                return Some(format!("@{name} does not refer to FunctionLibraryOp"));
            }
            _ => return None,
        };
        for key in mapping_keys(&library)? {
            if !mapped.insert(key.clone()) {
                return Some(format!(
                    "only one op to shape mapping allowed, found multiple for `\"{key}\"`"
                ));
            }
        }
    }
    None
}

/// The op names a `shape.function_library` maps, in the order MLIR's dictionary keeps
/// them (sorted): of the dictionary after `mapping` in custom form, or of a generic op's
/// `mapping` attribute. `None` for a key MLIR would print escaped or a key written twice,
/// or no mapping read.
fn mapping_keys(library: &SyntaxNode) -> Option<Vec<String>> {
    let dict = if library.kind() == GENERIC_OP {
        let op = ast::GenericOp::cast(library.clone())?;
        let in_properties = op
            .properties()
            .and_then(|p| p.attr_dict())
            .and_then(|d| d.entry("mapping"));
        let entry = in_properties.or_else(|| op.attr_dict()?.entry("mapping"))?;
        match entry.value()? {
            ast::Attribute::Dict(dict) => dict,
            _ => return None,
        }
    } else {
        library
            .children_with_tokens()
            .skip_while(|e| !(e.kind() == KEYWORD && e.to_string() == "mapping"))
            .find_map(|e| e.into_node().and_then(ast::AttrDict::cast))?
    };
    let mut keys = Vec::new();
    for entry in dict.entries() {
        let key = entry.name()?;
        if key.contains(|c: char| c == '"' || c == '\\' || c.is_control()) {
            return None;
        }
        keys.push(key);
    }
    keys.sort();
    // A key written twice is a parse error of the dictionary, not an overlap.
    let unique = keys.windows(2).all(|pair| pair[0] != pair[1]);
    unique.then_some(keys)
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

/// Is the function op a declaration: no region, or one without a block?
fn is_declaration(function: &SyntaxNode) -> bool {
    // A generic op keeps its regions in a list.
    let mut regions = function.children().flat_map(|c| match c.kind() {
        REGION_LIST => c.children().filter(|r| r.kind() == REGION).collect(),
        REGION => vec![c],
        _ => Vec::new(),
    });
    regions
        .next()
        .is_none_or(|r| !r.children().any(|c| c.kind() == BLOCK))
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
