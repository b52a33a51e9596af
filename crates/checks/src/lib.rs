//! `mlir-checks`: the checks of one body (checks stage, DESIGN §2), after the HIR and
//! before a file's diagnostics are put together (`mlir-diagnostics`). It owns the
//! `Diagnostic` type every later stage reports with; it must never know LSP, IDE
//! features, or other bodies of the file.
//!
//! Semantic checks of one body (issues 4 and 5): the types values are used
//! with, and the block structure of its regions (terminators, successors, entry blocks).
//! They read the body's tree, its name resolution and the op specs of the registry, and
//! only speak where MLIR surely would: an op we have no spec for, a type we cannot read
//! exactly, a region whose op may need no terminator are all left alone.
//!
//! Modules: `facts` (one walk gathering what the checks read), `op_types` (the types an
//! op gives its operands, results and region arguments), `value_types` (MLIR's parser
//! rule that all uses and the definition of a value agree on its type), `op_verify` (type
//! constraints and traits of ops we have specs for, `func.return` against its function),
//! `blocks` (terminators, successor operands, entry blocks).

mod blocks;
pub mod body_layout;
mod casts;
mod custom_form_types;
mod custom_parsers;
pub mod db;
pub mod diagnostic;
mod facts;
mod gather;
mod irdl_written;
mod left_over;
mod op_memo;
mod op_types;
mod op_verify;
mod report;
mod result_count;
mod segment_sizes;
mod value_types;
mod verifiers;

pub use diagnostic::{Diagnostic, Note, Severity};
pub use irdl_written::dialects_written;
pub use op_memo::OpMemo;
pub use result_count::{result_binding_check, result_count_check};
pub use value_types::{is_definition_mismatch, is_use_mismatch};

use std::sync::Arc;

use mlir_syntax::{SyntaxNode, TextRange};

use mlir_dialects::registry::Registry;
use mlir_hir::Resolution;
use mlir_types::{AliasGreens, Type};

/// What the checks of every body of a file share.
#[derive(Clone)]
pub struct FileContext {
    pub aliases: AliasGreens,
    /// The IRDL dialects the file defines: their ops are verified against them.
    pub irdl: Vec<mlir_dialects::irdl::IrdlDialect>,
    /// Check ops against MLIR's verifiers. Not for files of xDSL (a `RUN:` line names it),
    /// whose re-implemented dialects verify differently (`arith` on `ui16`).
    pub verify_ops: bool,
    /// The op specs the file's ops are checked against (the built-in ones unless told).
    pub registry: Arc<Registry>,
}

impl FileContext {
    pub fn of_file(root: &SyntaxNode) -> FileContext {
        FileContext {
            irdl: mlir_dialects::irdl::dialects_of(root),
            ..FileContext::without_irdl(root)
        }
    }

    /// The context without the file's IRDL dialects (the database gives each body the
    /// dialects it uses apart).
    pub fn without_irdl(root: &SyntaxNode) -> FileContext {
        FileContext {
            aliases: AliasGreens::of_file(root),
            irdl: Vec::new(),
            verify_ops: !run_lines_name_xdsl(root),
            registry: Registry::builtin_arc(),
        }
    }

    /// The context with the op specs of `registry` instead.
    pub fn with_registry(self, registry: Arc<Registry>) -> FileContext {
        FileContext { registry, ..self }
    }
}

impl Default for FileContext {
    fn default() -> FileContext {
        FileContext {
            aliases: AliasGreens::default(),
            irdl: Vec::new(),
            verify_ops: false,
            registry: Registry::builtin_arc(),
        }
    }
}

/// Registries are told apart by identity: comparing every spec of two would cost more
/// than checking again, and a registry is replaced, never edited in place.
impl PartialEq for FileContext {
    fn eq(&self, other: &FileContext) -> bool {
        self.aliases == other.aliases
            && self.irdl == other.irdl
            && self.verify_ops == other.verify_ops
            && Arc::ptr_eq(&self.registry, &other.registry)
    }
}

impl Eq for FileContext {}

/// Without the registry's specs, which would fill pages.
impl std::fmt::Debug for FileContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileContext")
            .field("aliases", &self.aliases)
            .field("irdl", &self.irdl)
            .field("verify_ops", &self.verify_ops)
            .field("registry", &Arc::as_ptr(&self.registry))
            .finish()
    }
}

/// Do the comments before the file's first item name xDSL in a `RUN:` line?
fn run_lines_name_xdsl(root: &SyntaxNode) -> bool {
    let mut token = root.first_token();
    while let Some(t) = token.filter(|t| t.kind().is_trivia()) {
        let text = t.text();
        if t.kind() == mlir_syntax::SyntaxKind::COMMENT
            && text.contains("RUN:")
            && text.to_ascii_lowercase().contains("xdsl")
        {
            return true;
        }
        token = t.next_token();
    }
    false
}

