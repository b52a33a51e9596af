//! What matching a custom op against its spec yields (registry stage): which value use is
//! operand #N, which written type is the type of which operand and result, how each
//! attribute was written, and the op's regions, successors and region arguments.

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxNode, TextRange};

use super::format::{Collection, Element};
use super::spec::{OpSpec, ValueSpec, Variadicity};
use super::type_pred::TypeClass;
use mlir_types::{Lowering, Type};

/// A type as written in a custom op, or implied by its syntax.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum WrittenType {
    /// A type node.
    Node(ast::Type),
    /// A type an unqualified `type($x)` read with the parser of a dialect's class, written
    /// without `!dialect.` (`i8` of `!moore.i8`, `<1>` of `!llvm.ptr<1>`).
    Stripped { node: ast::Type, class: TypeClass },
    /// A function type the parser kept as groups and an arrow (`(i32) -> i1` after a
    /// colon), with its inputs and results.
    Function {
        range: TextRange,
        inputs: Vec<WrittenType>,
        results: Vec<WrittenType>,
    },
    /// A type the syntax implies without writing it: the `index` of `scf.for`'s bounds
    /// and induction variable when no `: type` follows the step. `at` is the (empty)
    /// place where the type could have been written.
    Implied { ty: Type, at: TextRange },
    /// The element type of a type written elsewhere: what ODS's parser gives each value
    /// of a variadic operand that a `TypesMatchWith` types from a shaped value
    /// (`tensor.from_elements %a, %b : tensor<2xf32>`).
    ElementOf(Box<WrittenType>),
}

impl WrittenType {
    pub fn range(&self) -> TextRange {
        match self {
            WrittenType::Node(node) | WrittenType::Stripped { node, .. } => {
                node.syntax().text_range()
            }
            WrittenType::Function { range, .. } => *range,
            WrittenType::Implied { at, .. } => *at,
            WrittenType::ElementOf(shaped) => shaped.range(),
        }
    }

    /// The semantic type written (aliases expanded through `lowering`).
    pub fn lower(&self, lowering: &mut Lowering<'_>) -> Type {
        match self {
            WrittenType::Node(node) => lowering.lower_type(node.syntax()),
            WrittenType::Stripped { node, class } => {
                class.stripped(node.syntax().text().to_string().trim())
            }
            WrittenType::Function {
                inputs, results, ..
            } => Type::function(lower_all(inputs, lowering), lower_all(results, lowering)),
            WrittenType::Implied { ty, .. } => ty.clone(),
            // A type without elements (an error of its own) types nothing.
            WrittenType::ElementOf(shaped) => {
                let shaped = shaped.lower(lowering);
                shaped.element_type().cloned().unwrap_or(Type::Error)
            }
        }
    }
}

fn lower_all(types: &[WrittenType], lowering: &mut Lowering<'_>) -> Vec<Type> {
    types.iter().map(|t| t.lower(lowering)).collect()
}

/// An inherent attribute as written in custom syntax.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WrittenAttr {
    pub name: String,
    /// Where it is written (for a unit attribute, its keyword).
    pub range: TextRange,
    pub value: AttrValue,
}

/// How an attribute was written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AttrValue {
    /// An attribute node (or a bracketed group the parser kept as items, `[1, 2]`).
    Node(SyntaxNode),
    /// An enum case by its keyword: `slt`.
    Keyword(String),
    /// A bit enum's flags: `<nsw, nuw>`.
    Flags(Vec<String>),
    /// A unit attribute, present because its keyword is written: `exact`.
    Present,
    /// `@name`.
    Symbol(ast::SymbolRef),
    /// A function signature, the `function_type` of `func.func @f(%a: i32) -> i1`.
    Signature {
        inputs: Vec<WrittenType>,
        results: Vec<WrittenType>,
    },
    /// Several attribute nodes together: `cf.switch`'s case values.
    Elements(Vec<SyntaxNode>),
}

/// A value the op's syntax defines for the entry block of one of its regions: the `%x`
/// of `func.func @f(%x: i32)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RegionArg {
    pub value: ast::ValueUse,
    pub ty: Option<WrittenType>,
}

