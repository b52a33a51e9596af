//! Type and attribute constraints of op specs (registry stage): small expressions that
//! check a semantic `Type`/`Attr` and describe themselves in MLIR's own words, so a later
//! verifier can say `operand #1 must be signless-integer-like, but got 'f32'`.

use std::sync::Arc;

use mlir_types::{Attr, FloatKind, Signedness, Type};

use super::type_pred::{TypeClass, TypePred};

/// What the type of an operand or result must be.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeConstraint {
    /// `AnyType`.
    Any,
    /// `AnyInteger`: any width and signedness.
    AnyInteger,
    /// `AnySignlessInteger`.
    AnySignlessInteger,
    /// `AnySignedInteger`: `si8`, `si32`, ...
    AnySignedInteger,
    /// `AnyUnsignedInteger`: `ui8`, `ui32`, ...
    AnyUnsignedInteger,
    /// `I1`, `I32`, ...: one signless width.
    SignlessInt(u32),
    /// `Index`.
    Index,
    /// `AnyFloat`.
    AnyFloat,
    /// `F32`, `BF16`, ...: one float format.
    Float(FloatKind),
    /// `FunctionType`.
    Function,
    /// `SignlessIntegerLike` (also `SignlessIntegerOrIndexLike`): a signless integer or
    /// `index`, or a vector or tensor of them.
    SignlessIntegerLike,
    /// `SignlessFixedWidthIntegerLike`: as above without `index`.
    SignlessFixedWidthIntegerLike,
    /// `SignlessIntegerOrFloatLike`: a signless integer or float, or a vector or tensor of
    /// them (no `index`: MLIR 22 rejects `arith.bitcast` on it).
    SignlessIntegerOrFloatLike,
    /// `FloatLike`: a float, or a vector or tensor of floats.
    FloatLike,
    /// `BoolLike`: `i1`, or a vector or tensor of `i1`.
    BoolLike,
    /// `VectorOf<...>` (`AnyVector` is `VectorOf<AnyType>`), and MLIR 22's spellings
    /// `VectorOfAnyRankOf<...>` and `AnyVectorOfAnyRank`.
    Vector(Box<TypeConstraint>),
    /// A vector whose shape has a property as well: `VectorOfNonZeroRankOf<...>`
    /// (`AnyVectorOfNonZeroRank`), the fixed-length vectors (`AnyFixedVectorOfAnyRank`,
    /// `FixedVectorOfNonZeroRankOf<...>`) and the vectors of given ranks
    /// (`VectorOfRankAndType`, and inside named ones `VectorOfRank`,
    /// `ScalableVectorOfRank`).
    VectorWith(Box<TypeConstraint>, ShapeProperty),
    /// `TensorOf<...>`, ranked or not (`AnyTensor`).
    Tensor(Box<TypeConstraint>),
    /// `RankedTensorOf<...>` (`AnyRankedTensor`).
    RankedTensor(Box<TypeConstraint>),
    /// `UnrankedTensorOf<...>` (`AnyUnrankedTensor`): `tensor<*x...>`.
    UnrankedTensor(Box<TypeConstraint>),
    /// A ranked tensor whose shape has a property as well: `TensorRankOf`,
    /// `AnyStaticShapeTensor`, `AnyNon0RankedTensor`.
    RankedTensorWith(Box<TypeConstraint>, ShapeProperty),
    /// `MemRefOf<...>`: a ranked memref (`AnyMemRef`), as MLIR's `MemRefType`.
    MemRef(Box<TypeConstraint>),
    /// `UnrankedMemRefOf<...>` (`AnyUnrankedMemRef`): `memref<*x...>`.
    UnrankedMemRef(Box<TypeConstraint>),
    /// A ranked memref whose shape or layout has a property as well: `MemRefRankOf`,
    /// `AnyStridedMemRef`, `AnyStaticShapeMemRef`, `AnyNon0RankedMemRef`.
    MemRefWith(Box<TypeConstraint>, ShapeProperty),
    /// `ShapedOf<...>`: a vector, tensor or memref (`AnyShaped`).
    Shaped(Box<TypeConstraint>),
    /// `Complex<...>`: a builtin `complex<...>` whose element satisfies the constraint
    /// (`AnyComplex` is a named `Complex<AnyType>`).
    Complex(Box<TypeConstraint>),
    /// `AnyTypeOf<a, b, ...>`.
    AnyOf(Vec<TypeConstraint>),
    /// `SameAs<$x>`: a type variable, bound to the type of the value named `x`. Checked by
    /// the op-level verifier, which knows the other values; alone it accepts any type.
    SameAs(String),
    /// A constraint declared in a spec file under its own name and MLIR's description.
    Named(Arc<NamedConstraint>),
    /// A constraint imported from ODS that no name of ours covers: evaluated by its
    /// predicate, described by its summary.
    Imported(Arc<ImportedConstraint>),
}

