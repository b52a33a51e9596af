//! What name resolution needs to know about ops before op specs exist (issue: types/op
//! knowledge): which ops are isolated from above and which regions have SSA dominance.
//! Unknown ops are never isolated (lookups may see outer values) and their regions are
//! treated as graph regions (no dominance errors), so an unknown dialect cannot cause a
//! false error.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

/// Whether values in a region must be defined before (dominating) their uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegionKind {
    SsaCfg,
    Graph,
}

pub fn is_op(node: &SyntaxNode) -> bool {
    is_op_kind(node.kind())
}

/// Is a node of this kind an op?
pub fn is_op_kind(kind: mlir_syntax::SyntaxKind) -> bool {
    matches!(kind, GENERIC_OP | CUSTOM_OP)
}

/// The op name without quotes: `func.func`, `arith.addi`.
pub fn op_name(op: &SyntaxNode) -> Option<String> {
    crate::ide::op_name(op)
}

/// The token that names an op (`OP_NAME`'s bare-id, or the generic op's string), found
/// without allocating: checks run on every op of million-line files.
pub fn op_name_token(op: &SyntaxNode) -> Option<SyntaxToken> {
    match op.kind() {
        CUSTOM_OP => op.first_child_by_kind(&|k| k == OP_NAME)?.first_token(),
        GENERIC_OP => op
            .first_child_or_token_by_kind(&|k| k == STRING)?
            .into_token(),
        _ => None,
    }
}

/// Where MLIR reports an op: its name (the whole op if it has none).
pub fn op_name_range(op: &SyntaxNode) -> mlir_syntax::TextRange {
    op_name_token(op).map_or(op.text_range(), |t| t.text_range())
}

/// Is `op` named one of `names`?
pub fn op_named(op: &SyntaxNode, names: &[&str]) -> bool {
    super::green::op_name(&op.green()).is_some_and(|name| names.contains(&name))
}

/// Ops known to be isolated from above (their bodies cannot see outer values). Sorted, as
/// all the name lists here, to be read easily; they are looked up by hash (`NameSet`).
const ISOLATED_OPS: &[&str] = &[
    "builtin.module",
    "emitc.func",
    "firrtl.circuit",
    "firrtl.extmodule",
    "firrtl.module",
    "flow.executable",
    "func",
    "func.func",
    "gpu.func",
    "gpu.module",
    "hal.executable",
    "hw.module",
    "hw.module.extern",
    "irdl.dialect",
    "llvm.func",
    "ml_program.func",
    "module",
    "pdl.pattern",
    "spirv.func",
    "spirv.module",
    "stream.executable",
    "tosa.func",
    "transform.named_sequence",
    "util.func",
    "util.initializer",
    "vm.func",
    "vm.module",
];

pub fn is_isolated(node: &SyntaxNode) -> bool {
    is_op(node) && super::green::op_name(&node.green()).is_some_and(name_is_isolated)
}

/// Is the op named `name` known to be isolated from above?
pub fn name_is_isolated(name: &str) -> bool {
    static SET: NameSet = NameSet::new(ISOLATED_OPS);
    SET.contains(name)
}

/// An op that may be isolated although we do not know it: a `*.module` or `*.func` of
/// another dialect. Its names may shadow outer ones; lookups still see outer values.
pub fn may_be_isolated(node: &SyntaxNode) -> bool {
    op_name(node).is_some_and(|name| name_may_be_isolated(&name))
}

/// `may_be_isolated` by the op's name.
pub fn name_may_be_isolated(name: &str) -> bool {
    let last = name.rsplit('.').next().unwrap_or(name);
    !name_is_isolated(name) && (last.contains("module") || last.contains("func"))
}

/// Ops whose regions are SSACFG regions in upstream MLIR (dominance is checked there).
const SSACFG_OPS: &[&str] = &[
    "affine.for",
    "affine.if",
    "affine.parallel",
    "func",
    "func.func",
    "gpu.func",
    "gpu.launch",
    "linalg.generic",
    "llvm.func",
    "memref.alloca_scope",
    "scf.execute_region",
    "scf.for",
    "scf.forall",
    "scf.if",
    "scf.index_switch",
    "scf.parallel",
    "scf.while",
    "test.ssacfg_region",
];

/// The kind of the regions of `op`.
pub fn region_kind(op: &SyntaxNode) -> RegionKind {
    op_name(op).map_or(RegionKind::Graph, |name| name_region_kind(&name))
}

/// The kind of the regions of an op named `name`.
pub fn name_region_kind(name: &str) -> RegionKind {
    static SET: NameSet = NameSet::new(SSACFG_OPS);
    if SET.contains(name) {
        RegionKind::SsaCfg
    } else {
        RegionKind::Graph
    }
}

