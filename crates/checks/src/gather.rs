//! One walk over a body gathering what its checks read (checks stage, into `facts`): the types of value
//! definitions and uses, the blocks of each region with their arguments and last ops, and
//! the successor operands of branches. Nested isolated ops are other bodies: only their
//! place in their block is seen here.

use std::sync::Arc;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};
use rustc_hash::FxHashMap;

use super::custom_form_types::CustomFormTypes;
use super::facts::{
    BlockFacts, Branch, DefTypes, Facts, LastOp, PendingOp, RegionFacts, SharedTypes, TypedUse,
    regions_of,
};
use super::op_memo::{self, OpMemo};
use super::op_types::{self, OpTypes};
use super::op_verify;
use super::segment_sizes::{operand_segment_sizes, segmented_constraints};
use super::verifiers;
use super::{custom_parsers, left_over};
use crate::diagnostic::Diagnostic;
use mlir_dialects::registry::{
    self, AttrValue, COMPLETE_DIALECTS, Fit, OpMatch, OpSpec, Registry, Trait, ValueSpec,
};
use mlir_hir::ops;
use mlir_hir::ops::op_name_range;
use mlir_types::{Lowering, Type};

mod attr_presence;
mod attr_values;
mod counts;
mod irdl_ops;
mod merged_ops;

/// Ops whose single-block regions need an explicit terminator (custom syntax adds none),
/// beyond the ops we have specs for.
const NEEDS_TERMINATOR: &[&str] = &["gpu.launch", "linalg.generic"];

/// The walk over `body_op`, with the ops' specs from `registry`; `memo` must hold no
/// shape remembered under another registry (see `OpMemo::bind_registry`).
pub(crate) fn gather(
    body_op: &SyntaxNode,
    aliases: &dyn Fn(&str) -> Option<SyntaxNode>,
    registry: &Registry,
    verify_ops: bool,
    irdl: &[mlir_dialects::irdl::IrdlDialect],
    memo: &mut OpMemo,
    names: Vec<(TextRange, u32)>,
) -> Facts {
    let mut gatherer = Gatherer {
        body_range: body_op.text_range(),
        function: None,
        verify_ops,
        irdl,
        facts: Facts {
            body_op: body_op.clone(),
            name_ranges: names.iter().map(|(range, _)| *range).collect(),
            result_numbers: names.iter().map(|(_, result)| *result).collect(),
            defs: (0..names.len()).map(|_| None).collect(),
            uses: Vec::new(),
            block_args: FxHashMap::default(),
            regions: Vec::new(),
            branches: Vec::new(),
            errors: Vec::new(),
            pending: Vec::new(),
        },
        lowering: Lowering::new(aliases),
        aliases,
        registry,
        memo,
        last_name: std::cell::Cell::new(0),
    };
    if body_op.kind() == SyntaxKind::SOURCE_FILE {
        for op in body_op.children().by_kind(ops::is_op_kind) {
            let dialect = gatherer.registry.default_dialect_at(&op);
            gatherer.op(&op, dialect.as_deref(), false);
        }
    } else {
        let dialect = gatherer.registry.default_dialect_at(body_op);
        gatherer.op(body_op, dialect.as_deref(), true);
    }
    gatherer.facts
}

struct Gatherer<'a> {
    /// The body op's range, and (for a `func.func`) its name and result types.
    body_range: TextRange,
    function: Option<(String, Vec<Option<Type>>)>,
    verify_ops: bool,
    irdl: &'a [mlir_dialects::irdl::IrdlDialect],
    facts: Facts,
    lowering: Lowering<'a>,
    aliases: &'a dyn Fn(&str) -> Option<SyntaxNode>,
    registry: &'a Registry,
    memo: &'a mut OpMemo,
    /// The index of the name found last: the walk asks for names in about text order.
    last_name: std::cell::Cell<usize>,
}

/// The name of the function a `func.func` defines, as the symbol table reads it.
fn function_name(node: &SyntaxNode) -> Option<String> {
    mlir_hir::symbols::defined_symbol(node).map(|(name, _)| name)
}

/// The index of the range starting at `start` among `ranges` (sorted, starts distinct),
/// searched from `hint` forward first: a search for the next name of a walk in text
/// order takes a step or two instead of a binary search over the whole body.
fn find_near(ranges: &[TextRange], start: TextSize, hint: usize) -> Option<usize> {
    let hint = hint.min(ranges.len().saturating_sub(1));
    if ranges.get(hint)?.start() > start {
        return ranges.binary_search_by_key(&start, |r| r.start()).ok();
    }
    // Gallop: the first range past `start` is within `hint + step`.
    let mut step = 1;
    while ranges.get(hint + step).is_some_and(|r| r.start() <= start) {
        step *= 2;
    }
    let window = hint + step / 2..ranges.len().min(hint + step + 1);
    let found = ranges[window.clone()].binary_search_by_key(&start, |r| r.start());
    found.ok().map(|i| window.start + i)
}

impl<'a> Gatherer<'a> {
    fn name(&self, token: &SyntaxToken) -> Option<u32> {
        self.name_at(token.text_range().start())
    }

