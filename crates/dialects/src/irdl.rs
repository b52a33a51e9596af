//! IRDL dialects read from IR (issue: IRDL, checklist §6): `irdl.dialect` ops and the
//! operations, types and attributes they define, with their constraints as a small graph
//! (`%0 = irdl.is f32`, `%2 = irdl.any_of(%0, %1)`, ...) that operand, result and
//! parameter declarations point into. Any tree can be read: what is broken or unknown
//! becomes `Constraint::Unknown`, which accepts everything.
//!
//! `irdl/` is one concept with this file, the IRDL model: `constraint` evaluates the
//! constraints this file defines, and `verify` checks an op instance against them.

use mlir_syntax::ast::{self, AstNode, CustomOpItem};
use mlir_syntax::green_walk::green_kind;
use mlir_syntax::{GreenNode, SyntaxKind::*, SyntaxNode, TextRange};
use rowan::GreenNodeData;
use rustc_hash::FxHashMap;

use crate::registry::Variadicity;
use mlir_types::{AliasTable, Attr, Lowering};

pub mod constraint;
#[cfg(test)]
mod tests;
mod verify;

pub use verify::{IrdlFailure, OpInstance, RegionShape, verify_op};

/// One `irdl.dialect @name { ... }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IrdlDialect {
    pub name: String,
    /// The `@name` of the dialect op.
    pub range: TextRange,
    pub ops: Vec<IrdlDefinition>,
    pub types: Vec<IrdlDefinition>,
    pub attributes: Vec<IrdlDefinition>,
}

/// An `irdl.operation`, `irdl.type` or `irdl.attribute`: its constraints and what uses
/// them (operands and results of an op, parameters of a type or attribute).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IrdlDefinition {
    pub name: String,
    pub range: TextRange,
    pub constraints: Vec<Constraint>,
    pub operands: Vec<IrdlValue>,
    pub results: Vec<IrdlValue>,
    pub parameters: Vec<IrdlValue>,
    /// `irdl.attributes {"name" = %c}`.
    pub attributes: Vec<(String, usize)>,
    /// The regions an op declares (`irdl.regions(...)`), if it says.
    pub regions: Option<Vec<IrdlRegion>>,
}

/// A named region of an op: `%r = irdl.region(%0, %1) with size 2`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IrdlRegion {
    pub name: String,
    /// The constraints of the entry block's arguments; `None` when `irdl.region` has no
    /// parentheses (any arguments).
    pub args: Option<Vec<usize>>,
    /// The number of blocks, when `with size N` says.
    pub blocks: Option<u32>,
}

/// A named operand, result or parameter and the constraint it must satisfy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IrdlValue {
    pub name: String,
    pub constraint: usize,
    pub variadicity: Variadicity,
}

/// A constraint variable of a definition, by what defines it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    /// `irdl.any`.
    Any,
    /// `irdl.is T`: exactly this attribute (a type is a type attribute), with its text.
    Is(Attr, String),
    AnyOf(Vec<usize>),
    AllOf(Vec<usize>),
    /// `irdl.base @d::@t` or `irdl.base "!builtin.integer"`: any instance of a definition.
    Base(String),
    /// `irdl.parametric @d::@t<%p, ...>`.
    Parametric(String, Vec<usize>),
    /// `irdl.c_pred "..."`: C++ we cannot evaluate.
    CPred(String),
    /// Broken or unknown: accepts anything.
    Unknown,
}