/// A custom op mapped onto its spec.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OpMatch {
    /// The value uses of each operand declaration of the spec, in order.
    pub operand_segments: Vec<Vec<ast::ValueUse>>,
    /// The type of operand #N, written or implied by a trait (`None`: neither).
    pub operand_types: Vec<Option<WrittenType>>,
    /// The type of result #N, written or implied by a trait (`None`: neither, as the
    /// `i1` of `arith.cmpi`).
    pub result_types: Vec<Option<WrittenType>>,
    /// How many result types the op's syntax writes (`: i32`, `-> (f32, f32)`), for each
    /// result declaration of its spec.
    pub written_result_types: Vec<usize>,
    pub attributes: Vec<WrittenAttr>,
    /// The regions of each region declaration of the spec.
    pub regions: Vec<Vec<ast::Region>>,
    /// The successors of each successor declaration of the spec.
    pub successors: Vec<Vec<ast::Successor>>,
    pub region_args: Vec<RegionArg>,
    /// The `{...}` of discardable (and inherent) attributes.
    pub attr_dict: Option<ast::AttrDict>,
    /// Why ODS's parser fails on an op whose items fit its format, if it does.
    pub parse_failure: Option<ParseFailure>,
}

/// The error ODS's generated parser gives for an op whose items fit its format: where
/// MLIR stops, though nothing is missing or left over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseFailure {
    /// `type($x)` read a type of another class than `$x`'s C++ type asks for
    /// (`memref.load %m[%i] : i32` wants a `MemRefType`), reported as the type is read.
    /// `expected` is the class's name where it has one (`builtin.memref`).
    TypeKind {
        at: TextRange,
        expected: Option<&'static str>,
        found: String,
    },
    /// `return %a, %b : i32`: an operand declaration's values and the types written for
    /// them differ in number, found once the whole op is read, as its values are resolved
    /// to their types. `at` is the declaration's first value.
    TypeCount {
        operands: usize,
        types: usize,
        at: TextRange,
    },
}

impl ParseFailure {
    /// MLIR's message, without the `custom op '...'` its parser puts before it.
    pub fn message(&self) -> String {
        match self {
            ParseFailure::TypeKind {
                expected: Some(expected),
                found,
                ..
            } => {
                format!("invalid kind of type specified: expected {expected}, but found '{found}'")
            }
            ParseFailure::TypeKind { expected: None, .. } => {
                "invalid kind of type specified".to_string()
            }
            ParseFailure::TypeCount {
                operands, types, ..
            } => format!(
                "number of operands and types do not match: got {operands} operands and {types} types"
            ),
        }
    }

    pub fn range(&self) -> TextRange {
        match self {
            ParseFailure::TypeKind { at, .. } | ParseFailure::TypeCount { at, .. } => *at,
        }
    }
}

impl OpMatch {
    /// Operand #0, #1, ... in order: the segments concatenated.
    pub fn operands(&self) -> Vec<ast::ValueUse> {
        self.operand_segments.iter().flatten().cloned().collect()
    }

    pub fn attribute(&self, name: &str) -> Option<&WrittenAttr> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// How many results the op matched onto `spec` has, where its spec and syntax say:
    /// one per result declared single, and for an optional or variadic declaration one
    /// per type the format writes for it (`-> (i32, f32)` of `scf.if`, the function type
    /// of `func.call`, the types after `->` of `memref.extract_strided_metadata`).
    pub fn result_count(&self, spec: &OpSpec) -> Option<usize> {
        let count = |(i, result): (usize, &ValueSpec)| match result.variadicity {
            Variadicity::Single => Some(1),
            _ => spec
                .format
                .as_ref()
                .is_some_and(|format| writes_types_of(&format.elements, &result.name))
                .then(|| self.written_result_types.get(i).copied().unwrap_or(0)),
        };
        spec.results.iter().enumerate().map(count).sum()
    }
}

/// Does the format write the types of result `name` (or of all results) somewhere?
fn writes_types_of(elements: &[Element], name: &str) -> bool {
    let is_result = |e: &Element| match e {
        Element::All(Collection::Results) => true,
        Element::Var(var) => var == name,
        _ => false,
    };
    elements.iter().any(|e| match e {
        Element::Type(inner) => is_result(inner),
        Element::FunctionalType(_, results) => is_result(results),
        Element::Custom { args, .. } => writes_types_of(args, name),
        Element::Optional {
            then, otherwise, ..
        } => writes_types_of(then, name) || writes_types_of(otherwise, name),
        _ => false,
    })
}
