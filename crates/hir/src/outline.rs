//! The outline of a file: its bodies (the top level and every isolated op, in preorder)
//! and what the file-wide checks look at (alias references; symbol tables, calls and
//! generic ops that bind results), gathered in one walk of the green tree. What an
//! isolated op holds is remembered by its green node (`OutlineMemo`): after an edit the
//! tree shares every untouched function's node with the old one, so only the edited
//! function is walked again — on a keystroke this walk would otherwise cost as much as
//! all the rest of the analysis.

use std::sync::Arc;

use mlir_syntax::green::{self, ByAddress, node_kind};
use mlir_syntax::green_walk::GreenPath;
use mlir_syntax::{GreenNode, SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange, TextSize};
use rowan::{GreenNodeData, GreenToken};
use rustc_hash::FxHashMap;

use crate::ops;
use mlir_dialects::known_ops;

/// A `#alias` or `!alias` use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AliasRef {
    /// The reference's name token (`#map`), and where it is.
    pub name: GreenToken,
    pub range: TextRange,
    /// Inside a dialect attribute or type's body, whose syntax we do not know.
    pub in_dialect_body: bool,
    /// A trailing location's alias (`loc(#loc3)`), which may be defined later.
    pub in_location: bool,
}

/// What the file checks look at, as positions in the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    /// The green node and start of every body: the walk's root first, then the isolated
    /// ops in preorder.
    pub bodies: Vec<(GreenNode, TextSize)>,
    pub alias_refs: Vec<AliasRef>,
    /// Ops the symbol, result-count and IRDL nesting checks read: symbol tables, calls,
    /// generic ops that bind results, `irdl.*` ops; in preorder.
    pub checked_ops: Vec<(SyntaxKind, TextRange)>,
    /// Every `distinct[N]<...>` attribute, in preorder: an id names one attribute per chunk.
    pub distinct_attrs: Vec<TextRange>,
}

mod splice;

/// What each isolated op of the last outline held, by green node, and the last tree's
/// outline itself.
#[derive(Default)]
pub struct OutlineMemo {
    facts: FxHashMap<ByAddress, Arc<Outline>>,
    last: Option<(GreenNode, Arc<Outline>)>,
}

/// The outline of the tree under `root`, made from the last tree's (`splice`), reusing
/// what `memo` remembers of isolated ops, and leaving in it what this tree's hold (nothing
/// of older trees).
pub fn outline(root: &SyntaxNode, memo: &mut OutlineMemo) -> Arc<Outline> {
    let green = root.green().into_owned();
    // The last outline is kept only for a root at 0, where its positions are the tree's.
    let at_zero = root.text_range().start() == TextSize::new(0);
    let spliced = match memo.last.take() {
        Some((old_green, old)) if at_zero => {
            splice::splice(&old_green, &old, &green, &mut memo.facts)
        }
        _ => None,
    };
    let out = Arc::new(spliced.unwrap_or_else(|| {
        let mut old = std::mem::take(&mut memo.facts);
        outline_from(root, &mut old, Some(&mut memo.facts))
    }));
    memo.last = at_zero.then(|| (green, out.clone()));
    out
}

/// `outline`, for a tree just parsed whole by `parse_outlined` (which shares no node with
/// the last one): the isolated ops `pre` outlined as they were parsed are not walked
/// again, and on a large tree without them those of its widest level are outlined on all
/// cores first, as `outline_once` does.
pub fn outline_parsed(root: &SyntaxNode, memo: &mut OutlineMemo, pre: PreOutlined) -> Arc<Outline> {
    let mut old = pre.0;
    if old.is_empty() {
        old = outline_widest_level_apart(root);
    }
    memo.facts.clear();
    let out = Arc::new(outline_from(root, &mut old, Some(&mut memo.facts)));
    let at_zero = root.text_range().start() == TextSize::new(0);
    memo.last = at_zero.then(|| (root.green().into_owned(), out.clone()));
    out
}

