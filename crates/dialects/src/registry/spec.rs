//! The op spec (registry stage, DESIGN §3.3): everything the checker and the IDE features
//! know about one op, whatever source it came from (built-in spec files today, IRDL and
//! ODS later).

use super::constraint::{AttrConstraint, TypeConstraint};
use super::format::Format;

/// One op: its operands, results, attributes, regions, successors, traits, custom syntax
/// and documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpSpec {
    /// The full name: `arith.addi`.
    pub name: String,
    /// The dialect namespace: `arith`.
    pub dialect: String,
    pub operands: Vec<ValueSpec>,
    pub results: Vec<ValueSpec>,
    /// Inherent attributes and properties, in declaration order.
    pub attributes: Vec<AttrSpec>,
    pub regions: Vec<RegionSpec>,
    pub successors: Vec<SuccessorSpec>,
    pub traits: Vec<Trait>,
    /// The dialect whose ops may be written without prefix inside this op's regions
    /// (`return` inside `func.func`).
    pub default_dialect: Option<String>,
    /// The custom assembly format; `None` when the op has only the generic form.
    pub format: Option<Format>,
    /// ODS's `hasVerifier`: MLIR runs a C++ `verify()` of the op beyond its constraints.
    pub has_verifier: bool,
    pub docs: Docs,
    /// Where the spec was written, for messages about the spec itself.
    pub origin: Origin,
}

/// A spec file and the line of a spec in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    pub file: String,
    pub line: u32,
}

/// An operand or a result.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ValueSpec {
    pub name: String,
    pub constraint: TypeConstraint,
    pub variadicity: Variadicity,
}

/// How many values an operand, result or region declaration stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variadicity {
    /// Exactly one.
    Single,
    /// Zero or one (`Optional<...>`).
    Optional,
    /// Any number (`Variadic<...>`).
    Variadic,
    /// Any number of groups of any number (`VariadicOfVariadic<...>`), as `cf.switch`'s
    /// case operands.
    VariadicOfVariadic,
}

impl Variadicity {
    /// Is it one value, always?
    pub fn is_single(self) -> bool {
        self == Variadicity::Single
    }
}

/// An inherent attribute or a property.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AttrSpec {
    pub name: String,
    pub constraint: AttrConstraint,
    pub presence: Presence,
    /// Declared as a property (`...Prop`) rather than an attribute. MLIR 22 keeps both in
    /// the op's properties, so this only records how the spec spelled it.
    pub is_property: bool,
    /// ODS's words for the constraint (its `summary`), which MLIR's messages quote; `None`
    /// for a hand-written spec, whose constraint describes itself.
    pub summary: Option<String>,
}

/// Whether an attribute must be written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Presence {
    Required,
    Optional,
    /// Optional; absent means this value (as the spec spells it).
    Default(String),
}

impl AttrSpec {
    /// The words of `attribute '...' failed to satisfy constraint: {words}`.
    pub fn constraint_words(&self) -> String {
        match &self.summary {
            Some(summary) if !summary.is_empty() => summary.clone(),
            _ => self.constraint.describe(),
        }
    }