/// The kind of the root scope of a body: the file's top level is a graph region.
pub fn body_region_kind(body_op: &SyntaxNode) -> RegionKind {
    if body_op.kind() == SOURCE_FILE {
        RegionKind::Graph
    } else {
        region_kind(body_op)
    }
}

/// Does the op have a region of its own (not only inside its attributes)?
pub fn has_own_region(op: &SyntaxNode) -> bool {
    op.children()
        .any(|c| c.kind() == REGION || c.kind() == REGION_LIST)
}

/// Does a custom op name a symbol of its own before any operand (`vm.import @f(...)`),
/// like a declaration or definition does?
pub fn declares_symbol(op: &SyntaxNode) -> bool {
    for child in op.children() {
        match child.kind() {
            SYMBOL_REF => return true,
            PAREN_GROUP | VALUE_USE | REGION => return false,
            _ => {}
        }
    }
    false
}

/// Dialects of upstream MLIR 22 (`mlir-opt --show-dialects`), with its `test` dialect.
const UPSTREAM_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "shard",
    "smt",
    "sparse_tensor",
    "spirv",
    "tensor",
    "test",
    "tosa",
    "transform",
    "ub",
    "vector",
    "wasmssa",
    "x86vector",
    "xegpu",
    "xevm",
];

/// Is the op of an upstream dialect (or a default-dialect short name such as `return`)?
/// Ops of other dialects may follow rules we cannot know, so they get no dominance errors.
pub fn is_upstream_op(op: &SyntaxNode) -> bool {
    op_name(op).is_some_and(|name| name_is_upstream(&name))
}

/// `is_upstream_op` by the op's name.
pub fn name_is_upstream(name: &str) -> bool {
    match split_dialect(name) {
        Some((dialect, _)) => dialect_is_upstream(dialect),
        None => true,
    }
}

/// An op name split at its first `.` into its dialect and the rest. A byte loop: for
/// names a dozen bytes long, `str::split_once`'s searcher costs several times as much,
/// and several lookups of every op of a body take it.
pub fn split_dialect(name: &str) -> Option<(&str, &str)> {
    let dot = name.bytes().position(|b| b == b'.')?;
    Some((&name[..dot], &name[dot + 1..]))
}

/// Is `dialect` one of upstream MLIR 22's (or its `test` dialect)?
pub fn dialect_is_upstream(dialect: &str) -> bool {
    static SET: NameSet = NameSet::new(UPSTREAM_DIALECTS);
    SET.contains(dialect)
}

/// A fixed list of names, looked up by hash: these lists are consulted several times for
/// every op, and a binary search over strings cost more than the rest of the lookup.
struct NameSet {
    list: &'static [&'static str],
    set: std::sync::OnceLock<(Sieve, rustc_hash::FxHashSet<&'static str>)>,
}

impl NameSet {
    const fn new(list: &'static [&'static str]) -> NameSet {
        NameSet {
            list,
            set: std::sync::OnceLock::new(),
        }
    }

    fn contains(&self, name: &str) -> bool {
        let (sieve, set) = self.set.get_or_init(|| {
            let names = self.list.iter().copied();
            (Sieve::of(names.clone()), names.collect())
        });
        sieve.may_hold(name) && set.contains(name)
    }
}

/// Which (length, last byte) pairs the names of a set have, folded into 64 × 64 bits:
/// most names an op walk asks about (every op's) are turned away without hashing them.
struct Sieve([u64; 64]);

impl Sieve {
    fn of<'a>(names: impl Iterator<Item = &'a str>) -> Sieve {
        let mut bits = [0u64; 64];
        for name in names {
            let (row, bit) = Sieve::place(name);
            bits[row] |= 1 << bit;
        }
        Sieve(bits)
    }

    fn place(name: &str) -> (usize, usize) {
        let last = name.as_bytes().last().copied().unwrap_or(0);
        (usize::from(last % 64), name.len() % 64)
    }

    fn may_hold(&self, name: &str) -> bool {
        let (row, bit) = Sieve::place(name);
        self.0[row] & (1 << bit) != 0
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sets_hold_their_names_and_only_those() {
        let set = super::NameSet::new(super::ISOLATED_OPS);
        for name in super::ISOLATED_OPS {
            assert!(set.contains(name), "{name}");
        }
        for name in ["arith.addf", "func.fun", "func.func2", "", "builtin.modulf"] {
            assert!(!set.contains(name), "{name}");
        }
    }

    #[test]
    fn name_lists_are_sorted() {
        for list in [
            super::ISOLATED_OPS,
            super::SSACFG_OPS,
            super::UPSTREAM_DIALECTS,
        ] {
            assert!(list.is_sorted(), "{list:?}");
        }
    }
}
