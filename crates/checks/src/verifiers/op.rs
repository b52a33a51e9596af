//! What a verifier reads (checks stage): `Op`, one op to verify with its spec, match and
//! types, and `Cx`, what verifiers share (the body's facts and resolution, and a type
//! lowering). Every dialect's verifiers take these.

use crate::diagnostic::Diagnostic;
use crate::facts::{Facts, PendingOp};
use crate::report::custom_op_error;
use mlir_dialects::registry::{AttrValue, OpMatch, OpSpec, Registry};
use mlir_hir::Resolution;
use mlir_hir::ops::op_name_range;
use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};
use mlir_types::{Attr, Lowering, Type};
use std::any::Any;
use std::rc::Rc;

/// One op to verify.
pub(crate) struct Op<'a> {
    pub node: &'a SyntaxNode,
    /// The op's full name (`scf.for`), as its spec names it.
    pub name: &'a str,
    pub spec: &'a OpSpec,
    pub matched: Option<&'a OpMatch>,
    /// The known type of operand #N and result #N.
    pub operands: &'a [Option<Type>],
    pub results: &'a [Option<Type>],
    /// See `PendingOp::replayed_region_args`.
    pub replayed_region_args: Option<&'a [TextSize]>,
    /// The op's regions, collected once: a verifier reads them several times.
    pub(super) regions: std::cell::OnceCell<Vec<ast::Region>>,
}

impl<'a> Op<'a> {
    pub(super) fn new(pending: &'a PendingOp) -> Op<'a> {
        Op {
            node: &pending.node,
            name: &pending.spec.name,
            spec: &pending.spec,
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
        self.node.kind() == SyntaxKind::GENERIC_OP
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
            .get_or_init(|| crate::facts::regions_of(self.node).collect())
    }

    /// `emitError` of a verifier or interface: the message alone (no `'op' op`), at the
    /// op's name.
    pub fn plain_error(&self, message: impl std::fmt::Display) -> Diagnostic {
        Diagnostic::error("op-verify", message.to_string(), self.at())
    }

    /// Is inherent attribute `name` written at all: by the custom form's format or in its
    /// attribute dictionary (also of a custom op its format did not match), in a generic
    /// op's properties or attributes?
    pub fn has_attr(&self, name: &str) -> bool {
        match self.matched {
            Some(matched) => {
                matched.attribute(name).is_some()
                    || matched
                        .attr_dict
                        .as_ref()
                        .is_some_and(|d| d.entry(name).is_some())
            }
            None if self.is_generic() => self.generic_attr(name).is_some(),
            None => self
                .node
                .children()
                .find_map(ast::AttrDict::cast)
                .is_some_and(|d| d.entry(name).is_some()),
        }
    }

    /// The node of inherent attribute `name` as the op writes it: in the custom form's own
    /// syntax or its attribute dictionary (also of a custom op its format did not match),
    /// or in a generic op's properties or attributes. `None` if it is not written, or is
    /// written as a keyword or flags the matcher read.
    pub fn attr_node(&self, name: &str) -> Option<SyntaxNode> {
        let entry = match self.matched {
            Some(matched) => match matched.attribute(name).map(|a| &a.value) {
                Some(AttrValue::Node(node)) => return Some(node.clone()),
                Some(_) => return None,
                None => matched.attr_dict.as_ref()?.entry(name)?,
            },
            None if self.is_generic() => self.generic_attr(name)?,
            None => self
                .node
                .children()
                .find_map(ast::AttrDict::cast)?
                .entry(name)?,
        };
        Some(entry.value()?.syntax().clone())
    }

    /// How many operands the op is written with (`None` for a custom op whose syntax did
    /// not match its spec).
    pub fn operand_count(&self) -> Option<usize> {
        match self.matched {
            Some(matched) => Some(matched.operands().len()),
            None => ast::GenericOp::cast(self.node.clone()).map(|g| g.operands().count()),
        }
    }

    /// The type of each operand, when the op gives every operand one (a generic op whose
    /// function type has as many inputs as it has operands, or a matched custom op).
    pub fn operand_types(&self) -> Option<&'a [Option<Type>]> {
        (self.operands.len() == self.operand_count()?).then_some(self.operands)
    }
}

/// What verifiers share: the body's facts and resolution, a type lowering, and the
/// registry the body's ops are checked against.
pub(crate) struct Cx<'a> {
    facts: &'a Facts,
    resolution: &'a Resolution,
    lowering: Lowering<'a>,
    pub registry: &'a Registry,
    /// What a verifier computed once for a whole enclosing op (keyed by where that op
    /// starts), kept for the ops inside it: verifiers run in text order, so they reach
    /// the ops of one region together.
    memo: Option<(TextSize, Rc<dyn Any>)>,
}

