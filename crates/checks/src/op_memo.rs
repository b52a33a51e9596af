//! What the body walk learnt of flat ops, remembered by their shape (checks stage). An op
//! without regions, such as `%3 = arith.addf %1, %2 : f32` or `cf.br ^bb1`, gets from its
//! spec and syntax the same types and the same verdict wherever it stands, whatever its
//! values are named, which symbols it names or which blocks it branches to: only its text
//! with the `%names`, the `@symbols`, the `^labels` and its trailing location left out
//! decides them. Million-line IR repeats a few thousand such shapes, so matching the
//! op's format, typing its values and checking its constraints is done once per shape.
//!
//! A memo holds for one file context (its aliases give types their meaning, its registry
//! the ops' specs), and only
//! what cannot depend on anything around the op is remembered. Ops that reported an
//! error take the full path every time; so do ops whose dialect verifier
//! may read other values or the ops around them (a verifier that reads only the op is run
//! at once, and its op remembered if it passes). What depends on where the op stands is
//! checked anew: its parent, which the op's traits may constrain, and for a return the
//! results of the function it returns from.
//!
//! The loops and conditionals of `scf` are remembered by their header: their regions
//! stand in the key as placeholders, and what their verifier reads (their regions, the
//! types of their region arguments) is queued again for each op replayed. The walk goes
//! into the regions of a replayed op as into any other's.

use mlir_syntax::green_walk::{green_kind, kind_of_raw};
use mlir_syntax::{SyntaxKind, TextSize};
use rowan::{GreenNodeData, GreenTokenData, NodeOrToken};
use rustc_hash::FxHashMap;

use std::sync::Arc;

use super::facts::SharedTypes;
use mlir_dialects::registry::{OpSpec, Registry};
use mlir_types::Type;

/// Longer shapes (big literals, long operand lists) are not remembered: they rarely
/// repeat, and keying them would cost what it saves.
const MAX_KEY: usize = 400;
/// Types nest; deeper shapes are not remembered (and the walk needs no stack).
const MAX_DEPTH: u32 = 24;
/// A bound on the memo's size for files whose ops all differ.
const MAX_ENTRIES: usize = 1 << 16;

// A key is the op's tokens and nodes in preorder: each a byte of its kind, then for a
// token its text (none for a `%name`) and `TEXT_END` (neither for punctuation, which its
// kind spells), for a node its children and `NODE_END`. Neither byte occurs in UTF-8
// text or is a kind.
const NODE_END: u8 = 0xFE;
const TEXT_END: u8 = 0xFF;
const _: () = assert!((SyntaxKind::__LAST as u16) < NODE_END as u16);

/// The remembered shapes of one walk (or of a thread's walks over one file's bodies).
#[derive(Default)]
pub struct OpMemo {
    entries: FxHashMap<Box<[u8]>, Entry>,
    disabled: bool,
    /// The shape last read: its key, its `%name`s and how many of them the op defines.
    key: Vec<u8>,
    names: Vec<TextSize>,
    result_names: usize,
    /// How many ops were given a remembered shape's facts.
    replayed: std::cell::Cell<usize>,
    /// While reading a header shape: the op's regions stand in the key as placeholders.
    header: bool,
    /// The registry whose specs the entries hold (kept alive, so that its address cannot
    /// be taken by another one).
    registry: Option<Arc<Registry>>,
}

/// What the walk learnt of an op of some shape. Names are given by their ordinal among
/// the op's `%name` tokens.
pub(super) struct Entry {
    pub spec: Arc<OpSpec>,
    /// The operands the op types, in the order the walk records them.
    pub operands: Box<[(u32, Type)]>,
    /// The types each name of the op's result list stands for.
    pub results: Box<[(u32, SharedTypes)]>,
    /// What a header shape adds: its region arguments and its queued verifier.
    pub header: Option<Header>,
    /// For a branch, each successor in order: its `^label` and the types it passes.
    pub successors: Box<[Successor]>,
}

/// A successor of a remembered branch: its index among the op's successors, the ordinal
/// of its `^label` among the op's names, and the types of the operands it passes.
pub(super) struct Successor {
    pub index: usize,
    pub label: u32,
    pub operands: Box<[Option<Type>]>,
}