/// The type of result `result` of the value whose definition is the `%name` token `def`,
/// as op knowledge (the specs of `registry`) gives it (written, implied by a trait, or built
/// by the op's syntax).
pub fn value_type(
    root: &SyntaxNode,
    def: &mlir_syntax::SyntaxToken,
    result: u32,
    registry: &Registry,
) -> Option<Type> {
    let body_op = def
        .parent_ancestors()
        .find(mlir_hir::ops::is_isolated)
        .unwrap_or_else(|| root.clone());
    let aliases = AliasGreens::of_file(root);
    let lookup = |name: &str| aliases.get(name);
    let names = mlir_hir::name_ranges(&body_op);
    let memo = &mut OpMemo::new();
    let facts = gather::gather(&body_op, &lookup, registry, false, &[], memo, names);
    let index = facts
        .name_ranges
        .iter()
        .position(|r| *r == def.text_range())?;
    let types = &facts.defs.get(index)?.as_ref()?.types;
    types.get(result as usize)?.clone()
}

/// Every value definition of a body (its `%name` range) with the types op knowledge (the
/// specs of `registry`) gives its results (`None` where unknown).
pub fn definition_types(
    body_op: &SyntaxNode,
    aliases: &AliasGreens,
    registry: &Registry,
) -> Vec<(TextRange, Vec<Option<Type>>)> {
    let lookup = |name: &str| aliases.get(name);
    let names = mlir_hir::name_ranges(body_op);
    let memo = &mut OpMemo::new();
    let facts = gather::gather(body_op, &lookup, registry, false, &[], memo, names);
    facts
        .defs
        .into_iter()
        .zip(facts.name_ranges)
        .filter_map(|(def, range)| Some((range, def?.types.to_vec())))
        .collect()
}

/// The diagnostics of one body (ranges in the body op's tree), given its resolution.
pub fn body_checks(
    body_op: &SyntaxNode,
    resolution: &Resolution,
    context: &FileContext,
) -> Vec<Diagnostic> {
    body_checks_with(
        body_op,
        resolution,
        context,
        &context.irdl,
        &mut OpMemo::new(),
    )
}

/// `body_checks` with the IRDL dialects the body's ops may belong to given apart from
/// the context (which need not hold them), and a memo of op shapes that other bodies of
/// the same context may have filled.
pub fn body_checks_with(
    body_op: &SyntaxNode,
    resolution: &Resolution,
    context: &FileContext,
    irdl: &[mlir_dialects::irdl::IrdlDialect],
    memo: &mut OpMemo,
) -> Vec<Diagnostic> {
    let names = mlir_hir::name_ranges(body_op);
    body_checks_located(body_op, resolution, context, irdl, memo, names)
}

/// `body_checks_with`, given where the body's names are (`hir::lower_located` reads them
/// while lowering).
pub fn body_checks_located(
    body_op: &SyntaxNode,
    resolution: &Resolution,
    context: &FileContext,
    irdl: &[mlir_dialects::irdl::IrdlDialect],
    memo: &mut OpMemo,
    names: Vec<(TextRange, u32)>,
) -> Vec<Diagnostic> {
    let lookup = |name: &str| context.aliases.get(name);
    // A memo filled under another registry would replay that registry's specs.
    memo.bind_registry(&context.registry);
    let registry = &*context.registry;
    let facts = gather::gather(
        body_op,
        &lookup,
        registry,
        context.verify_ops,
        irdl,
        memo,
        names,
    );
    let mut out = facts.errors.clone();
    out.extend(value_types::check(&facts, resolution));
    let blocks = blocks::check(&facts, resolution);
    out.extend(blocks.others);
    out.extend(irdl_written::check_body(body_op, irdl));
    if !facts.pending.is_empty() {
        let lowering = mlir_types::Lowering::new(&lookup);
        out.extend(verifiers::check(&facts, resolution, lowering, registry));
    }
    // A block's missing terminator, unless an op of the block failed first.
    let failed_in = |block: TextRange| {
        out.iter()
            .any(|d| d.severity == Severity::Error && block.contains_range(d.range))
    };
    let missing: Vec<Diagnostic> = blocks
        .missing_terminators
        .into_iter()
        .filter(|(_, block)| !failed_in(*block))
        .map(|(d, _)| d)
        .collect();
    out.extend(missing);
    out.sort_by_key(|d| (d.range.start(), d.range.end()));
    out
}

#[cfg(test)]
mod tests;
