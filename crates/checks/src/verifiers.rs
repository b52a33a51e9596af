//! Op-specific verifiers (checks stage): what the C++ `verify()`, `verifyRegions()` and
//! custom parsers of upstream ops check beyond their ODS constraints, one file per
//! dialect. They run after the body's walk, when every value's type is known, and only
//! for ops that passed their ODS type checks (MLIR reports an op's first failure only).
//!
//! A dialect file exports `OPS` (the op names it verifies, so that other ops cost
//! nothing) and `verify(op, cx, out)`. A dialect whose custom parsers check more than
//! their format (arith, cf, func) also exports `PARSED_OPS` and `parse_check(op)`, which
//! runs during the walk before any verification of a custom-form op: a parse error
//! ends MLIR's file, so such an op reports nothing else.

mod arith;
mod builtin;
mod cf;
mod func;
pub(crate) use func::{arguments_failure, results_failure};
mod memref;
mod scf;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxNode, SyntaxToken, TextRange, TextSize};

use super::facts::Facts;
use crate::diagnostic::Diagnostic;
use mlir_dialects::registry::{OpMatch, OpSpec};
use mlir_hir::Resolution;
use mlir_hir::ops::op_name_range;
use mlir_types::{Attr, Lowering, Type};

/// An op waiting for its verifier, with what the body's walk learnt of it.
pub(crate) struct PendingOp {
    pub node: SyntaxNode,
    pub spec: &'static OpSpec,
    /// How its custom form maps onto its spec; `None` for a generic op, or a custom op
    /// whose syntax did not match (its verifier may report the parse error).
    pub matched: Option<OpMatch>,
    pub operands: Vec<Option<Type>>,
    pub results: Vec<Option<Type>>,
    /// For an op replayed from the memo of op shapes (which keeps no match): where the
    /// names of the region arguments its header declares start.
    pub replayed_region_args: Option<Vec<TextSize>>,
}

/// Does some dialect file verify the op named `name`?
pub(crate) fn wants(name: &str) -> bool {
    let ops: &[&str] = match name.split_once('.').map_or(name, |(d, _)| d) {
        "arith" => arith::OPS,
        "builtin" => builtin::OPS,
        "cf" => cf::OPS,
        "func" => func::OPS,
        "memref" => memref::OPS,
        "scf" => scf::OPS,
        _ => return false,
    };
    ops.contains(&name)
}

/// Does some dialect file check what the custom parser of the op named `name` checks
/// beyond its format (only these ops pay for `parse_failure`)?
pub(crate) fn wants_parse_check(name: &str, matched: bool) -> bool {
    let ops: &[&str] = match name.split_once('.').map_or(name, |(d, _)| d) {
        // An arith op whose syntax does not fit its format gets the parser's first error.
        "arith" if !matched => return true,
        "arith" => arith::PARSED_OPS,
        "cf" => cf::PARSED_OPS,
        "func" => func::PARSED_OPS,
        _ => return false,
    };
    ops.contains(&name)
}

/// The error the custom parser of a custom-form op reports, if any: a format its syntax
/// does not fit (`matched` is then `None`), or a parsed type its parser rejects.
pub(crate) fn parse_failure(
    node: &SyntaxNode,
    spec: &'static OpSpec,
    matched: Option<&OpMatch>,
    types: &super::op_types::OpTypes,
) -> Option<Diagnostic> {
    let operands: Vec<Option<Type>> = types.operands.iter().map(|(_, t)| t.clone()).collect();
    let op = Op {
        node,
        name: &spec.name,
        spec,
        matched,
        operands: &operands,
        results: &types.results,
        replayed_region_args: None,
        regions: std::cell::OnceCell::new(),
    };
    match op.name.split_once('.').map_or("", |(d, _)| d) {
        "arith" => arith::parse_check(&op),
        "cf" => cf::parse_check(&op),
        "func" => func::parse_check(&op),
        _ => None,
    }
}

/// Runs the verifier of every pending op of the body.
pub(crate) fn check(
    facts: &Facts,
    resolution: &Resolution,
    lowering: Lowering<'_>,
) -> Vec<Diagnostic> {
    let mut cx = Cx {
        facts,
        resolution,
        lowering,
    };
    let mut out = Vec::new();
    for pending in &facts.pending {
        verify(&Op::new(pending), &mut cx, &mut out);
    }
    out
}

fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    match op.name.split_once('.').map_or("", |(d, _)| d) {
        "arith" => arith::verify(op, cx, out),
        "builtin" => builtin::verify(op, cx, out),
        "cf" => cf::verify(op, cx, out),
        "func" => func::verify(op, cx, out),
        "memref" => memref::verify(op, cx, out),
        "scf" => scf::verify(op, cx, out),
        _ => {}
    }
}