    /// The index of the name that starts at `start` (names are in text order).
    fn name_at(&self, start: TextSize) -> Option<u32> {
        let i = find_near(&self.facts.name_ranges, start, self.last_name.get())?;
        self.last_name.set(i);
        Some(i as u32)
    }

    fn op(&mut self, node: &SyntaxNode, default_dialect: Option<&str>, is_body: bool) {
        if !is_body && ops::is_isolated(node) {
            return;
        }
        let shape = self.read_shape(node, default_dialect, is_body);
        if shape.is_some()
            && let Some(replayed) = self.replay(node, is_body)
        {
            if let Some((spec, named_args)) = replayed {
                self.op_regions(node, Some(&spec), default_dialect, named_args);
            }
            return;
        }
        let (errors, pending) = (self.facts.errors.len(), self.facts.pending.len());
        let branches = self.facts.branches.len();
        let (spec, matched, mut types) = self.op_types(node, default_dialect);
        self.record_results(node, &types);
        if let (Some(spec), Some(matched)) = (spec, &matched) {
            self.result_binding(node, spec, matched);
        }
        let was_matched = matched.is_some();
        for (token, ty) in &types.operands {
            if let (Some(name), Some(ty)) = (self.name(token), ty) {
                self.facts.uses.push(TypedUse {
                    name,
                    ty: ty.clone(),
                });
            }
        }
        for (token, ty) in &types.region_args {
            if let Some(name) = self.name(token) {
                let at = token.text_range().start();
                let types = Arc::from([ty.clone()]);
                self.facts.defs[name as usize] = Some(DefTypes { types, at });
            }
        }
        if let Some(spec) = spec {
            self.successor_checks(node, spec, matched.as_ref(), &types);
            if self.verify_ops
                && self.verify_op(node, spec, matched.as_ref(), &types, is_body)
                && verifiers::wants(&spec.name)
            {
                self.facts.pending.push(PendingOp {
                    node: node.clone(),
                    spec: Arc::clone(spec),
                    matched,
                    operands: types.operands.iter().map(|(_, t)| t.clone()).collect(),
                    results: std::mem::take(&mut types.results),
                    replayed_region_args: None,
                });
            }
        }
        // (Only an op whose shape is read may have its verifier run early.)
        if let Some(header) = shape
            && errors == self.facts.errors.len()
            && let Some(spec) = spec.filter(|_| was_matched)
        {
            if header {
                self.remember_header(node, spec, &types, pending, is_body);
            } else if self.verified_alone(pending) {
                self.remember(node, spec, &types, branches);
            }
        }
        let named_args = !types.region_args.is_empty();
        self.op_regions(node, spec.map(|s| &**s), default_dialect, named_args);
    }

    /// Walks the regions of an op; `named_args`: its header declares the arguments of
    /// its first region.
    fn op_regions(
        &mut self,
        node: &SyntaxNode,
        spec: Option<&OpSpec>,
        default_dialect: Option<&str>,
        named_args: bool,
    ) {
        let green = node.green();
        let own_name = mlir_syntax::green::op_name(&green);
        let inner_dialect = match node.kind() {
            SyntaxKind::GENERIC_OP => default_dialect,
            _ => own_name.and_then(|name| registry::inner_dialect(name, spec, default_dialect)),
        };
        for (i, region) in regions_of(node).enumerate() {
            let named_args = named_args && i == 0;
            self.region(node, own_name, &region, spec, inner_dialect, named_args);
        }
    }

    /// Reads the shape of a custom op into the memo: `None` if it is not one whose shape
    /// is remembered, else whether it is remembered by its header (`op_memo::HEADER_OPS`,
    /// and for the body op `op_memo::BODY_HEADER_OPS`, the only ones remembered).
    fn read_shape(
        &mut self,
        node: &SyntaxNode,
        default_dialect: Option<&str>,
        is_body: bool,
    ) -> Option<bool> {
        if node.kind() != SyntaxKind::CUSTOM_OP {
            return None;
        }
        let green = node.green();
        let name = mlir_syntax::green::op_name(&green);
        let headers = if is_body {
            op_memo::BODY_HEADER_OPS
        } else {
            op_memo::HEADER_OPS
        };
        let header = name.is_some_and(|name| headers.contains(&name));
        if is_body && !header {
            return None;
        }
        // The default dialect only completes names without a dialect.
        let dotted = name.is_some_and(|name| ops::split_dialect(name).is_some());
        let dialect = if dotted { None } else { default_dialect };
        let start = node.text_range().start();
        self.memo
            .read_shape(&green, start, dialect, self.verify_ops, header)
            .then_some(header)
    }

