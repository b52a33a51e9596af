//! A fast hasher for the evaluator's maps: their keys are short names and values it
//! made itself (no input an attacker picks can make them collide on purpose in a way
//! worse than a slow evaluation, which the step budget bounds), and SipHash was a tenth
//! of the evaluation's time.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a over 64 bits, a word at a time.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

const PRIME: u64 = 0x0000_0100_0000_01b3;
const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 { OFFSET } else { self.0 };
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            hash = (hash ^ word).wrapping_mul(PRIME);
        }
        for &byte in chunks.remainder() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
        }
        self.0 = hash;
    }

    fn write_u64(&mut self, value: u64) {
        let hash = if self.0 == 0 { OFFSET } else { self.0 };
        self.0 = (hash ^ value).wrapping_mul(PRIME);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn finish(&self) -> u64 {
        // Mixes the high bits down: the table uses the low ones.
        let hash = self.0;
        hash ^ (hash >> 29) ^ (hash >> 47)
    }
}

pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;