/// What the walk learnt of an op remembered by its header.
pub(super) struct Header {
    /// The region arguments the header declares, with their types.
    pub region_args: Box<[(u32, Option<Type>)]>,
    /// What its verifier was queued with, if it was.
    pub verifier: Option<QueuedTypes>,
    /// For a function checked as a body, the types it returns (its returns are checked
    /// against them).
    pub function_results: Option<Box<[Option<Type>]>>,
}

/// The operand and result types an op's verifier was queued with.
pub(super) struct QueuedTypes {
    pub operands: Vec<Option<Type>>,
    pub results: Vec<Option<Type>>,
}

/// The ops remembered by their header: their verifiers read their regions and their
/// region arguments' types, and nothing else of how their syntax matched.
pub(super) const HEADER_OPS: &[&str] = &["scf.for", "scf.if"];

/// The body ops remembered by their header: what their verifier and custom parser read
/// of their region is only whether it holds a block, which their key says. Functions
/// repeat signatures: a million-line file declares and defines thousands of them.
pub(super) const BODY_HEADER_OPS: &[&str] = &["func.func"];

impl OpMemo {
    pub fn new() -> OpMemo {
        OpMemo::default()
    }

    /// A memo for the bodies of a whole file: they share a few thousand shapes, so the
    /// table has room for them from the start (growing it hashes every key again).
    pub fn for_file() -> OpMemo {
        OpMemo {
            entries: FxHashMap::with_capacity_and_hasher(1 << 12, Default::default()),
            ..OpMemo::default()
        }
    }

    /// A memo that remembers nothing: every op takes the full path (for tests that
    /// compare both).
    pub fn disabled() -> OpMemo {
        OpMemo {
            disabled: true,
            ..OpMemo::default()
        }
    }

    /// Makes the memo one of `registry`'s specs: what it remembers under another
    /// registry is forgotten (a shape's verdict depends on its op's spec).
    pub(super) fn bind_registry(&mut self, registry: &Arc<Registry>) {
        if self
            .registry
            .as_ref()
            .is_some_and(|r| Arc::ptr_eq(r, registry))
        {
            return;
        }
        self.entries.clear();
        self.registry = Some(Arc::clone(registry));
    }

    /// Reads the shape of `op` (a custom op starting at `at`) in the context of its
    /// default dialect; `false` if the op is not one whose shape is remembered. With
    /// `header`, the op's own regions are read as placeholders.
    pub(super) fn read_shape(
        &mut self,
        op: &GreenNodeData,
        at: TextSize,
        default_dialect: Option<&str>,
        verify_ops: bool,
        header: bool,
    ) -> bool {
        if self.disabled || !header && ends_in_region(op) {
            return false;
        }
        self.header = header;
        self.key.clear();
        self.names.clear();
        self.result_names = 0;
        self.key
            .extend_from_slice(default_dialect.unwrap_or("").as_bytes());
        self.key
            .extend_from_slice(&[TEXT_END, u8::from(verify_ops)]);
        self.node(op, at, 0, false)
    }

    fn node(&mut self, node: &GreenNodeData, at: TextSize, depth: u32, in_results: bool) -> bool {
        let kind = green_kind(node);
        if depth > MAX_DEPTH || !may_be_flat(kind) {
            return false;
        }
        self.key.push(kind as u8);
        let in_results = in_results || kind == SyntaxKind::OP_RESULT_LIST;
        // Where the op's trailing location starts in the key, while it is the last thing
        // read: what it says changes no check of the op, so it is left out.
        let mut trailing_location = None;
        let mut offset = at;
        for child in node.children() {
            let start = self.key.len();
            let flat = match child {
                // A location's text is not read: only where it stands matters.
                NodeOrToken::Node(child) if depth == 0 && is_location(child) => {
                    self.key
                        .extend_from_slice(&[SyntaxKind::LOCATION as u8, NODE_END]);
                    true
                }
                // What a region holds is walked as the ops of any region are; only whether
                // it holds a block is part of the shape.
                NodeOrToken::Node(child)
                    if depth == 0 && self.header && green_kind(child) == SyntaxKind::REGION =>
                {
                    let has_block = child.children().any(|c| {
                        c.as_node()
                            .is_some_and(|n| green_kind(n) == SyntaxKind::BLOCK)
                    });
                    let region = [SyntaxKind::REGION as u8, u8::from(has_block), NODE_END];
                    self.key.extend_from_slice(&region);
                    true
                }
                NodeOrToken::Node(child) => match sole_token(child) {
                    Some(token) => self.wrapper(child, token, offset, depth + 1, in_results),
                    None => self.node(child, offset, depth + 1, in_results),
                },
                NodeOrToken::Token(token) => {
                    self.token(kind_of_raw(token.kind()), token.text(), offset, in_results);
                    true
                }
            };
            if !flat || self.key.len() > MAX_KEY {
                return false;
            }
            if depth == 0 && self.key.len() > start {
                let location = child.as_node().is_some_and(|c| is_location(c));
                trailing_location = location.then_some(start);
            }
            offset += child.text_len();
        }
        if let Some(start) = trailing_location {
            self.key.truncate(start);
        }
        self.key.push(NODE_END);
        true
    }