/// Does the verifier of the pending custom-form op read nothing but the op itself (its
/// syntax, spec and types, and the file's aliases), not other values or the ops around
/// it? Ops of one shape then get one verdict.
pub(crate) fn reads_only_the_op(pending: &PendingOp) -> bool {
    let name = pending.spec.name.as_str();
    match name.split_once('.').map_or(name, |(d, _)| d) {
        "arith" => arith::SELF_CONTAINED_OPS.contains(&name),
        "cf" => cf::SELF_CONTAINED_OPS.contains(&name),
        "func" => func::SELF_CONTAINED_OPS.contains(&name),
        "memref" => memref::reads_only_the_op(&Op::new(pending)),
        _ => false,
    }
}

/// Runs the verifier of a pending op that `reads_only_the_op` at once, during the walk
/// (the body's values need not be known yet): does it pass?
pub(crate) fn passes_alone(pending: &PendingOp, facts: &Facts, lowering: Lowering<'_>) -> bool {
    let nothing_resolved = Resolution {
        targets: Vec::new(),
        errors: Vec::new(),
    };
    let mut cx = Cx {
        facts,
        resolution: &nothing_resolved,
        lowering,
    };
    let mut out = Vec::new();
    verify(&Op::new(pending), &mut cx, &mut out);
    out.is_empty()
}

/// One op to verify.
pub(crate) struct Op<'a> {
    pub node: &'a SyntaxNode,
    /// The op's full name (`scf.for`), as its spec names it.
    pub name: &'a str,
    pub spec: &'static OpSpec,
    pub matched: Option<&'a OpMatch>,
    /// The known type of operand #N and result #N.
    pub operands: &'a [Option<Type>],
    pub results: &'a [Option<Type>],
    /// See `PendingOp::replayed_region_args`.
    pub replayed_region_args: Option<&'a [TextSize]>,
    /// The op's regions, collected once: a verifier reads them several times.
    regions: std::cell::OnceCell<Vec<ast::Region>>,
}

impl<'a> Op<'a> {
    fn new(pending: &'a PendingOp) -> Op<'a> {
        Op {
            node: &pending.node,
            name: &pending.spec.name,
            spec: pending.spec,
            matched: pending.matched.as_ref(),
            operands: &pending.operands,
            results: &pending.results,
            replayed_region_args: pending.replayed_region_args.as_deref(),
            regions: std::cell::OnceCell::new(),
        }
    }

    /// Did the op's custom form match its format (a replayed op's did), or is it generic?
    pub fn parsed(&self) -> bool {
        self.is_generic() || self.matched.is_some() || self.replayed_region_args.is_some()
    }

    /// Is the op written in generic form (`"scf.for"(...)`)?
    pub fn is_generic(&self) -> bool {
        self.node.kind() == mlir_syntax::SyntaxKind::GENERIC_OP
    }

    /// Where MLIR reports the op: its name.
    pub fn at(&self) -> TextRange {
        op_name_range(self.node)
    }

    /// `'scf.for' op <message>` at the op's name, as a verifier's `emitOpError` words it.
    pub fn error(&self, message: impl std::fmt::Display) -> Diagnostic {
        let message = format!("'{}' op {message}", self.name);
        Diagnostic::error("op-verify", message, self.at())
    }

    /// `custom op 'scf.for' <message>`, as a custom parser's error is worded, at `at`.
    pub fn parse_error(&self, message: impl std::fmt::Display, at: TextRange) -> Diagnostic {
        custom_op_error(self.name, message, at)
    }

    /// The entry of inherent attribute `name` of a generic op: in its properties
    /// (`<{...}>`), else in its attribute dictionary, where MLIR 22 also looks.
    pub fn generic_attr(&self, name: &str) -> Option<ast::AttrEntry> {
        let op = ast::GenericOp::cast(self.node.clone())?;
        let in_properties = op
            .properties()
            .and_then(|p| p.attr_dict())
            .and_then(|d| d.entry(name));
        in_properties.or_else(|| op.attr_dict()?.entry(name))
    }

    /// Is inherent attribute `name` of a generic op written in its properties? MLIR
    /// converts those before verifying, and a value of the wrong kind fails there, with
    /// another message (`invalid properties ...`).
    pub fn in_properties(&self, name: &str) -> bool {
        ast::GenericOp::cast(self.node.clone())
            .and_then(|op| op.properties()?.attr_dict()?.entry(name))
            .is_some()
    }

    /// The regions the op holds itself (not those inside its attributes), in order.
    pub fn regions(&self) -> &[ast::Region] {
        self.regions
            .get_or_init(|| super::facts::regions_of(self.node).collect())
    }
}

/// What verifiers share: the body's facts and resolution, and a type lowering.
pub(crate) struct Cx<'a> {
    facts: &'a Facts,
    resolution: &'a Resolution,
    lowering: Lowering<'a>,
}

