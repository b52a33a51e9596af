//! The semantic values of the builtin dialect (types stage, checklist §4a/§4b): `Type` and
//! `Attr`, one file because each holds the other (a tensor's encoding and a memref's layout
//! and memory space are attributes; a type attribute holds a type).
//!
//! The semantic `Type` of the builtin dialect (types stage, checklist §4a): a cheap-to-clone
//! value that compares like MLIR's uniqued types, with the shape and element helpers that
//! checks and IDE features ask for.
//!
//! The semantic `Attr` of the builtin dialect (types stage, checklist §4b): the attributes a
//! type can contain and the common ones, as cheap-to-clone values that compare like MLIR's
//! uniqued attributes. Attributes we do not model yet keep a normalized text.

use std::sync::Arc;

use super::affine::{AffineMap, IntegerSet};
use super::bignum::BigUint;
use super::float::FloatKind;

/// A type, with aliases expanded and spellings normalized. Two types are equal exactly when
/// they print the same (B-T10: an identity layout is no layout). Unlike MLIR's uniqued
/// types, comparing and hashing walk the structure, so a type built from an alias used
/// many times over (which `Lowering` builds in linear time by sharing) can be slow to
/// compare unless its parts are the same `Arc`s.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// `i32`, `si8`, `ui64` (B-T01).
    Integer(IntegerType),
    /// `f32`, `bf16`, `f8E4M3FN`, ... (B-T03).
    Float(FloatKind),
    /// `index` (B-T02).
    Index,
    /// `none` (B-T04).
    None,
    /// `complex<f32>` (B-T05).
    Complex(Arc<Type>),
    /// `tuple<i32, f32>` (B-T06).
    Tuple(Arc<[Type]>),
    /// `(i32) -> (f32, f32)` (B-T07).
    Function(Arc<FunctionType>),
    /// `vector<4x[8]xf32>` (B-T13).
    Vector(Arc<VectorType>),
    /// `tensor<?x4xf32, #enc>` (B-T08).
    RankedTensor(Arc<RankedTensorType>),
    /// `tensor<*xf32>` (B-T09).
    UnrankedTensor(Arc<Type>),
    /// `memref<4xf32, strided<[1]>, 1>` (B-T10).
    MemRef(Arc<MemRefType>),
    /// `memref<*xf32, 1>` (B-T11).
    UnrankedMemRef(Arc<UnrankedMemRefType>),
    /// `!dialect.name<...>`: a type of a dialect we do not model, kept as its text (B-T12).
    Opaque(Arc<OpaqueType>),
    /// A type that could not be read (broken syntax, unknown alias, alias cycle).
    Error,
}

/// Whether an integer type is signless (`i8`), signed (`si8`) or unsigned (`ui8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IntegerType {
    pub width: u32,
    pub signedness: Signedness,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionType {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
}

/// One dimension of a tensor or memref.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dim {
    Static(i64),
    /// `?`.
    Dynamic,
}

