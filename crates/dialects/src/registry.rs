//! The dialect registry (registry stage, DESIGN §3.3): op specs — operands, results,
//! attributes, regions, successors, traits, custom syntax and documentation — and the
//! matcher that maps a custom-form op onto its spec.
//!
//! `registry/` is one concept, the registry and its matcher, whose parts need each other:
//! `loader` and `constraint_names` fill the `Registry` this file defines and reads; the
//! `matcher` runs the `hooks` (models of MLIR's C++ parsers: `hooks_scf`, `hooks_memref`,
//! `hooks_std`), which drive the matcher back, and `infer` finishes what it matched.
//!
//! Built-in specs (`builtin`, `func`, `cf`, `arith`, `math`, `scf`, `memref`, `tensor`,
//! `index`, `complex`, `vector`, and the legacy `std` of 2019-era files) are data, not code:
//! `specs/*.spec` of this crate, embedded with `include_str!` and loaded at first use. The
//! format is our own and line-oriented, because:
//! - it reads like ODS, which MLIR authors already know: `arguments:` lists
//!   `SignlessIntegerLike:$lhs`, `traits:` names `Pure`, `format:` is an ODS assembly
//!   format string verbatim;
//! - multi-line descriptions and MLIR examples are plain indented blocks (`key: |`), with
//!   no escaping of quotes, backquotes or newlines as JSON would need;
//! - every entry and field keeps its line, so a malformed spec is reported as
//!   `arith.spec:120: unknown type constraint ...`;
//! - JSON would also bring a format concern into this crate, which must not know JSON
//!   (DESIGN §2); IRDL and ODS sources will lower to the same `OpSpec` later.
//!
//! The spec file format:
//! - an entry starts at column 0 with `KIND NAME`: `dialect arith` (first; names the
//!   dialect of the ops below), `enum CmpIPredicate` / `bitenum FastMathFlags`,
//!   `constraint IndexCastType` (a named type constraint with MLIR's description), or
//!   `op addi` (the op `arith.addi`);
//! - its fields are indented `key: value` lines; a more-indented line continues the value
//!   above, and `key: |` takes the more-indented lines below as a block (blank lines
//!   kept); `#` starts a comment line outside blocks;
//! - op fields: `summary`, `description`, `syntax`, `example` (repeatable; complete MLIR
//!   that `mlir-opt` accepts), `traits`, `arguments` (operands and attributes, told apart
//!   by their constraint), `results`, `regions`, `successors`, `format`, `defaultDialect`,
//!   `hasVerifier` (`1`: MLIR verifies the op in C++ too);
//!   enum fields: `storage` (`I64`) or `attribute` (`#arith.fastmath`), `cases`
//!   (`eq = 0, ...`), `summary`; constraint fields: `is`, `summary`.
//!
//! Modules: `spec` (the spec types); `constraint` and `constraint_names` (type and
//! attribute constraints, and their ODS names); `format` (assembly-format AST and
//! parser); `spec_text`, `expr`, `traits`, `loader` (reading spec files); `atoms`,
//! `matcher`, `hooks` (with `hooks_scf`, `hooks_memref`, `hooks_std`), `infer`, `matched`,
//! `type_kinds` (matching custom ops).

mod atoms;
pub mod constraint;
pub(crate) mod constraint_names;
pub(crate) mod expr;
pub mod format;
mod hooks;
mod hooks_memref;
mod hooks_scf;
mod hooks_std;
mod infer;
mod loader;
pub mod matched;
pub mod matcher;
pub mod spec;
pub(crate) mod spec_text;
mod traits;
pub mod type_defs;
mod type_kinds;
pub mod type_pred;
mod type_pred_llvm;

#[cfg(test)]
mod tests;

use std::sync::{Arc, OnceLock};

use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{self, AstNode};
use rustc_hash::FxHashMap;

pub use constraint::{
    AttrConstraint, EnumKind, EnumSpec, ImportedConstraint, IntBounds, NamedConstraint,
    ShapeProperty, TypeConstraint,
};
pub use format::{Collection, Element, Format, FormatError};
pub use hooks_scf::header_error as scf_header_error;
pub use loader::SpecError;
pub(crate) use loader::check_format as check_format_vars;
pub use matched::{AttrValue, OpMatch, RegionArg, WrittenAttr, WrittenType};
pub use matcher::{Fit, Missing, Wanted, fit_op, match_op};
pub use spec::{
    AttrSpec, Docs, OpSpec, Origin, Presence, RegionConstraint, RegionSpec, SuccessorSpec, Trait,
    TypeTransform, ValueSpec, Variadicity,
};
pub(crate) use traits::simple_trait;
pub use type_defs::{DefKind, ParamDoc, TypeDefSpec};
pub use type_kinds::failure as type_kind_failure;

