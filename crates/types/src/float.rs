//! Float types and values (types stage): every float type of MLIR 22 with its bit layout,
//! and exact conversions between bit patterns, `f64` and decimal strings, rounding to
//! nearest-even as LLVM's APFloat does. Values are kept as bit patterns, so two float
//! attributes are equal exactly when MLIR's would be (`-0.0` differs from `0.0`).

use super::bignum::BigUint;

/// A float type keyword (B-T03 and the newer upstream types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

/// Which bit patterns are not finite numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NonFinite {
    /// IEEE 754: the all-ones exponent holds infinities and NaNs.
    Ieee,
    /// `FN` types: no infinity; only all-ones exponent and mantissa is NaN.
    NanAllOnes,
    /// `FNUZ` types: no infinity, no negative zero; the negative-zero pattern is NaN.
    NanNegZero,
    /// Every pattern is a finite number (f6, f4).
    FiniteOnly,
    /// `f8E8M0FNU`: all ones is NaN, there is no zero and no sign.
    ExponentOnly,
}

/// The layout of one float type.
#[derive(Debug, Clone, Copy)]
struct Semantics {
    width: u32,
    /// Significand bits, the leading one included.
    precision: u32,
    exp_bits: u32,
    bias: i64,
    /// f80 stores its leading one (the "integer bit").
    explicit_int: bool,
    non_finite: NonFinite,
}

/// A decoded float: `mantissa * 2^exp` for finite non-zero values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decoded {
    Zero {
        negative: bool,
    },
    Inf {
        negative: bool,
    },
    NaN,
    Finite {
        negative: bool,
        mantissa: u128,
        exp: i64,
    },
}

/// Significant bits kept when a long exact value is reduced before rounding: more than any
/// precision (113), so rounding from them plus a sticky bit is exact.
const KEPT_BITS: u64 = 126;

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    /// The type keyword, as MLIR spells and prints it.
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    /// The kind a type keyword names (case matters: `f8e4m3fn` is not a type).
    pub fn from_name(name: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The storage width in bits.
    pub fn bit_width(self) -> u32 {
        self.semantics().width
    }

    /// The significand precision in bits, the leading one included.
    pub fn precision(self) -> u32 {
        self.semantics().precision
    }

    fn semantics(self) -> Semantics {
        use NonFinite::*;
        let (width, precision, exp_bits, bias, non_finite) = match self {
            FloatKind::F4E2M1FN => (4, 2, 2, 1, FiniteOnly),
            FloatKind::F6E2M3FN => (6, 4, 2, 1, FiniteOnly),
            FloatKind::F6E3M2FN => (6, 3, 3, 3, FiniteOnly),
            FloatKind::F8E5M2 => (8, 3, 5, 15, Ieee),
            FloatKind::F8E4M3 => (8, 4, 4, 7, Ieee),
            FloatKind::F8E4M3FN => (8, 4, 4, 7, NanAllOnes),
            FloatKind::F8E5M2FNUZ => (8, 3, 5, 16, NanNegZero),
            FloatKind::F8E4M3FNUZ => (8, 4, 4, 8, NanNegZero),
            FloatKind::F8E4M3B11FNUZ => (8, 4, 4, 11, NanNegZero),
            FloatKind::F8E3M4 => (8, 5, 3, 3, Ieee),
            FloatKind::F8E8M0FNU => (8, 1, 8, 127, ExponentOnly),
            FloatKind::BF16 => (16, 8, 8, 127, Ieee),
            FloatKind::F16 => (16, 11, 5, 15, Ieee),
            FloatKind::TF32 => (19, 11, 8, 127, Ieee),
            FloatKind::F32 => (32, 24, 8, 127, Ieee),
            FloatKind::F64 => (64, 53, 11, 1023, Ieee),
            FloatKind::F80 => (80, 64, 15, 16383, Ieee),
            FloatKind::F128 => (128, 113, 15, 16383, Ieee),
        };
        Semantics {
            width,
            precision,
            exp_bits,
            bias,
            explicit_int: self == FloatKind::F80,
            non_finite,
        }
    }
}