/// An ODS type constraint read from `.td` records (`TensorOf<[F32]>`, a dialect's own).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ImportedConstraint {
    /// The def's name (`anonymous_12` for an inline one).
    pub name: String,
    /// ODS's `summary`: the words of MLIR's messages (`must be {summary}, but got ...`).
    pub summary: String,
    pub predicate: TypePred,
    /// ODS's `cppType` without `::mlir::` (`MemRefType`): the class `type($x)` parses.
    pub cpp_type: String,
    /// The type ODS's builder makes (`builderCall`), when the constraint allows one only.
    pub built: Option<Type>,
    /// The dialect's `TypeDef` class `cpp_type` is, if one: an unqualified `type($x)`
    /// reads a type not starting with `!` with that class's parser (`i8` is `!moore.i8`).
    pub dialect_class: Option<TypeClass>,
}

/// What a `MemRefWith` or `RankedTensorWith` constraint asks of a ranked memref or
/// tensor beyond its element type. (MLIR's `Non0RankedTensorOf` is a `TensorOf` whose
/// predicate asks for a rank, so it too accepts ranked tensors only.)
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ShapeProperty {
    /// `MemRefRankOf<..., [1, 2]>`, `TensorRankOf<...>`: one of these ranks.
    Ranks(Vec<u64>),
    /// `AnyNon0RankedMemRef`, `AnyNon0RankedTensor`: a rank other than 0.
    NonZeroRank,
    /// `AnyStaticShapeMemRef`, `AnyStaticShapeTensor`: no dynamic dimension.
    StaticShape,
    /// `AnyStridedMemRef` (memrefs only): a layout that offsets and strides describe.
    /// Affine-map layouts are accepted without analysing them (so a check stays quiet when
    /// in doubt).
    Strided,
    /// `AnyStridedMemRefOfRank<n>` (memrefs only).
    StridedOfRank(u64),
    /// `AnyFixedVectorOfAnyRank` (vectors only): no scalable dimension.
    FixedLength,
    /// `FixedVectorOfNonZeroRankOf` (vectors only): a rank other than 0 and no scalable
    /// dimension.
    FixedLengthNonZeroRank,
    /// `ScalableVectorOfRank<...>` (vectors only): one of these ranks, and a scalable
    /// dimension.
    ScalableRanks(Vec<u64>),
}

/// A spec-declared type constraint: its name, its description and what it checks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NamedConstraint {
    pub name: String,
    pub summary: String,
    pub inner: TypeConstraint,
}

impl TypeConstraint {
    /// Does an imported constraint's predicate decide that a dialect type we keep as text
    /// fails it? Its tests answer such a type only where they can: a `TypeDef` class by
    /// dialect and mnemonic, a builtin class never, an interface not at all.
    pub fn rejects_dialect_type(&self, ty: &Type) -> bool {
        matches!(ty, Type::Opaque(_))
            && matches!(self, TypeConstraint::Imported(imported)
                if imported.predicate.eval(ty) == Some(false))
    }