    /// Gives an op of a remembered shape what the walk learnt of that shape (the types of
    /// its values), and checks its parent, which depends on where it stands. `None` if
    /// the shape is not remembered yet; for an op remembered by its header, its spec and
    /// whether the header names its first region's arguments (its regions are walked
    /// next, and its verifier is queued again). The body op has no parent to check.
    fn replay(&mut self, node: &SyntaxNode, is_body: bool) -> Option<Option<(Arc<OpSpec>, bool)>> {
        let entry = self.memo.replay()?;
        let names = self.memo.names();
        let at = node.text_range().end();
        let mut parent_failed = false;
        for (ordinal, types) in &entry.results {
            if let Some(name) = self.name_at(names[*ordinal as usize]) {
                let types = types.clone();
                self.facts.defs[name as usize] = Some(DefTypes { types, at });
            }
        }
        for (ordinal, ty) in &entry.operands {
            if let Some(name) = self.name_at(names[*ordinal as usize]) {
                let ty = ty.clone();
                self.facts.uses.push(TypedUse { name, ty });
            }
        }
        if !entry.successors.is_empty() {
            let op = op_name_range(node);
            for successor in &entry.successors {
                if let Some(target) = self.name_at(names[successor.label as usize]) {
                    self.facts.branches.push(Branch {
                        op,
                        successor: successor.index,
                        target,
                        operands: successor.operands.to_vec(),
                    });
                }
            }
        }
        if self.verify_ops && !is_body {
            // What depends on where the op stands is checked anew: its parent, and what a
            // return returns from.
            let error = parent_failure(node, &entry.spec, self.registry).or_else(|| {
                if !is_return(&entry.spec) {
                    return None;
                }
                let operands: Vec<Option<&Type>> =
                    entry.operands.iter().map(|(_, ty)| Some(ty)).collect();
                let message = self.return_failure(node, &entry.spec, &operands)?;
                Some(op_verify::error(message, op_name_range(node)))
            });
            if let Some(error) = error {
                self.facts.errors.push(error);
                parent_failed = true;
            }
        }
        let Some(header) = &entry.header else {
            return Some(None);
        };
        if let Some(results) = &header.function_results {
            // The function's name is not in its shape: it is read from the op.
            self.function = function_name(node).map(|name| (name, results.to_vec()));
        }
        for (ordinal, ty) in &header.region_args {
            let at = names[*ordinal as usize];
            if let Some(name) = self.name_at(at) {
                let types = Arc::from([ty.clone()]);
                self.facts.defs[name as usize] = Some(DefTypes { types, at });
            }
        }
        // A failing parent ends the op's verification before its verifier, as in full.
        if !parent_failed && let Some(queued) = &header.verifier {
            let region_args = header.region_args.iter().map(|(o, _)| names[*o as usize]);
            self.facts.pending.push(PendingOp {
                node: node.clone(),
                spec: Arc::clone(&entry.spec),
                matched: None,
                operands: queued.operands.clone(),
                results: queued.results.clone(),
                replayed_region_args: Some(region_args.collect()),
            });
        }
        Some(Some((
            Arc::clone(&entry.spec),
            !header.region_args.is_empty(),
        )))
    }

    /// Did the op that may have been queued for its verifier after the first `pending`
    /// get no verifier, or one that reads only the op and passes it now?
    fn verified_alone(&self, pending: usize) -> bool {
        match &self.facts.pending[pending..] {
            [] => true,
            [op] => {
                verifiers::reads_only_the_op(op)
                    && verifiers::passes_alone(
                        op,
                        &self.facts,
                        Lowering::new(self.aliases),
                        self.registry,
                    )
            }
            _ => false,
        }
    }

    /// Remembers what the walk learnt of a matched op that reported nothing (and whose
    /// verifier, if any, passed it alone), if nothing of it depends on what stands around
    /// it; a branch with the successors it recorded after the first `branches`.
    fn remember(
        &mut self,
        node: &SyntaxNode,
        spec: &Arc<OpSpec>,
        types: &OpTypes,
        branches: usize,
    ) {
        if !types.region_args.is_empty() {
            return;
        }
        let (Some(operands), Some(results), Some(successors)) = (
            self.typed_operands(spec, types),
            self.results(node),
            self.successors(branches),
        ) else {
            return;
        };
        self.memo.insert(op_memo::Entry {
            spec: Arc::clone(spec),
            operands,
            results,
            header: None,
            successors,
        });
    }

    /// The successors a branch recorded after the first `branches`, by their labels'
    /// ordinals; `None` if one cannot be remembered.
    fn successors(&self, branches: usize) -> Option<Box<[op_memo::Successor]>> {
        let successor = |branch: &Branch| {
            let start = self.facts.name_ranges[branch.target as usize].start();
            Some(op_memo::Successor {
                index: branch.successor,
                label: self.memo.ordinal(start)?,
                operands: branch.operands.clone().into(),
            })
        };
        self.facts.branches[branches..]
            .iter()
            .map(successor)
            .collect()
    }