impl Semantics {
    /// Stored significand bits (the leading one excluded, except for f80).
    fn fraction_bits(&self) -> u32 {
        if self.explicit_int {
            self.precision
        } else {
            self.precision - 1
        }
    }

    fn max_exp_field(&self) -> i64 {
        (1 << self.exp_bits) - 1
    }

    fn has_sign(&self) -> bool {
        self.non_finite != NonFinite::ExponentOnly
    }

    /// The exponent of the smallest normal number.
    fn min_exp(&self) -> i64 {
        match self.non_finite {
            NonFinite::ExponentOnly => -self.bias,
            _ => 1 - self.bias,
        }
    }

    /// The exponent of the largest finite number.
    fn max_exp(&self) -> i64 {
        match self.non_finite {
            NonFinite::Ieee | NonFinite::ExponentOnly => self.max_exp_field() - 1 - self.bias,
            _ => self.max_exp_field() - self.bias,
        }
    }

    fn sign_bit(&self, negative: bool) -> u128 {
        u128::from(negative && self.has_sign()) << (self.width - 1)
    }

    fn nan_bits(&self) -> u128 {
        let all = (1u128 << self.width) - 1;
        match self.non_finite {
            NonFinite::Ieee => {
                let quiet = 1u128 << (self.precision - 2);
                let int_bit = u128::from(self.explicit_int) << (self.precision - 1);
                (all >> 1) & !((1u128 << self.fraction_bits()) - 1) | quiet | int_bit
            }
            NonFinite::NanAllOnes => all >> 1,
            NonFinite::NanNegZero => 1 << (self.width - 1),
            NonFinite::ExponentOnly | NonFinite::FiniteOnly => all,
        }
    }

    fn inf_bits(&self, negative: bool) -> u128 {
        let exp = (self.max_exp_field() as u128) << self.fraction_bits();
        let int_bit = u128::from(self.explicit_int) << (self.precision - 1);
        self.sign_bit(negative) | exp | int_bit
    }

    fn zero_bits(&self, negative: bool) -> u128 {
        match self.non_finite {
            // No negative zero: the pattern is NaN.
            NonFinite::NanNegZero => 0,
            _ => self.sign_bit(negative),
        }
    }

    /// What a value too large for the type rounds to.
    fn overflow_bits(&self, negative: bool) -> u128 {
        match self.non_finite {
            NonFinite::Ieee => self.inf_bits(negative),
            NonFinite::FiniteOnly => self.sign_bit(negative) | ((1u128 << (self.width - 1)) - 1),
            // The NaN keeps the sign where the type has a signed NaN.
            NonFinite::NanAllOnes => self.sign_bit(negative) | self.nan_bits(),
            _ => self.nan_bits(),
        }
    }
}

/// Splits a bit pattern of `kind` into its value.
pub(crate) fn decode(kind: FloatKind, bits: u128) -> Decoded {
    let sem = kind.semantics();
    let bits = bits & mask(sem.width);
    let negative = sem.has_sign() && (bits >> (sem.width - 1)) & 1 == 1;
    let frac_bits = sem.fraction_bits();
    let exp_field = ((bits >> frac_bits) as i64) & sem.max_exp_field();
    let fraction = bits & mask(frac_bits);
    if let Some(special) = special_value(&sem, negative, exp_field, fraction) {
        return special;
    }
    let leading = 1u128 << (sem.precision - 1);
    let (mantissa, exp) = match (exp_field, sem.non_finite) {
        (_, NonFinite::ExponentOnly) => (1, exp_field - sem.bias),
        (0, _) => (fraction, sem.min_exp()),
        _ if sem.explicit_int => (fraction, exp_field - sem.bias),
        _ => (fraction | leading, exp_field - sem.bias),
    };
    if mantissa == 0 {
        return Decoded::Zero { negative };
    }
    let exp = exp - i64::from(sem.precision - 1);
    Decoded::Finite {
        negative,
        mantissa,
        exp,
    }
}