/// The outline of the tree under `root`, taking from `old` what isolated ops held, and
/// keeping in `new` what this tree's hold.
fn outline_from(
    root: &SyntaxNode,
    old: &mut FxHashMap<ByAddress, Arc<Outline>>,
    new: Option<&mut FxHashMap<ByAddress, Arc<Outline>>>,
) -> Outline {
    let green = root.green().into_owned();
    let mut walk = Walk { old, new };
    let mut out = walk.facts(&green);
    out.bodies.insert(0, (green, TextSize::new(0)));
    out.shift(root.text_range().start());
    out
}

/// The outline of a tree without remembering anything. On a large tree the isolated ops
/// of its widest level are outlined on all cores first, and the walk then reuses them as
/// it reuses a memo's after an edit.
pub fn outline_once(root: &SyntaxNode) -> Outline {
    outline_once_with(root, PreOutlined::default())
}

/// What the isolated ops among a large file's statements hold, outlined while the parser
/// validated them (`parse_outlined`).
#[derive(Default)]
pub struct PreOutlined(FxHashMap<ByAddress, Arc<Outline>>);

/// Parses `text`, outlining each isolated op among the statements the parser's threads
/// validate right after validating it: its nodes are then still in the core's cache,
/// where the outline's own walk would fetch them from memory again.
pub fn parse_outlined(text: &str) -> (mlir_syntax::Parse, PreOutlined) {
    let found = std::sync::Mutex::new(FxHashMap::default());
    let parse = mlir_syntax::parse_visiting_statements(text, &|statement| {
        if green::op_name(statement).is_some_and(ops::name_is_isolated) {
            let key = ByAddress(statement.to_owned());
            let mut walk = Walk {
                old: &mut FxHashMap::default(),
                new: None,
            };
            let held = Arc::new(walk.facts(&key.0));
            let mut found = found
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            found.insert(key, held);
        }
    });
    let found = found.into_inner();
    (parse, PreOutlined(found.unwrap_or_else(|p| p.into_inner())))
}

/// `outline_once`, taking what `pre` outlined already (the rest is outlined as usual).
pub fn outline_once_with(root: &SyntaxNode, pre: PreOutlined) -> Outline {
    let mut apart = pre.0;
    if apart.is_empty() {
        apart = outline_widest_level_apart(root);
    }
    // Nothing is kept for later: each op's outline is moved into the file's.
    outline_from(root, &mut apart, None)
}

/// What the isolated ops of the widest level of a large tree hold, outlined on all cores
/// (nothing for a small tree, or on one core).
fn outline_widest_level_apart(root: &SyntaxNode) -> FxHashMap<ByAddress, Arc<Outline>> {
    let threads = mlir_syntax::pool::threads();
    let large = usize::from(root.text_range().len()) >= PARALLEL_BYTES;
    if threads < 2 || !large {
        return FxHashMap::default();
    }
    let green = root.green();
    let enough = threads * ENOUGH_PER_THREAD;
    outline_apart(&widest_isolated_level(&green, enough), threads)
}

/// Trees smaller than this are outlined on one thread (and their file's context read on
/// the same one, `diagnostics`): threads would not pay.
pub const PARALLEL_BYTES: usize = 1 << 20;

/// Isolated ops per thread that share the work well enough: a level with as many is not
/// looked past (finding the next level walks every op below it, on one thread).
const ENOUGH_PER_THREAD: usize = 16;

/// How many isolated ops a thread outlines at a time.
const OPS_PER_BATCH: usize = 16;

/// What each of `ops` holds, walked on `threads` threads.
fn outline_apart(ops: &[&GreenNodeData], threads: usize) -> FxHashMap<ByAddress, Arc<Outline>> {
    if ops.len() < 2 {
        return FxHashMap::default();
    }
    // Isolated ops differ in size: threads take small batches in turn.
    let batches: Vec<&[&GreenNodeData]> = ops.chunks(OPS_PER_BATCH).collect();
    let outline_batch = |(): &mut (), batch: &&[&GreenNodeData]| {
        let mut old = FxHashMap::default();
        let mut new = FxHashMap::default();
        let mut walk = Walk {
            old: &mut old,
            new: Some(&mut new),
        };
        for op in *batch {
            walk.isolated(op);
        }
        new
    };
    let done = mlir_syntax::pool::map_in_turn(&batches, threads, || (), outline_batch);
    done.into_iter().flatten().collect()
}