    /// Does `ty` satisfy the constraint? Error types satisfy every constraint, so a broken
    /// type never causes a second, misleading message.
    pub fn matches(&self, ty: &Type) -> bool {
        if ty.contains_error() {
            return true;
        }
        match self {
            TypeConstraint::Any | TypeConstraint::SameAs(_) => true,
            TypeConstraint::AnyInteger => ty.is_integer(),
            TypeConstraint::AnySignlessInteger => is_signless(ty),
            TypeConstraint::AnySignedInteger => has_signedness(ty, Signedness::Signed),
            TypeConstraint::AnyUnsignedInteger => has_signedness(ty, Signedness::Unsigned),
            TypeConstraint::SignlessInt(width) => ty.is_signless_int(*width),
            TypeConstraint::Index => ty.is_index(),
            TypeConstraint::AnyFloat => ty.is_float(),
            TypeConstraint::Float(kind) => *ty == Type::Float(*kind),
            TypeConstraint::Function => matches!(ty, Type::Function(_)),
            TypeConstraint::SignlessIntegerLike => like(ty, |t| is_signless(t) || t.is_index()),
            TypeConstraint::SignlessFixedWidthIntegerLike => like(ty, is_signless),
            TypeConstraint::SignlessIntegerOrFloatLike => {
                like(ty, |t| is_signless(t) || t.is_float())
            }
            TypeConstraint::FloatLike => like(ty, Type::is_float),
            TypeConstraint::BoolLike => like(ty, |t| t.is_signless_int(1)),
            TypeConstraint::Vector(element) => is_vector(ty) && element_matches(ty, element),
            TypeConstraint::VectorWith(element, property) => {
                is_vector(ty) && element_matches(ty, element) && property.holds(ty)
            }
            TypeConstraint::Tensor(element) => is_tensor(ty) && element_matches(ty, element),
            TypeConstraint::RankedTensor(element) => {
                matches!(ty, Type::RankedTensor(_)) && element_matches(ty, element)
            }
            TypeConstraint::UnrankedTensor(element) => {
                matches!(ty, Type::UnrankedTensor(_)) && element_matches(ty, element)
            }
            TypeConstraint::RankedTensorWith(element, property) => {
                matches!(ty, Type::RankedTensor(_))
                    && element_matches(ty, element)
                    && property.holds(ty)
            }
            TypeConstraint::MemRef(element) => is_memref(ty) && element_matches(ty, element),
            TypeConstraint::UnrankedMemRef(element) => {
                matches!(ty, Type::UnrankedMemRef(_)) && element_matches(ty, element)
            }
            TypeConstraint::MemRefWith(element, property) => {
                is_memref(ty) && element_matches(ty, element) && property.holds(ty)
            }
            TypeConstraint::Shaped(element) => element_matches(ty, element),
            TypeConstraint::Complex(element) => {
                matches!(ty, Type::Complex(e) if element.matches(e))
            }
            TypeConstraint::AnyOf(options) => options.iter().any(|c| c.matches(ty)),
            TypeConstraint::Named(named) => named.inner.matches(ty),
            TypeConstraint::Imported(imported) => imported.predicate.eval(ty) != Some(false),
        }
    }

    /// MLIR's words for the constraint: `signless-integer-like`, `1-bit signless integer`,
    /// `vector of any type values`.
    pub fn describe(&self) -> String {
        match self {
            TypeConstraint::Any => "any type".into(),
            TypeConstraint::AnyInteger => "integer".into(),
            TypeConstraint::AnySignlessInteger => "signless integer".into(),
            TypeConstraint::AnySignedInteger => "signed integer".into(),
            TypeConstraint::AnyUnsignedInteger => "unsigned integer".into(),
            TypeConstraint::SignlessInt(width) => format!("{width}-bit signless integer"),
            TypeConstraint::Index => "index".into(),
            TypeConstraint::AnyFloat => "floating-point".into(),
            TypeConstraint::Float(kind) => float_description(*kind),
            TypeConstraint::Function => "function type".into(),
            TypeConstraint::SignlessIntegerLike => "signless-integer-like".into(),
            TypeConstraint::SignlessFixedWidthIntegerLike => {
                "signless-fixed-width-integer-like".into()
            }
            TypeConstraint::SignlessIntegerOrFloatLike => "signless-integer-or-float-like".into(),
            TypeConstraint::FloatLike => "floating-point-like".into(),
            TypeConstraint::BoolLike => "bool-like".into(),
            TypeConstraint::Vector(element) => container("vector", element),
            TypeConstraint::VectorWith(element, property) => property.describe_vector(element),
            TypeConstraint::Tensor(element) => container("tensor", element),
            TypeConstraint::RankedTensor(element) => container("ranked tensor", element),
            TypeConstraint::UnrankedTensor(element) => container("unranked tensor", element),
            TypeConstraint::RankedTensorWith(element, property) => {
                property.describe("tensor", element)
            }
            TypeConstraint::MemRef(element) => container("memref", element),
            TypeConstraint::UnrankedMemRef(element) => container("unranked.memref", element),
            TypeConstraint::MemRefWith(element, property) => property.describe("memref", element),
            TypeConstraint::Shaped(element) => container("shaped", element),
            TypeConstraint::Complex(element) => {
                format!("complex type with {} elements", element.describe())
            }
            TypeConstraint::AnyOf(options) => join_or(options),
            TypeConstraint::SameAs(name) => format!("the type of '{name}'"),
            TypeConstraint::Named(named) => named.summary.clone(),
            TypeConstraint::Imported(imported) => imported.summary.clone(),
        }
    }

