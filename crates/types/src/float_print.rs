//! Printing float values the way MLIR's printer does (types stage): six digits in
//! exponent form (`1.000000e+00`) when that reads back as the same value, else APFloat's
//! shortest-exact default form (`0.1000000000000000055`, `1.23E-4`) when it has a `.`,
//! else the bit pattern in hex (`0x7FC00000`). The digit generation follows APFloat's
//! `toString` behaviour, including its way of cutting digits before rounding half up.

use super::bignum::BigUint;
use super::float::{Decoded, FloatKind, decode, parse_decimal};

/// Significant digits of the first, exponent-form attempt.
const SHORT_PRECISION: u32 = 6;

/// Digits at most this many places from the point are written out in the default form.
const MAX_PADDING: i64 = 3;

/// A float attribute's value as MLIR prints it, and whether it came out as hex (which
/// keeps the `: f64` that a decimal `f64` may drop).
pub(crate) fn format_float(kind: FloatKind, bits: u128) -> (String, bool) {
    match decode(kind, bits) {
        Decoded::Zero { negative } => (format!("{}0.000000e+00", sign(negative)), false),
        Decoded::Finite {
            negative,
            mantissa,
            exp,
        } => match decimal_form(kind, bits, negative, mantissa, exp) {
            Some(text) => (text, false),
            None => (hex(bits), true),
        },
        Decoded::Inf { .. } | Decoded::NaN => (hex(bits), true),
    }
}

/// The exponent form if it reads back exactly, else the default form if it has a point.
fn decimal_form(
    kind: FloatKind,
    bits: u128,
    negative: bool,
    mantissa: u128,
    exp: i64,
) -> Option<String> {
    let short = Digits::of(mantissa, exp, SHORT_PRECISION);
    let text = format!("{}{}", sign(negative), short.exponent_form(SHORT_PRECISION));
    // Compared as values: f80 has more than one pattern for some of them.
    let same = |parsed: u128| decode(kind, parsed) == decode(kind, bits);
    if parse_decimal(kind, &text).is_some_and(same) {
        return Some(text);
    }
    // Enough digits to read back exactly (Steele and White's bound on the precision).
    let precision = 2 + kind.precision() * 59 / 196;
    let long = Digits::of(mantissa, exp, precision);
    let text = format!("{}{}", sign(negative), long.default_form(precision));
    text.contains('.').then_some(text)
}

fn sign(negative: bool) -> &'static str {
    if negative { "-" } else { "" }
}

/// `0x` and the bit pattern in upper-case hex, no leading zeros.
pub(crate) fn hex(bits: u128) -> String {
    format!("0x{bits:X}")
}

/// A value rounded to some significant digits: `digits * 10^exp`, no trailing zeros.
#[derive(Debug, PartialEq, Eq)]
struct Digits {
    digits: Vec<u8>,
    exp: i64,
}

impl Digits {
    /// `mantissa * 2^exp` (non-zero) rounded to `precision` significant digits.
    fn of(mantissa: u128, exp: i64, precision: u32) -> Digits {
        let zeros = mantissa.trailing_zeros();
        let (mut n, mut exp10) = exact_decimal(mantissa >> zeros, exp + i64::from(zeros));
        exp10 += cut_digits(&mut n, precision);
        let mut out = Digits {
            digits: n.to_decimal().into_bytes(),
            exp: exp10,
        };
        out.strip_zeros();
        out.round_half_up(precision as usize);
        out
    }

    fn strip_zeros(&mut self) {
        while self.digits.len() > 1 && self.digits.last() == Some(&b'0') {
            self.digits.pop();
            self.exp += 1;
        }
    }

    /// Keeps `precision` digits, rounding half up on the first digit dropped only.
    fn round_half_up(&mut self, precision: usize) {
        if self.digits.len() <= precision {
            return;
        }
        let up = self.digits[precision] >= b'5';
        self.exp += (self.digits.len() - precision) as i64;
        self.digits.truncate(precision);
        if up && !increment(&mut self.digits) {
            // Every digit carried: 999.. became 1000..
            self.digits = vec![b'1'];
            self.exp += precision as i64;
        }
        self.strip_zeros();
    }

    /// The power of ten of the first digit.
    fn leading_exp(&self) -> i64 {
        self.exp + self.digits.len() as i64 - 1
    }

    /// `d.dddddde+XX`, padded with zeros to `precision` decimals.
    fn exponent_form(&self, precision: u32) -> String {
        let mut out = String::new();
        out.push(self.digits[0] as char);
        out.push('.');
        out.extend(self.digits[1..].iter().map(|&d| d as char));
        let decimals = self.digits.len() - 1;
        out.extend(std::iter::repeat_n(
            '0',
            (precision as usize).saturating_sub(decimals),
        ));
        let e = self.leading_exp();
        let e_sign = if e < 0 { '-' } else { '+' };
        out + &format!("e{e_sign}{:02}", e.unsigned_abs())
    }

    /// APFloat's default form: plain digits when the point is near them, else `d.dE±X`.
    fn default_form(&self, precision: u32) -> String {
        let text: String = self.digits.iter().map(|&d| d as char).collect();
        let count = self.digits.len() as i64;
        let scientific = if self.exp >= 0 {
            self.exp > MAX_PADDING || count + self.exp > i64::from(precision)
        } else {
            self.leading_exp() < -MAX_PADDING
        };
        if scientific {
            let rest = if count == 1 { "0" } else { &text[1..] };
            let e = self.leading_exp();
            let e_sign = if e < 0 { '-' } else { '+' };
            return format!("{}.{rest}E{e_sign}{}", &text[..1], e.unsigned_abs());
        }
        if self.exp >= 0 {
            return text + &"0".repeat(self.exp as usize);
        }
        let whole = count + self.exp;
        if whole > 0 {
            let (int, frac) = text.split_at(whole as usize);
            return format!("{int}.{frac}");
        }
        format!("0.{}{text}", "0".repeat(whole.unsigned_abs() as usize))
    }
}

/// `mantissa * 2^exp` as an exact `n * 10^exp10`.
fn exact_decimal(mantissa: u128, exp: i64) -> (BigUint, i64) {
    let mut n = BigUint::from_u128(mantissa);
    if exp >= 0 {
        n.shl(exp as u64);
        return (n, 0);
    }
    // m * 2^-k == m * 5^k * 10^-k.
    n.mul_pow(5, exp.unsigned_abs());
    (n, exp)
}

/// Drops whole decimal digits (rounding down) while at least about `precision` digits'
/// worth of bits stay, as APFloat does before it rounds; returns how many it dropped.
fn cut_digits(n: &mut BigUint, precision: u32) -> i64 {
    let bits = n.bit_len();
    let required = (u64::from(precision) * 196).div_ceil(59);
    if bits <= required {
        return 0;
    }
    let removable = (bits - required) * 59 / 196;
    let mut left = removable;
    while left >= 9 {
        n.div_small(1_000_000_000);
        left -= 9;
    }
    if left > 0 {
        n.div_small(10u32.pow(left as u32));
    }
    removable as i64
}

/// Adds one to a decimal digit string; false when it carried out of the first digit.
fn increment(digits: &mut [u8]) -> bool {
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return true;
        }
    }
    false
}