    /// Remembers by its header what the walk learnt of a matched op of `HEADER_OPS` that
    /// reported nothing: with the verifier it queued (after the first `pending`), which
    /// reads its regions and so is queued again for each op replayed.
    fn remember_header(
        &mut self,
        node: &SyntaxNode,
        spec: &Arc<OpSpec>,
        types: &OpTypes,
        pending: usize,
        is_body: bool,
    ) {
        let name = spec.name.as_str();
        let body = is_body && op_memo::BODY_HEADER_OPS.contains(&name);
        if spec.has_trait(&Trait::Branch) || !body && !op_memo::HEADER_OPS.contains(&name) {
            return;
        }
        let verifier = match &self.facts.pending[pending..] {
            [] => None,
            // A body op's verifier reads only the op (and whether its region holds a
            // block, which its shape says): it is run now, and remembered if it passes.
            [op] if op.node == *node && body => {
                if !self.verified_alone(pending) {
                    return;
                }
                None
            }
            [op] if op.node == *node => Some(op_memo::QueuedTypes {
                operands: op.operands.clone(),
                results: op.results.clone(),
            }),
            _ => return,
        };
        let (Some(operands), Some(results)) =
            (self.typed_operands(spec, types), self.results(node))
        else {
            return;
        };
        let mut region_args = Vec::with_capacity(types.region_args.len());
        for (token, ty) in &types.region_args {
            let Some(ordinal) = self.ordinal_of(token) else {
                return;
            };
            region_args.push((ordinal, ty.clone()));
        }
        let function_results = match &self.function {
            Some((name, results)) if body => {
                if function_name(node).as_ref() != Some(name) {
                    return;
                }
                Some(results.clone().into())
            }
            _ => None,
        };
        let header = op_memo::Header {
            region_args: region_args.into(),
            verifier,
            function_results,
        };
        self.memo.insert(op_memo::Entry {
            spec: Arc::clone(spec),
            operands,
            results,
            header: Some(header),
            successors: Box::default(),
        });
    }

    /// The ordinal in the shape last read of a `%name` token that is one of the body's
    /// names.
    fn ordinal_of(&self, token: &SyntaxToken) -> Option<u32> {
        let start = token.text_range().start();
        self.name_at(start)?;
        self.memo.ordinal(start)
    }

    /// The operands the op types, by ordinal; `None` if one cannot be remembered.
    fn typed_operands(&self, spec: &OpSpec, types: &OpTypes) -> Option<Box<[(u32, Type)]>> {
        let mut operands = Vec::with_capacity(types.operands.len());
        for (token, ty) in &types.operands {
            let Some(ty) = ty else {
                // A return is checked anew against its function, with every operand's type.
                if is_return(spec) {
                    return None;
                }
                continue;
            };
            operands.push((self.ordinal_of(token)?, ty.clone()));
        }
        Some(operands.into())
    }

    /// The types each name of the op's result list stands for, by ordinal; `None` if one
    /// is not bound by the op.
    fn results(&self, node: &SyntaxNode) -> Option<Box<[(u32, SharedTypes)]>> {
        let at = node.text_range().end();
        let mut results = Vec::new();
        let names = &self.memo.names()[..self.memo.result_names()];
        for (ordinal, start) in names.iter().enumerate() {
            let def = self
                .name_at(*start)
                .and_then(|n| self.facts.defs[n as usize].as_ref())?;
            if def.at != at {
                return None;
            }
            results.push((ordinal as u32, def.types.clone()));
        }
        Some(results.into())
    }

    fn op_types(
        &mut self,
        node: &SyntaxNode,
        default_dialect: Option<&str>,
    ) -> (Option<&'a Arc<OpSpec>>, Option<OpMatch>, OpTypes) {
        let registry = self.registry;
        if let Some(op) = ast::GenericOp::cast(node.clone()) {
            let name = op.name().unwrap_or_default();
            let spec = registry.op_arc(&name);
            let types = op_types::generic_op_types(&op, &mut self.lowering);
            if spec.is_none() {
                self.unknown_op(node, &name, true, None);
                self.irdl_op(node, &op, &name, &types);
            }
            return (spec, None, types);
        }
        let Some(op) = ast::CustomOp::cast(node.clone()) else {
            return (None, None, OpTypes::default());
        };
        let green = node.green();
        let Some(name) = mlir_syntax::green::op_name(&green) else {
            return (None, None, OpTypes::default());
        };
        let Some(spec) = registry.resolve_arc(name, default_dialect) else {
            self.unknown_op(node, name, false, default_dialect);
            self.irdl_custom_op(node, name);
            if self.verify_ops {
                let errors = custom_parsers::header_failure(&op, name, &mut self.lowering);
                self.facts.errors.extend(errors);
            }
            let types = op_types::group_operand_types(&op, &mut self.lowering);
            return (None, None, types);
        };
        let fit = match registry::fit_op(&op, spec) {
            // The matcher does not yet read all that ODS formats print (a typed attribute's
            // `: type`, an enum's `<case>`): an imported op it cannot read is read
            // generically, never reported.
            Fit::Matched(matched) if spec.is_imported() && matched.parse_failure.is_some() => {
                Fit::No
            }
            Fit::LeftOver(..) | Fit::Expected(_) if spec.is_imported() => Fit::No,
            fit => fit,
        };
        match fit {
            Fit::Matched(matched) if matched.parse_failure.is_some() => {
                if self.verify_ops
                    && let Some(failure) = &matched.parse_failure
                {
                    let error = crate::report::custom_op_error(
                        &spec.name,
                        failure.message(),
                        failure.range(),
                    );
                    self.facts.errors.push(error);
                }
                (Some(spec), None, OpTypes::default())
            }
            Fit::Matched(matched) => {
                let types = op_types::custom_op_types(spec, &matched, &mut self.lowering);
                (Some(spec), Some(matched), types)
            }
            Fit::LeftOver(item, previous_end) => {
                if self.verify_ops
                    && let Some(error) = left_over::error(&item, previous_end)
                {
                    self.facts.errors.push(error);
                }
                (Some(spec), None, OpTypes::default())
            }
            Fit::Expected(missing) => {
                // (A dialect that reads unmatched ops itself reports their first error.)
                if self.verify_ops && !verifiers::wants_parse_check(&spec.name, false) {
                    let error = left_over::missing_piece(&spec.name, &missing);
                    self.facts.errors.extend(error);
                }
                (Some(spec), None, OpTypes::default())
            }
            // An imported op read generically is read as an op we have no spec for: its
            // hand-written parser or its typed groups, and their operands' types (else
            // loading a dialect's .td files would lose what we find without them).
            Fit::No if spec.is_imported() => {
                if self.verify_ops {
                    let errors = custom_parsers::header_failure(&op, name, &mut self.lowering);
                    self.facts.errors.extend(errors);
                }
                let types = op_types::group_operand_types(&op, &mut self.lowering);
                (Some(spec), None, types)
            }
            Fit::No => {
                // An op MLIR parses in C++ (no format) may have a hand-written parser here.
                if self.verify_ops && spec.format.is_none() {
                    let errors = custom_parsers::spec_op_failure(&op, name, &mut self.lowering);
                    self.facts.errors.extend(errors);
                }
                (Some(spec), None, OpTypes::default())
            }
        }
    }

