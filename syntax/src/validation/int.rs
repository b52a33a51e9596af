//! Integer literal ranges (validation): how many bits a decimal or `0x` literal needs, and
//! whether it fits an integer type the way upstream's `buildAttributeAPInt` decides (B-A07).

use super::ty::Sign;

/// Decimal literals longer than this are sized by their digit count instead of converted:
/// exact conversion is quadratic, and no real literal comes near it.
const MAX_EXACT_DIGITS: usize = 4_000;

/// The size of a non-negative literal value: its active bit count, exact or bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Magnitude {
    /// Fewest and most active bits the value can have (equal when exact).
    bits_lo: u64,
    bits_hi: u64,
    /// Is the value a power of two? `None` when only bounds are known.
    pow2: Option<bool>,
}

impl Magnitude {
    /// The magnitude of an integer token's spelling (`42`, `0x2A`); `None` if it is not one.
    pub(super) fn of(spelling: &str) -> Option<Magnitude> {
        if let Some(hex) = spelling.strip_prefix("0x") {
            return hex_magnitude(hex);
        }
        if spelling.is_empty() || !spelling.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits = spelling.trim_start_matches('0');
        if digits.len() > MAX_EXACT_DIGITS {
            return Some(decimal_bounds(digits.len() as u64));
        }
        Some(exact(&to_limbs(digits)))
    }

    /// Is the value zero?
    pub(super) fn is_zero(self) -> bool {
        self.bits_hi == 0
    }

    /// Does the value need more than `width` bits? `None` when the bounds do not tell.
    pub(super) fn wider_than(self, width: u64) -> Option<bool> {
        if self.bits_lo > width {
            Some(true)
        } else if self.bits_hi <= width {
            Some(false)
        } else {
            None
        }
    }

    /// Does the literal, negated when `negative`, fit an integer of `width` bits with
    /// `sign`? Signless accepts the union of the signed and unsigned ranges; `-0` never
    /// fits, as upstream checks the sign bit of the negated value. `None` when unsure.
    pub(super) fn fits(self, width: u64, sign: Sign, negative: bool) -> Option<bool> {
        if width == 0 {
            return Some(!negative && self.is_zero());
        }
        if negative {
            return self.fits_negated(width);
        }
        let limit = if sign == Sign::Signed {
            width - 1
        } else {
            width
        };
        self.wider_than(limit).map(|wider| !wider)
    }

    /// `-v` fits in `width` bits when `1 <= v <= 2^(width-1)`.
    fn fits_negated(self, width: u64) -> Option<bool> {
        if self.is_zero() {
            return Some(false);
        }
        match self.wider_than(width - 1)? {
            false => Some(true),
            true if self.bits_lo > width => Some(false),
            true if self.bits_hi == width && self.bits_lo == width => self.pow2,
            true => None,
        }
    }
}

fn hex_magnitude(hex: &str) -> Option<Magnitude> {
    if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digits = hex.trim_start_matches('0');
    let Some(first) = digits.chars().next() else {
        return Some(Magnitude {
            bits_lo: 0,
            bits_hi: 0,
            pow2: Some(false),
        });
    };
    let lead = first.to_digit(16)?;
    let bits = 4 * (digits.len() as u64 - 1) + u64::from(32 - lead.leading_zeros());
    let pow2 = lead.is_power_of_two() && digits[1..].bytes().all(|b| b == b'0');
    Some(Magnitude {
        bits_lo: bits,
        bits_hi: bits,
        pow2: Some(pow2),
    })
}

/// Bounds for an `n`-digit decimal: its value lies in `[10^(n-1), 10^n)`.
fn decimal_bounds(n: u64) -> Magnitude {
    let log2_10 = std::f64::consts::LOG2_10;
    Magnitude {
        bits_lo: ((n - 1) as f64 * log2_10).floor() as u64,
        bits_hi: (n as f64 * log2_10).ceil() as u64 + 1,
        pow2: None,
    }
}

