//! Name resolution within a body: every value and block use finds its definition through
//! the scopes around it (forward references allowed), with MLIR's diagnostics for
//! undeclared names, redefinitions, result numbers and dominance in SSACFG regions.
//! Results are indices into `Body::names`: offset-free, like the body.

use rustc_hash::FxHashMap as HashMap;

use super::body::{Body, Name, NameKind};
use super::ops::RegionKind;

/// What a name resolved to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Resolution {
    /// For each name: the index of its definition (a definition points at itself).
    pub targets: Vec<Option<u32>>,
    pub errors: Vec<NameError>,
}

/// An error at a name (or at the op the name belongs to), with notes at other names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NameError {
    pub name: u32,
    /// Report on the op of `name` (its op name) rather than on the name itself.
    pub on_op: bool,
    pub message: String,
    pub notes: Vec<(u32, String)>,
    /// The notes stand at the op their name belongs to, not at the name: MLIR attaches
    /// a dominance error's note to the defining op, or to the op that owns the block of
    /// a block argument.
    pub notes_on_op: bool,
}

/// Definitions by scope and name; names borrow the body's text, so lookups allocate nothing.
type ScopeMap<'b> = HashMap<(u32, &'b str), u32>;

pub fn resolve(body: &Body) -> Resolution {
    // About one name in two defines a value: sized so, the map rarely grows.
    let values = HashMap::with_capacity_and_hasher(body.names.len() / 2, Default::default());
    let mut r = Resolver {
        body,
        values,
        blocks: HashMap::default(),
        dominators: HashMap::default(),
        args_in_use: Default::default(),
        not_dominated: Default::default(),
        out: Resolution {
            targets: vec![None; body.names.len()],
            errors: Vec::new(),
        },
    };
    r.define_all();
    r.resolve_uses();
    r.out
}

struct Resolver<'b> {
    body: &'b Body,
    values: ScopeMap<'b>,
    blocks: ScopeMap<'b>,
    /// Each SSACFG region's dominators, computed once (per use it would be quadratic).
    dominators: HashMap<u32, Option<Vec<Vec<u32>>>>,
    /// Entry arguments already reported as forward-referenced.
    args_in_use: rustc_hash::FxHashSet<u32>,
    /// Ops already reported for a use they are not dominated by: MLIR's verifier stops
    /// at an op's first such operand.
    not_dominated: rustc_hash::FxHashSet<u32>,
    out: Resolution,
}