    /// The op's type constraints and traits; `func.return` against its function. Did the
    /// op pass them (or were they not checked)?
    fn verify_op(
        &mut self,
        node: &SyntaxNode,
        spec: &OpSpec,
        matched: Option<&OpMatch>,
        types: &OpTypes,
        is_body: bool,
    ) -> bool {
        // MLIR parses an op before it verifies anything, and a parse error ends the file.
        if node.kind() == SyntaxKind::CUSTOM_OP
            && verifiers::wants_parse_check(&spec.name, matched.is_some())
            && let Some(error) = verifiers::parse_failure(node, spec, matched, types)
        {
            self.facts.errors.push(error);
            return false;
        }
        if !is_body && let Some(error) = parent_failure(node, spec, self.registry) {
            self.facts.errors.push(error);
            return false;
        }
        // ODS's invariants in MLIR's order: counts, required attributes, attribute values.
        let invariant_failure = match (ast::GenericOp::cast(node.clone()), matched) {
            (Some(generic), _) => counts::count_failure(&generic, spec)
                .or_else(|| attr_presence::missing_attribute(&generic, spec))
                .or_else(|| attr_values::generic_failure(&generic, spec, &mut self.lowering)),
            (None, Some(matched)) => attr_values::custom_failure(matched, spec, &mut self.lowering),
            (None, None) => None,
        };
        if let Some(message) = invariant_failure {
            let error = op_verify::error(message, op_name_range(node));
            self.facts.errors.push(error);
            return false;
        }
        let is_generic = node.kind() == SyntaxKind::GENERIC_OP;
        if !is_generic && matched.is_none() {
            return self.verify_custom_form_types(node, spec);
        }
        if is_body && matches!(spec.name.as_str(), "func.func" | "std.func") {
            self.function = matched.and_then(|m| self.signature(m));
        }
        let operands: Vec<Option<&Type>> = types.operands.iter().map(|(_, t)| t.as_ref()).collect();
        let known = op_verify::KnownTypes {
            operand_constraints: match matched {
                Some(m) => Some(op_types::operand_constraints(spec, m)),
                None => self.generic_operand_constraints(node, spec, operands.len()),
            },
            results: types.results.iter().map(Option::as_ref).collect(),
            operands,
        };
        if let Some(message) = op_verify::verify(spec, &known) {
            self.facts
                .errors
                .push(op_verify::error(message, op_name_range(node)));
            return false;
        }
        if let Some(message) = self.return_failure(node, spec, &known.operands) {
            self.facts
                .errors
                .push(op_verify::error(message, op_name_range(node)));
            return false;
        }
        true
    }

    /// An op in a custom form MLIR parses in C++ whose types we read (Linalg's structured
    /// ops, `llvm.call`): its written types against its ODS constraints. Did it pass them (or were they not checked)?
    fn verify_custom_form_types(&mut self, node: &SyntaxNode, spec: &OpSpec) -> bool {
        let Some(op) = ast::CustomOp::cast(node.clone()) else {
            return true;
        };
        let Some(types) = CustomFormTypes::of(&op, spec, &mut self.lowering) else {
            return true;
        };
        let known = op_verify::KnownTypes {
            operands: types.operands.iter().map(Some).collect(),
            results: types.results.iter().map(Some).collect(),
            operand_constraints: Some(types.constraints),
        };
        let Some(message) = op_verify::verify(spec, &known) else {
            return true;
        };
        let error = op_verify::error(message, op_name_range(node));
        self.facts.errors.push(error);
        false
    }