/// Little-endian 32-bit limbs of a decimal digit string.
fn to_limbs(digits: &str) -> Vec<u32> {
    let mut limbs: Vec<u32> = Vec::new();
    for chunk in digits.as_bytes().chunks(9) {
        let mut scale = 1u64;
        let mut value = 0u64;
        for &b in chunk {
            scale *= 10;
            value = value * 10 + u64::from(b - b'0');
        }
        mul_add(&mut limbs, scale, value);
    }
    limbs
}

/// `limbs = limbs * scale + add`, with `scale` and `add` below 2^32 * 10.
fn mul_add(limbs: &mut Vec<u32>, scale: u64, add: u64) {
    let mut carry = add;
    for limb in limbs.iter_mut() {
        let product = u64::from(*limb) * scale + carry;
        *limb = product as u32;
        carry = product >> 32;
    }
    while carry > 0 {
        limbs.push(carry as u32);
        carry >>= 32;
    }
}

fn exact(limbs: &[u32]) -> Magnitude {
    let Some(top) = limbs.iter().rposition(|&l| l != 0) else {
        return Magnitude {
            bits_lo: 0,
            bits_hi: 0,
            pow2: Some(false),
        };
    };
    let bits = 32 * top as u64 + u64::from(32 - limbs[top].leading_zeros());
    let pow2 = limbs[top].is_power_of_two() && limbs[..top].iter().all(|&l| l == 0);
    Magnitude {
        bits_lo: bits,
        bits_hi: bits,
        pow2: Some(pow2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fits(spelling: &str, width: u64, sign: Sign, negative: bool) -> Option<bool> {
        Magnitude::of(spelling).unwrap().fits(width, sign, negative)
    }

    #[test]
    fn signless_accepts_both_ranges() {
        assert_eq!(fits("255", 8, Sign::Signless, false), Some(true));
        assert_eq!(fits("256", 8, Sign::Signless, false), Some(false));
        assert_eq!(fits("128", 8, Sign::Signless, true), Some(true));
        assert_eq!(fits("129", 8, Sign::Signless, true), Some(false));
        assert_eq!(fits("0xFF", 8, Sign::Signless, false), Some(true));
        assert_eq!(fits("0", 8, Sign::Signless, true), Some(false));
    }

    #[test]
    fn signed_and_zero_width() {
        assert_eq!(fits("127", 8, Sign::Signed, false), Some(true));
        assert_eq!(fits("128", 8, Sign::Signed, false), Some(false));
        assert_eq!(fits("0", 0, Sign::Signless, false), Some(true));
        assert_eq!(fits("1", 0, Sign::Signless, false), Some(false));
        assert_eq!(fits("1", 1, Sign::Signless, true), Some(true));
        assert_eq!(fits("2", 1, Sign::Signless, true), Some(false));
    }

    #[test]
    fn big_literals() {
        let max = "18446744073709551615";
        assert_eq!(fits(max, 64, Sign::Signless, false), Some(true));
        assert_eq!(
            fits("18446744073709551616", 64, Sign::Signless, false),
            Some(false)
        );
        assert_eq!(
            fits("9223372036854775808", 64, Sign::Signed, true),
            Some(true)
        );
        assert_eq!(
            fits("9223372036854775809", 64, Sign::Signed, true),
            Some(false)
        );
        let huge = "9".repeat(5_000);
        assert_eq!(fits(&huge, 64, Sign::Signless, false), Some(false));
        assert_eq!(fits(&huge, 16_609, Sign::Signless, false), None);
        assert_eq!(fits(&huge, 20_000, Sign::Signless, false), Some(true));
    }

    #[test]
    fn hex_bits() {
        let m = Magnitude::of("0x7FF0000000000000").unwrap();
        assert_eq!(m.wider_than(64), Some(false));
        assert_eq!(m.wider_than(32), Some(true));
        assert_eq!(Magnitude::of("0x000").unwrap().wider_than(0), Some(false));
    }
}
