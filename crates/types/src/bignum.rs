//! A small unsigned big integer (types stage): just what exact float ↔ decimal conversion
//! and wide integer attributes need, so no dependency is pulled in for it.

use std::cmp::Ordering;

/// An unsigned integer of any size, little-endian 32-bit limbs without high zero limbs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub(crate) struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub(crate) fn zero() -> BigUint {
        BigUint { limbs: Vec::new() }
    }

    pub(crate) fn from_u128(mut value: u128) -> BigUint {
        let mut limbs = Vec::new();
        while value != 0 {
            limbs.push(value as u32);
            value >>= 32;
        }
        BigUint { limbs }
    }

    /// The limbs, least significant first.
    pub(crate) fn limbs(&self) -> &[u32] {
        &self.limbs
    }

    pub(crate) fn from_limbs(limbs: Vec<u32>) -> BigUint {
        let mut n = BigUint { limbs };
        n.trim();
        n
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of significant bits (0 for zero).
    pub(crate) fn bit_len(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => self.limbs.len() as u64 * 32 - u64::from(top.leading_zeros()),
        }
    }

    pub(crate) fn bit(&self, index: u64) -> bool {
        let limb = (index / 32) as usize;
        limb < self.limbs.len() && (self.limbs[limb] >> (index % 32)) & 1 == 1
    }

    /// The number of trailing zero bits (0 for zero).
    pub(crate) fn trailing_zeros(&self) -> u64 {
        let Some(first) = self.limbs.iter().position(|&l| l != 0) else {
            return 0;
        };
        first as u64 * 32 + u64::from(self.limbs[first].trailing_zeros())
    }

    /// The low 128 bits.
    pub(crate) fn low_u128(&self) -> u128 {
        self.limbs
            .iter()
            .take(4)
            .enumerate()
            .fold(0, |acc, (i, &l)| acc | (u128::from(l) << (32 * i)))
    }

    pub(crate) fn mul_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim();
    }

    pub(crate) fn add_small(&mut self, addend: u32) {
        let mut carry = u64::from(addend);
        for limb in &mut self.limbs {
            if carry == 0 {
                return;
            }
            let sum = u64::from(*limb) + carry;
            *limb = sum as u32;
            carry = sum >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// Divides in place by `divisor` (non-zero) and returns the remainder.
    pub(crate) fn div_small(&mut self, divisor: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let current = (rem << 32) | u64::from(*limb);
            *limb = (current / u64::from(divisor)) as u32;
            rem = current % u64::from(divisor);
        }
        self.trim();
        rem as u32
    }

    /// Multiplies by `base^exp`, a few limbs' worth of the power at a time.
    pub(crate) fn mul_pow(&mut self, base: u32, mut exp: u64) {
        // The largest power of `base` that fits a limb, so big exponents take few passes.
        let (mut chunk, mut chunk_exp) = (base, 1u64);
        while let Some(next) = chunk.checked_mul(base) {
            chunk = next;
            chunk_exp += 1;
        }
        while exp >= chunk_exp {
            self.mul_small(chunk);
            exp -= chunk_exp;
        }
        for _ in 0..exp {
            self.mul_small(base);
        }
    }

    pub(crate) fn shl(&mut self, bits: u64) {
        if self.is_zero() {
            return;
        }
        let (whole, part) = ((bits / 32) as usize, (bits % 32) as u32);
        if part != 0 {
            let mut carry = 0u32;
            for limb in &mut self.limbs {
                let next = *limb >> (32 - part);
                *limb = (*limb << part) | carry;
                carry = next;
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        self.limbs.splice(0..0, std::iter::repeat_n(0, whole));
    }

    pub(crate) fn shr(&mut self, bits: u64) {
        let whole = ((bits / 32) as usize).min(self.limbs.len());
        self.limbs.drain(..whole);
        let part = (bits % 32) as u32;
        if part != 0 {
            for i in 0..self.limbs.len() {
                let high = self.limbs.get(i + 1).map_or(0, |&h| h << (32 - part));
                self.limbs[i] = (self.limbs[i] >> part) | high;
            }
        }
        self.trim();
    }

    /// `self -= other`; `other` must not be larger.
    fn sub_assign(&mut self, other: &BigUint) {
        let mut borrow = 0i64;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let sub = i64::from(other.limbs.get(i).copied().unwrap_or(0)) + borrow;
            let mut value = i64::from(*limb) - sub;
            borrow = 0;
            if value < 0 {
                value += 1 << 32;
                borrow = 1;
            }
            *limb = value as u32;
        }
        self.trim();
    }

    /// `(self / divisor, self % divisor != 0)` by binary long division: slow but only run on
    /// the few numbers a float literal needs.
    pub(crate) fn div_rem_is_nonzero(&self, divisor: &BigUint) -> (BigUint, bool) {
        let mut quotient = vec![0u32; self.limbs.len()];
        let mut rem = BigUint::zero();
        for index in (0..self.bit_len()).rev() {
            rem.shl(1);
            if self.bit(index) {
                rem.add_small(1);
            }
            if rem.cmp(divisor) != Ordering::Less {
                rem.sub_assign(divisor);
                quotient[(index / 32) as usize] |= 1 << (index % 32);
            }
        }
        (BigUint::from_limbs(quotient), !rem.is_zero())
    }

    /// The decimal digits, most significant first (`"0"` for zero).
    pub(crate) fn to_decimal(&self) -> String {
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.is_zero() {
            chunks.push(n.div_small(1_000_000_000));
        }
        let Some((first, rest)) = chunks.split_last() else {
            return "0".to_string();
        };
        let mut out = first.to_string();
        for chunk in rest.iter().rev() {
            out += &format!("{chunk:09}");
        }
        out
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}