    /// May the attribute be left out?
    pub fn is_optional(&self) -> bool {
        self.presence != Presence::Required || self.constraint == AttrConstraint::Unit
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RegionSpec {
    pub name: String,
    pub constraint: RegionConstraint,
    /// `VariadicRegion<...>`: any number of regions.
    pub variadic: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegionConstraint {
    /// `AnyRegion`.
    Any,
    /// `SizedRegion<n>`: exactly `n` blocks.
    Sized(u32),
    /// `MaxSizedRegion<n>`: at most `n` blocks (a function body may be empty).
    MaxSized(u32),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SuccessorSpec {
    pub name: String,
    /// `VariadicSuccessor<...>`: any number of successors.
    pub variadic: bool,
}

/// The traits that matter to checking and navigation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Trait {
    /// Must end its block (`Terminator`, `IsTerminator`).
    Terminator,
    /// Regions cannot see values defined outside the op.
    IsolatedFromAbove,
    /// Its regions hold a symbol table.
    SymbolTable,
    /// Defines a symbol (`sym_name`).
    Symbol,
    /// Its single-block regions need no terminator.
    NoTerminator,
    /// Its regions have at most one block.
    SingleBlock,
    /// Its regions have at most one block, ending in this terminator op, which the custom
    /// syntax may leave out (MLIR's parser then adds it): `scf.for` and `scf.yield`.
    SingleBlockImplicitTerminator(String),
    /// Its regions are graph regions (no dominance).
    GraphRegion,
    SameOperandsAndResultType,
    SameTypeOperands,
    SameOperandsAndResultShape,
    /// All operands have compatible shapes (`requires the same shape for all operands`).
    SameOperandsShape,
    /// All operands have one element type (a scalar is its own element type).
    SameOperandsElementType,
    /// The single operand and result have the same tensor dimensions, dynamic ones
    /// included; a type other than a tensor has none (`arith` casts'
    /// `SameInputOutputTensorDims`).
    SameInputOutputTensorDims,
    /// The variadic results (all of them) have one length.
    SameVariadicResultSize,
    /// The type of `to` is the type of `from` transformed (ODS's `TypesMatchWith`); MLIR
    /// words a failure as `failed to verify that {summary}`.
    TypesMatchWith {
        summary: String,
        from: String,
        to: String,
        transform: TypeTransform,
    },
    /// The listed operands, results and attributes all have one type.
    AllTypesMatch(Vec<String>),
    /// ODS's `AllElementTypesMatch<[...]>`: the values' element types (a scalar's own
    /// type) are one.
    AllElementTypesMatch(Vec<String>),
    /// May only be nested directly in one of these ops.
    HasParent(Vec<String>),
    /// Returns control to the enclosing op, passing its operands (`func.return`).
    ReturnLike,
    /// A terminator that branches to its successors.
    Branch,
    /// Calls a function (`CallOpInterface`).
    Call,
    /// Is a function (`FunctionOpInterface`).
    Function,
    /// Has no side effects (`Pure`).
    Pure,
    Commutative,
    Elementwise,
    /// Folds to its constant attribute.
    ConstantLike,
    /// Operands are split into segments by `operandSegmentSizes`.
    AttrSizedOperandSegments,
    /// Allocas in its regions are freed when it returns.
    AutomaticAllocationScope,
}

/// How a `TypesMatchWith` trait derives one type from another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeTransform {
    /// The element type of a shaped type (`...getElementType()`); for a variadic `to`,
    /// the type of each of its values.
    ElementType,
    /// `i1`, or a vector or tensor of `i1` of the same shape (`getI1SameShape`).
    I1SameShape,
}

/// The documentation shown on hover and in completion.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Docs {
    /// One line.
    pub summary: String,
    /// Markdown paragraphs.
    pub description: String,
    /// The custom syntax in a readable, informal notation.
    pub syntax: String,
    /// Complete, valid MLIR snippets using the op.
    pub examples: Vec<String>,
    /// Where the op's ODS definition is (`ArithOps.td:228`), when one was imported: also
    /// for a built-in spec the import overlays.
    pub defined_in: Option<Origin>,
}

impl OpSpec {
    pub fn has_trait(&self, t: &Trait) -> bool {
        self.traits.contains(t)
    }

    /// The op name without its dialect: `addi`.
    pub fn mnemonic(&self) -> &str {
        self.name
            .strip_prefix(&self.dialect)
            .and_then(|rest| rest.strip_prefix('.'))
            .unwrap_or(&self.name)
    }

    pub fn operand(&self, name: &str) -> Option<(usize, &ValueSpec)> {
        self.operands
            .iter()
            .enumerate()
            .find(|(_, v)| v.name == name)
    }

    pub fn result(&self, name: &str) -> Option<(usize, &ValueSpec)> {
        self.results
            .iter()
            .enumerate()
            .find(|(_, v)| v.name == name)
    }

    pub fn attribute(&self, name: &str) -> Option<(usize, &AttrSpec)> {
        self.attributes
            .iter()
            .enumerate()
            .find(|(_, a)| a.name == name)
    }

    pub fn region(&self, name: &str) -> Option<(usize, &RegionSpec)> {
        self.regions
            .iter()
            .enumerate()
            .find(|(_, r)| r.name == name)
    }

    pub fn successor(&self, name: &str) -> Option<(usize, &SuccessorSpec)> {
        self.successors
            .iter()
            .enumerate()
            .find(|(_, s)| s.name == name)
    }

    /// Was the spec imported from ODS records (whose origin is a `.td` file) rather than
    /// written by us?
    pub fn is_imported(&self) -> bool {
        self.origin.file.ends_with(".td")
    }

    /// Is the op a terminator?
    pub fn is_terminator(&self) -> bool {
        self.has_trait(&Trait::Terminator)
    }

    /// The terminator its custom syntax may leave out (`SingleBlockImplicitTerminator`).
    pub fn implicit_terminator(&self) -> Option<&str> {
        self.traits.iter().find_map(|t| match t {
            Trait::SingleBlockImplicitTerminator(op) => Some(op.as_str()),
            _ => None,
        })
    }
}