/// The isolated ops found below `root` through ops, regions and blocks, level by level
/// (those inside the isolated ops of the level before), as long as a level has more and
/// fewer than `enough`.
fn widest_isolated_level(root: &GreenNodeData, enough: usize) -> Vec<&GreenNodeData> {
    let mut level = isolated_below(root);
    loop {
        if level.len() >= enough {
            return level;
        }
        let next: Vec<&GreenNodeData> = level.iter().flat_map(|op| isolated_below(op)).collect();
        if next.len() <= level.len() {
            return level;
        }
        level = next;
    }
}

/// The isolated ops under `node` (not itself) that no other isolated op encloses.
fn isolated_below(node: &GreenNodeData) -> Vec<&GreenNodeData> {
    let mut found = Vec::new();
    let mut stack = vec![node];
    while let Some(top) = stack.pop() {
        for child in top.children().filter_map(|c| c.into_node()) {
            if green::op_name(child).is_some_and(ops::name_is_isolated) {
                found.push(child);
            } else if holds_ops(node_kind(child)) {
                stack.push(child);
            }
        }
    }
    found
}

impl Outline {
    /// What of the outline starts before `end`: the checks of a text that does not parse
    /// look no further than its first syntax error (`diagnostics::Reach`).
    pub fn before(mut self, end: TextSize) -> Outline {
        self.bodies.retain(|body| body.1 < end);
        self.alias_refs.retain(|alias| alias.range.start() < end);
        self.checked_ops.retain(|op| op.1.start() < end);
        self.distinct_attrs.retain(|range| range.start() < end);
        self
    }

    fn shift(&mut self, by: TextSize) {
        for body in &mut self.bodies {
            body.1 += by;
        }
        for alias in &mut self.alias_refs {
            alias.range += by;
        }
        for op in &mut self.checked_ops {
            op.1 += by;
        }
        for range in &mut self.distinct_attrs {
            *range += by;
        }
    }

    /// Appends `other`, whose positions are relative to `at`: moved if nothing else holds
    /// it (no count updates for its tokens), else copied.
    fn append_at(&mut self, other: Arc<Outline>, at: TextSize) {
        let other = match Arc::try_unwrap(other) {
            Ok(mut owned) => {
                owned.shift(at);
                self.bodies.append(&mut owned.bodies);
                self.alias_refs.append(&mut owned.alias_refs);
                self.checked_ops.append(&mut owned.checked_ops);
                self.distinct_attrs.append(&mut owned.distinct_attrs);
                return;
            }
            Err(shared) => shared,
        };
        let shifted = |r: TextRange| r + at;
        self.bodies
            .extend(other.bodies.iter().map(|(g, o)| (g.clone(), *o + at)));
        self.alias_refs
            .extend(other.alias_refs.iter().map(|a| AliasRef {
                range: shifted(a.range),
                ..a.clone()
            }));
        self.checked_ops
            .extend(other.checked_ops.iter().map(|(k, r)| (*k, shifted(*r))));
        self.distinct_attrs
            .extend(other.distinct_attrs.iter().map(|r| shifted(*r)));
    }
}

/// A walk that takes what isolated ops held from `old`, and keeps what the tree's hold in
/// `new` (if they are to be remembered).
struct Walk<'m> {
    old: &'m mut FxHashMap<ByAddress, Arc<Outline>>,
    new: Option<&'m mut FxHashMap<ByAddress, Arc<Outline>>>,
}

/// What the walk knows of a node on its path.
#[derive(Clone, Copy)]
struct Level {
    in_dialect_body: bool,
    /// Whether this node and its ancestors in the walk all hold ops: only there is an
    /// isolated op a body (name resolution skips others whole).
    holds_bodies: bool,
}

impl Level {
    /// The level of a walk's root, and of each body's op (walked as a root of its own).
    const TOP: Level = Level {
        in_dialect_body: false,
        holds_bodies: true,
    };

    /// The level of `child` of `parent` (at this level), and whether `child` is a body.
    /// `name` is the child's op name, if it is an op.
    fn of_child(
        self,
        parent: &GreenNodeData,
        child: &GreenNodeData,
        name: Option<&str>,
    ) -> (Level, bool) {
        let holds_bodies = self.holds_bodies && holds_ops(node_kind(parent));
        if holds_bodies && name.is_some_and(ops::name_is_isolated) {
            return (Level::TOP, true);
        }
        let in_dialect_body = self.in_dialect_body || node_kind(child) == DIALECT_BODY;
        let level = Level {
            in_dialect_body,
            holds_bodies,
        };
        (level, false)
    }
}