    /// The value this constraint ties its type to, for `SameAs<$x>`.
    pub fn type_variable(&self) -> Option<&str> {
        match self {
            TypeConstraint::SameAs(name) => Some(name),
            _ => None,
        }
    }
}

fn is_signless(ty: &Type) -> bool {
    matches!(ty, Type::Integer(int) if int.signedness == Signedness::Signless)
}

fn has_signedness(ty: &Type, signedness: Signedness) -> bool {
    matches!(ty, Type::Integer(int) if int.signedness == signedness)
}

fn is_vector(ty: &Type) -> bool {
    matches!(ty, Type::Vector(_))
}

fn is_tensor(ty: &Type) -> bool {
    matches!(ty, Type::RankedTensor(_) | Type::UnrankedTensor(_))
}

/// A ranked memref: MLIR's `MemRefType` (`memref<*x...>` is another type).
fn is_memref(ty: &Type) -> bool {
    matches!(ty, Type::MemRef(_))
}

impl ShapeProperty {
    /// Does the ranked memref, tensor or vector `ty` have the property?
    fn holds(&self, ty: &Type) -> bool {
        let rank = ty.rank().unwrap_or_default() as u64;
        match self {
            ShapeProperty::Ranks(ranks) => ranks.contains(&rank),
            ShapeProperty::NonZeroRank => rank != 0,
            ShapeProperty::StaticShape => ty.has_static_shape(),
            ShapeProperty::Strided => true,
            ShapeProperty::StridedOfRank(n) => rank == *n,
            ShapeProperty::FixedLength => !is_scalable(ty),
            ShapeProperty::FixedLengthNonZeroRank => rank != 0 && !is_scalable(ty),
            ShapeProperty::ScalableRanks(ranks) => ranks.contains(&rank) && is_scalable(ty),
        }
    }

    /// ODS's words for a vector of the property: `vector of ... values` (its non-0-rank
    /// vectors are plain `vector`s), `fixed-length vector of ... values`, `vector of ...
    /// values of ranks 1/2`.
    fn describe_vector(&self, element: &TypeConstraint) -> String {
        match self {
            ShapeProperty::FixedLength | ShapeProperty::FixedLengthNonZeroRank => {
                container("fixed-length vector", element)
            }
            ShapeProperty::Ranks(ranks) => {
                format!(
                    "{} of ranks {}",
                    container("vector", element),
                    rank_list(ranks)
                )
            }
            ShapeProperty::ScalableRanks(ranks) => format!(
                "{} of ranks {}",
                container("scalable vector", element),
                rank_list(ranks)
            ),
            _ => container("vector", element),
        }
    }

