//! Bodies (stage: semantic model). A body is one isolated-from-above op (a function, a
//! module, or a file chunk's top level) seen without the isolated ops nested in it. Its
//! value and block names are listed in walk order, each with what it is (definition, use,
//! maybe-definition), its scope and its position among the ops of its block — and no text
//! offsets, so a body is equal after an edit elsewhere in the file (DESIGN §3.5).

use rustc_hash::FxHashMap as HashMap;

use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, WalkEvent};

use super::ops::{self, RegionKind};

/// What a name token does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// `%x` in a result list or a block argument.
    ValueDef,
    /// A region entry argument written before the region: `%i` in `scf.for %i = ...`.
    EntryArgDef,
    /// A value a custom op writes where it could be an argument declaration (`%a : i32`):
    /// a use if the name is visible, else a definition for the op's regions.
    DefOrUse,
    ValueUse,
    BlockDef,
    BlockUse,
}

/// One `%name` or `^name` token of a body.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Name {
    pub text: String,
    pub kind: NameKind,
    /// The scope the name is defined in (defs) or looked up from (uses).
    pub scope: u32,
    /// `%x:2` defines 2 results (1 otherwise).
    pub result_count: u32,
    /// `%x#1` uses result 1.
    pub result_index: Option<u32>,
    /// When the definition takes effect, in name indices: an op's results count as defined
    /// after everything inside the op (MLIR binds them once the op is parsed).
    pub def_order: u32,
    /// The index of the innermost block around the name in its region.
    pub block: u32,
    /// The op (in walk order) this name belongs to, for dominance and messages; `u32::MAX`
    /// for block arguments and names of the body op itself.
    pub op: u32,
}

/// A region (or an op's header, holding its entry arguments) and what encloses it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scope {
    pub parent: Option<u32>,
    /// Whether uses in this region must be dominated by their definitions.
    pub kind: RegionKind,
    /// The header of an op that may be isolated from above although we cannot know it
    /// (an unknown `*.module`, `*.func`): names inside may shadow outer ones.
    pub opaque: bool,
    /// An op header whose names the op's regions may define again.
    pub shadowable: bool,
}

/// An op of the body: where it stands, for dominance checks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Op {
    /// The scope of the region the op is in.
    pub scope: u32,
    /// The block of that region (0 = entry), and the op's index in it.
    pub block: u32,
    pub index: u32,
    /// The enclosing op in the same body, if any.
    pub parent: Option<u32>,
    /// Of an upstream dialect: only such ops get dominance errors.
    pub upstream: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Body {
    pub scopes: Vec<Scope>,
    pub names: Vec<Name>,
    pub ops: Vec<Op>,
}

/// The name tokens of a body in walk order: what `Body::names` indexes. Nested isolated
/// ops are skipped whole.
pub fn name_tokens(body_op: &SyntaxNode) -> Vec<SyntaxToken> {
    let mut out = Vec::new();
    let mut walk = body_op.preorder_with_tokens();
    while let Some(event) = walk.next() {
        let WalkEvent::Enter(element) = event else {
            continue;
        };
        match element {
            rowan::NodeOrToken::Node(node) => {
                // Broken code (ERROR) gets no name errors on top of its syntax error.
                if node != *body_op && ops::is_isolated(&node)
                    || matches!(node.kind(), DIALECT_BODY | ERROR)
                {
                    walk.skip_subtree();
                }
            }
            rowan::NodeOrToken::Token(token) => {
                if matches!(token.kind(), VALUE_ID | CARET_ID) {
                    out.push(token);
                }
            }
        }
    }
    out
}

/// Builds the body of an isolated op, or of the file's top level (`SOURCE_FILE`), where each
/// `// -----` chunk gets a root scope of its own (chunks are separate files, L-17).
pub fn lower(body_op: &SyntaxNode) -> Body {
    let mut builder = Builder::default();
    let markers: Vec<_> = body_op
        .children_with_tokens()
        .filter(|e| e.kind() == SPLIT_MARKER)
        .map(|e| e.text_range().start())
        .collect();
    let roots: Vec<u32> = (0..=markers.len())
        .map(|_| builder.scope(None, ops::body_region_kind(body_op)))
        .collect();
    let tokens = name_tokens(body_op);
    let starts: Vec<_> = tokens.iter().map(|t| t.text_range().start()).collect();
    for (i, token) in tokens.iter().enumerate() {
        let chunk = markers.partition_point(|&m| m < token.text_range().start());
        builder.name(token, body_op, roots[chunk]);
        builder.body.names[i].def_order = definition_order(token, &starts).unwrap_or(i as u32);
    }
    builder.body
}