/// The IRDL dialects a file defines at its top level or in a top-level module (where
/// `mlir-opt --irdl-file` finds them); the rest of the tree is not walked, so this stays
/// cheap on large files.
pub fn dialects_of(root: &SyntaxNode) -> Vec<IrdlDialect> {
    let green = root.green();
    let top_ops = green.children().filter_map(|c| c.into_node());
    if !top_ops.into_iter().any(is_or_holds_dialect) {
        return Vec::new();
    }
    let top: Vec<SyntaxNode> = root
        .children()
        .filter(mlir_syntax::op_nodes::is_op)
        .collect();
    let in_modules = top
        .iter()
        .filter(|op| mlir_syntax::op_nodes::op_named(op, crate::known_ops::TABLE_OPS))
        .flat_map(body_ops);
    let candidates: Vec<SyntaxNode> = top.iter().cloned().chain(in_modules).collect();
    // Read from the green node: this runs on every keystroke, for every top-level op.
    let is_dialect =
        |n: &SyntaxNode| mlir_syntax::green::op_name(&n.green()) == Some("irdl.dialect");
    if !candidates.iter().any(is_dialect) {
        return Vec::new();
    }
    let aliases = AliasTable::of_file(root);
    let lookup = aliases.lookup();
    let mut lowering = Lowering::new(&lookup);
    candidates
        .iter()
        .filter(|n| is_dialect(n))
        .filter_map(|op| dialect(op, &mut lowering))
        .collect()
}

/// Might the text define IRDL dialects? A cheap test before reading it as IRDL.
pub fn may_define_dialects(text: &str) -> bool {
    text.contains(DIALECT_OP)
}

/// The op that defines an IRDL dialect.
pub const DIALECT_OP: &str = "irdl.dialect";

/// Whether the top-level op `op` is an IRDL dialect or a symbol table with one directly
/// in its body (in a region of its own or of its generic form's list). Read from green
/// nodes: this runs on every keystroke, and a cursor node for each of the thousands of
/// functions of a large module would cost more than the rest of the check.
pub fn is_or_holds_dialect(op: &GreenNodeData) -> bool {
    let name = mlir_syntax::green::op_name(op);
    if name == Some(DIALECT_OP) {
        return true;
    }
    if !name.is_some_and(|n| crate::known_ops::TABLE_OPS.contains(&n)) {
        return false;
    }
    let nodes = |n: &GreenNodeData| -> Vec<GreenNode> {
        n.children()
            .filter_map(|c| c.into_node().map(|n| n.to_owned()))
            .collect()
    };
    let mut regions = Vec::new();
    for child in nodes(op) {
        match green_kind(&child) {
            REGION => regions.push(child),
            REGION_LIST => regions.extend(
                nodes(&child)
                    .into_iter()
                    .filter(|r| green_kind(r) == REGION),
            ),
            _ => {}
        }
    }
    regions.iter().flat_map(|r| nodes(r)).any(|block| {
        block
            .children()
            .filter_map(|c| c.into_node())
            .any(|inner| mlir_syntax::green::op_name(inner) == Some(DIALECT_OP))
    })
}

/// The IRDL dialects of a file's text (`check --irdl-file`).
pub fn dialects_in(text: &str) -> Vec<IrdlDialect> {
    dialects_of(&mlir_syntax::parse(text).syntax_node())
}

/// The definition of op `name` (`d.op`) in `dialects`: `None` if `d` is not an IRDL
/// dialect, `Some(None)` if it is but defines no such op.
pub fn find_op<'d>(dialects: &'d [IrdlDialect], name: &str) -> Option<Option<&'d IrdlDefinition>> {
    let (dialect, op) = name.split_once('.')?;
    let d = dialects.iter().find(|d| d.name == dialect)?;
    Some(d.ops.iter().find(|o| o.name == op))
}

fn dialect(op: &SyntaxNode, lowering: &mut Lowering<'_>) -> Option<IrdlDialect> {
    let (name, range) = symbol(op)?;
    let mut out = IrdlDialect {
        name,
        range,
        ops: Vec::new(),
        types: Vec::new(),
        attributes: Vec::new(),
    };
    for child in body_ops(op) {
        let list = match mlir_syntax::op_nodes::op_name(&child).as_deref() {
            Some("irdl.operation") => &mut out.ops,
            Some("irdl.type") => &mut out.types,
            Some("irdl.attribute") => &mut out.attributes,
            _ => continue,
        };
        if let Some(def) = definition(&child, lowering) {
            list.push(def);
        }
    }
    Some(out)
}