/// NaNs, infinities and zeros, by the type's rules.
fn special_value(
    sem: &Semantics,
    negative: bool,
    exp_field: i64,
    fraction: u128,
) -> Option<Decoded> {
    let all_ones_exp = exp_field == sem.max_exp_field();
    let fraction_all_ones = fraction == mask(sem.fraction_bits());
    // f80's infinity has its integer bit set; without it the pattern is a NaN.
    let inf_fraction = u128::from(sem.explicit_int) << (sem.precision - 1);
    let unnormal = sem.explicit_int && exp_field != 0 && fraction >> (sem.precision - 1) == 0;
    match sem.non_finite {
        NonFinite::Ieee if all_ones_exp && fraction == inf_fraction => {
            Some(Decoded::Inf { negative })
        }
        NonFinite::Ieee if all_ones_exp || unnormal => Some(Decoded::NaN),
        NonFinite::NanAllOnes if all_ones_exp && fraction_all_ones => Some(Decoded::NaN),
        NonFinite::NanNegZero if negative && exp_field == 0 && fraction == 0 => Some(Decoded::NaN),
        NonFinite::ExponentOnly if all_ones_exp => Some(Decoded::NaN),
        NonFinite::ExponentOnly => None,
        _ if exp_field == 0 && fraction == 0 => Some(Decoded::Zero { negative }),
        _ => None,
    }
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// The bit pattern MLIR keeps for `bits` of `kind`: f80 "unnormals" (a non-zero exponent
/// without the integer bit) are NaNs, stored with an all-ones exponent.
pub(crate) fn canonical_bits(kind: FloatKind, bits: u128) -> u128 {
    let sem = kind.semantics();
    let exp_shift = sem.fraction_bits();
    let exp_field = ((bits >> exp_shift) as i64) & sem.max_exp_field();
    if sem.explicit_int && exp_field != 0 && (bits >> (sem.precision - 1)) & 1 == 0 {
        return bits | ((sem.max_exp_field() as u128) << exp_shift);
    }
    bits
}

/// The bit pattern of `value` converted to `kind`, as MLIR converts a parsed `f64`.
pub(crate) fn from_f64(kind: FloatKind, value: f64) -> u128 {
    if kind == FloatKind::F64 {
        return u128::from(value.to_bits());
    }
    let sem = kind.semantics();
    let negative = value.is_sign_negative();
    match decode(FloatKind::F64, u128::from(value.to_bits())) {
        Decoded::NaN => sem.nan_bits(),
        Decoded::Inf { negative } => sem.overflow_bits(negative),
        Decoded::Zero { negative } => sem.zero_bits(negative),
        Decoded::Finite { mantissa, exp, .. } => round(&sem, negative, mantissa, exp, false),
    }
}

/// The bit pattern of `kind` nearest to `mantissa * 2^exp` (plus less than one unit of
/// the mantissa when `sticky`), ties to even. `mantissa` is non-zero and below 2^127.
fn round(sem: &Semantics, negative: bool, mantissa: u128, exp: i64, sticky: bool) -> u128 {
    let len = i64::from(128 - mantissa.leading_zeros());
    let lead = exp + len - 1;
    let mut lsb = lead.max(sem.min_exp()) - i64::from(sem.precision - 1);
    let mut q = round_mantissa(mantissa, len, lsb - exp, sticky);
    if q >> sem.precision != 0 {
        q >>= 1;
        lsb += 1;
    }
    if q == 0 {
        return match sem.non_finite {
            // No zero: the smallest value is what nothing rounds below.
            NonFinite::ExponentOnly => 0,
            _ => sem.zero_bits(negative),
        };
    }
    encode(sem, negative, q, lsb)
}

/// `mantissa >> shift` rounded to nearest-even (a negative shift is exact).
fn round_mantissa(mantissa: u128, len: i64, shift: i64, sticky: bool) -> u128 {
    if shift <= 0 {
        return mantissa << (-shift);
    }
    if shift > len {
        return 0;
    }
    let q = if shift >= 128 { 0 } else { mantissa >> shift };
    let rem = mantissa & mask(shift as u32);
    let half = 1u128 << (shift - 1);
    let up = rem > half || (rem == half && (sticky || q & 1 == 1));
    q + u128::from(up)
}

/// The bit pattern of `q * 2^lsb`, `q` below 2^precision, or what an overflow gives.
fn encode(sem: &Semantics, negative: bool, q: u128, lsb: i64) -> u128 {
    let p = sem.precision;
    let lead = lsb + i64::from(127 - q.leading_zeros());
    let is_nan_pattern =
        sem.non_finite == NonFinite::NanAllOnes && lead == sem.max_exp() && q == mask(p);
    if lead > sem.max_exp() || is_nan_pattern {
        return sem.overflow_bits(negative);
    }
    let normal = q >> (p - 1) == 1;
    let (exp_field, fraction) = match (normal, sem.explicit_int) {
        (false, _) => (0, q),
        (true, true) => (lead + sem.bias, q),
        (true, false) => (lead + sem.bias, q & mask(p - 1)),
    };
    sem.sign_bit(negative) | ((exp_field as u128) << sem.fraction_bits()) | fraction
}

/// The bit pattern of `kind` nearest to a decimal float (`-1.5e-3`, `12.25`, `1E+4`), as
/// APFloat reads one; `None` if `text` is not such a number.
pub(crate) fn parse_decimal(kind: FloatKind, text: &str) -> Option<u128> {
    let sem = kind.semantics();
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (digits, exp10) = decimal_parts(text)?;
    if digits.is_zero() {
        return Some(sem.zero_bits(negative));
    }
    let (mantissa, exp, sticky) = if exp10 >= 0 {
        let mut n = digits;
        n.mul_pow(10, exp10 as u64);
        top_bits(&n)
    } else {
        quotient_bits(&digits, exp10.unsigned_abs())
    };
    Some(round(&sem, negative, mantissa, exp, sticky))
}

/// The digits of a decimal (point removed) and the power of ten they are scaled by.
fn decimal_parts(text: &str) -> Option<(BigUint, i64)> {
    let (number, exp) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], text[at + 1..].parse::<i64>().ok()?),
        None => (text, 0),
    };
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    let mut digits = BigUint::zero();
    for c in whole.chars().chain(frac.chars()) {
        digits.mul_small(10);
        digits.add_small(c.to_digit(10)?);
    }
    Some((digits, exp.checked_sub(frac.len() as i64)?))
}

/// `n` as its top `KEPT_BITS` bits, their exponent, and whether any lower bit is set.
fn top_bits(n: &BigUint) -> (u128, i64, bool) {
    let len = n.bit_len();
    if len <= KEPT_BITS {
        return (n.low_u128(), 0, false);
    }
    let shift = len - KEPT_BITS;
    let sticky = n.trailing_zeros() < shift;
    let mut top = n.clone();
    top.shr(shift);
    (top.low_u128(), shift as i64, sticky)
}

/// `digits / 10^k` as `KEPT_BITS` or so quotient bits, their exponent, and whether the
/// division left a remainder.
fn quotient_bits(digits: &BigUint, k: u64) -> (u128, i64, bool) {
    let mut divisor = BigUint::from_u128(1);
    divisor.mul_pow(10, k);
    let scale = (KEPT_BITS + divisor.bit_len()).saturating_sub(digits.bit_len());
    let mut dividend = digits.clone();
    dividend.shl(scale);
    let (q, rem) = dividend.div_rem_is_nonzero(&divisor);
    (q.low_u128(), -(scale as i64), rem)
}
