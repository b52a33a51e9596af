//! Lowering a body in one top-down walk over its green tree. The walk carries what each
//! name needs (enclosing region, op, block, chunk) on explicit stacks instead of asking
//! the tree for ancestors per name: bodies of million-line files are lowered on every
//! open, so this must cost little more than visiting each node once. An explicit stack
//! rather than recursion keeps 100,000 nested brackets from overflowing the thread stack.

use mlir_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange, TextSize};
use rowan::{GreenNodeData, GreenTokenData, NodeOrToken};

use super::body::{Body, Name, NameKind, Op, Scope, holds_no_names};
use super::ops::{self, RegionKind};
use mlir_syntax::green::{self, GreenElement, element_kind, node_kind};

/// Builds the body of an isolated op, or of the file's top level (`SOURCE_FILE`), where each
/// `// -----` chunk gets a root scope of its own (chunks are separate files, L-17).
pub fn lower(body_op: &SyntaxNode) -> Body {
    lower_located(body_op).0
}

/// `lower`, with where each name of the body is and the result number it uses (what
/// `name_ranges` gives), read in the same walk.
pub fn lower_located(body_op: &SyntaxNode) -> (Body, Vec<(TextRange, u32)>) {
    let green = body_op.green();
    let mut walker = Walker::new(&green, outer_block_index(body_op));
    walker.walk(&green, body_op.text_range().start());
    walker.body.dialects.sort_unstable();
    walker.body.dialects.dedup();
    let mut body = walker.body;
    // The language server keeps bodies: room reserved for names the body did not have
    // is given back where it is more than the body used.
    if oversized(body.names.capacity(), body.names.len()) {
        body.names.shrink_to_fit();
    }
    if oversized(body.ops.capacity(), body.ops.len()) {
        body.ops.shrink_to_fit();
    }
    if oversized(body.texts.capacity(), body.texts.len()) {
        body.texts.shrink_to_fit();
    }
    (body, walker.ranges)
}

/// Is a reserve of `capacity` more than twice what `len` items used (and not small)?
fn oversized(capacity: usize, len: usize) -> bool {
    capacity > 2 * len + 64
}

/// About how many names a body's text holds: IR writes a `%name` or `^name` every 15 to
/// 20 bytes. Capped: a file's top level spans the whole file but holds few names of its
/// own (its functions are bodies of their own).
fn expected_names(body_op: &GreenNodeData) -> usize {
    (usize::from(body_op.text_len()) / 16).min(1 << 14)
}

/// The index of the block around `body_op` in its region, which the names of the op's own
/// header (function arguments) are counted in.
fn outer_block_index(body_op: &SyntaxNode) -> u32 {
    let Some(block) = body_op.ancestors().skip(1).find(|n| n.kind() == BLOCK) else {
        return 0;
    };
    block.parent().map_or(0, |region| {
        region.children().position(|b| b == block).unwrap_or(0) as u32
    })
}

/// Upstream ops whose `@name(%a: T, ...)` signature declares their body's entry arguments
/// (MLIR's `function_interface_impl::parseFunctionOp` and its kin).
const SIGNATURE_OPS: &[&str] = &[
    "func.func",
    "gpu.func",
    "llvm.func",
    "spirv.func",
    "transform.named_sequence",
];

/// Is the op of an upstream dialect other than `test`? Their values right before a region
/// are operands (`tensor.generate %m, %n {`, `pdl.rewrite %root {`); only the `test`
/// dialect declares region arguments there (`test.polyfor %i, %j {`).
fn upstream_beyond_test(op: &OpFrame<'_>) -> bool {
    op.upstream
        && op
            .name
            .is_some_and(|n| n.contains('.') && !n.starts_with("test."))
}

/// Upstream ops that name a symbol they call, whose parenthesised values are operands.
const CALL_OPS: &[&str] = &[
    "call",
    "func.call",
    "llvm.call",
    "llvm.invoke",
    "spirv.FunctionCall",
    "emitc.call",
    "async.call",
    "gpu.launch_func",
];