impl<'a> Cx<'a> {
    pub(super) fn new(
        facts: &'a Facts,
        resolution: &'a Resolution,
        lowering: Lowering<'a>,
        registry: &'a Registry,
    ) -> Self {
        Cx {
            facts,
            resolution,
            lowering,
            registry,
            memo: None,
        }
    }

    /// What `remember` kept for the op starting at `key`, if it is of type `T`.
    pub fn recall<T: 'static>(&self, key: TextSize) -> Option<Rc<T>> {
        let (at, value) = self.memo.as_ref()?;
        (*at == key).then(|| Rc::clone(value).downcast().ok())?
    }

    /// Keeps `value` for the op starting at `key` (in place of what was kept before).
    pub fn remember<T: 'static>(&mut self, key: TextSize, value: Rc<T>) {
        self.memo = Some((key, value));
    }

    /// The op at `node` if it waits for its verifier (it passed its ODS checks).
    pub fn pending_op(&self, node: &SyntaxNode) -> Option<&'a PendingOp> {
        let pending = &self.facts.pending;
        let start = node.text_range().start();
        // The walk queues ops in text order.
        let i = pending
            .binary_search_by_key(&start, |p| p.node.text_range().start())
            .ok()?;
        pending.get(i).filter(|p| p.node == *node)
    }

    /// Each value use within `range` with the op whose result it uses, in text order
    /// (uses of block arguments and of names that resolve nowhere are left out).
    pub fn uses_within(&self, range: TextRange) -> Vec<(SyntaxToken, SyntaxNode)> {
        let names = &self.facts.name_ranges;
        let first = names.partition_point(|r| r.start() < range.start());
        let mut out = Vec::new();
        for (i, name) in names.iter().enumerate().skip(first) {
            if !range.contains_range(*name) {
                break;
            }
            let Some(token) = self.facts.body_op.covering_element(*name).into_token() else {
                continue;
            };
            if token.parent().map(|p| p.kind()) != Some(SyntaxKind::VALUE_USE) {
                continue;
            }
            let def = self.resolution.targets.get(i).copied().flatten();
            if let Some(op) = def.and_then(|def| self.op_defining(def)) {
                out.push((token, op));
            }
        }
        out
    }

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
        self.op_defining(def)
    }

    /// The op whose result name #`def` is (`None` for a block argument).
    fn op_defining(&self, def: u32) -> Option<SyntaxNode> {
        let range = *self.facts.name_ranges.get(def as usize)?;
        let def_token = self.facts.body_op.covering_element(range).into_token()?;
        let result = def_token.parent_ancestors().next()?;
        if result.kind() != SyntaxKind::OP_RESULT {
            return None;
        }
        result.ancestors().find(mlir_hir::ops::is_op)
    }

    /// The op that declares the value a `%name` token uses as an argument of one of its
    /// regions, in its header (`affine.for %i = ...`) or a block label of its regions
    /// (`None` for an op's result or a name that resolves nowhere).
    pub fn argument_owner(&self, token: &SyntaxToken) -> Option<SyntaxNode> {
        let (_, def) = self.definition_of(token)?;
        let range = *self.facts.name_ranges.get(def as usize)?;
        let def_token = self.facts.body_op.covering_element(range).into_token()?;
        if def_token.parent()?.kind() == SyntaxKind::OP_RESULT {
            return None;
        }
        def_token.parent_ancestors().find(mlir_hir::ops::is_op)
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

/// The name of an op node (`scf.yield`, `"scf.yield"`'s `scf.yield`).
pub(crate) fn op_name(op: &SyntaxNode) -> Option<String> {
    mlir_hir::ops::op_name(op)
}

/// The types of the entry arguments of the op's region #`index`: those the custom header
/// declares, else those of the entry block's label. `None` without an entry block.
pub(crate) fn entry_arg_types(op: &Op<'_>, cx: &Cx<'_>, index: usize) -> Option<Vec<Option<Type>>> {
    if index == 0
        && let Some(names) = op.replayed_region_args
        && !names.is_empty()
    {
        return Some(names.iter().map(|at| cx.value_type_at(*at)).collect());
    }
    if index == 0
        && let Some(matched) = op.matched
        && !matched.region_args.is_empty()
    {
        let types = matched
            .region_args
            .iter()
            .map(|arg| cx.use_type(&arg.value));
        return Some(types.collect());
    }
    let block = op.regions().get(index)?.entry_block()?;
    let types = block
        .args()
        .map(|arg| cx.value_type(&arg.name_token()?))
        .collect();
    Some(types)
}

/// The last op of the region's entry block.
pub(crate) fn last_op(region: &ast::Region) -> Option<SyntaxNode> {
    block_last_op(&region.entry_block()?)
}

/// The last op of a block.
pub(crate) fn block_last_op(block: &ast::Block) -> Option<SyntaxNode> {
    // From the end: a block may hold thousands of ops.
    let mut node = block.syntax().last_child();
    while let Some(n) = node {
        if mlir_hir::ops::is_op(&n) {
            return Some(n);
        }
        node = n.prev_sibling();
    }
    None
}

/// The value uses of an op's operands, outside its regions (`scf.reduce(%v : f32)`).
pub(crate) fn operand_uses(op: &SyntaxNode) -> Vec<ast::ValueUse> {
    if let Some(generic) = ast::GenericOp::cast(op.clone()) {
        return generic.operands().collect();
    }
    let mut out = Vec::new();
    collect_uses(op, &mut out);
    out
}

fn collect_uses(node: &SyntaxNode, out: &mut Vec<ast::ValueUse>) {
    for child in node.children() {
        match child.kind() {
            SyntaxKind::REGION | SyntaxKind::REGION_LIST | SyntaxKind::ATTR_DICT => {}
            SyntaxKind::VALUE_USE => out.extend(ast::ValueUse::cast(child)),
            _ => collect_uses(&child, out),
        }
    }
}

/// The types of an op's operands.
pub(crate) fn value_types(op: &SyntaxNode, cx: &Cx<'_>) -> Vec<Option<Type>> {
    operand_uses(op).iter().map(|v| cx.use_type(v)).collect()
}

/// The types written after a custom op's last top-level `:` (`memref<?xf32>, vector<4xf32>`
/// of a transfer), lowered; `None` for a generic op or other items there.
pub(crate) fn trailing_types(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Vec<Type>> {
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let items: Vec<ast::CustomOpItem> = custom.items().collect();
    let colon = items.iter().rposition(|i| i.is_token(SyntaxKind::COLON))?;
    let mut types = Vec::new();
    for item in &items[colon + 1..] {
        match item {
            ast::CustomOpItem::Type(ty) => types.push(cx.lower_type(ty.syntax())),
            ast::CustomOpItem::Token(t) if t.kind() == SyntaxKind::COMMA => {}
            ast::CustomOpItem::Location(_) => break,
            _ => return None,
        }
    }
    Some(types)
}