impl Walk<'_> {
    /// The outline of the subtree of `node`, relative to its start (the node itself not
    /// counted as a body).
    fn facts(&mut self, node: &GreenNodeData) -> Outline {
        let mut out = Outline::default();
        if is_checked_op(node, green::op_name(node)) {
            out.checked_ops
                .push((node_kind(node), TextRange::up_to(node.text_len())));
        }
        self.children_facts(node, 0..usize::MAX, Level::TOP, TextSize::new(0), &mut out);
        out
    }

    /// Lists in `out` what the children `children` (by index) of `parent` hold: `parent`
    /// is at `level` and starts at `start` in `out`'s positions.
    fn children_facts(
        &mut self,
        parent: &GreenNodeData,
        children: std::ops::Range<usize>,
        level: Level,
        start: TextSize,
        out: &mut Outline,
    ) {
        // Offsets are worked out only for what is listed: most nodes are not.
        let mut path = GreenPath::with_children(parent, start, level, children);
        while let Some(child) = path.next_node() {
            let kind = node_kind(child);
            // (`%c0`, `f32`, an op's name: none of them is anything the outline lists.)
            if kind.holds_only_tokens() {
                continue;
            }
            let Some((parent, &level)) = path.top() else {
                break;
            };
            let name = green::op_name(child);
            let (child_level, is_body) = level.of_child(parent, child, name);
            if is_body {
                let held = self.isolated(child);
                let at = path.last_child_start();
                out.bodies.push((child.to_owned(), at));
                out.append_at(held, at);
                continue;
            }
            if matches!(kind, ATTR_ALIAS_REF | TYPE_ALIAS_REF)
                && let Some(name) = green::first_token(child)
            {
                out.alias_refs.push(AliasRef {
                    name: name.to_owned(),
                    range: TextRange::at(path.last_child_start(), name.text_len()),
                    in_dialect_body: level.in_dialect_body,
                    in_location: node_kind(parent) == LOCATION,
                });
            }
            if is_checked_op(child, name) {
                let at = path.last_child_start();
                out.checked_ops
                    .push((kind, TextRange::at(at, child.text_len())));
            }
            if kind == DISTINCT_ATTR {
                let at = path.last_child_start();
                out.distinct_attrs.push(TextRange::at(at, child.text_len()));
            }
            path.push(child, child_level);
        }
    }

    /// What an isolated op holds (itself included as a checked op, not as a body),
    /// relative to its start: remembered, or walked and remembered.
    fn isolated(&mut self, op: &GreenNodeData) -> Arc<Outline> {
        let key = ByAddress(op.to_owned());
        // (An op met again in one tree, a small interned one, is in `new` by then.)
        let seen = self.new.as_deref().and_then(|new| new.get(&key)).cloned();
        if let Some(held) = seen.or_else(|| self.old.remove(&key)) {
            if let Some(new) = self.new.as_deref_mut() {
                // Keep what the ops nested in it held too, for edits inside them later.
                for (nested, _) in &held.bodies {
                    let nested = ByAddress(nested.clone());
                    if let Some(facts) = self.old.get(&nested) {
                        new.insert(nested, facts.clone());
                    }
                }
                new.insert(key, held.clone());
            }
            return held;
        }
        let held = Arc::new(self.facts(&key.0));
        if let Some(new) = self.new.as_deref_mut() {
            new.insert(key, held.clone());
        }
        held
    }
}

/// Ops live only in blocks, regions and groups: types and attributes hold none.
pub(crate) fn holds_ops(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SOURCE_FILE
            | GENERIC_OP
            | CUSTOM_OP
            | REGION_LIST
            | REGION
            | BLOCK
            | PAREN_GROUP
            | BRACKET_GROUP
            | BRACE_GROUP
            | ANGLE_GROUP
            | ERROR
    )
}