    /// `node` for a node below the op whose one child is `token`: most of an op's nodes
    /// (`%c0`, `f32`, its name), read without a walk of their children.
    fn wrapper(
        &mut self,
        node: &GreenNodeData,
        token: &GreenTokenData,
        at: TextSize,
        depth: u32,
        in_results: bool,
    ) -> bool {
        let kind = green_kind(node);
        if depth > MAX_DEPTH || !may_be_flat(kind) {
            return false;
        }
        self.key.push(kind as u8);
        let in_results = in_results || kind == SyntaxKind::OP_RESULT_LIST;
        self.token(kind_of_raw(token.kind()), token.text(), at, in_results);
        self.key.push(NODE_END);
        true
    }

    fn token(&mut self, kind: SyntaxKind, text: &str, at: TextSize, in_results: bool) {
        if kind.is_trivia() {
            return;
        }
        self.key.push(kind as u8);
        match kind {
            SyntaxKind::VALUE_ID => {
                self.names.push(at);
                self.result_names += usize::from(in_results);
            }
            // Which block a branch goes to changes none of its checks here: what it passes
            // is checked against the block's arguments apart, by name.
            SyntaxKind::CARET_ID => self.names.push(at),
            // Which symbol an op names changes none of its checks here: uses of symbols
            // are checked against the file's symbol table apart, and a verifier that
            // looks a symbol up does not read only the op. (`@a::@b` keeps its `::`.)
            SyntaxKind::AT_ID => {}
            // Punctuation has one spelling: its kind says all of it.
            _ if has_fixed_text(kind) => return,
            _ => self.key.extend_from_slice(text.as_bytes()),
        }
        self.key.push(TEXT_END);
    }

    /// What is remembered for the shape last read, to give the op it was read from.
    pub(super) fn replay(&self) -> Option<&Entry> {
        let entry = self.entries.get(self.key.as_slice())?;
        self.replayed.set(self.replayed.get() + 1);
        Some(entry)
    }

    /// Remembers `entry` for the shape last read.
    pub(super) fn insert(&mut self, entry: Entry) {
        if self.entries.len() < MAX_ENTRIES {
            self.entries.insert(self.key.as_slice().into(), entry);
        }
    }

    /// Where the `%name`s of the shape last read are, in order.
    pub(super) fn names(&self) -> &[TextSize] {
        &self.names
    }

    /// How many of those names the op's result list defines (they come first).
    pub(super) fn result_names(&self) -> usize {
        self.result_names
    }

    /// The ordinal of the `%name` at `at` in the shape last read.
    pub(super) fn ordinal(&self, at: TextSize) -> Option<u32> {
        self.names.binary_search(&at).ok().map(|i| i as u32)
    }
}

/// The one child of `node`, if that is a token.
fn sole_token(node: &GreenNodeData) -> Option<&GreenTokenData> {
    let mut children = node.children();
    match (children.next(), children.len()) {
        (Some(NodeOrToken::Token(token)), 0) => Some(token),
        _ => None,
    }
}

/// Does the op end in a region (`scf.for ... {...}`)? Such ops are told apart at once,
/// before their header is read into a key only to be dropped.
fn ends_in_region(op: &GreenNodeData) -> bool {
    let last = op.children().rev().find(|c| {
        c.as_token()
            .is_none_or(|t| !kind_of_raw(t.kind()).is_trivia())
    });
    last.and_then(|c| c.into_node())
        .is_some_and(|n| !may_be_flat(green_kind(n)))
}