#[derive(Default)]
struct Builder {
    body: Body,
    /// Scope of each REGION node, and header scope of each op, keyed by node.
    region_scopes: HashMap<SyntaxNode, u32>,
    op_ids: HashMap<SyntaxNode, u32>,
}

impl Builder {
    fn scope(&mut self, parent: Option<u32>, kind: RegionKind) -> u32 {
        self.body.scopes.push(Scope {
            parent,
            kind,
            opaque: false,
            shadowable: false,
        });
        (self.body.scopes.len() - 1) as u32
    }

    fn name(&mut self, token: &SyntaxToken, body_op: &SyntaxNode, root: u32) {
        let parent = token.parent().expect("a token has a parent");
        let op_node = parent.ancestors().find(ops::is_op);
        // Block arguments belong to their block, not to the op around the region.
        let op = op_node
            .as_ref()
            .filter(|o| *o != body_op && parent.kind() != BLOCK_ARG)
            .map(|o| self.op_id(o, body_op, root));
        let enclosing = self.enclosing_scope(&parent, body_op, root);
        let kind = classify(token, &parent);
        let in_own_items = op_node
            .as_ref()
            .is_some_and(|o| o.kind() == CUSTOM_OP && !in_nested_region(&parent, o));
        let scope = match (kind, &op_node) {
            (NameKind::EntryArgDef | NameKind::DefOrUse, Some(op)) => {
                self.header_scope(op, body_op, root)
            }
            // An op's own operands may name what its signature declares (`-> %arg0`).
            (NameKind::ValueUse, Some(op)) if in_own_items => self.header_scope(op, body_op, root),
            _ => enclosing,
        };
        let (result_count, result_index) = counts(token, &parent);
        let text = token.text().to_string();
        let op = op.unwrap_or(u32::MAX);
        let def_order = self.body.names.len() as u32;
        self.body.names.push(Name {
            block: block_index(token),
            text,
            kind,
            scope,
            result_count,
            result_index,
            def_order,
            op,
        });
    }

    /// The scope of the innermost region around `node` inside the body.
    fn enclosing_scope(&mut self, node: &SyntaxNode, body_op: &SyntaxNode, root: u32) -> u32 {
        let region = node
            .ancestors()
            .take_while(|n| n != body_op)
            .find(|n| n.kind() == REGION);
        match region {
            Some(region) => self.region_scope(&region, body_op, root),
            None => root,
        }
    }

    /// A region's scope: it sits in the op's header scope, which holds the entry arguments
    /// the op writes before or between its regions.
    fn region_scope(&mut self, region: &SyntaxNode, body_op: &SyntaxNode, root: u32) -> u32 {
        if let Some(id) = self.region_scopes.get(region) {
            return *id;
        }
        let owner = region.ancestors().skip(1).find(ops::is_op);
        let parent = match &owner {
            Some(op) => self.header_scope(op, body_op, root),
            None => root,
        };
        let kind = owner.as_ref().map_or(RegionKind::Graph, ops::region_kind);
        let id = self.scope(Some(parent), kind);
        self.region_scopes.insert(region.clone(), id);
        id
    }

    /// The scope holding an op's entry arguments, between the op and its first region.
    fn header_scope(&mut self, op: &SyntaxNode, body_op: &SyntaxNode, root: u32) -> u32 {
        if let Some(id) = self.region_scopes.get(op) {
            return *id;
        }
        let parent = if op == body_op {
            root
        } else {
            self.enclosing_scope(op, body_op, root)
        };
        let id = self.scope(Some(parent), ops::region_kind(op));
        let scope = &mut self.body.scopes[id as usize];
        scope.opaque = op != body_op && ops::may_be_isolated(op);
        // With several regions (`scf.while (%a = ..) {..} do { ^bb0(%a: ..) }`) the entry
        // arguments belong to one region only, and the others may reuse their names.
        scope.shadowable = op.children().filter(|c| c.kind() == REGION).count() > 1;
        self.region_scopes.insert(op.clone(), id);
        id
    }