/// Symbol tables, calls and function constants, generic ops that bind results, and IRDL
/// ops (which may stand only in certain ops: a prefix test here finds a misplaced one
/// anywhere at no extra walk). `name` is the op's name (`None` for a node that is no op).
fn is_checked_op(node: &GreenNodeData, name: Option<&str>) -> bool {
    let binds_results = node_kind(node) == GENERIC_OP
        && node
            .children()
            .any(|c| green::element_kind(c) == OP_RESULT_LIST);
    binds_results
        || name.is_some_and(|name| {
            known_ops::TABLE_OPS.contains(&name)
                || known_ops::CALL_OPS.contains(&name)
                || known_ops::SYMBOL_USE_OPS.contains(&name)
                || name.starts_with("irdl.")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_syntax::reparse::{TextEdit, reparse};

    const TEXT: &str = "#map = affine_map<(d0) -> (d0)>\n!t = memref<4xf32, #map>\n\
        module {\n  func.func @a(%x: !t) {\n    %0 = \"t.op\"() : () -> (!t)\n    return\n  }\n\
        \x20 module @inner {\n    func.func @b() {\n      func.call @a() : () -> ()\n      return\n    }\n  }\n\
        \x20 func.func @c() attributes {l = #map, d = distinct[0]<>} {\n    return loc(#loc)\n  }\n}\n#loc = loc(\"f\":1:2)\n";

    /// The memo holds nothing of ops that are gone from the tree.
    fn assert_memo_holds_only_the_trees_ops(memo: &OutlineMemo, outline: &Outline) {
        let bodies: std::collections::HashSet<&GreenNode> =
            outline.bodies.iter().map(|b| &b.0).collect();
        for key in memo.facts.keys() {
            assert!(bodies.contains(&key.0), "a stale op in the memo");
        }
    }

    #[test]
    fn remembered_outlines_equal_fresh_ones_after_edits() {
        let mut memo = OutlineMemo::default();
        let mut parse = mlir_syntax::parse(TEXT);
        let mut text = TEXT.to_string();
        assert_eq!(
            *outline(&parse.syntax_node(), &mut memo),
            outline_once(&parse.syntax_node())
        );
        // Typing inside each function in turn, at the top level, in an op's name, adding
        // and removing functions, and edits that break the file: each outline must equal
        // a fresh one, and the memo keep nothing of older trees.
        for (needle, insert) in [
            ("return\n  }\n  module", " "),
            ("func.call", "%1 = "),
            ("@c()", "("),
            ("()\n", "  "),
            ("(d0) ->", "d1"),
            ("func.func @b", "x"),
            (
                "  module @inner",
                "  func.func @n() {\n    %2 = \"t.op\"() : () -> (!t)\n  }\n",
            ),
            ("#loc = ", "#l2 = loc(\"g\":1:1)\n"),
            ("distinct[0]", "distinct[1]<>, e = "),
            ("return loc", "}\n"),
        ] {
            let at = TextSize::new(text.find(needle).expect("needle") as u32);
            let edit = TextEdit::insert(at, insert);
            edit.apply(&mut text);
            parse = reparse(&parse, &edit);
            let remembered = outline(&parse.syntax_node(), &mut memo);
            assert_eq!(
                *remembered,
                outline_once(&parse.syntax_node()),
                "after {insert:?} at {needle:?}"
            );
            assert_memo_holds_only_the_trees_ops(&memo, &remembered);
        }
    }

    /// Every one-character insertion and deletion across the text, some outlined one at
    /// a time and some two at once (a burst), gives the outline of a fresh walk.
    #[test]
    fn spliced_outlines_equal_fresh_ones_at_every_offset() {
        let mut memo = OutlineMemo::default();
        let mut parse = mlir_syntax::parse(TEXT);
        let mut text = TEXT.to_string();
        outline(&parse.syntax_node(), &mut memo);
        let mut step = 0;
        for at in 0..TEXT.len() {
            // `x` typed at `at`, then deleted: the trees share what the edit leaves alone.
            let x = TextSize::new(at as u32);
            for (what, edit) in [
                ("insert", TextEdit::insert(x, "x")),
                ("delete", TextEdit::delete(TextRange::at(x, 1.into()))),
            ] {
                edit.apply(&mut text);
                parse = reparse(&parse, &edit);
                step += 1;
                if step % 3 == 0 {
                    continue;
                }
                let remembered = outline(&parse.syntax_node(), &mut memo);
                assert_eq!(
                    *remembered,
                    outline_once(&parse.syntax_node()),
                    "after a {what} at {at} in {text:?}"
                );
                assert_memo_holds_only_the_trees_ops(&memo, &remembered);
            }
        }
    }

    #[test]
    fn a_large_tree_outlined_on_threads_equals_one_walk() {
        // Over a megabyte: modules of functions (one with a nested module), alias uses,
        // calls and generic ops that bind results, as `outline_once` splits them.
        let mut text = String::from("#map = affine_map<(d0) -> (d0)>\n");
        for m in 0..40 {
            text.push_str(&format!("module @m{m} {{\n"));
            for f in 0..200 {
                text.push_str(&format!(
                    "  func.func @f{f}(%x: memref<4xf32, #map>) {{\n    %0 = \"t.op\"() : () -> (i32)\n    func.call @f{f}(%x) : (memref<4xf32, #map>) -> ()\n    return\n  }}\n"
                ));
            }
            text.push_str("  module @inner {\n    func.func @g() {\n      return\n    }\n  }\n}\n");
        }
        assert!(text.len() > PARALLEL_BYTES);
        let root = mlir_syntax::parse(&text).syntax_node();
        let one_walk = outline_from(&root, &mut FxHashMap::default(), None);
        assert_eq!(outline_once(&root), one_walk);
        // The file, and per module: itself, its functions, @inner and @g.
        assert_eq!(one_walk.bodies.len(), 1 + 40 * (1 + 200 + 2));
    }

    #[test]
    fn ops_outlined_while_parsing_give_the_outline_of_one_walk() {
        // Over a megabyte of functions in one module, as the bench file: the parser's
        // threads validate the functions, and outline each right after.
        let mut text = String::from("#map = affine_map<(d0) -> (d0)>\nmodule {\n");
        for f in 0..6000 {
            text.push_str(&format!(
                "  func.func @f{f}(%x: memref<4xf32, #map>) {{\n    %0 = \"t.op\"() : () -> (i32)\n    \
                 func.call @f{f}(%x) : (memref<4xf32, #map>) -> ()\n    \
                 \"t.nested\"() ({{\n      func.func @g() {{\n        return\n      }}\n    }}) : () -> ()\n    \
                 return\n  }}\n"
            ));
        }
        text.push_str("}\n");
        assert!(text.len() > PARALLEL_BYTES);
        let (parse, pre) = parse_outlined(&text);
        if mlir_syntax::pool::threads() > 1 {
            // (A few functions at either end are parsed with the rest of the file.)
            let outlined = pre.0.len();
            assert!(
                (5900..=6000).contains(&outlined),
                "{outlined} outlined while parsing"
            );
        }
        let root = parse.syntax_node();
        let one_walk = outline_from(&root, &mut FxHashMap::default(), None);
        assert_eq!(outline_once_with(&root, pre), one_walk);
        // The file, the module, and per function: itself and its nested @g.
        assert_eq!(one_walk.bodies.len(), 2 + 6000 * 2);
    }

    #[test]
    fn outline_lists_bodies_aliases_and_checked_ops() {
        let found = outline_once(&mlir_syntax::parse(TEXT).syntax_node());
        assert_eq!(found.bodies.len(), 6, "file, module, @a, @inner, @b, @c");
        let names: Vec<(&str, bool)> = found
            .alias_refs
            .iter()
            .map(|a| (&TEXT[a.range], a.in_location))
            .collect();
        assert_eq!(
            names,
            [
                ("#map", false),
                ("!t", false),
                ("!t", false),
                ("#map", false),
                ("#loc", true)
            ]
        );
        let kinds: Vec<SyntaxKind> = found.checked_ops.iter().map(|(k, _)| *k).collect();
        assert_eq!(kinds, [CUSTOM_OP, GENERIC_OP, CUSTOM_OP, CUSTOM_OP]);
        let distinct: Vec<&str> = found.distinct_attrs.iter().map(|r| &TEXT[*r]).collect();
        assert_eq!(distinct, ["distinct[0]<>"]);
    }
}