impl<'b> Resolver<'b> {
    fn text(&self, name: &Name) -> &'b str {
        self.body.text(name)
    }

    /// The scope chain from `scope` outwards.
    fn chain(&self, scope: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(Some(scope), |s| self.body.scopes[*s as usize].parent)
    }

    fn lookup_value(&self, scope: u32, text: &str) -> Option<u32> {
        self.chain(scope)
            .find_map(|s| self.values.get(&(s, text)).copied())
    }

    /// A definition that a new one of the same name would clash with: like a lookup, but
    /// stopping after the header of an op that may be isolated.
    fn clashing_value(&self, scope: u32, text: &str) -> Option<u32> {
        for s in self.chain(scope) {
            let shadowable = s != scope && self.body.scopes[s as usize].shadowable;
            if let Some(&def) = self.values.get(&(s, text)).filter(|_| !shadowable) {
                return Some(def);
            }
            if self.body.scopes[s as usize].opaque {
                return None;
            }
        }
        None
    }

    /// First pass: definitions, in the order MLIR's parser makes them (an op's results
    /// after its regions), so forward references resolve later.
    fn define_all(&mut self) {
        // Only definitions are ordered: uses, most of the names, wait for the second pass.
        let is_def = |i: &u32| {
            matches!(
                self.body.names[*i as usize].kind,
                NameKind::ValueDef | NameKind::EntryArgDef | NameKind::BlockDef
            )
        };
        let mut order: Vec<u32> = (0..self.body.names.len() as u32).filter(is_def).collect();
        order.sort_unstable_by_key(|&i| (self.body.names[i as usize].def_order, i));
        for i in order {
            let name = &self.body.names[i as usize];
            match name.kind {
                NameKind::ValueDef => self.define_value(i, "redefinition of SSA value"),
                NameKind::EntryArgDef => self.define_value(i, "region entry argument"),
                NameKind::BlockDef => self.define_block(i),
                _ => {}
            }
        }
    }

    fn define_value(&mut self, i: u32, what: &str) {
        let name = &self.body.names[i as usize];
        if let Some(previous) = self.clashing_value(name.scope, self.text(name)) {
            // MLIR words the two clashes' notes apart too.
            let (message, note) = if what == "region entry argument" {
                let text = self.text(name);
                let message = format!("region entry argument '{text}' is already in use");
                (message, "previously referenced here")
            } else {
                let message = format!("{what} '{}'", self.text(name));
                (message, "previously defined here")
            };
            let note = (previous, note.to_string());
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: vec![note],
                notes_on_op: false,
            });
            self.out.targets[i as usize] = Some(previous);
            return;
        }
        self.values.insert((name.scope, self.text(name)), i);
        self.out.targets[i as usize] = Some(i);
    }

    fn define_block(&mut self, i: u32) {
        let name = &self.body.names[i as usize];
        let key = (name.scope, self.text(name));
        if let Some(&previous) = self.blocks.get(&key) {
            let message = format!("redefinition of block '{}'", self.text(name));
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: vec![(previous, "previously defined here".into())],
                notes_on_op: false,
            });
            return;
        }
        self.blocks.insert(key, i);
        self.out.targets[i as usize] = Some(i);
    }

    /// Second pass: maybe-definitions (all of them first, since a signature may use a name
    /// it declares later: `domains [%A]` before `in %A`), then uses.
    fn resolve_uses(&mut self) {
        for (i, name) in self.body.names.iter().enumerate() {
            if name.kind != NameKind::DefOrUse {
                continue;
            }
            let i = i as u32;
            match self.lookup_value(name.scope, self.text(name)) {
                Some(def) if self.own_entry_arg(def, i) => self.entry_arg_in_use(def, i),
                Some(def) => self.out.targets[i as usize] = Some(def),
                None => {
                    self.values.insert((name.scope, self.text(name)), i);
                    self.out.targets[i as usize] = Some(i);
                }
            }
        }
        // Blocks first: dominance checks of values need the control-flow edges.
        for kind in [NameKind::BlockUse, NameKind::ValueUse] {
            for (i, name) in self.body.names.iter().enumerate() {
                match name.kind {
                    k if k != kind => {}
                    NameKind::ValueUse => self.resolve_value_use(i as u32),
                    _ => self.resolve_block_use(i as u32),
                }
            }
        }
    }

    fn resolve_value_use(&mut self, i: u32) {
        let name = &self.body.names[i as usize];
        let Some(def) = self.lookup_value(name.scope, self.text(name)) else {
            // MLIR resolves names across the whole isolated body and then finds that the
            // definition, in a region the use cannot see, does not dominate it.
            if let Some(def) = self.defined_elsewhere(i) {
                let note = "operand defined here (op is neither in a parent nor in a child region)";
                self.dominance_error(i, def, note.to_string());
                self.out.targets[i as usize] = Some(def);
                return;
            }
            if let Some(arg) = self.later_entry_arg(i) {
                self.entry_arg_in_use(arg, i);
                return;
            }
            let message = "use of undeclared SSA value name".to_string();
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: Vec::new(),
                notes_on_op: false,
            });
            return;
        };
        if self.own_entry_arg(def, i) {
            self.entry_arg_in_use(def, i);
            return;
        }
        self.out.targets[i as usize] = Some(def);
        let def_name = &self.body.names[def as usize];
        if let Some(index) = name.result_index
            && index >= def_name.result_count
        {
            let message = format!(
                "result number {index} out of range for '{}'",
                self.text(name)
            );
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: Vec::new(),
                notes_on_op: false,
            });
        }
        if let Some(note) = self.dominance_violation(def, i) {
            self.dominance_error(i, def, note);
        }
    }

    /// MLIR's error for a use `i` its definition `def` does not dominate: on the user
    /// op, with the note on the defining op (or the op owning an argument's block).
    fn dominance_error(&mut self, i: u32, def: u32, note: String) {
        if !self.not_dominated.insert(self.body.names[i as usize].op) {
            return;
        }
        let number = self.operand_number(i);
        self.out.errors.push(NameError {
            name: i,
            on_op: true,
            message: format!("operand #{number} does not dominate this use"),
            notes: vec![(def, note)],
            notes_on_op: true,
        });
    }

    fn resolve_block_use(&mut self, i: u32) {
        let name = &self.body.names[i as usize];
        match self.blocks.get(&(name.scope, self.text(name))) {
            Some(&def) => self.out.targets[i as usize] = Some(def),
            None => {
                let message = "reference to an undefined block".to_string();
                self.out.errors.push(NameError {
                    name: i,
                    on_op: false,
                    message,
                    notes: Vec::new(),
                    notes_on_op: false,
                });
            }
        }
    }

    /// A region entry argument of the name of undeclared use `i`, defined after it: MLIR
    /// takes the use as a forward reference, which the argument then clashes with.
    fn later_entry_arg(&self, i: u32) -> Option<u32> {
        let text = self.text(&self.body.names[i as usize]);
        let later = &self.body.names[i as usize + 1..];
        let at = later
            .iter()
            .position(|d| d.kind == NameKind::EntryArgDef && self.text(d) == text)?;
        Some(i + 1 + at as u32)
    }

    /// Is `def` a region argument of the (upstream) op whose header holds use `i`? An op's
    /// region arguments are bound after its header is parsed, so MLIR takes such a use as
    /// a forward reference that the argument then clashes with.
    fn own_entry_arg(&self, def: u32, i: u32) -> bool {
        let (def, name) = (&self.body.names[def as usize], &self.body.names[i as usize]);
        def.kind == NameKind::EntryArgDef
            && def.op == name.op
            && name.op != u32::MAX
            && self.body.ops[name.op as usize].upstream
    }

    /// `region entry argument '%x' is already in use`, at argument `arg`, once per argument.
    fn entry_arg_in_use(&mut self, arg: u32, use_: u32) {
        if !self.args_in_use.insert(arg) {
            return;
        }
        let text = self.text(&self.body.names[arg as usize]);
        self.out.errors.push(NameError {
            name: arg,
            on_op: false,
            message: format!("region entry argument '{text}' is already in use"),
            notes: vec![(use_, "previously referenced here".to_string())],
            notes_on_op: false,
        });
    }

    /// A result of the same name defined in an SSACFG region the use cannot see.
    fn defined_elsewhere(&self, i: u32) -> Option<u32> {
        let name = &self.body.names[i as usize];
        if name.op == u32::MAX {
            return None;
        }
        self.body
            .names
            .iter()
            .position(|d| {
                d.kind == NameKind::ValueDef
                    && self.text(d) == self.text(name)
                    && d.op != u32::MAX
                    && self.body.scopes[self.body.ops[d.op as usize].scope as usize].kind
                        == RegionKind::SsaCfg
            })
            .map(|p| p as u32)
    }

    /// The use's position among the value uses of its op.
    fn operand_number(&self, i: u32) -> usize {
        let op = self.body.names[i as usize].op;
        self.body.names[..i as usize]
            .iter()
            .filter(|n| n.op == op && n.kind == NameKind::ValueUse)
            .count()
    }

    /// In an SSACFG region a definition must dominate its use: come before it in the same
    /// block (or before the op whose region holds the use), or sit in a block that
    /// dominates the use's block. Uses in unreachable blocks are not checked, as in MLIR.
    fn dominance_violation(&mut self, def: u32, use_: u32) -> Option<String> {
        let (d, u) = (
            &self.body.names[def as usize],
            &self.body.names[use_ as usize],
        );
        if d.kind != NameKind::ValueDef || u.op == u32::MAX {
            return None;
        }
        // Where the definition stands: its op, or (a block argument) before its block's ops.
        let (scope, block, index) = match d.op {
            u32::MAX => (d.scope, d.block, None),
            op => {
                let op = &self.body.ops[op as usize];
                (op.scope, op.block, Some(op.index))
            }
        };
        if self.body.scopes[scope as usize].kind != RegionKind::SsaCfg {
            return None;
        }
        let (holder, nested) = self.holder_in(u.op, scope)?;
        // Ops of dialects we do not know may follow other rules (e.g. graph-like ops).
        if !holder.upstream {
            return None;
        }
        let place = if nested {
            "a parent region"
        } else {
            "the same block"
        };
        if holder.block == block {
            let dominated = match index {
                None => true,
                Some(i) => i < holder.index || (i == holder.index && !nested),
            };
            return (!dominated).then(|| format!("operand defined here (op in {place})"));
        }
        let dominators = self.dominators(scope).as_ref()?;
        let reachable = dominators
            .get(holder.block as usize)
            .is_some_and(|d| !d.is_empty());
        let dominated = dominators
            .get(holder.block as usize)
            .is_some_and(|d| d.contains(&block));
        let place = if nested {
            "a parent region"
        } else {
            "the same region"
        };
        let what = match index {
            None => format!("operand defined as a block argument (block #{block} in {place})"),
            Some(_) => format!("operand defined here (op in {place})"),
        };
        (reachable && !dominated).then_some(what)
    }

    /// The op in `scope` that holds op `op` (itself, or an ancestor), and whether the use
    /// sits in a nested region.
    fn holder_in(&self, op: u32, scope: u32) -> Option<(&'b super::body::Op, bool)> {
        let ops = &self.body.ops;
        let (mut holder, mut nested) = (op, false);
        while ops[holder as usize].scope != scope {
            holder = ops[holder as usize].parent?;
            nested = true;
        }
        Some((&ops[holder as usize], nested))
    }

    /// For each block of a region (scope): the blocks that dominate it, empty if it is
    /// unreachable from the entry block. `None` for regions too large to bother.
    fn dominators(&mut self, scope: u32) -> &Option<Vec<Vec<u32>>> {
        if !self.dominators.contains_key(&scope) {
            let count = self.block_count(scope);
            let computed = (count <= 2_000)
                .then(|| super::dominance::dominators(count, &self.block_edges(scope)));
            self.dominators.insert(scope, computed);
        }
        &self.dominators[&scope]
    }

    fn block_count(&self, scope: u32) -> usize {
        let in_ops = self
            .body
            .ops
            .iter()
            .filter(|o| o.scope == scope)
            .map(|o| o.block);
        let labels = self
            .body
            .names
            .iter()
            .filter(|n| n.kind == NameKind::BlockDef && n.scope == scope)
            .map(|n| n.block);
        in_ops.chain(labels).max().map_or(1, |m| m as usize + 1)
    }

    /// Successor edges between the blocks of a region, from the block references of its ops.
    fn block_edges(&self, scope: u32) -> Vec<(u32, u32)> {
        let mut edges = Vec::new();
        for (i, name) in self.body.names.iter().enumerate() {
            if name.kind != NameKind::BlockUse || name.op == u32::MAX {
                continue;
            }
            let op = &self.body.ops[name.op as usize];
            if op.scope != scope {
                continue;
            }
            if let Some(target) = self.out.targets[i] {
                edges.push((op.block, self.body.names[target as usize].block));
            }
        }
        edges
    }
}