    /// `1D memref of ... values`, `strided memref of ... values of rank 0`, as ODS names
    /// the constrained container (`memref` or `tensor`).
    fn describe(&self, shaped: &str, element: &TypeConstraint) -> String {
        match self {
            ShapeProperty::Ranks(ranks) => {
                let ranks: Vec<String> = ranks.iter().map(|r| format!("{r}D")).collect();
                container(&format!("{} {shaped}", ranks.join("/")), element)
            }
            ShapeProperty::NonZeroRank => container(&format!("non-0-ranked.{shaped}"), element),
            ShapeProperty::StaticShape => {
                container(&format!("statically shaped {shaped}"), element)
            }
            ShapeProperty::Strided => container(&format!("strided {shaped}"), element),
            ShapeProperty::StridedOfRank(n) => {
                format!(
                    "{} of rank {n}",
                    container(&format!("strided {shaped}"), element)
                )
            }
            // Vector properties, described by `describe_vector`.
            ShapeProperty::FixedLength
            | ShapeProperty::FixedLengthNonZeroRank
            | ShapeProperty::ScalableRanks(_) => container(shaped, element),
        }
    }
}

/// `1/2`, as ODS lists allowed ranks.
pub(crate) fn rank_list(ranks: &[u64]) -> String {
    let ranks: Vec<String> = ranks.iter().map(u64::to_string).collect();
    ranks.join("/")
}

/// A vector with a scalable dimension (`vector<[4]xf32>`).
fn is_scalable(ty: &Type) -> bool {
    matches!(ty, Type::Vector(v) if v.dims.iter().any(|d| d.scalable))
}

/// The `*-like` constraints: a scalar, or a vector or tensor (not a memref) of scalars,
/// each satisfying `scalar`.
fn like(ty: &Type, scalar: impl Fn(&Type) -> bool) -> bool {
    match ty {
        Type::Vector(_) | Type::RankedTensor(_) | Type::UnrankedTensor(_) => {
            ty.element_type().is_some_and(scalar)
        }
        _ => scalar(ty),
    }
}

fn element_matches(ty: &Type, element: &TypeConstraint) -> bool {
    ty.element_type().is_some_and(|e| element.matches(e))
}

/// `vector of 32-bit float values`; `vector of any type values`.
fn container(kind: &str, element: &TypeConstraint) -> String {
    format!("{kind} of {} values", element.describe())
}

fn join_or(options: &[TypeConstraint]) -> String {
    let words: Vec<String> = options.iter().map(TypeConstraint::describe).collect();
    words.join(" or ")
}

/// MLIR names the IEEE formats by width and the others by their type name.
fn float_description(kind: FloatKind) -> String {
    match kind {
        FloatKind::F16 | FloatKind::F32 | FloatKind::F64 | FloatKind::F80 | FloatKind::F128 => {
            format!("{}-bit float", kind.bit_width())
        }
        FloatKind::BF16 => "bfloat16 type".into(),
        other => format!("{} type", other.name()),
    }
}

/// What an inherent attribute (or property) must be.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AttrConstraint {
    /// `AnyAttr`.
    Any,
    /// `UnitAttr` / `UnitProp`: present or absent, no value.
    Unit,
    /// `BoolAttr`.
    Bool,
    /// `StrAttr`.
    Str,
    /// `SymbolNameAttr`: a string, written `@name` in custom syntax.
    SymbolName,
    /// `FlatSymbolRefAttr`: `@name` without nested references.
    FlatSymbolRef,
    /// `SymbolRefAttr`: `@a::@b`.
    SymbolRef,
    /// `TypedAttr`: any attribute that has a type.
    Typed,
    /// `TypeAttrOf<...>`: a type, used as an attribute.
    TypeOf(TypeConstraint),
    /// `I32Attr`, `I64Attr`: an integer of that signless width.
    Int(u32),
    /// `IndexAttr`: an integer of type `index` (written without its type where the format
    /// gives it: `index.constant 42`).
    IndexInt,
    /// `DenseI32ArrayAttr`: `array<i32: ...>`, written `[1, 2]` in custom syntax.
    DenseI32Array,
    /// `DenseI64ArrayAttr`: `array<i64: ...>`.
    DenseI64Array,
    /// `ArrayAttr`: `[...]` of any attributes.
    Array,
    /// `IndexListArrayAttr`: an array of arrays of `i64`, as `[[0, 1], [2]]`.
    IndexListArray,
    /// `AffineMapAttr`.
    AffineMap,
    /// `DictArrayAttr`: an array of dictionaries (argument and result attributes).
    DictArray,
    /// `AnyIntElementsAttr`: `dense<...>` of integers.
    IntElements,
    /// An enum declared in a spec file: an integer case or a set of bit flags.
    Enum(Arc<EnumSpec>),
    /// An integer attribute of the inner constraint, confined to a range (ODS's
    /// `ConfinedAttr<I64Attr, [IntMinValue<0>]>`, `IntNonNegative`, `IntPositive`).
    Bounded(Box<AttrConstraint>, IntBounds),
}