/// One dimension of a vector: a size, scalable (`[4]`) or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VectorDim {
    pub size: i64,
    pub scalable: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VectorType {
    pub dims: Vec<VectorDim>,
    pub element: Type,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RankedTensorType {
    pub shape: Vec<Dim>,
    pub element: Type,
    pub encoding: Option<Attr>,
}

/// The layout of a ranked memref.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Layout {
    /// No layout, or an identity affine map (which MLIR drops).
    Identity,
    AffineMap(AffineMap),
    Strided(StridedLayout),
    /// A layout attribute of some dialect.
    Other(Attr),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MemRefType {
    pub shape: Vec<Dim>,
    pub element: Type,
    pub layout: Layout,
    /// `None` for the default memory space (none written, or the integer `0`).
    pub memory_space: Option<Attr>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnrankedMemRefType {
    pub element: Type,
    pub memory_space: Option<Attr>,
}

/// `!dialect.data` or `!dialect<data>`: `data` is the text after the dialect name as the
/// parser keeps it (`t<a, b>` of `!d.t<a, b>`), compared and printed verbatim.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OpaqueType {
    pub dialect: String,
    pub data: String,
}

impl OpaqueType {
    /// The mnemonic the type's text starts with: `ptr` of `!llvm.ptr<1>`.
    pub fn mnemonic(&self) -> &str {
        let end = self.data.find(['<', ' ']).unwrap_or(self.data.len());
        &self.data[..end]
    }
}

impl Type {
    pub fn integer(width: u32, signedness: Signedness) -> Type {
        Type::Integer(IntegerType { width, signedness })
    }

    /// The signless `iN`.
    pub fn int(width: u32) -> Type {
        Type::integer(width, Signedness::Signless)
    }

    pub fn function(inputs: Vec<Type>, results: Vec<Type>) -> Type {
        Type::Function(Arc::new(FunctionType { inputs, results }))
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Type::Error)
    }

    /// Does the type contain an `Error` anywhere (so checks should stay quiet about it)?
    pub fn contains_error(&self) -> bool {
        match self {
            Type::Error => true,
            Type::Complex(t) | Type::UnrankedTensor(t) => t.contains_error(),
            Type::Tuple(types) => types.iter().any(Type::contains_error),
            Type::Function(f) => f.inputs.iter().chain(&f.results).any(Type::contains_error),
            Type::Vector(_) | Type::RankedTensor(_) | Type::MemRef(_) | Type::UnrankedMemRef(_) => {
                self.element_type().is_some_and(Type::contains_error)
            }
            _ => false,
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Integer(_))
    }

    /// The signless integer of `width` bits?
    pub fn is_signless_int(&self, width: u32) -> bool {
        matches!(self, Type::Integer(IntegerType { width: w, signedness: Signedness::Signless }) if *w == width)
    }

    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float(_))
    }

    pub fn is_index(&self) -> bool {
        matches!(self, Type::Index)
    }

    pub fn is_int_or_index_or_float(&self) -> bool {
        self.is_integer() || self.is_index() || self.is_float()
    }

    /// A vector, tensor or memref (ranked or not).
    pub fn is_shaped(&self) -> bool {
        self.element_type().is_some()
    }

    /// The element type of a vector, tensor or memref.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::Vector(v) => Some(&v.element),
            Type::RankedTensor(t) => Some(&t.element),
            Type::UnrankedTensor(element) => Some(element),
            Type::MemRef(m) => Some(&m.element),
            Type::UnrankedMemRef(m) => Some(&m.element),
            _ => None,
        }
    }

    /// The dimensions of a ranked shaped type (a vector's as static sizes); `None` for other
    /// types and unranked ones.
    pub fn shape(&self) -> Option<Vec<Dim>> {
        match self {
            Type::Vector(v) => Some(v.dims.iter().map(|d| Dim::Static(d.size)).collect()),
            Type::RankedTensor(t) => Some(t.shape.clone()),
            Type::MemRef(m) => Some(m.shape.clone()),
            _ => None,
        }
    }

    pub fn rank(&self) -> Option<usize> {
        self.shape().map(|shape| shape.len())
    }

    /// Ranked with no `?` dimension.
    pub fn has_static_shape(&self) -> bool {
        self.shape()
            .is_some_and(|shape| shape.iter().all(|d| matches!(d, Dim::Static(_))))
    }

    /// The number of elements of a statically shaped type (`None` on overflow).
    pub fn num_elements(&self) -> Option<u64> {
        let shape = self.shape()?;
        shape.iter().try_fold(1u64, |count, dim| match dim {
            Dim::Static(size) => count.checked_mul(u64::try_from(*size).ok()?),
            Dim::Dynamic => None,
        })
    }

    /// The bit width of an integer or float type.
    pub fn int_or_float_bit_width(&self) -> Option<u32> {
        match self {
            Type::Integer(int) => Some(int.width),
            Type::Float(kind) => Some(kind.bit_width()),
            _ => None,
        }
    }
}