/// A node being walked: its children are visited in order.
struct Frame<'g> {
    node: &'g GreenNodeData,
    kind: SyntaxKind,
    /// The index of the next child to visit (the current one is `next - 1`).
    next: usize,
    /// Where the next child starts.
    offset: TextSize,
    /// Child nodes and child ops visited so far: a block's index in its region counts
    /// every child node of the region, an op's index in its block every op.
    nodes_seen: u32,
    ops_seen: u32,
    /// What leaving this node undoes.
    pops: Pops,
}

#[derive(Clone, Copy, Default)]
struct Pops {
    op: bool,
    region: bool,
    /// The block index to restore when leaving a block.
    block: Option<u32>,
}

/// An op being walked, with its ids created on first need (the order of creation is the
/// order of first use by a name, which keeps ids stable for equal bodies).
struct OpFrame<'g> {
    node: &'g GreenNodeData,
    name: Option<&'g str>,
    is_body: bool,
    id: Option<u32>,
    header: Option<u32>,
    /// The regions open when the op was entered: the op's own items are those seen while
    /// no more regions are open.
    regions_at_entry: usize,
    /// The innermost op around this one inside the body (not the body op).
    parent: Option<usize>,
    /// (block index, index among the block's ops), or (0, 0) outside a block.
    position: (u32, u32),
    has_region: bool,
    /// How many regions the op writes directly (not in a region list).
    regions: u32,
    declares_symbol: bool,
    /// Is the op one of upstream MLIR's dialects'?
    upstream: bool,
    /// Where this op's result names start in `Walker::results`.
    results_start: usize,
}

struct RegionFrame {
    scope: Option<u32>,
    owner: Option<usize>,
}

struct Walker<'g> {
    body: Body,
    roots: Vec<u32>,
    chunk: usize,
    block: u32,
    frames: Vec<Frame<'g>>,
    ops: Vec<OpFrame<'g>>,
    /// Each name's range and the result number it uses, as `body.names` grows.
    ranges: Vec<(TextRange, u32)>,
    regions: Vec<RegionFrame>,
    /// Uses among an op's own items met before the op had a header scope, by the op's
    /// index in `ops` and the name's: they move into that scope if one is made for a
    /// definition later, and otherwise stay in the scope around the op.
    pending_uses: Vec<(usize, usize)>,
    /// The names in the result lists of the ops being walked, whose definitions take
    /// effect after their op: one list for all ops, rather than one allocated per op.
    results: Vec<usize>,
}

impl<'g> Walker<'g> {
    fn new(body_op: &'g GreenNodeData, outer_block: u32) -> Self {
        let mut body = Body::default();
        // Room for about as many names as IR of this length holds, so that the vectors
        // are not grown (and copied) step by step in every body.
        let names = expected_names(body_op);
        body.names.reserve(names);
        body.texts.reserve(names * 4);
        body.ops.reserve(names / 2);
        let root_kind = match node_kind(body_op) {
            SOURCE_FILE => RegionKind::Graph,
            _ => green::op_name(body_op).map_or(RegionKind::Graph, ops::name_region_kind),
        };
        let markers = body_op
            .children()
            .filter(|c| element_kind(*c) == SPLIT_MARKER)
            .count();
        let roots = (0..=markers)
            .map(|_| push_scope(&mut body, None, root_kind))
            .collect();
        Walker {
            body,
            roots,
            chunk: 0,
            block: outer_block,
            frames: Vec::with_capacity(32),
            ops: Vec::with_capacity(16),
            ranges: Vec::with_capacity(names),
            regions: Vec::with_capacity(16),
            pending_uses: Vec::new(),
            results: Vec::with_capacity(16),
        }
    }

