//! The semantic `Attr` of the builtin dialect (types stage, checklist §4b): the attributes a
//! type can contain and the common ones, as cheap-to-clone values that compare like MLIR's
//! uniqued attributes. Attributes we do not model yet keep a normalized text.

use std::sync::Arc;

use super::affine::{AffineMap, IntegerSet};
use super::bignum::BigUint;
use super::float::FloatKind;
use super::ty::{Dim, Signedness, Type};

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

    /// Is it the integer zero (of any integer type or index)? A memref's memory space
    /// `0` is the default one.
    pub fn is_zero_integer(&self) -> bool {
        matches!(self, Attr::Integer(int) if int.bits.is_zero())
    }
}