impl Cx<'_> {
    /// The name index of a `%name` token and that of the definition it resolves to.
    fn definition_of(&self, token: &SyntaxToken) -> Option<(usize, u32)> {
        self.definition_at(token.text_range().start())
    }

    /// `definition_of` the name that starts at `start`.
    fn definition_at(&self, start: TextSize) -> Option<(usize, u32)> {
        let name = self
            .facts
            .name_ranges
            .binary_search_by_key(&start, |r| r.start())
            .ok()?;
        let def = self.resolution.targets.get(name).copied().flatten()?;
        Some((name, def))
    }

    /// The type of the value a `%name` token (a use or a definition) stands for, as its
    /// definition gives it.
    pub fn value_type(&self, token: &SyntaxToken) -> Option<Type> {
        self.value_type_at(token.text_range().start())
    }

    /// `value_type` of the name that starts at `start`.
    pub fn value_type_at(&self, start: TextSize) -> Option<Type> {
        let (name, def) = self.definition_at(start)?;
        let result = self.facts.result_numbers.get(name).copied().unwrap_or(0);
        let types = &self.facts.defs.get(def as usize)?.as_ref()?.types;
        types.get(result as usize)?.clone()
    }

    /// The op whose result the value a `%name` token uses is (`None` for a block argument
    /// or a name that resolves nowhere).
    pub fn defining_op(&self, token: &SyntaxToken) -> Option<SyntaxNode> {
        let (_, def) = self.definition_of(token)?;
        let range = *self.facts.name_ranges.get(def as usize)?;
        let def_token = self.facts.body_op.covering_element(range).into_token()?;
        let result = def_token.parent_ancestors().next()?;
        if result.kind() != mlir_syntax::SyntaxKind::OP_RESULT {
            return None;
        }
        result.ancestors().find(mlir_hir::ops::is_op)
    }

    /// The type of a value use (`%x`, `%x#1`).
    pub fn use_type(&self, value: &ast::ValueUse) -> Option<Type> {
        self.value_type(&value.name_token()?)
    }

    pub fn lower_type(&mut self, node: &SyntaxNode) -> Type {
        self.lowering.lower_type(node)
    }

    pub fn lower_attr(&mut self, node: &SyntaxNode) -> Attr {
        self.lowering.lower_attr(node)
    }
}

/// Does the block hold an op? (Without collecting a block of thousands.)
pub(crate) fn holds_ops(block: &ast::Block) -> bool {
    block.syntax().children().any(|n| mlir_hir::ops::is_op(&n))
}

/// Where an item of a custom op is written, for parse errors that point at it.
/// `custom op '<op_name>' <message>` at `at`: how MLIR words the error a custom parser
/// emits (`emitError` of its `OpAsmParser`).
pub(crate) fn custom_op_error(
    op_name: &str,
    message: impl std::fmt::Display,
    at: TextRange,
) -> Diagnostic {
    let message = format!("custom op '{op_name}' {message}");
    Diagnostic::error("custom-syntax", message, at)
}

pub(crate) fn item_range(item: &ast::CustomOpItem) -> TextRange {
    use ast::CustomOpItem as Item;
    match item {
        Item::ValueUse(n) => n.syntax().text_range(),
        Item::Successor(n) => n.syntax().text_range(),
        Item::SymbolRef(n) => n.syntax().text_range(),
        Item::Group(n) => n.syntax().text_range(),
        Item::Keyword(n) => n.syntax().text_range(),
        Item::Region(n) => n.syntax().text_range(),
        Item::Location(n) => n.syntax().text_range(),
        Item::Type(n) => n.syntax().text_range(),
        Item::Attribute(n) => n.syntax().text_range(),
        Item::Token(t) => t.text_range(),
        Item::Other(n) => n.text_range(),
    }
}

/// Where the item before `items[i]` ends (`start` for the first item): where a wrong token
/// at `items[i]` is reported.
pub(crate) fn end_before(items: &[ast::CustomOpItem], i: usize, start: TextSize) -> TextSize {
    i.checked_sub(1)
        .and_then(|previous| items.get(previous))
        .map_or(start, |item| item_range(item).end())
}

/// Where MLIR reports a wrong token: just after the token before it, which ends at
/// `after` (its `emitWrongTokenError` backs up over blanks and line breaks).
pub(crate) fn wrong_token_at(after: TextSize) -> TextRange {
    TextRange::empty(after)
}

/// The name of an op node (`scf.yield`, `"scf.yield"`'s `scf.yield`).
pub(crate) fn op_name(op: &SyntaxNode) -> Option<String> {
    mlir_hir::ops::op_name(op)
}