    fn walk(&mut self, body_op: &'g GreenNodeData, start: TextSize) {
        let kind = node_kind(body_op);
        let mut pops = Pops::default();
        if matches!(kind, GENERIC_OP | CUSTOM_OP) {
            self.enter_op(body_op, green::op_name(body_op), true);
            pops.op = true;
        }
        self.push_frame(body_op, kind, pops, start);
        while let Some(top) = self.frames.last_mut() {
            let Some(child) = top.node.children().nth(top.next) else {
                self.leave();
                continue;
            };
            top.next += 1;
            let at = top.offset;
            top.offset += child.text_len();
            match child {
                NodeOrToken::Node(node) => self.enter(node, at),
                NodeOrToken::Token(token) => self.token(token, at),
            }
        }
    }

    fn push_frame(&mut self, node: &'g GreenNodeData, kind: SyntaxKind, pops: Pops, at: TextSize) {
        self.frames.push(Frame {
            node,
            kind,
            next: 0,
            offset: at,
            nodes_seen: 0,
            ops_seen: 0,
            pops,
        });
    }

    fn leave(&mut self) {
        let frame = self.frames.pop().expect("a frame to leave");
        if frame.pops.op {
            self.settle_pending_uses();
            let op = self.ops.pop().expect("an op frame");
            let after = self.body.names.len() as u32;
            for i in self.results.drain(op.results_start..) {
                self.body.names[i].def_order = after;
            }
        }
        if frame.pops.region {
            self.regions.pop();
        }
        if let Some(block) = frame.pops.block {
            self.block = block;
        }
    }

    fn enter(&mut self, node: &'g GreenNodeData, at: TextSize) {
        let kind = node_kind(node);
        let parent = self.frames.last_mut().expect("a parent frame");
        let index_in_parent = parent.nodes_seen;
        parent.nodes_seen += 1;
        let is_op = matches!(kind, GENERIC_OP | CUSTOM_OP);
        let op_index = parent.ops_seen;
        parent.ops_seen += u32::from(is_op);
        let parent_kind = parent.kind;
        // Nested isolated ops are bodies of their own.
        let name = if is_op { green::op_name(node) } else { None };
        let isolated = name.is_some_and(ops::name_is_isolated);
        // (An op's name is a bare identifier: nothing in it is a name of the body.)
        if isolated || holds_no_names(kind) || kind == OP_NAME {
            return;
        }
        let mut pops = Pops::default();
        match kind {
            REGION => {
                let owner = self.ops.len().checked_sub(1);
                self.regions.push(RegionFrame { scope: None, owner });
                pops.region = true;
            }
            BLOCK => {
                pops.block = Some(self.block);
                self.block = index_in_parent;
            }
            _ if is_op => {
                self.enter_op(node, name, false);
                let op = self.ops.last_mut().expect("the op just entered");
                if parent_kind == BLOCK {
                    op.position = (self.block, op_index);
                }
                pops.op = true;
            }
            _ => {}
        }
        self.push_frame(node, kind, pops, at);
    }

    fn enter_op(&mut self, node: &'g GreenNodeData, name: Option<&'g str>, is_body: bool) {
        let upstream = name.is_some_and(ops::name_is_upstream);
        if !upstream {
            self.note_dialect(name);
        }
        let parent = self
            .ops
            .len()
            .checked_sub(1)
            .filter(|&p| !self.ops[p].is_body);
        let OwnItems {
            has_region,
            regions,
            declares_symbol,
        } = own_items(node);
        self.ops.push(OpFrame {
            node,
            name,
            is_body,
            id: None,
            header: None,
            regions_at_entry: self.regions.len(),
            parent,
            position: (0, 0),
            has_region,
            regions,
            declares_symbol,
            upstream,
            results_start: self.results.len(),
        });
    }