/// Is every token of `kind` spelled the same (`,`, `->`, the `x` of a dimension list)?
fn has_fixed_text(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    kind == DIM_X || (L_PAREN as u16..=FILE_META_CLOSE as u16).contains(&(kind as u16))
}

fn is_location(node: &GreenNodeData) -> bool {
    green_kind(node) == SyntaxKind::LOCATION
}

/// Nodes a remembered op may hold: no regions or blocks (what those hold is checked
/// against other ops), no successor list of a generic op, and no broken code.
fn may_be_flat(kind: SyntaxKind) -> bool {
    !matches!(
        kind,
        SyntaxKind::REGION_LIST
            | SyntaxKind::REGION
            | SyntaxKind::BLOCK
            | SyntaxKind::SUCCESSOR_LIST
            | SyntaxKind::ERROR
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FileContext;

    /// The shapes remembered and the ops replayed when checking the body of `text`'s
    /// first function.
    fn memo_after(text: &str) -> OpMemo {
        let root = mlir_syntax::parse(text).syntax_node();
        let body = root
            .descendants()
            .find(|n| mlir_hir::ops::op_name(n).as_deref() == Some("func.func"))
            .expect("a function");
        let resolution = mlir_hir::resolve(&mlir_hir::lower(&body));
        let context = FileContext::of_file(&root);
        let mut memo = OpMemo::new();
        crate::body_checks_with(&body, &resolution, &context, &[], &mut memo);
        memo
    }

    /// The checks of every body of `text`, as their messages: with one memo kept from
    /// body to body, and with every op checked in full (what the memo must not change).
    fn messages_with_and_without_memo(text: &str) -> (Vec<String>, Vec<String>) {
        let root = mlir_syntax::parse(text).syntax_node();
        let bodies = mlir_hir::outline::outline_once(&root).bodies;
        let context = FileContext::of_file(&root);
        let run = |memo: &mut OpMemo| -> Vec<String> {
            let mut out = Vec::new();
            for (green, _) in &bodies {
                let body = mlir_syntax::SyntaxNode::new_root(green.clone());
                let resolution = mlir_hir::resolve(&mlir_hir::lower(&body));
                let found = crate::body_checks_with(&body, &resolution, &context, &[], memo);
                out.extend(found.into_iter().map(|d| d.message));
            }
            out
        };
        (run(&mut OpMemo::for_file()), run(&mut OpMemo::disabled()))
    }

    /// A memo filled under one registry replays nothing under another: in an empty one,
    /// the ops of `func` and `arith` (dialects we know completely) are unknown.
    #[test]
    fn shapes_remembered_under_another_registry_are_forgotten() {
        let text = "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  return\n}\n";
        let root = mlir_syntax::parse(text).syntax_node();
        let body = root.first_child().expect("a function");
        let resolution = mlir_hir::resolve(&mlir_hir::lower(&body));
        let builtin = FileContext::of_file(&root);
        let mut memo = OpMemo::new();
        assert!(crate::body_checks_with(&body, &resolution, &builtin, &[], &mut memo).is_empty());
        assert!(!memo.entries.is_empty());
        let empty = builtin.clone().with_registry(Arc::new(Registry::default()));
        let found = crate::body_checks_with(&body, &resolution, &empty, &[], &mut memo);
        let messages: Vec<String> = found.into_iter().map(|d| d.message).collect();
        let unknown = [
            "custom op 'func.func' is unknown",
            "custom op 'arith.addi' is unknown",
            "custom op 'return' is unknown (tried 'func.return' as well)",
        ];
        assert_eq!(messages, unknown);
        assert_eq!(memo.replayed.get(), 0);
    }

    #[test]
    fn ops_differing_in_names_and_locations_share_a_shape() {
        let memo = memo_after(
            "func.func @f(%a: i32, %b: i32) {\n  %0 = arith.addi %a, %b : i32\n  \
             %1 = arith.addi %0, %a : i32 loc(\"x\":1:2)\n  %2 = arith.addi %1, %1 : i64\n  return\n}\n",
        );
        // The function's header, two shapes of `arith.addi`, and the `return`.
        assert_eq!((memo.entries.len(), memo.replayed.get()), (4, 1));
    }

    #[test]
    fn punctuation_spelled_by_its_kind_still_tells_shapes_apart() {
        // Keys leave the text of punctuation out: where and which it is still counts.
        let memo = memo_after(
            "func.func @f(%m: memref<4x4xf32>, %i: index) {\n  \
             %0 = memref.load %m[%i, %i] : memref<4x4xf32>\n  \
             %1 = memref.load %m[%i, %i] : memref<4x4xf32>\n  \
             \"t.use\"(%m) : (memref<4x4xf32>) -> ()\n  t.a %i, %i : index\n  t.a %i : %i, index\n  \
             t.b -> %i\n  t.b = %i\n  return\n}\n",
        );
        // The function's header, one shape of `memref.load` (replayed once), and `return`;
        // the ops of the `t` dialect, which has no spec, are not remembered.
        assert_eq!((memo.entries.len(), memo.replayed.get()), (3, 1));
        let key = |text: &str| {
            let root = mlir_syntax::parse(text).syntax_node();
            let op = root.first_child().expect("an op");
            let mut memo = OpMemo::new();
            assert!(memo.read_shape(&op.green(), 0.into(), None, true, false));
            memo.key.clone()
        };
        let shapes = [
            "x.op %a, %b : i32\n",
            "x.op %a : %b, i32\n",
            "x.op %a -> %b : i32\n",
            "x.op %a = %b : i32\n",
            "x.op (%a) [%b] : i32\n",
            "x.op [%a] (%b) : i32\n",
            "x.op %a : memref<4x4xf32>\n",
            "x.op %a : memref<4x?xf32>\n",
        ];
        let keys: std::collections::HashSet<Vec<u8>> = shapes.iter().map(|s| key(s)).collect();
        assert_eq!(keys.len(), shapes.len());
    }

    #[test]
    fn calls_of_other_symbols_share_a_shape_but_nested_references_do_not() {
        let memo = memo_after(
            "func.func @f(%a: f32) {\n  %0 = call @g(%a) : (f32) -> f32\n  \
             %1 = call @h(%0) : (f32) -> f32\n  %2 = call @m::@g(%1) : (f32) -> f32\n  return\n}\n",
        );
        assert_eq!(memo.replayed.get(), 1);
    }

    #[test]
    fn returns_are_remembered_and_replayed() {
        let memo = memo_after(
            "func.func @f(%a: f32, %c: i1) -> f32 {\n  cf.cond_br %c, ^bb1, ^bb2\n\
             ^bb1:\n  return %a : f32\n^bb2:\n  return %a : f32\n}\n",
        );
        assert_eq!(memo.replayed.get(), 1);
    }

    #[test]
    fn terminators_of_nested_regions_are_replayed_with_their_parent_checked() {
        let memo = memo_after(
            "func.func @f(%c: i1, %x: f32) {\n  %r = scf.while (%y = %x) : (f32) -> f32 {\n    \
             scf.condition(%c) %y : f32\n  } do {\n  ^bb0(%z: f32):\n    scf.yield %z : f32\n  }\n  \
             scf.condition(%c) %x : f32\n  return\n}\n",
        );
        assert_eq!(memo.replayed.get(), 1);
    }

    #[test]
    fn allocas_are_remembered_where_their_scope_decides_nothing() {
        // The scope decides only whether symbol operands are counted: an `alloca` whose
        // count fits its layout has the same verdict anywhere; one whose count does not is
        // checked in full each time, with its scope.
        let text = "func.func @f(%s: index) {\n  %0 = memref.alloca() : memref<4xf32>\n  \
            %1 = memref.alloca() : memref<4xf32>\n  %2 = memref.alloca()[%s] : memref<4xf32>\n  \
            %3 = memref.alloca()[%s] : memref<4xf32>\n  return\n}\n";
        let memo = memo_after(text);
        assert_eq!(memo.replayed.get(), 1);
        let (errors, full) = messages_with_and_without_memo(text);
        assert_eq!(errors, full);
        let expected = "'memref.alloca' op symbol operand count does not equal memref symbol \
            count: expected 0, got 1";
        assert!(
            errors.len() == 2 && errors.iter().all(|m| m == expected),
            "{errors:?}"
        );
    }

    #[test]
    fn ops_with_errors_are_not_remembered() {
        let memo = memo_after(
            "func.func @f(%c: i1) {\n  cf.cond_br %c, ^bb1, ^bb1\n^bb1:\n  \
             scf.if %c {\n  }\n  %0 = arith.addi %c, %c : f32\n  return\n}\n",
        );
        // The function's header, the `cf.cond_br`, the `scf.if` (by its header) and the
        // final `return`.
        assert_eq!(memo.entries.len(), 4);
    }

    #[test]
    fn functions_are_replayed_by_their_signatures_with_their_own_names() {
        // Three bodies of one signature: the second is replayed, and its return checked
        // against its own name; the third has no block, which its shape tells apart.
        let text = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n\
            func.func @g(%b: i32) -> i32 {\n  return\n}\nfunc.func @h(%c: i32) -> i32 {\n}\n";
        let root = mlir_syntax::parse(text).syntax_node();
        let context = FileContext::of_file(&root);
        let mut memo = OpMemo::new();
        let mut messages = Vec::new();
        let functions = root
            .children()
            .filter(|n| n.kind() == SyntaxKind::CUSTOM_OP);
        for body in functions {
            let resolution = mlir_hir::resolve(&mlir_hir::lower(&body));
            let found = crate::body_checks_with(&body, &resolution, &context, &[], &mut memo);
            messages.extend(found.into_iter().map(|d| d.message));
        }
        // The second function's header (its `return` differs from the first's).
        assert_eq!(memo.replayed.get(), 1);
        assert_eq!(
            messages,
            [
                "'func.return' op has 0 operands, but enclosing function (@g) returns 1",
                "custom op 'func.func' expected non-empty function body",
            ]
        );
        let (memoized, full) = messages_with_and_without_memo(text);
        assert_eq!(memoized, full);
    }

    #[test]
    fn replayed_branches_pass_their_operands_to_their_own_blocks() {
        // Each second branch has the shape of the first but goes elsewhere: the block it
        // names, not the first one's, takes what it passes.
        let text = "func.func @f(%x: i32, %c: i1) {\n  cf.br ^bb1(%x : i32)\n^bb1(%a: i32):\n  \
            cf.br ^bb2(%a : i32)\n^bb2(%b: f32):\n  cf.cond_br %c, ^bb3(%x : i32), ^bb1(%x : i32)\n\
            ^bb3(%d: i32):\n  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%x : i32)\n}\n";
        assert_eq!(memo_after(text).replayed.get(), 2);
        let (memoized, full) = messages_with_and_without_memo(text);
        assert_eq!(memoized, full);
        assert_eq!(
            memoized,
            [
                "type mismatch for bb argument #0 of successor #0",
                "type mismatch for bb argument #0 of successor #1",
            ]
        );
    }

    #[test]
    fn a_replayed_loop_types_its_arguments_through_their_names() {
        // Found by the fuzz target: the inner loops' `%i` is already in use, so it stands
        // for the outer loop's, an `i32`: both inner loops must see their variable so.
        let text = "func.func @f(%n: index, %m: i32) {\n  scf.for %i = %m to %m step %m : i32 {\n    \
            scf.for %i = %n to %n step %n {\n    }\n    scf.for %i = %n to %n step %n {\n    }\n  \
            }\n  return\n}\n";
        let (memoized, full) = messages_with_and_without_memo(text);
        assert_eq!(memoized, full);
        let loops = full.iter().filter(|m| m.contains("induction variable"));
        assert_eq!(loops.count(), 2);
    }

    #[test]
    fn loops_are_replayed_by_their_headers_whatever_their_regions_hold() {
        let text = "func.func @f(%lb: index, %x: f32) {\n  \
            %0 = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {\n    \
            scf.yield %a : f32\n  }\n  \
            %1 = scf.for %j = %lb to %lb step %lb iter_args(%b = %0) -> (f32) {\n    \
            %2 = arith.addi %b, %b : f32\n    scf.yield %j : index\n  }\n  return\n}\n";
        let memo = memo_after(text);
        // The second loop, its body's ops checked in full.
        assert_eq!(memo.replayed.get(), 1);
        let (messages, full) = messages_with_and_without_memo(text);
        assert_eq!(messages, full);
        assert_eq!(
            messages,
            [
                "'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'index'",
                "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
            ]
        );
    }
}