/// `i1`, or a vector or tensor of `i1` of the shape of `ty` (MLIR's `getI1SameShape`).
pub fn i1_same_shape(ty: &Type) -> Option<Type> {
    let i1 = Type::int(1);
    Some(match ty {
        Type::Vector(v) => Type::Vector(Arc::new(VectorType {
            dims: v.dims.clone(),
            element: i1,
        })),
        Type::RankedTensor(t) => Type::RankedTensor(Arc::new(RankedTensorType {
            shape: t.shape.clone(),
            element: i1,
            encoding: t.encoding.clone(),
        })),
        Type::UnrankedTensor(_) => Type::UnrankedTensor(Arc::new(i1)),
        Type::MemRef(_) | Type::UnrankedMemRef(_) | Type::Error => return None,
        _ => i1,
    })
}

/// An attribute, with aliases expanded and spellings normalized.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Attr {
    /// `42 : i32`, `true` (an `i1`), `7 : index` (B-A07).
    Integer(Arc<IntegerAttr>),
    /// `1.000000e+00 : f32` (B-A08).
    Float(FloatAttr),
    /// `"text"`, or `"text" : !d.t` (B-A12). The value is bytes: escapes may make any.
    String(Arc<StringAttr>),
    /// `unit` (B-A15).
    Unit,
    /// `[a, b]` (B-A02).
    Array(Arc<[Attr]>),
    /// `{a = 1, b}` (B-A17), entries sorted by name as MLIR keeps them.
    Dictionary(Arc<[(String, Attr)]>),
    /// A type used as an attribute (B-A14).
    Type(Type),
    /// `@a::@b` (B-A13): the root and nested names.
    SymbolRef(Arc<[String]>),
    /// `affine_map<...>` (B-A01).
    AffineMap(AffineMap),
    /// `affine_set<...>` (B-A09).
    IntegerSet(IntegerSet),
    /// `strided<[4, 1], offset: ?>` (B-A16).
    Strided(StridedLayout),
    /// `array<i32: 1, 2>` (B-A03): the element type and the values (integer or float
    /// attributes of that type).
    DenseArray(Arc<(Type, Vec<Attr>)>),
    /// `#dialect.name<...>` of a dialect we do not model, kept as its text.
    Opaque(Arc<OpaqueAttr>),
    /// An attribute kept as its text with whitespace runs made single spaces, because its
    /// canonical form is not modelled yet: `dense<...>`, `sparse<...>`, `dense_resource`,
    /// `distinct[...]` and locations. FIXME: MLIR reprints dense values (splat detection,
    /// float formatting); such texts print as written.
    Text(Arc<str>),
    /// An attribute that could not be read (broken syntax, unknown alias, alias cycle).
    Error,
}

/// An integer attribute: its type (integer or `index`) and value, stored as the value
/// modulo 2^width, so `255 : i8` and `-1 : i8` are the same attribute, as in MLIR.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IntegerAttr {
    ty: Type,
    bits: BigUint,
}

/// A float attribute: its type and value as a bit pattern of that type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FloatAttr {
    pub kind: FloatKind,
    pub bits: u128,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StringAttr {
    pub value: Vec<u8>,
    /// The `: type` written after the string, if any.
    pub ty: Option<Type>,
}

/// `strided<[strides], offset: o>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StridedLayout {
    pub strides: Vec<Dim>,
    pub offset: Dim,
}

/// `#dialect.data` or `#dialect<data>`, with an optional `: type`; `data` as for
/// `OpaqueType`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OpaqueAttr {
    pub dialect: String,
    pub data: String,
    pub ty: Option<Type>,
}

/// The storage width of `index` values in MLIR.
pub const INDEX_WIDTH: u32 = 64;