    /// The declaration of each of a generic op's `count` operands: as their variadicity
    /// alone tells, or as the op's `operandSegmentSizes` split them.
    fn generic_operand_constraints<'s>(
        &mut self,
        node: &SyntaxNode,
        spec: &'s OpSpec,
        count: usize,
    ) -> Option<Vec<&'s ValueSpec>> {
        op_verify::value_constraints(&spec.operands, count).or_else(|| {
            if !spec.has_trait(&Trait::AttrSizedOperandSegments) {
                return None;
            }
            let generic = ast::GenericOp::cast(node.clone())?;
            let lowering = &mut self.lowering;
            let sizes = operand_segment_sizes(&generic, &mut |n| lowering.lower_attr(n))?;
            segmented_constraints(&spec.operands, &sizes, count)
        })
    }

    /// For a return directly in the function's body (only that one returns from it), why
    /// its operands do not fit the function's results.
    fn return_failure(
        &self,
        node: &SyntaxNode,
        spec: &OpSpec,
        operands: &[Option<&Type>],
    ) -> Option<String> {
        if !is_return(spec) {
            return None;
        }
        let (function, results) = self.function.as_ref()?;
        let parent = node.ancestors().skip(1).find(ops::is_op)?;
        if parent.text_range() != self.body_range || parent.kind() == SyntaxKind::SOURCE_FILE {
            return None;
        }
        op_verify::return_check(&spec.name, function, results, operands)
    }

    /// The name and result types of a matched `func.func` (or legacy `std.func`).
    fn signature(&mut self, matched: &OpMatch) -> Option<(String, Vec<Option<Type>>)> {
        let name = match &matched.attribute("sym_name")?.value {
            AttrValue::Symbol(symbol) => symbol.leaf_name()?,
            _ => return None,
        };
        let AttrValue::Signature { results, .. } = &matched.attribute("function_type")?.value
        else {
            return None;
        };
        let results = results
            .iter()
            .map(|t| Some(t.lower(&mut self.lowering)))
            .collect();
        Some((name, results))
    }

    /// An op named in a dialect we know completely but not one of its ops, or an
    /// unprefixed custom op that is none of its default dialect's (when we know that
    /// dialect completely; `builtin` at the top level and in modules).
    fn unknown_op(
        &mut self,
        node: &SyntaxNode,
        name: &str,
        generic: bool,
        default_dialect: Option<&str>,
    ) {
        if !self.verify_ops {
            return;
        }
        let (code, message) = match name.split_once('.') {
            Some((dialect, _)) if !COMPLETE_DIALECTS.contains(&dialect) => return,
            // MLIR's verifier finds this, once the whole file has parsed.
            Some((dialect, _)) if generic => ("unregistered-op", unregistered_op(name, dialect)),
            // A custom op's parser is looked up as its name is read.
            Some(_) => ("unknown-op", format!("custom op '{name}' is unknown")),
            None if generic => return,
            // Mid-line, a word is more likely what is left of a broken line than an op.
            None if !starts_line(node) => return,
            None => match default_dialect {
                Some(d) if d == "builtin" || COMPLETE_DIALECTS.contains(&d) => (
                    "unknown-op",
                    format!("custom op '{name}' is unknown (tried '{d}.{name}' as well)"),
                ),
                _ => return,
            },
        };
        let error = Diagnostic::error(code, message, op_name_range(node));
        self.facts.errors.push(error);
    }

    /// Gives each result name of the op its types, bound once the op is parsed.
    fn record_results(&mut self, node: &SyntaxNode, types: &OpTypes) {
        let Some(list) = node
            .first_child_by_kind(&ast::OpResultList::can_cast)
            .and_then(ast::OpResultList::cast)
        else {
            return;
        };
        let at = node.text_range().end();
        let known = types.results.len();
        let mut next = 0usize;
        for result in list.results() {
            let count = result.count().unwrap_or(1) as usize;
            let end = next.saturating_add(count);
            let Some(name) = result.name_token().and_then(|t| self.name(&t)) else {
                next = end;
                continue;
            };
            // Only the results the op has are typed: a name written to stand for more
            // (`%r:4000000000`, an error of its own) reads no type past them.
            let types = (next.min(known)..end.min(known))
                .map(|i| types.results[i].clone())
                .collect();
            next = end;
            self.facts.defs[name as usize] = Some(DefTypes { types, at });
        }
    }

    /// Does a custom op's result list name as many results as the op has? (A generic
    /// op's function type says how many; the file checks compare those.)
    fn result_binding(&mut self, node: &SyntaxNode, spec: &OpSpec, matched: &OpMatch) {
        let Some(defined) = matched.result_count(spec) else {
            return;
        };
        let error = crate::result_count::result_binding_check(node, defined as u64);
        self.facts.errors.extend(error);
    }

    /// `successors in non-terminator` for a generic op we know; the operands a branch
    /// passes to each successor.
    fn successor_checks(
        &mut self,
        node: &SyntaxNode,
        spec: &OpSpec,
        matched: Option<&OpMatch>,
        types: &OpTypes,
    ) {
        if let Some(op) = ast::GenericOp::cast(node.clone())
            && let Some(list) = op.successor_list()
            && !spec.is_terminator()
        {
            let at = TextRange::at(list.syntax().text_range().start(), 1.into());
            let error = Diagnostic::error("successors", "successors in non-terminator", at);
            self.facts.errors.push(error);
        }
        // Which operands an imported op passes to a successor is its C++
        // `getSuccessorOperands`'s to say (`arc.coroutine.yield` passes a value it produces
        // itself): only our own specs model it.
        let forwards = spec.has_trait(&Trait::Branch) && !spec.is_imported();
        let Some(matched) = matched.filter(|_| forwards) else {
            return;
        };
        let op_range = op_name_range(node);
        for (successor, target) in matched.successors.iter().flatten().enumerate() {
            let Some(target_name) = target.name_token().and_then(|t| self.name(&t)) else {
                continue;
            };
            let operands = target
                .operands()
                .map(|value| {
                    let token = value.name_token()?;
                    let (_, ty) = types.operands.iter().find(|(t, _)| *t == token)?;
                    ty.clone()
                })
                .collect();
            self.facts.branches.push(Branch {
                op: op_range,
                successor,
                target: target_name,
                operands,
            });
        }
    }

    fn region(
        &mut self,
        owner: &SyntaxNode,
        owner_name: Option<&str>,
        region: &ast::Region,
        spec: Option<&OpSpec>,
        default_dialect: Option<&str>,
        named_args: bool,
    ) {
        // In custom form, MLIR's parser adds the terminator a block of an op with an
        // implicit terminator (`scf.for`'s `scf.yield`) leaves out.
        let implicit = |spec: &OpSpec| {
            owner.kind() == SyntaxKind::CUSTOM_OP && spec.implicit_terminator().is_some()
        };
        let needs_terminator = match spec {
            Some(spec) => !spec.has_trait(&Trait::NoTerminator) && !implicit(spec),
            // IRDL ops have no `NoTerminator` trait.
            None => owner_name
                .is_some_and(|name| NEEDS_TERMINATOR.contains(&name) || self.is_irdl_op(name)),
        };
        let all_blocks: Vec<ast::Block> = region.blocks().collect();
        // Whether a block's last op is a terminator is asked only here (see `blocks`):
        // elsewhere the op is not matched against its spec again to tell.
        let terminators_asked = needs_terminator || all_blocks.len() > 1;
        let mut blocks = Vec::with_capacity(all_blocks.len());
        for (i, block) in all_blocks.into_iter().enumerate() {
            let label = block.label();
            if i == 0
                && named_args
                && let Some(label) = &label
            {
                let message = "invalid block name in region with named arguments";
                let range = label
                    .name_token()
                    .map_or(label.syntax().text_range(), |t| t.text_range());
                self.facts
                    .errors
                    .push(Diagnostic::error("block", message, range));
            }
            let label_name = label
                .as_ref()
                .and_then(|l| l.name_token())
                .and_then(|t| self.name(&t));
            if let (Some(label), Some(name)) = (&label, label_name) {
                let args = label
                    .args()
                    .map(|arg| arg.ty().map(|t| self.lowering.lower_type(t.syntax())))
                    .collect();
                for arg in label.args() {
                    self.block_arg(&arg);
                }
                self.facts.block_args.insert(name, args);
            }
            let mut last = None;
            for op in block.syntax().children().by_kind(ops::is_op_kind) {
                self.op(&op, default_dialect, false);
                last = Some(op);
            }
            let last_op = last.map(|op| self.last_op(&op, default_dialect, terminators_asked));
            blocks.push(BlockFacts {
                label: label_name,
                last_op,
            });
        }
        let single_block_verified = spec.is_some_and(|s| {
            verifiers::wants(&s.name)
                && (s.has_trait(&Trait::SingleBlock) || s.implicit_terminator().is_some())
        });
        self.facts.regions.push(RegionFacts {
            owner: op_name_range(owner),
            needs_terminator,
            single_block_verified,
            blocks,
        });
    }

    fn block_arg(&mut self, arg: &ast::BlockArg) {
        let Some(token) = arg.name_token() else {
            return;
        };
        let Some(name) = self.name(&token) else {
            return;
        };
        let ty = arg.ty().map(|t| self.lowering.lower_type(t.syntax()));
        let at = token.text_range().start();
        self.facts.defs[name as usize] = Some(DefTypes {
            types: Arc::from([ty]),
            at,
        });
    }

    /// The last op of a block; whether it is surely no terminator only if `asked`.
    fn last_op(&self, op: &SyntaxNode, default_dialect: Option<&str>, asked: bool) -> LastOp {
        let green = op.green();
        let name = mlir_syntax::green::op_name(&green);
        let spec = name.and_then(|n| self.registry.resolve(n, default_dialect));
        LastOp {
            node: op.clone(),
            range: op_name_range(op),
            // An op with successors is reported as such (`successors in non-terminator`).
            // IRDL cannot define terminators.
            known_non_terminator: asked
                && (spec.is_some_and(|s| !s.is_terminator() && !fails_unseen(s))
                    || name.is_some_and(|n| self.is_irdl_op(n)))
                && op
                    .first_child_by_kind(&|k| k == SyntaxKind::SUCCESSOR_LIST)
                    .is_none()
                && parses(op, spec),
        }
    }
}