    /// Keeps the dialect of an op that is not upstream (see `Body::dialects`).
    fn note_dialect(&mut self, name: Option<&str>) {
        let Some((dialect, _)) = name.and_then(ops::split_dialect) else {
            return;
        };
        let dialects = &mut self.body.dialects;
        // A body uses few dialects: a scan is cheaper than sorting duplicates later.
        if !dialects.iter().any(|d| d == dialect) && name.is_some_and(|n| !ops::name_is_upstream(n))
        {
            dialects.push(dialect.to_string());
        }
    }

    fn token(&mut self, token: &'g GreenTokenData, at: TextSize) {
        let kind = green::kind_of_raw(token.kind());
        let depth = self.frames.len();
        if depth == 1 && kind == SPLIT_MARKER {
            self.chunk += 1;
        }
        if matches!(kind, BANG_ID | HASH_ID) {
            // Dialect types and attributes: an IRDL dialect's are checked in the body.
            self.note_dialect(token.text().get(1..));
        }
        if !matches!(kind, VALUE_ID | CARET_ID) {
            return;
        }
        let parent_kind = self.frames[depth - 1].kind;
        let root = self.roots[self.chunk.min(self.roots.len() - 1)];
        let op_node = self.ops.len().checked_sub(1);
        // Block arguments belong to their block, not to the op around the region.
        let op = op_node
            .filter(|&o| !self.ops[o].is_body && parent_kind != BLOCK_ARG)
            .map(|o| self.op_id(o, root));
        let enclosing = self.enclosing_scope(root);
        let name_kind = self.classify(kind, parent_kind);
        let in_own_items = op_node.is_some_and(|o| {
            node_kind(self.ops[o].node) == CUSTOM_OP
                && self.regions.len() == self.ops[o].regions_at_entry
        });
        let index = self.body.names.len();
        let scope = match (name_kind, op_node) {
            (NameKind::EntryArgDef | NameKind::DefOrUse, Some(o)) => self.header_scope(o, root),
            // An op's own operands may name what its signature declares (`-> %arg0`). Most
            // ops declare nothing: their header scope is made only for a definition, as
            // an empty one would only lengthen each lookup.
            (NameKind::ValueUse, Some(o)) if in_own_items => {
                self.ops[o].header.unwrap_or_else(|| {
                    self.pending_uses.push((o, index));
                    enclosing
                })
            }
            _ => enclosing,
        };
        let (result_count, result_index) = counts(kind, self.frames[depth - 1].node, parent_kind);
        let range = TextRange::at(at, token.text_len());
        self.ranges.push((range, result_index.unwrap_or(0)));
        if parent_kind == OP_RESULT && op_node.is_some() {
            // (Results are named while their op is the innermost one: an op's own
            // come after those of the ops around it, and go before theirs.)
            self.results.push(index);
        }
        let text_start = self.body.texts.len() as u32;
        self.body.texts.push_str(token.text());
        self.body.names.push(Name {
            block: self.block,
            text_start,
            text_len: u32::from(token.text_len()),
            kind: name_kind,
            scope,
            result_count,
            result_index,
            def_order: index as u32,
            op: op.unwrap_or(u32::MAX),
        });
    }

    /// Moves the pending uses of the innermost op, which is being left, into its header
    /// scope if it got one. (Without one, the scope around the op is where their lookup
    /// would have gone from an empty header scope: the op's enclosing region's, or for
    /// the body op the root.)
    fn settle_pending_uses(&mut self) {
        let o = self.ops.len() - 1;
        while let Some(&(op, name)) = self.pending_uses.last()
            && op == o
        {
            self.pending_uses.pop();
            if let Some(header) = self.ops[o].header {
                self.body.names[name].scope = header;
            }
        }
    }

    /// The scope of the innermost region around the walk inside the body.
    fn enclosing_scope(&mut self, root: u32) -> u32 {
        match self.regions.len().checked_sub(1) {
            Some(r) => self.region_scope(r, root),
            None => root,
        }
    }