/// The built-in spec files: name (for messages) and text.
pub const BUILTIN_SPECS: &[(&str, &str)] = &[
    ("func.spec", include_str!("../specs/func.spec")),
    ("cf.spec", include_str!("../specs/cf.spec")),
    ("arith.spec", include_str!("../specs/arith.spec")),
    ("builtin.spec", include_str!("../specs/builtin.spec")),
    ("std.spec", include_str!("../specs/std.spec")),
    ("scf.spec", include_str!("../specs/scf.spec")),
    ("memref.spec", include_str!("../specs/memref.spec")),
    // After arith.spec: math's float ops take arith's `FastMathFlags`.
    ("math.spec", include_str!("../specs/math.spec")),
    // After scf.spec: tensor's `gather` and `scatter` take scf's `AnySignlessIntegerOrIndex`.
    ("tensor.spec", include_str!("../specs/tensor.spec")),
    ("index.spec", include_str!("../specs/index.spec")),
    // After arith.spec: complex's ops take arith's `FastMathFlags`.
    ("complex.spec", include_str!("../specs/complex.spec")),
    // After arith.spec: `vector.reduction` takes arith's `FastMathFlags`.
    ("vector.spec", include_str!("../specs/vector.spec")),
];

/// Dialects whose every op (in MLIR 22) has a spec: an op name of theirs that the registry
/// does not know is an unknown op, as MLIR says.
pub const COMPLETE_DIALECTS: &[&str] = &[
    "arith", "cf", "complex", "func", "index", "math", "tensor", "vector",
];

/// The default dialect of a file's top level and of a module's body, as in MLIR's parser.
const BUILTIN_DIALECT: &str = "builtin";

/// The standard dialect of 2019-era MLIR, whose ops files of that time write unprefixed
/// where `builtin` is the default dialect (`func @f() { return }`).
const LEGACY_DIALECT: &str = "std";

/// A dialect's own entry: its name and documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialectSpec {
    pub name: String,
    pub summary: String,
    pub description: String,
    pub origin: Origin,
}

/// Op specs by full name, with the dialects, enums and named constraints they use.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    ops: FxHashMap<String, Arc<OpSpec>>,
    dialects: FxHashMap<String, DialectSpec>,
    enums: FxHashMap<String, Arc<EnumSpec>>,
    constraints: FxHashMap<String, Arc<NamedConstraint>>,
    /// Dialect types' and attributes' documentation, by `TypeDefSpec::key`.
    type_defs: FxHashMap<String, Arc<TypeDefSpec>>,
}

