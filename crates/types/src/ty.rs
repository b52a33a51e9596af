//! The semantic `Type` of the builtin dialect (types stage, checklist §4a): a cheap-to-clone
//! value that compares like MLIR's uniqued types, with the shape and element helpers that
//! checks and IDE features ask for.

use std::sync::Arc;

use super::affine::AffineMap;
use super::attr::{Attr, StridedLayout};
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