    /// The scope of the innermost region open when op `o` was entered.
    fn scope_around_op(&mut self, o: usize, root: u32) -> u32 {
        match self.ops[o].regions_at_entry.checked_sub(1) {
            Some(r) => self.region_scope(r, root),
            None => root,
        }
    }

    /// A region's scope: it sits in the op's header scope, which holds the entry arguments
    /// the op writes before or between its regions.
    fn region_scope(&mut self, r: usize, root: u32) -> u32 {
        if let Some(id) = self.regions[r].scope {
            return id;
        }
        let owner = self.regions[r].owner;
        let parent = match owner {
            Some(o) => self.header_scope(o, root),
            None => root,
        };
        let kind = owner.map_or(RegionKind::Graph, |o| self.region_kind(o));
        let id = push_scope(&mut self.body, Some(parent), kind);
        self.regions[r].scope = Some(id);
        id
    }

    /// The scope holding an op's entry arguments, between the op and its first region.
    fn header_scope(&mut self, o: usize, root: u32) -> u32 {
        if let Some(id) = self.ops[o].header {
            return id;
        }
        let is_body = self.ops[o].is_body;
        let parent = if is_body {
            root
        } else {
            self.scope_around_op(o, root)
        };
        let kind = self.region_kind(o);
        let id = push_scope(&mut self.body, Some(parent), kind);
        let op = &self.ops[o];
        let scope = &mut self.body.scopes[id as usize];
        scope.opaque = !is_body && op.name.is_some_and(ops::name_may_be_isolated);
        // With several regions (`scf.while (%a = ..) {..} do { ^bb0(%a: ..) }`) the entry
        // arguments belong to one region only, and the others may reuse their names.
        scope.shadowable = op.regions > 1;
        self.ops[o].header = Some(id);
        id
    }

    fn region_kind(&self, o: usize) -> RegionKind {
        self.ops[o]
            .name
            .map_or(RegionKind::Graph, ops::name_region_kind)
    }

    fn op_id(&mut self, o: usize, root: u32) -> u32 {
        if let Some(id) = self.ops[o].id {
            return id;
        }
        let parent = self.ops[o].parent.map(|p| self.op_id(p, root));
        let scope = self.scope_around_op(o, root);
        let op = &self.ops[o];
        self.body.ops.push(Op {
            scope,
            block: op.position.0,
            index: op.position.1,
            parent,
            upstream: op.upstream,
        });
        let id = (self.body.ops.len() - 1) as u32;
        self.ops[o].id = Some(id);
        id
    }

    fn classify(&self, token: SyntaxKind, parent: SyntaxKind) -> NameKind {
        match (token, parent) {
            (CARET_ID, BLOCK_LABEL) => NameKind::BlockDef,
            (CARET_ID, _) => NameKind::BlockUse,
            (_, OP_RESULT | BLOCK_ARG) => NameKind::ValueDef,
            (_, VALUE_USE) => self.custom_value_kind(),
            _ => NameKind::ValueUse,
        }
    }

