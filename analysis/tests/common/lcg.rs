//! A small deterministic generator for tests of random edits (a test must fail the same
//! way every time). Its own file, included by `#[path]`, so that test binaries which do
//! not use it need not carry it.

pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}
