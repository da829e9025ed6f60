//! Ranking of placements: the index of a pattern's tiles' cells as a k-permutation of n cells.

use super::{MAX_BOARD, MAX_PATTERN};

/// Ranks k-permutations of n cells: the cells of k distinct tiles, in pattern order.
#[derive(Clone, Debug)]
pub struct Ranker {
    n: usize,
    k: usize,
    pub(super) mults: [u64; MAX_PATTERN],
    size: u64,
}

impl Ranker {
    /// A ranker for `k` tiles on `n` cells (`k ≤ 8`, `k ≤ n ≤ 64`).
    pub fn new(n: usize, k: usize) -> Ranker {
        assert!(k <= MAX_PATTERN && k <= n && n <= 64, "pattern of {k} tiles on {n} cells");
        let mut mults = [0u64; MAX_PATTERN];
        for (i, m) in mults.iter_mut().enumerate().take(k) {
            *m = (i + 1..k).map(|j| (n - j) as u64).product();
        }
        let size = if k == 0 { 1 } else { n as u64 * mults[0] };
        Ranker { n, k, mults, size }
    }

    /// Number of indices, n!/(n−k)!.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Tiles in the pattern.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The index of the placement whose i-th tile is at cell `cell(i)`, the sum of
    /// `dist[i][cell(i)]` over its tiles, and the set of its cells, in one pass.
    #[inline(always)]
    pub fn rank_and_sum(&self, cell: impl Fn(usize) -> u8, dist: &[[u8; MAX_BOARD]; MAX_PATTERN]) -> (u64, u32, u64) {
        let mut used = 0u64;
        let mut r = 0u64;
        let mut sum = 0u32;
        for (i, d) in dist.iter().enumerate().take(self.k) {
            let p = cell(i) as u32 & 63;
            let below = (used & ((1u64 << p) - 1)).count_ones();
            r += (p - below) as u64 * self.mults[i];
            used |= 1 << p;
            sum += d[p as usize] as u32;
        }
        (r, sum, used)
    }

    /// The index of a placement given as cells.
    #[inline]
    pub fn rank(&self, cells: &[u8]) -> u64 {
        self.rank_and_sum(|i| cells[i], &[[0; MAX_BOARD]; MAX_PATTERN]).0
    }

    /// The placement of index `idx`, written to `cells[..k]`.
    #[inline]
    pub fn unrank(&self, idx: u64, cells: &mut [u8]) {
        let mut used = 0u64;
        let all = if self.n == 64 { u64::MAX } else { (1u64 << self.n) - 1 };
        if self.size <= u32::MAX as u64 {
            // Every table that fits in memory has 32-bit indices, and 32-bit division is faster.
            let mut idx = idx as u32;
            for (i, cell) in cells[..self.k].iter_mut().enumerate() {
                let m = self.mults[i] as u32;
                let p = select(!used & all, idx / m);
                idx %= m;
                *cell = p as u8;
                used |= 1 << p;
            }
        } else {
            let mut idx = idx;
            for (i, cell) in cells[..self.k].iter_mut().enumerate() {
                let p = select(!used & all, (idx / self.mults[i]) as u32);
                idx %= self.mults[i];
                *cell = p as u8;
                used |= 1 << p;
            }
        }
    }
}

/// The cell of the `i`-th lowest set bit of `mask` (which has more than `i` bits set).
#[inline(always)]
pub(crate) fn select(mut mask: u64, i: u32) -> u32 {
    for _ in 0..i {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip() {
        let r = Ranker::new(9, 3);
        assert_eq!(r.size(), 9 * 8 * 7);
        let mut cells = [0u8; 8];
        for idx in 0..r.size() {
            r.unrank(idx, &mut cells);
            assert_eq!(r.rank(&cells[..3]), idx);
        }
    }

    #[test]
    fn select_finds_every_set_bit() {
        for mask in [1u64, 0b1011_0110, 0xFFFF, 0x8000_0001, u32::MAX as u64, 0x0155_5555, 0xF0F0_0F0F, u64::MAX, 1 << 63 | 1 << 40] {
            let bits: Vec<u32> = (0..64).filter(|b| mask & 1 << b != 0).collect();
            for (i, &b) in bits.iter().enumerate() {
                assert_eq!(select(mask, i as u32), b, "mask {mask:#x} bit {i}");
            }
        }
    }

    #[test]
    fn ranks_on_49_cells_round_trip() {
        let r = Ranker::new(49, 5);
        assert_eq!(r.size(), 49 * 48 * 47 * 46 * 45);
        let mut cells = [0u8; 8];
        for idx in [0, 1, 12_345_678, r.size() / 2, r.size() - 1] {
            r.unrank(idx, &mut cells);
            assert!(cells[..5].iter().all(|&c| c < 49));
            assert_eq!(r.rank(&cells[..5]), idx);
        }
    }

    #[test]
    fn wide_ranks_round_trip() {
        // 32 cells, 8 tiles: more than 2^32 indices, so unrank takes its 64-bit path.
        let r = Ranker::new(32, 8);
        assert!(r.size() > u32::MAX as u64);
        let mut cells = [0u8; 8];
        for idx in [0, 1, u32::MAX as u64, u32::MAX as u64 + 1, r.size() / 3, r.size() - 1] {
            r.unrank(idx, &mut cells);
            assert_eq!(r.rank(&cells), idx);
        }
    }
}