    /// A value in a custom op may declare a region argument or a signature argument.
    /// `%i = v` surely does (if the op has a region); any value in a bracketed group of an
    /// op that has a region or names a symbol (`entryEn(%s0)`, `@f(%a[%o for %n]: T)`), a
    /// value followed by `:` (possibly after a port name: `in %a "a" : i1`), a value after
    /// `as`, and values right before the op's region (`test.polyfor %i, %j {`) may: they
    /// are uses if the name is visible, else definitions. Anywhere else a value is a use,
    /// and so is every value of an op without a region that names no symbol (or calls
    /// it), but for names beside `as`. This leniency trades missed errors in unknown ops
    /// for no false ones; a function's signature is read exactly. The walk stands on the
    /// `VALUE_USE` node.
    fn custom_value_kind(&self) -> NameKind {
        let Some(op) = self.ops.last() else {
            return NameKind::ValueUse;
        };
        if node_kind(op.node) != CUSTOM_OP || self.regions.len() != op.regions_at_entry {
            return NameKind::ValueUse;
        }
        let depth = self.frames.len();
        let Some(at) = depth.checked_sub(2).map(|p| Sibling::of(&self.frames, p)) else {
            return NameKind::ValueUse;
        };
        let in_group = at.parent_kind() != CUSTOM_OP;
        // Operands passed to a successor (`cf.br ^bb1(%x : i32)`) are uses.
        if depth >= 3 && self.frames[depth - 3].kind == SUCCESSOR {
            return NameKind::ValueUse;
        }
        // OpenMP's `linear(%var = %step : type)` gives a step to a variable it uses.
        if self.in_group_after(at, depth, &["linear"]) {
            return NameKind::ValueUse;
        }
        let next = at.next();
        if next.is_some_and(|n| self.is_assignment(n)) && op.has_region
            || self.in_function_signature(op, at, depth)
        {
            return NameKind::EntryArgDef;
        }
        // `ins(%a : T)` and `outs(%b : T)` (linalg's and its kin's) list operands.
        if self.in_group_after(at, depth, &["ins", "outs"]) {
            return NameKind::ValueUse;
        }
        let near_as = next.is_some_and(|n| n.is_keyword("as"))
            || at.previous().is_some_and(|p| p.is_keyword("as"));
        // Without a region, nothing the op writes is defined in the body: its values are
        // operands, but for names beside `as` (`-> %r as type` may name a result) and
        // those after a symbol (ports, a declaration's arguments), except in a call.
        let is_call = op.name.is_some_and(|n| CALL_OPS.contains(&n));
        if !op.has_region && (!op.declares_symbol || is_call) && !near_as {
            return NameKind::ValueUse;
        }
        let after_eq = at.previous().is_some_and(|p| p.kind() == EQ);
        if in_group && (op.has_region || op.declares_symbol) && !after_eq {
            return NameKind::DefOrUse;
        }
        let declares = next.is_some_and(|n| n.kind() == COLON) && (in_group || op.has_region)
            || in_group && port_declaration(at)
            || near_as
            || self.group_declares(at, depth)
            || op.has_region && stands_before_region(at) && !upstream_beyond_test(op);
        if declares {
            NameKind::DefOrUse
        } else {
            NameKind::ValueUse
        }
    }

    /// Does the value stand in a parenthesised group right after one of `keywords`?
    fn in_group_after(&self, value_use: Sibling<'_>, depth: usize, keywords: &[&str]) -> bool {
        value_use.parent_kind() == PAREN_GROUP
            && depth >= 3
            && Sibling::of(&self.frames, depth - 3)
                .previous()
                .is_some_and(|p| keywords.iter().any(|k| p.is_keyword(k)))
    }

    /// `%a` in `func.func @f(%a: i32) {...}`: the signature of a function op (of
    /// `SIGNATURE_OPS`) with a body declares the body's entry arguments, as MLIR's function
    /// parser reads it, so a name there is a definition that no other may reuse.
    fn in_function_signature(
        &self,
        op: &OpFrame<'_>,
        value_use: Sibling<'_>,
        depth: usize,
    ) -> bool {
        if !op.has_region || !op.name.is_some_and(|n| SIGNATURE_OPS.contains(&n)) {
            return false;
        }
        if value_use.parent_kind() != PAREN_GROUP
            || depth < 3
            || !std::ptr::eq(self.frames[depth - 3].node, op.node)
        {
            return false;
        }
        let signature = Sibling::of(&self.frames, depth - 3);
        signature.previous().is_some_and(|p| p.kind() == SYMBOL_REF)
            && value_use.next().is_some_and(|n| n.kind() == COLON)
    }