/// Might the op fail a verifier we do not model? MLIR verifies a block's last op before it
/// asks whether the block ends in a terminator, and stops at the op's failure (its tests
/// end a function with the broken op and no `return`); whether the block lacks one is then
/// never asked.
fn fails_unseen(spec: &OpSpec) -> bool {
    spec.has_verifier && !verifiers::wants(&spec.name)
}

/// Would MLIR's parser take the op (no syntax error in it, and a custom form that fits
/// its spec)? One it would not take stops MLIR before any verifier runs, so whether its
/// block lacks a terminator is never asked (it may have been meant as the terminator).
fn parses(op: &SyntaxNode, spec: Option<&OpSpec>) -> bool {
    let broken = op.descendants().any(|n| n.kind() == SyntaxKind::ERROR);
    let fits = match (ast::CustomOp::cast(op.clone()), spec) {
        (Some(custom), Some(spec)) => registry::match_op(&custom, spec).is_some(),
        _ => true,
    };
    !broken && fits
}

/// MLIR's error for a generic op that a dialect (closed to unknown ops) lacks.
fn unregistered_op(name: &str, dialect: &str) -> String {
    format!(
        "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
    )
}

/// Is the node the first thing on its line (comments and whitespace aside)?
fn starts_line(node: &SyntaxNode) -> bool {
    let mut before = node.first_token().and_then(|t| t.prev_token());
    while let Some(token) = before {
        match token.kind() {
            SyntaxKind::WHITESPACE if token.text().contains('\n') => return true,
            SyntaxKind::WHITESPACE => before = token.prev_token(),
            _ => return false,
        }
    }
    true
}

