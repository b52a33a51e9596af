//! Name resolution within a body: every value and block use finds its definition through
//! the scopes around it (forward references allowed), with MLIR's diagnostics for
//! undeclared names, redefinitions, result numbers and dominance in SSACFG regions.
//! Results are indices into `Body::names`: offset-free, like the body.

use std::collections::HashMap;

use super::body::{Body, NameKind};
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
}

type ScopeMap = HashMap<(u32, String), u32>;

pub fn resolve(body: &Body) -> Resolution {
    let mut r = Resolver {
        body,
        values: HashMap::new(),
        blocks: HashMap::new(),
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
    values: ScopeMap,
    blocks: ScopeMap,
    out: Resolution,
}

impl Resolver<'_> {
    /// The scope chain from `scope` outwards.
    fn chain(&self, scope: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(Some(scope), |s| self.body.scopes[*s as usize].parent)
    }

    fn lookup_value(&self, scope: u32, text: &str) -> Option<u32> {
        self.chain(scope)
            .find_map(|s| self.values.get(&(s, text.to_string())).copied())
    }

    /// A definition that a new one of the same name would clash with: like a lookup, but
    /// stopping after the header of an op that may be isolated.
    fn clashing_value(&self, scope: u32, text: &str) -> Option<u32> {
        for s in self.chain(scope) {
            let shadowable = s != scope && self.body.scopes[s as usize].shadowable;
            if let Some(&def) = self
                .values
                .get(&(s, text.to_string()))
                .filter(|_| !shadowable)
            {
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
        let mut order: Vec<u32> = (0..self.body.names.len() as u32).collect();
        order.sort_by_key(|&i| (self.body.names[i as usize].def_order, i));
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
        if let Some(previous) = self.clashing_value(name.scope, &name.text) {
            let message = if what == "region entry argument" {
                format!("region entry argument '{}' is already in use", name.text)
            } else {
                format!("{what} '{}'", name.text)
            };
            let note = (previous, "previously defined here".to_string());
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: vec![note],
            });
            self.out.targets[i as usize] = Some(previous);
            return;
        }
        self.values.insert((name.scope, name.text.clone()), i);
        self.out.targets[i as usize] = Some(i);
    }

    fn define_block(&mut self, i: u32) {
        let name = &self.body.names[i as usize];
        let key = (name.scope, name.text.clone());
        if let Some(&previous) = self.blocks.get(&key) {
            let message = format!("redefinition of block '{}'", name.text);
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: vec![(previous, "previously defined here".into())],
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
            match self.lookup_value(name.scope, &name.text) {
                Some(def) => self.out.targets[i as usize] = Some(def),
                None => {
                    self.values.insert((name.scope, name.text.clone()), i);
                    self.out.targets[i as usize] = Some(i);
                }
            }
        }
        for (i, name) in self.body.names.iter().enumerate() {
            let i = i as u32;
            match name.kind {
                NameKind::ValueUse => self.resolve_value_use(i),
                NameKind::BlockUse => self.resolve_block_use(i),
                _ => {}
            }
        }
    }

    fn resolve_value_use(&mut self, i: u32) {
        let name = &self.body.names[i as usize];
        let Some(def) = self.lookup_value(name.scope, &name.text) else {
            let message = "use of undeclared SSA value name".to_string();
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: Vec::new(),
            });
            return;
        };
        self.out.targets[i as usize] = Some(def);
        let def_name = &self.body.names[def as usize];
        if let Some(index) = name.result_index
            && index >= def_name.result_count
        {
            let message = format!("result number {index} out of range for '{}'", name.text);
            self.out.errors.push(NameError {
                name: i,
                on_op: false,
                message,
                notes: Vec::new(),
            });
        }
        if let Some(note) = self.dominance_violation(def, i) {
            let message = format!(
                "operand #{} does not dominate this use",
                self.operand_number(i)
            );
            self.out.errors.push(NameError {
                name: i,
                on_op: true,
                message,
                notes: vec![(def, note)],
            });
        }
    }

    fn resolve_block_use(&mut self, i: u32) {
        let name = &self.body.names[i as usize];
        match self.blocks.get(&(name.scope, name.text.clone())) {
            Some(&def) => self.out.targets[i as usize] = Some(def),
            None => {
                let message = "reference to an undefined block".to_string();
                self.out.errors.push(NameError {
                    name: i,
                    on_op: false,
                    message,
                    notes: Vec::new(),
                });
            }
        }
    }

    /// The use's position among the value uses of its op.
    fn operand_number(&self, i: u32) -> usize {
        let op = self.body.names[i as usize].op;
        self.body.names[..i as usize]
            .iter()
            .filter(|n| n.op == op && n.kind == NameKind::ValueUse)
            .count()
    }

    /// In an SSACFG region, a definition must come before its use in the same block, or
    /// before the op that holds the use in a nested region. Uses in other blocks need a
    /// dominator tree and are not checked yet.
    fn dominance_violation(&self, def: u32, use_: u32) -> Option<String> {
        let (d, u) = (
            &self.body.names[def as usize],
            &self.body.names[use_ as usize],
        );
        if d.kind != NameKind::ValueDef || d.op == u32::MAX || u.op == u32::MAX {
            return None;
        }
        if !self.body.ops[u.op as usize].upstream {
            return None;
        }
        let def_op = &self.body.ops[d.op as usize];
        if self.body.scopes[def_op.scope as usize].kind != RegionKind::SsaCfg {
            return None;
        }
        // The op that holds the use, seen from the definition's region.
        let mut holder = u.op;
        let mut nested = false;
        while self.body.ops[holder as usize].scope != def_op.scope {
            holder = self.body.ops[holder as usize].parent?;
            nested = true;
        }
        let use_op = &self.body.ops[holder as usize];
        let is_block_arg = self.body.names[def as usize].op == d.op && def_op.block != use_op.block;
        if use_op.block != def_op.block || is_block_arg || use_op.index > def_op.index {
            return None;
        }
        if use_op.index == def_op.index && !nested {
            return None;
        }
        let place = if nested {
            "a parent region"
        } else {
            "the same block"
        };
        Some(format!("operand defined here (op in {place})"))
    }
}