impl IntegerAttr {
    /// `magnitude`, negated when `negative`, as a value of `ty` (wrapping to its width).
    pub(crate) fn new(ty: Type, negative: bool, magnitude: BigUint) -> IntegerAttr {
        let width = match &ty {
            Type::Integer(int) => int.width,
            _ => INDEX_WIDTH,
        };
        let mut bits = truncate(magnitude, width);
        if negative && !bits.is_zero() {
            bits = twos_complement(&bits, width);
        }
        IntegerAttr { ty, bits }
    }

    pub fn ty(&self) -> &Type {
        &self.ty
    }

    pub fn width(&self) -> u32 {
        match &self.ty {
            Type::Integer(int) => int.width,
            _ => INDEX_WIDTH,
        }
    }

    /// Is the value read as unsigned? Only for `ui` types (and `i1`, read as a bool).
    pub fn is_unsigned(&self) -> bool {
        match &self.ty {
            Type::Integer(int) => int.signedness == Signedness::Unsigned || int.width == 1,
            _ => false,
        }
    }

    /// Is the top bit of the value set (a negative value when read as signed)?
    fn sign_bit(&self) -> bool {
        let width = self.width();
        width > 0 && self.bits.bit(u64::from(width) - 1)
    }

    /// The value, read signed or unsigned by the type, as a decimal string.
    pub fn value_text(&self) -> String {
        if self.is_unsigned() || !self.sign_bit() {
            return self.bits.to_decimal();
        }
        format!(
            "-{}",
            twos_complement(&self.bits, self.width()).to_decimal()
        )
    }

    /// The value as an `i128`, read signed or unsigned by the type, if it fits.
    pub fn value_i128(&self) -> Option<i128> {
        self.value_text().parse().ok()
    }
}

/// The low `width` bits of `n`.
fn truncate(n: BigUint, width: u32) -> BigUint {
    if n.bit_len() <= u64::from(width) {
        return n;
    }
    let mut limbs = n.limbs().to_vec();
    limbs.truncate(width.div_ceil(32) as usize);
    if let Some(top) = limbs.last_mut()
        && !width.is_multiple_of(32)
    {
        *top &= (1u32 << (width % 32)) - 1;
    }
    BigUint::from_limbs(limbs)
}

/// `2^width - n` for `0 < n < 2^width`.
fn twos_complement(n: &BigUint, width: u32) -> BigUint {
    let limbs = n.limbs();
    let count = width.div_ceil(32) as usize;
    let inverted: Vec<u32> = (0..count)
        .map(|i| !limbs.get(i).copied().unwrap_or(0))
        .collect();
    let mut result = truncate(BigUint::from_limbs(inverted), width);
    result.add_small(1);
    truncate(result, width)
}

impl Attr {
    /// An integer attribute of type `ty` (integer or `index`).
    pub fn integer(ty: Type, value: i128) -> Attr {
        let magnitude = BigUint::from_u128(value.unsigned_abs());
        Attr::Integer(Arc::new(IntegerAttr::new(ty, value < 0, magnitude)))
    }

    /// `true` or `false`: an `i1` integer attribute.
    pub fn bool(value: bool) -> Attr {
        Attr::integer(Type::int(1), i128::from(value))
    }

    pub fn string(value: &str) -> Attr {
        Attr::String(Arc::new(StringAttr {
            value: value.as_bytes().to_vec(),
            ty: None,
        }))
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Attr::Error)
    }

    /// Is its kind read exactly, so that a constraint failing on it surely fails in MLIR?
    /// Not an unreadable attribute, nor one kept as its text.
    pub fn is_read_exactly(&self) -> bool {
        !matches!(self, Attr::Error | Attr::Text(_) | Attr::Opaque(_))
    }

    /// Is it the integer zero (of any integer type or index)? A memref's memory space
    /// `0` is the default one.
    pub fn is_zero_integer(&self) -> bool {
        matches!(self, Attr::Integer(int) if int.bits.is_zero())
    }
}