/// The `@name` an IRDL op defines, without its `@`.
pub fn symbol(op: &SyntaxNode) -> Option<(String, TextRange)> {
    let symbol = op.children().find_map(ast::SymbolRef::cast)?;
    Some((symbol.leaf_name()?, symbol.syntax().text_range()))
}

/// The ops of the op's (first) region, in order.
fn body_ops(op: &SyntaxNode) -> Vec<SyntaxNode> {
    op.children()
        .filter(|c| c.kind() == REGION)
        .take(1)
        .flat_map(|r| r.children())
        .flat_map(|block| block.children().filter(mlir_syntax::op_nodes::is_op))
        .collect()
}

fn definition(op: &SyntaxNode, lowering: &mut Lowering<'_>) -> Option<IrdlDefinition> {
    let (name, range) = symbol(op)?;
    let mut def = IrdlDefinition {
        name,
        range,
        constraints: Vec::new(),
        operands: Vec::new(),
        results: Vec::new(),
        parameters: Vec::new(),
        attributes: Vec::new(),
        regions: None,
    };
    // Constraint variables by SSA name; region definitions apart, as MLIR numbers them.
    let mut vars: FxHashMap<String, usize> = FxHashMap::default();
    let mut region_vars: FxHashMap<String, IrdlRegion> = FxHashMap::default();
    for child in body_ops(op) {
        let Some(custom) = ast::CustomOp::cast(child.clone()) else {
            continue;
        };
        let op_name = custom.name().unwrap_or_default();
        match op_name.as_str() {
            "irdl.operands" => def.operands = values(&custom, &vars),
            "irdl.results" => def.results = values(&custom, &vars),
            "irdl.parameters" => def.parameters = values(&custom, &vars),
            "irdl.regions" => def.regions = Some(regions(&custom, &region_vars)),
            "irdl.attributes" => def.attributes = attributes(&custom, &vars),
            "irdl.region" => {
                if let Some(result) = result_name(&custom) {
                    region_vars.insert(result, region(&custom, &vars));
                }
            }
            _ => {
                let Some(result) = result_name(&custom) else {
                    continue;
                };
                let constraint = constraint(&custom, &op_name, &vars, lowering);
                vars.insert(result, def.constraints.len());
                def.constraints.push(constraint);
            }
        }
    }
    Some(def)
}

fn result_name(op: &ast::CustomOp) -> Option<String> {
    let result = op.result_list()?.results().next()?;
    Some(result.name_token()?.text().to_string())
}

/// The constraint an op like `irdl.is f32` or `irdl.any_of(%0, %1)` defines.
fn constraint(
    op: &ast::CustomOp,
    name: &str,
    vars: &FxHashMap<String, usize>,
    lowering: &mut Lowering<'_>,
) -> Constraint {
    let uses = || -> Vec<usize> {
        op.syntax()
            .descendants()
            .filter_map(ast::ValueUse::cast)
            .filter_map(|v| vars.get(v.name_token()?.text()).copied())
            .collect()
    };
    let symbol_path = || -> Option<String> {
        let symbol = op.syntax().children().find_map(ast::SymbolRef::cast)?;
        Some(symbol.names().join("::"))
    };
    match name {
        "irdl.any" => Constraint::Any,
        "irdl.any_of" => Constraint::AnyOf(uses()),
        "irdl.all_of" => Constraint::AllOf(uses()),
        "irdl.is" => match op.items().find_map(|item| match item {
            CustomOpItem::Type(t) => Some(Attr::Type(lowering.lower_type(t.syntax()))),
            CustomOpItem::Attribute(a) => Some(lowering.lower_attr(a.syntax())),
            _ => None,
        }) {
            Some(attr) if !attr.is_error() => {
                let text = attr.to_string();
                Constraint::Is(attr, text)
            }
            _ => Constraint::Unknown,
        },
        "irdl.base" => match symbol_path() {
            Some(path) => Constraint::Base(path),
            None => string_item(op).map_or(Constraint::Unknown, Constraint::Base),
        },
        "irdl.parametric" => match symbol_path() {
            Some(path) => Constraint::Parametric(path, uses()),
            None => Constraint::Unknown,
        },
        "irdl.c_pred" => string_item(op).map_or(Constraint::Unknown, Constraint::CPred),
        _ => Constraint::Unknown,
    }
}