impl Registry {
    /// The registry of the built-in specs, loaded once. A malformed built-in spec is left
    /// out (a unit test keeps them all well-formed).
    pub fn builtin() -> &'static Registry {
        Registry::builtin_shared()
    }

    /// The registry of the built-in specs as a shared value, for holders of a registry
    /// that may be replaced by one with imported specs.
    pub fn builtin_arc() -> Arc<Registry> {
        Arc::clone(Registry::builtin_shared())
    }

    fn builtin_shared() -> &'static Arc<Registry> {
        static BUILTIN: OnceLock<Arc<Registry>> = OnceLock::new();
        BUILTIN.get_or_init(|| Arc::new(Registry::with_builtin_specs().0))
    }

    /// A fresh registry of the built-in specs, and the problems found loading them.
    pub fn with_builtin_specs() -> (Registry, Vec<SpecError>) {
        let mut registry = Registry::default();
        let mut errors = Vec::new();
        for (file, text) in BUILTIN_SPECS {
            errors.extend(registry.load(file, text));
        }
        (registry, errors)
    }

    /// Loads a spec file; returns its problems (well-formed entries are kept).
    pub fn load(&mut self, file: &str, text: &str) -> Vec<SpecError> {
        loader::load(self, file, text)
    }

    /// This registry with the dialects, ops and enums of an ODS import added. Where this
    /// registry has a spec of the op already (a built-in one, with hooks modelling MLIR's
    /// C++), that spec stays; its empty docs are filled from the import.
    pub fn with_imported(&self, import: &crate::ods::OdsImport) -> Registry {
        let mut out = self.clone();
        for dialect in &import.dialects {
            out.dialects
                .entry(dialect.name.clone())
                .or_insert_with(|| dialect.clone());
        }
        for spec in &import.enums {
            out.enums
                .entry(spec.name.clone())
                .or_insert_with(|| Arc::new(spec.clone()));
        }
        for def in &import.type_defs {
            out.type_defs
                .entry(def.key())
                .or_insert_with(|| Arc::new(def.clone()));
        }
        for op in &import.ops {
            match out.ops.get_mut(&op.name) {
                Some(ours) => {
                    let ours = Arc::make_mut(ours);
                    if ours.docs.description.is_empty() {
                        ours.docs.description = op.docs.description.clone();
                    }
                    ours.docs.defined_in = op.docs.defined_in.clone();
                }
                None => {
                    out.ops.insert(op.name.clone(), Arc::new(op.clone()));
                }
            }
        }
        out
    }

    /// The documentation of the dialect type (`DefKind::Type`) or attribute written as
    /// `!dialect.mnemonic<...>` (`#...`), if a `.td` file defines it.
    pub fn type_def(&self, kind: DefKind, dialect: &str, mnemonic: &str) -> Option<&TypeDefSpec> {
        self.type_defs
            .get(&type_defs::key(kind, dialect, mnemonic))
            .map(|def| &**def)
    }

    /// The spec of the op named `name` (`arith.addi`).
    pub fn op(&self, name: &str) -> Option<&OpSpec> {
        self.op_arc(name).map(|spec| &**spec)
    }

    /// `op`, as the shared spec: for holders that outlive a borrow of the registry.
    pub fn op_arc(&self, name: &str) -> Option<&Arc<OpSpec>> {
        self.ops.get(name)
    }

    /// The spec of an op as written: a name without a dot is looked up in
    /// `default_dialect` (`return` inside `func.func` is `func.return`).
    ///
    /// Where `builtin` is the default dialect (see `default_dialect_at`), a name that is no
    /// builtin op falls back to the legacy `std` dialect: `func` at a file's top level is
    /// `std.func`, whose body has `std` as its default dialect. MLIR 22 rejects every such
    /// name there (`custom op 'func' is unknown`), so no file it accepts changes meaning.
    pub fn resolve(&self, name: &str, default_dialect: Option<&str>) -> Option<&OpSpec> {
        self.resolve_arc(name, default_dialect).map(|spec| &**spec)
    }

    /// `resolve`, as the shared spec.
    pub fn resolve_arc(&self, name: &str, default_dialect: Option<&str>) -> Option<&Arc<OpSpec>> {
        if let Some(spec) = self.op_arc(name) {
            return Some(spec);
        }
        let dialect =
            default_dialect.filter(|_| crate::known_ops::split_dialect(name).is_none())?;
        let spec = self.op_arc(&format!("{dialect}.{name}"));
        if spec.is_none() && dialect == BUILTIN_DIALECT {
            return self.op_arc(&format!("{LEGACY_DIALECT}.{name}"));
        }
        spec
    }

    /// The default dialect in effect at `op`: `builtin` at the top level of a file (MLIR's
    /// parser starts with it), else the one inside the op around `op`.
    pub fn default_dialect_at(&self, op: &SyntaxNode) -> Option<String> {
        let Some(parent) = op.ancestors().skip(1).find(is_op_node) else {
            return Some(BUILTIN_DIALECT.to_string());
        };
        let outer = self.default_dialect_at(&parent);
        // MLIR's parser sets the default dialect for the regions of custom-form ops only.
        let Some(custom) = ast::CustomOp::cast(parent) else {
            return outer;
        };
        let name = custom.name()?;
        let spec = self.resolve(&name, outer.as_deref());
        inner_dialect(&name, spec, outer.as_deref()).map(str::to_string)
    }

    /// The spec of a custom op and the op mapped onto it; `None` if the op is unknown or
    /// its syntax does not fit the spec's format.
    pub fn match_custom_op(
        &self,
        op: &ast::CustomOp,
        default_dialect: Option<&str>,
    ) -> Option<(&OpSpec, OpMatch)> {
        let spec = self.resolve(&op.name()?, default_dialect)?;
        Some((spec, match_op(op, spec)?))
    }

    /// Every op spec, sorted by name.
    pub fn ops(&self) -> Vec<&OpSpec> {
        let mut ops: Vec<&OpSpec> = self.ops.values().map(|spec| &**spec).collect();
        ops.sort_by(|a, b| a.name.cmp(&b.name));
        ops
    }

    pub fn dialect(&self, name: &str) -> Option<&DialectSpec> {
        self.dialects.get(name)
    }

    /// An enum declared by a spec file.
    pub fn enum_spec(&self, name: &str) -> Option<&EnumSpec> {
        self.enums.get(name).map(|spec| &**spec)
    }
}

/// The default dialect inside the regions of a custom-form op (a generic op's regions keep
/// the one around it) written `name` that resolved to `spec`,
/// where `outer` is the default dialect around the op: the spec's `defaultDialect`, else
/// the op's own dialect. An unknown op written without prefix is its default dialect's
/// (`for` inside `emitc.for` is `emitc.for`, whose regions have `emitc` again), except at
/// the top level, where MLIR finds no such op. Inside a legacy function an op we do not
/// know keeps `std`: 2019-era MLIR read every unprefixed name as a `std` op, also in the
/// body of an `affine.for`.
pub fn inner_dialect<'a>(
    name: &'a str,
    spec: Option<&'a OpSpec>,
    outer: Option<&'a str>,
) -> Option<&'a str> {
    match spec {
        Some(spec) => Some(spec.default_dialect.as_deref().unwrap_or(&spec.dialect)),
        None if outer == Some(LEGACY_DIALECT) => outer,
        None => match crate::known_ops::split_dialect(name) {
            Some((dialect, _)) => Some(dialect),
            None => outer.filter(|&outer| outer != BUILTIN_DIALECT),
        },
    }
}

fn is_op_node(node: &SyntaxNode) -> bool {
    ast::GenericOp::can_cast(node.kind()) || ast::CustomOp::can_cast(node.kind())
}