    /// A value in a group of values that declares arguments: the group is followed by `=`,
    /// `:` or `in`, or another value in it is followed by `=` (`(%a = %x, %b)`); a value
    /// right after `=` is still a use.
    fn group_declares(&self, value_use: Sibling<'_>, depth: usize) -> bool {
        if value_use.parent_kind() != PAREN_GROUP || depth < 3 {
            return false;
        }
        if value_use.previous().is_some_and(|p| p.kind() == EQ) {
            return false;
        }
        let group = Sibling::of(&self.frames, depth - 3);
        let followed = group
            .next()
            .is_some_and(|n| self.is_assignment(n) || n.kind() == COLON || n.is_keyword("in"));
        let children = value_use.parent;
        let values_only = children
            .children()
            .filter_map(|c| c.into_node())
            .all(|n| node_kind(n) == VALUE_USE);
        let assigns = (0..children.children().len()).any(|i| {
            let at = Sibling {
                parent: children,
                index: i,
                frames: &self.frames,
                level: depth - 2,
            };
            self.is_assignment(at)
        });
        followed && values_only || assigns
    }

    /// `=` that assigns (`%i = %lb`), not the start of `=>`.
    fn is_assignment(&self, at: Sibling<'_>) -> bool {
        at.kind() == EQ && at.next_token_kind() != Some(R_ANGLE)
    }
}

fn push_scope(body: &mut Body, parent: Option<u32>, kind: RegionKind) -> u32 {
    body.scopes.push(Scope {
        parent,
        kind,
        opaque: false,
        shadowable: false,
    });
    (body.scopes.len() - 1) as u32
}

/// Whether an op has a region of its own, and whether it names a symbol of its own before
/// any operand (`vm.import @f(...)`) like a declaration or definition does.
fn own_items(op: &GreenNodeData) -> OwnItems {
    let mut items = OwnItems::default();
    let mut symbol_decided = false;
    for kind in op.children().filter_map(|c| c.into_node()).map(node_kind) {
        items.has_region |= matches!(kind, REGION | REGION_LIST);
        items.regions += u32::from(kind == REGION);
        if !symbol_decided && matches!(kind, SYMBOL_REF | PAREN_GROUP | VALUE_USE | REGION) {
            symbol_decided = true;
            items.declares_symbol = kind == SYMBOL_REF;
        }
    }
    items
}

/// What an op's own child nodes say, read in one pass.
#[derive(Default)]
struct OwnItems {
    /// A region or a region list.
    has_region: bool,
    /// Regions written directly (not in a list).
    regions: u32,
    /// A symbol reference before any group, value or region (`func.func @f`).
    declares_symbol: bool,
}

/// `%x:2` → (2, None); `%x#1` → (1, Some(1)).
fn counts(
    token: SyntaxKind,
    parent: &GreenNodeData,
    parent_kind: SyntaxKind,
) -> (u32, Option<u32>) {
    let number = |kind| {
        parent
            .children()
            .filter_map(|e| e.into_token())
            .find(|t| green::kind_of_raw(t.kind()) == kind)
            .and_then(|t| t.text().trim_start_matches('#').parse::<u32>().ok())
    };
    match (token, parent_kind) {
        (VALUE_ID, OP_RESULT) => (number(INT_NUMBER).unwrap_or(1), None),
        (VALUE_ID, VALUE_USE) => (1, number(HASH_ID)),
        _ => (1, None),
    }
}

/// A child of a node on the walk's stack, with what is needed to look at its neighbours
/// and at the tokens after it.
#[derive(Clone, Copy)]
struct Sibling<'a> {
    parent: &'a GreenNodeData,
    index: usize,
    frames: &'a [Frame<'a>],
    /// The frame of `parent` on the stack.
    level: usize,
}