/// The values an integer attribute may take, read signed (as MLIR's `getInt()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct IntBounds {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl IntBounds {
    /// Does `attr`, an integer, lie within the bounds? Anything else is not for the bounds
    /// to judge.
    pub fn admits(&self, attr: &Attr) -> bool {
        let Attr::Integer(int) = attr else {
            return true;
        };
        let Some(value) = int.value_i128() else {
            return true;
        };
        self.min.is_none_or(|min| value >= i128::from(min))
            && self.max.is_none_or(|max| value <= i128::from(max))
    }

    /// The words ODS gives the bounds (`whose minimum value is 0`).
    fn describe(&self) -> String {
        let min = self.min.map(|n| format!("whose minimum value is {n}"));
        let max = self.max.map(|n| format!("whose maximum value is {n}"));
        min.into_iter().chain(max).collect::<Vec<_>>().join(" ")
    }
}

/// An enum attribute declared in a spec file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnumSpec {
    pub name: String,
    pub kind: EnumKind,
    /// The cases, in declaration order: keyword and value.
    pub cases: Vec<(String, u64)>,
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EnumKind {
    /// Stored as a signless integer of this width (`predicate = 2 : i64`); written as a
    /// case keyword in custom syntax.
    Integer { width: u32 },
    /// A set of flags stored as the dialect attribute `mnemonic` (`#arith.fastmath<...>`);
    /// written `<flag, flag>` after its keyword in custom syntax.
    Bits { mnemonic: String },
}

impl EnumSpec {
    /// The value of the case named `keyword`.
    pub fn case(&self, keyword: &str) -> Option<u64> {
        self.cases.iter().find(|(k, _)| k == keyword).map(|c| c.1)
    }

    pub fn is_bits(&self) -> bool {
        matches!(self.kind, EnumKind::Bits { .. })
    }
}

impl AttrConstraint {
    /// Does `attr` satisfy the constraint? Unreadable attributes, and attributes whose
    /// text we do not model (`Attr::Text`, `Attr::Opaque`), satisfy any constraint that
    /// could hold them, so checks built on this stay quiet when in doubt.
    pub fn matches(&self, attr: &Attr) -> bool {
        if matches!(attr, Attr::Error) {
            return true;
        }
        match self {
            AttrConstraint::Any | AttrConstraint::Typed => true,
            AttrConstraint::Unit => matches!(attr, Attr::Unit),
            AttrConstraint::Bool => is_int_of_width(attr, 1),
            AttrConstraint::Str | AttrConstraint::SymbolName => matches!(attr, Attr::String(_)),
            AttrConstraint::FlatSymbolRef => matches!(attr, Attr::SymbolRef(p) if p.len() == 1),
            AttrConstraint::SymbolRef => matches!(attr, Attr::SymbolRef(_)),
            AttrConstraint::TypeOf(c) => matches!(attr, Attr::Type(t) if c.matches(t)),
            AttrConstraint::Int(width) => is_int_of_width(attr, *width),
            AttrConstraint::IndexInt => matches!(attr, Attr::Integer(int) if int.ty().is_index()),
            AttrConstraint::DenseI32Array => is_dense_array(attr, 32),
            AttrConstraint::DenseI64Array => is_dense_array(attr, 64),
            AttrConstraint::Array => matches!(attr, Attr::Array(_)),
            AttrConstraint::IndexListArray => is_index_list_array(attr),
            AttrConstraint::AffineMap => matches!(attr, Attr::AffineMap(_)),
            AttrConstraint::DictArray => is_dict_array(attr),
            AttrConstraint::IntElements => matches!(attr, Attr::Text(_)),
            AttrConstraint::Enum(spec) => enum_matches(spec, attr),
            AttrConstraint::Bounded(base, bounds) => base.matches(attr) && bounds.admits(attr),
        }
    }