/// `HasParent`/`ParentOneOf`: the op must sit directly in a region of one of these ops.
/// At the top of a file, the parent is the implicit `builtin.module`. A parent written with
/// a short name is resolved in `registry`.
fn parent_failure(node: &SyntaxNode, spec: &OpSpec, registry: &Registry) -> Option<Diagnostic> {
    let parents = spec.traits.iter().find_map(|t| match t {
        Trait::HasParent(parents) => Some(parents),
        _ => None,
    })?;
    let parent = node.ancestors().skip(1).find(ops::is_op);
    // A legacy op read at a file's top level through the `builtin` fallback (`return`):
    // MLIR 22 finds no such op there, as it parses the op's name.
    if parent.is_none()
        && let Some(short) = spec.name.strip_prefix("std.")
        && mlir_syntax::green::op_name(&node.green()) == Some(short)
    {
        let message = format!("custom op '{short}' is unknown (tried 'builtin.{short}' as well)");
        return Some(Diagnostic::error(
            "unknown-op",
            message,
            op_name_range(node),
        ));
    }
    let parent_green = parent.as_ref().map(|p| p.green());
    // Read on the green node: returns and yields are replayed by the thousand.
    let parent_name = match &parent_green {
        Some(green) => mlir_syntax::green::op_name(green)?,
        None => "builtin.module",
    };
    if parents.iter().any(|p| p == parent_name) {
        return None;
    }
    // A parent written with a short name (`func`, in a file of the legacy dialect).
    if let Some(parent) = &parent {
        let default_dialect = registry.default_dialect_at(parent);
        let resolved = registry.resolve(parent_name, default_dialect.as_deref());
        let unknown_short = resolved.is_none() && !parent_name.contains('.');
        if unknown_short || resolved.is_some_and(|p| parents.contains(&p.name)) {
            return None;
        }
        // The region may belong to an op the syntax read as part of this one.
        if merged_ops::may_hold_next_op(parent, registry) {
            return None;
        }
    }
    let message = match parents.as_slice() {
        [one] => format!("'{}' op expects parent op '{one}'", spec.name),
        many => format!(
            "'{}' op expects parent op to be one of '{}'",
            spec.name,
            many.join(", ")
        ),
    };
    Some(op_verify::error(message, op_name_range(node)))
}

/// Does the op return from its function (`func.return`, or the legacy `std.return`)?
fn is_return(spec: &OpSpec) -> bool {
    matches!(spec.name.as_str(), "func.return" | "std.return")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_from_any_hint_finds_what_a_binary_search_finds() {
        let ranges: Vec<TextRange> = (0..40u32)
            .map(|i| TextRange::at(TextSize::new(i * 3 + i % 2), TextSize::new(2)))
            .collect();
        for hint in 0..45 {
            for start in 0..130 {
                let start = TextSize::new(start);
                let expected = ranges.binary_search_by_key(&start, |r| r.start()).ok();
                assert_eq!(
                    find_near(&ranges, start, hint),
                    expected,
                    "{start:?} from {hint}"
                );
            }
        }
        assert_eq!(find_near(&[], TextSize::new(0), 0), None);
    }
}