impl<'a> Sibling<'a> {
    /// The child that the frame at `level` is visiting.
    fn of(frames: &'a [Frame<'a>], level: usize) -> Self {
        Sibling {
            parent: frames[level].node,
            index: frames[level].next - 1,
            frames,
            level,
        }
    }

    fn element(self) -> GreenElement<'a> {
        self.parent
            .children()
            .nth(self.index)
            .expect("a child at the index")
    }

    fn kind(self) -> SyntaxKind {
        element_kind(self.element())
    }

    fn parent_kind(self) -> SyntaxKind {
        node_kind(self.parent)
    }

    fn at(self, index: usize) -> Self {
        Sibling { index, ..self }
    }

    /// The next sibling that is neither trivia nor a location (`%i loc("x") = 0`).
    fn next(self) -> Option<Self> {
        (self.index + 1..self.parent.children().len())
            .map(|i| self.at(i))
            .find(|s| !s.kind().is_trivia() && s.kind() != LOCATION)
    }

    /// The previous sibling that is not trivia.
    fn previous(self) -> Option<Self> {
        (0..self.index)
            .rev()
            .map(|i| self.at(i))
            .find(|s| !s.kind().is_trivia())
    }

    fn is_keyword(self, keyword: &str) -> bool {
        match self.element() {
            NodeOrToken::Node(node) => node_kind(node) == KEYWORD && green::text_is(node, keyword),
            NodeOrToken::Token(_) => false,
        }
    }

    /// The kind of the token right after this element in the whole tree (trivia included),
    /// as rowan's `next_token` finds it: the first token of the next sibling, or of the
    /// next sibling of the nearest ancestor that has one.
    fn next_token_kind(self) -> Option<SyntaxKind> {
        let mut parent = self.parent;
        let mut index = self.index;
        let mut level = self.level;
        loop {
            if let Some(next) = parent.children().nth(index + 1) {
                return green::element_first_token(next).map(|t| green::kind_of_raw(t.kind()));
            }
            // Past the last child: continue after the parent in its own parent.
            level = level.checked_sub(1)?;
            parent = self.frames[level].node;
            index = self.frames[level].next - 1;
        }
    }
}

/// `%a "name" :` or `%a name :` (CIRCT ports).
fn port_declaration(value_use: Sibling<'_>) -> bool {
    let Some(next) = value_use.next() else {
        return false;
    };
    matches!(next.kind(), LITERAL_ATTR | KEYWORD) && next.next().is_some_and(|n| n.kind() == COLON)
}

/// Values (and commas) directly before the op's region: `test.polyfor %i, %j {`.
fn stands_before_region(value_use: Sibling<'_>) -> bool {
    let mut next = value_use.next();
    while let Some(at) = next {
        match at.kind() {
            REGION => return true,
            COMMA | VALUE_USE => next = at.next(),
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body of the first op of `text`.
    fn body_of(text: &str) -> Body {
        let parse = mlir_syntax::parse(text);
        let op = parse.syntax_node().descendants().find(ops::is_op);
        lower(&op.expect("an op"))
    }

    fn scope_of(body: &Body, text: &str) -> Vec<u32> {
        let names = body.names.iter().filter(|n| body.text(n) == text);
        names.map(|n| n.scope).collect()
    }

    #[test]
    fn ops_that_declare_nothing_get_no_header_scope() {
        let body = body_of(
            "func.func @f(%a: i32) {\n  %b = arith.addi %a, %a : i32\n  \
             %c = arith.muli %b, %a : i32\n  return\n}\n",
        );
        // The root, the function's header and its region: none for `addi` or `muli`,
        // whose operands are looked up from the region's scope.
        assert_eq!(body.scopes.len(), 3);
        let region = scope_of(&body, "%b")[0];
        assert_eq!(scope_of(&body, "%a")[1..], [region; 3]);
    }

    #[test]
    fn a_use_before_a_declaration_of_its_op_moves_into_the_header() {
        let body =
            body_of("func.func @f(%u: i32) {\n  foo.op %u, (%d : i32) {\n  }\n  return\n}\n");
        let use_scope = scope_of(&body, "%u")[1];
        assert_eq!(scope_of(&body, "%d"), [use_scope]);
        assert_ne!(use_scope, scope_of(&body, "%u")[0]);
    }
}