    fn op_id(&mut self, op: &SyntaxNode, body_op: &SyntaxNode, root: u32) -> u32 {
        if let Some(id) = self.op_ids.get(op) {
            return *id;
        }
        let parent_op = op
            .ancestors()
            .skip(1)
            .take_while(|n| n != body_op)
            .find(ops::is_op);
        let parent = parent_op.map(|p| self.op_id(&p, body_op, root));
        let scope = self.enclosing_scope(op, body_op, root);
        let (block, index) = position_in_block(op);
        let upstream = ops::is_upstream_op(op);
        self.body.ops.push(Op {
            scope,
            block,
            index,
            parent,
            upstream,
        });
        let id = (self.body.ops.len() - 1) as u32;
        self.op_ids.insert(op.clone(), id);
        id
    }
}

/// The index of the innermost block around a token in its region (0 outside any).
fn block_index(token: &SyntaxToken) -> u32 {
    let Some(block) = token.parent_ancestors().find(|n| n.kind() == BLOCK) else {
        return 0;
    };
    let region = block.parent();
    region.map_or(0, |r| {
        r.children().position(|b| b == block).unwrap_or(0) as u32
    })
}

/// For a result name, the index of the first name after its op.
fn definition_order(token: &SyntaxToken, starts: &[mlir_syntax::TextSize]) -> Option<u32> {
    let result = token.parent().filter(|p| p.kind() == OP_RESULT)?;
    let op = result.ancestors().find(ops::is_op)?;
    Some(starts.partition_point(|&s| s < op.text_range().end()) as u32)
}

/// The op's block index in its region and its index among that block's ops.
fn position_in_block(op: &SyntaxNode) -> (u32, u32) {
    let Some(block) = op.parent().filter(|p| p.kind() == BLOCK) else {
        return (0, 0);
    };
    let index = block
        .children()
        .filter(ops::is_op)
        .position(|n| n == *op)
        .unwrap_or(0);
    let block_index = block
        .parent()
        .map_or(0, |r| r.children().position(|b| b == block).unwrap_or(0));
    (block_index as u32, index as u32)
}

fn classify(token: &SyntaxToken, parent: &SyntaxNode) -> NameKind {
    match (token.kind(), parent.kind()) {
        (CARET_ID, BLOCK_LABEL) => NameKind::BlockDef,
        (CARET_ID, _) => NameKind::BlockUse,
        (_, OP_RESULT | BLOCK_ARG) => NameKind::ValueDef,
        (_, VALUE_USE) => custom_value_kind(parent),
        _ => NameKind::ValueUse,
    }
}

/// A value in a custom op may declare a region argument or a signature argument. `%i = v`
/// surely does (if the op has a region); any value in a bracketed group of an op that has
/// a region or names a symbol (`entryEn(%s0)`, `@f(%a[%o for %n]: T)`), a value followed by
/// `:` (possibly after a port name: `in %a "a" : i1`), a value after `as`, and values right
/// before the op's region (`test.polyfor %i, %j {`) may: they are uses if the name is
/// visible, else definitions. Anywhere else a value is a use. This leniency trades missed
/// errors in unknown ops for no false ones; op specs will make known ops exact.
fn custom_value_kind(value_use: &SyntaxNode) -> NameKind {
    let Some(op) = value_use.ancestors().find(ops::is_op) else {
        return NameKind::ValueUse;
    };
    if op.kind() != CUSTOM_OP || in_nested_region(value_use, &op) {
        return NameKind::ValueUse;
    }
    let has_region = ops::has_own_region(&op);
    let in_group = value_use.parent().is_some_and(|p| p.kind() != CUSTOM_OP);
    // Operands passed to a successor (`cf.br ^bb1(%x : i32)`) are uses.
    if value_use
        .parent()
        .and_then(|g| g.parent())
        .is_some_and(|s| s.kind() == SUCCESSOR)
    {
        return NameKind::ValueUse;
    }
    let next = next_sibling(value_use.clone().into());
    if next.as_ref().is_some_and(is_assignment) && has_region {
        return NameKind::EntryArgDef;
    }
    if in_group && (has_region || ops::declares_symbol(&op)) && !previous_is_token(value_use, EQ) {
        return NameKind::DefOrUse;
    }
    let before_as = next.as_ref().is_some_and(|n| {
        n.as_node()
            .is_some_and(|k| k.kind() == KEYWORD && k.text() == "as")
    });
    let declares = next.as_ref().is_some_and(|n| n.kind() == COLON) && (in_group || has_region)
        || in_group && port_declaration(value_use)
        || previous_is_keyword(value_use, "as")
        || before_as
        || group_declares(value_use)
        || has_region && stands_before_region(value_use);
    if declares {
        NameKind::DefOrUse
    } else {
        NameKind::ValueUse
    }
}