    /// MLIR's words for the constraint, as in `attribute 'value' failed to satisfy
    /// constraint: flat symbol reference attribute`.
    pub fn describe(&self) -> String {
        match self {
            AttrConstraint::Any => "any attribute".into(),
            AttrConstraint::Unit => "unit attribute".into(),
            AttrConstraint::Bool => "bool attribute".into(),
            AttrConstraint::Str | AttrConstraint::SymbolName => "string attribute".into(),
            AttrConstraint::FlatSymbolRef => "flat symbol reference attribute".into(),
            AttrConstraint::SymbolRef => "symbol reference attribute".into(),
            AttrConstraint::Typed => "TypedAttr instance".into(),
            AttrConstraint::TypeOf(c) => format!("type attribute of {}", c.describe()),
            AttrConstraint::Int(width) => format!("{width}-bit signless integer attribute"),
            AttrConstraint::IndexInt => "index attribute".into(),
            AttrConstraint::DenseI32Array => "i32 dense array attribute".into(),
            AttrConstraint::DenseI64Array => "i64 dense array attribute".into(),
            AttrConstraint::Array => "array attribute".into(),
            AttrConstraint::IndexListArray => "Array of 64-bit integer array attributes".into(),
            AttrConstraint::AffineMap => "AffineMap attribute".into(),
            AttrConstraint::DictArray => "Array of dictionary attributes".into(),
            AttrConstraint::IntElements => "integer elements attribute".into(),
            AttrConstraint::Enum(spec) => spec.summary.clone(),
            AttrConstraint::Bounded(base, bounds) => {
                format!("{} {}", base.describe(), bounds.describe())
            }
        }
    }

    /// The enum behind an enum constraint.
    pub fn enum_spec(&self) -> Option<&EnumSpec> {
        match self {
            AttrConstraint::Enum(spec) => Some(spec),
            _ => None,
        }
    }

    /// The constraint without its bounds: how the attribute is written.
    pub fn unbounded(&self) -> &AttrConstraint {
        match self {
            AttrConstraint::Bounded(base, _) => base.unbounded(),
            other => other,
        }
    }
}

fn is_int_of_width(attr: &Attr, width: u32) -> bool {
    matches!(attr, Attr::Integer(int) if int.ty().is_signless_int(width))
}

fn is_dense_array(attr: &Attr, width: u32) -> bool {
    matches!(attr, Attr::DenseArray(array) if array.0.is_signless_int(width))
}

fn is_index_list_array(attr: &Attr) -> bool {
    let is_list = |a: &Attr| match a {
        Attr::Array(items) => items.iter().all(|i| is_int_of_width(i, 64)),
        _ => false,
    };
    matches!(attr, Attr::Array(lists) if lists.iter().all(is_list))
}

fn is_dict_array(attr: &Attr) -> bool {
    matches!(attr, Attr::Array(items) if items.iter().all(|a| matches!(a, Attr::Dictionary(_))))
}

/// An integer enum is its integer with a declared value; a bit enum is its dialect
/// attribute, which we keep as text (`#arith.fastmath<fast>`), so only the name is checked.
fn enum_matches(spec: &EnumSpec, attr: &Attr) -> bool {
    match (&spec.kind, attr) {
        (EnumKind::Integer { width }, Attr::Integer(int)) => {
            int.ty().is_signless_int(*width) && spec_has_value(spec, &attr.to_string())
        }
        (EnumKind::Bits { mnemonic }, Attr::Opaque(opaque)) => {
            format!("#{}.{}", opaque.dialect, opaque.data).starts_with(&format!("{mnemonic}<"))
        }
        _ => false,
    }
}

/// Is the printed integer attribute (`2 : i64`) one of the enum's values?
fn spec_has_value(spec: &EnumSpec, printed: &str) -> bool {
    let number = printed.split(' ').next().unwrap_or_default();
    number
        .parse::<u64>()
        .is_ok_and(|value| spec.cases.iter().any(|(_, v)| *v == value))
}