/// The value of the op's first string literal.
fn string_item(op: &ast::CustomOp) -> Option<String> {
    op.syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == STRING)
        .map(|t| ast::string_value(t.text()))
}

/// `(name: %v, rest: variadic %w)`.
fn values(op: &ast::CustomOp, vars: &FxHashMap<String, usize>) -> Vec<IrdlValue> {
    list_entries(op)
        .into_iter()
        .filter_map(|(name, variadicity, var)| {
            Some(IrdlValue {
                name,
                constraint: *vars.get(&var)?,
                variadicity,
            })
        })
        .collect()
}

/// The `name: [variadicity] %var` entries of a list op (`irdl.operands`, `irdl.regions`,
/// ...), with the variable's SSA name.
fn list_entries(op: &ast::CustomOp) -> Vec<(String, Variadicity, String)> {
    let Some(group) = op.syntax().children().find(|c| c.kind() == PAREN_GROUP) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut name = None;
    let mut variadicity = Variadicity::Single;
    for child in group.children() {
        match child.kind() {
            KEYWORD if name.is_none() => name = Some(child.text().to_string()),
            KEYWORD => {
                variadicity = match child.text().to_string().as_str() {
                    "optional" => Variadicity::Optional,
                    "variadic" => Variadicity::Variadic,
                    _ => Variadicity::Single,
                }
            }
            VALUE_USE => {
                let var = child.first_token().map(|t| t.text().to_string());
                if let (Some(n), Some(var)) = (name.take(), var) {
                    out.push((n, variadicity, var));
                }
                variadicity = Variadicity::Single;
            }
            _ => {}
        }
    }
    out
}

/// `irdl.region(%0, %1) with size 2` (the name comes from `irdl.regions`).
fn region(op: &ast::CustomOp, vars: &FxHashMap<String, usize>) -> IrdlRegion {
    let args = op
        .syntax()
        .children()
        .find(|c| c.kind() == PAREN_GROUP)
        .map(|group| {
            group
                .children()
                .filter(|c| c.kind() == VALUE_USE)
                .filter_map(|v| vars.get(v.first_token()?.text()).copied())
                .collect()
        });
    // The block count is the integer after `size`.
    let blocks = op
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .skip_while(|t| t.text() != "size")
        .find(|t| t.kind() == INT_NUMBER)
        .and_then(|t| t.text().parse().ok());
    IrdlRegion {
        name: String::new(),
        args,
        blocks,
    }
}

/// `irdl.regions(body: %r0, ...)`: the named uses of region definitions.
fn regions(op: &ast::CustomOp, region_vars: &FxHashMap<String, IrdlRegion>) -> Vec<IrdlRegion> {
    list_entries(op)
        .into_iter()
        .filter_map(|(name, _, var)| {
            let region = region_vars.get(&var)?;
            Some(IrdlRegion {
                name,
                ..region.clone()
            })
        })
        .collect()
}

/// `{"name" = %c, ...}`.
fn attributes(op: &ast::CustomOp, vars: &FxHashMap<String, usize>) -> Vec<(String, usize)> {
    let Some(dict) = op.attr_dict() else {
        return Vec::new();
    };
    dict.entries()
        .filter_map(|entry| {
            let name = entry.name()?;
            let var = entry
                .syntax()
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == VALUE_ID)?;
            Some((name, *vars.get(var.text())?))
        })
        .collect()
}