/// `=` that assigns (`%i = %lb`), not the start of `=>`.
fn is_assignment(element: &mlir_syntax::SyntaxElement) -> bool {
    let Some(eq) = element.as_token().filter(|t| t.kind() == EQ) else {
        return false;
    };
    eq.next_token().is_none_or(|t| t.kind() != R_ANGLE)
}

/// `%a "name" :` or `%a name :` (CIRCT ports).
fn port_declaration(value_use: &SyntaxNode) -> bool {
    let Some(next) = next_sibling(value_use.clone().into()) else {
        return false;
    };
    matches!(next.kind(), LITERAL_ATTR | KEYWORD)
        && next_sibling(next).is_some_and(|n| n.kind() == COLON)
}

fn previous_is_keyword(value_use: &SyntaxNode, keyword: &str) -> bool {
    let previous = std::iter::successors(value_use.prev_sibling_or_token(), |e| {
        e.prev_sibling_or_token()
    })
    .find(|e| !e.kind().is_trivia());
    previous
        .is_some_and(|p| p.kind() == KEYWORD && p.as_node().is_some_and(|n| n.text() == keyword))
}

/// A value in a group of values that declares arguments: the group is followed by `=`,
/// `:` or `in`, or another value in it is followed by `=` (`(%a = %x, %b)`); a value right
/// after `=` is still a use.
fn group_declares(value_use: &SyntaxNode) -> bool {
    let Some(group) = value_use.parent().filter(|g| g.kind() == PAREN_GROUP) else {
        return false;
    };
    if previous_is_token(value_use, EQ) {
        return false;
    }
    let followed = next_sibling(group.clone().into()).is_some_and(|n| {
        is_assignment(&n)
            || n.kind() == COLON
            || n.as_node()
                .is_some_and(|k| k.kind() == KEYWORD && k.text() == "in")
    });
    let values_only = group.children().all(|c| c.kind() == VALUE_USE);
    let assigns = group.children_with_tokens().any(|e| is_assignment(&e));
    followed && values_only || assigns
}

fn previous_is_token(node: &SyntaxNode, kind: mlir_syntax::SyntaxKind) -> bool {
    let previous =
        std::iter::successors(node.prev_sibling_or_token(), |e| e.prev_sibling_or_token())
            .find(|e| !e.kind().is_trivia());
    previous.is_some_and(|p| p.kind() == kind)
}

/// Values (and commas) directly before the op's region: `test.polyfor %i, %j {`.
fn stands_before_region(value_use: &SyntaxNode) -> bool {
    let mut next = next_sibling(value_use.clone().into());
    while let Some(element) = next {
        match element.kind() {
            REGION => return true,
            COMMA | VALUE_USE => next = next_sibling(element),
            _ => return false,
        }
    }
    false
}

fn in_nested_region(node: &SyntaxNode, op: &SyntaxNode) -> bool {
    node.ancestors()
        .take_while(|n| n != op)
        .any(|n| n.kind() == REGION)
}

/// The next non-trivia sibling element, skipping a location (`%i loc("x") = 0`).
fn next_sibling(element: mlir_syntax::SyntaxElement) -> Option<mlir_syntax::SyntaxElement> {
    std::iter::successors(element.next_sibling_or_token(), |e| {
        e.next_sibling_or_token()
    })
    .find(|e| !e.kind().is_trivia() && e.kind() != LOCATION)
}

/// `%x:2` → (2, None); `%x#1` → (1, Some(1)).
fn counts(token: &SyntaxToken, parent: &SyntaxNode) -> (u32, Option<u32>) {
    let number = |kind| {
        parent
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == kind)
            .and_then(|t| t.text().trim_start_matches('#').parse::<u32>().ok())
    };
    match (token.kind(), parent.kind()) {
        (VALUE_ID, OP_RESULT) => (number(INT_NUMBER).unwrap_or(1), None),
        (VALUE_ID, VALUE_USE) => (1, number(HASH_ID)),
        _ => (1, None),
    }
}
