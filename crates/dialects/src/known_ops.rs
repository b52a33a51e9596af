//! What we know of ops by their names alone, before (and beside) op specs: which ops are
//! isolated from above, which regions have SSA dominance, which ops are symbol tables,
//! calls or symbol uses, and which dialects are upstream MLIR's. Unknown ops are never
//! isolated (lookups may see outer values) and their regions are treated as graph regions
//! (no dominance errors), so an unknown dialect cannot cause a false error.

/// Whether values in a region must be defined before (dominating) their uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegionKind {
    SsaCfg,
    Graph,
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

/// Is the op named `name` known to be isolated from above?
pub fn name_is_isolated(name: &str) -> bool {
    static SET: NameSet = NameSet::new(ISOLATED_OPS);
    SET.contains(name)
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

/// The kind of the regions of an op named `name`.
pub fn name_region_kind(name: &str) -> RegionKind {
    static SET: NameSet = NameSet::new(SSACFG_OPS);
    if SET.contains(name) {
        RegionKind::SsaCfg
    } else {
        RegionKind::Graph
    }
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

/// Upstream symbol tables whose bodies we check.
pub const TABLE_OPS: &[&str] = &["module", "builtin.module", "gpu.module"];

/// Is an op named `name` one that holds regions but is no symbol table?
pub fn name_is_known_non_table(name: &str) -> bool {
    let dialect = name.split_once('.').map_or("", |(d, _)| d);
    matches!(name, "func.func" | "func" | "gpu.func" | "llvm.func")
        || matches!(
            dialect,
            "scf" | "affine" | "cf" | "arith" | "memref" | "linalg" | "tensor"
        )
}

/// Ops that must name a function.
pub const CALL_OPS: &[&str] = &["func.call", "call", "func.constant", "constant"];

/// Upstream ops that call a function named by a symbol (ODS `CallOpInterface` with a
/// symbol reference attribute), each with that attribute, for ops we have no built-in
/// spec of (sorted): the call hierarchy reads them. Ops with a spec are known as calls by
/// it (`Trait::Call` and a symbol reference attribute).
pub const SYMBOL_CALL_OPS: &[(&str, &str)] = &[
    ("async.call", "callee"),
    ("emitc.call", "callee"),
    ("gpu.launch_func", "kernel"),
    ("llvm.call", "callee"),
    ("llvm.invoke", "callee"),
    ("spirv.FunctionCall", "callee"),
];

/// Upstream ops whose verifiers look up the symbols they use (sorted): the file checks
/// read them (`symbol_uses`).
pub const SYMBOL_USE_OPS: &[&str] = &[
    "gpu.launch_func",
    "irdl.base",
    "irdl.parametric",
    "llvm.call",
    "llvm.mlir.global_ctors",
    "llvm.mlir.global_dtors",
    "memref.get_global",
];

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
        assert!(super::SYMBOL_CALL_OPS.is_sorted());
    }
}
