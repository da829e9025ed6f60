//! Exact distance tables for small boards (up to 10 cells: 3×3, 2×4, 2×5, …).
//!
//! Tiles are relabelled by their goal cell, so the goal becomes the identity and one table per
//! blank cell serves every goal: the table for blank cell `b` holds, for every arrangement
//! (indexed by its permutation rank), the exact number of moves to the goal, found by one
//! breadth-first search from the goal. A 3×3 table (9! entries, half of them reachable) builds
//! in milliseconds; [`crate::tables::TableStore::exact`] builds and keeps them.

use crate::board::{Board, Move, MoveOrder, Tile};
use crate::error::Error;
use std::fmt;
use std::sync::Arc;

/// Most cells an exact table covers.
pub const MAX_CELLS: usize = 10;
const UNSET: u8 = 0xFF;

const FACTORIALS: [u64; 13] = {
    let mut f = [1u64; 13];
    let mut i = 1;
    while i < 13 {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

fn factorials() -> &'static [u64; 13] {
    &FACTORIALS
}

/// The rank of a permutation of `0..n` (Lehmer code), `n ≤ 12`.
#[inline]
pub fn perm_rank(perm: &[u8]) -> u64 {
    let n = perm.len();
    let f = factorials();
    let mut seen = 0u32;
    let mut r = 0u64;
    for (i, &p) in perm.iter().enumerate() {
        let below = (seen & ((1u32 << p) - 1)).count_ones();
        r += (p as u32 - below) as u64 * f[n - 1 - i];
        seen |= 1 << p;
    }
    r
}

/// The permutation of `0..n` with rank `r`.
pub fn perm_unrank(mut r: u64, perm: &mut [u8]) {
    let n = perm.len();
    let f = factorials();
    let mut used = 0u32;
    for (i, slot) in perm.iter_mut().enumerate() {
        let d = r / f[n - 1 - i];
        r %= f[n - 1 - i];
        let mut free = !used & ((1u32 << n) - 1);
        for _ in 0..d {
            free &= free - 1;
        }
        let p = free.trailing_zeros();
        *slot = p as u8;
        used |= 1 << p;
    }
}

/// Exact distances to the identity goal with the blank's label in cell `blank`.
pub struct ExactTable {
    width: usize,
    height: usize,
    blank: u8,
    table: Vec<u8>,
}

impl fmt::Debug for ExactTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExactTable").field("width", &self.width).field("height", &self.height).field("blank", &self.blank).finish()
    }
}

impl ExactTable {
    /// Entries in the table of a `width`×`height` board: (W×H)!.
    pub fn entries(width: usize, height: usize) -> u64 {
        FACTORIALS.get(width * height).copied().unwrap_or(u64::MAX)
    }

    /// Builds the table for a `width`×`height` board whose goal blank is in cell `blank`.
    pub fn build(width: usize, height: usize, blank: usize) -> Result<ExactTable, Error> {
        let n = width * height;
        super::HeuristicKind::Exact.check_size(width, height)?;
        if blank >= n {
            return Err(Error::Invalid(format!("blank cell {blank} is off a {width}×{height} board")));
        }
        let nbr = super::pdb::neighbours(width, height);
        let size = factorials()[n] as usize;
        let mut table = vec![UNSET; size];
        let goal: Vec<u8> = (0..n as u8).collect();
        table[perm_rank(&goal) as usize] = 0;
        // The queue holds ranks; the blank's cell is found by scanning (n ≤ 10).
        let mut queue: Vec<u32> = Vec::with_capacity(size / 2);
        queue.push(perm_rank(&goal) as u32);
        let mut head = 0;
        let mut perm = vec![0u8; n];
        while head < queue.len() {
            let r = queue[head];
            head += 1;
            perm_unrank(r as u64, &mut perm);
            let d = table[r as usize];
            let b = perm.iter().position(|&l| l == blank as u8).expect("the blank's label is present");
            for &q in &nbr[b] {
                if q == u8::MAX {
                    continue;
                }
                perm.swap(b, q as usize);
                let r2 = perm_rank(&perm) as usize;
                if table[r2] == UNSET {
                    table[r2] = d + 1;
                    queue.push(r2 as u32);
                }
                perm.swap(b, q as usize);
            }
        }
        Ok(ExactTable { width, height, blank: blank as u8, table })
    }

    /// The distance of an arrangement (`perm[cell]` = label), or `None` when unreachable.
    #[inline]
    pub fn distance(&self, perm: &[u8]) -> Option<u8> {
        let d = self.table[perm_rank(perm) as usize];
        (d != UNSET).then_some(d)
    }

    /// Number of arrangements reachable from the goal.
    pub fn reachable(&self) -> usize {
        self.table.iter().filter(|&&d| d != UNSET).count()
    }

    /// How many arrangements lie at each distance, from 0 to the largest.
    pub fn histogram(&self) -> Vec<u64> {
        let mut h = Vec::new();
        for &d in self.table.iter().filter(|&&d| d != UNSET) {
            if h.len() <= d as usize {
                h.resize(d as usize + 1, 0);
            }
            h[d as usize] += 1;
        }
        h
    }
}

/// The exact table bound to one goal: tiles relabelled by their goal cell.
#[derive(Clone, Debug)]
pub struct ExactHeuristic {
    goal: Board,
    table: Arc<ExactTable>,
    /// `label[t]`: the goal cell of tile `t`.
    label: Vec<u8>,
}

impl ExactHeuristic {
    /// Binds `table` to `goal`; the table must be built for the goal's size and blank cell.
    pub fn new(goal: &Board, table: Arc<ExactTable>) -> Result<ExactHeuristic, Error> {
        if (table.width, table.height, table.blank as usize) != (goal.width(), goal.height(), goal.blank()) {
            return Err(Error::Invalid(format!(
                "the exact table for {}×{} with the blank in cell {} does not fit the goal {goal}",
                table.width, table.height, table.blank
            )));
        }
        Ok(ExactHeuristic { goal: goal.clone(), table, label: goal.positions().iter().map(|&p| p as u8).collect() })
    }

    /// Builds the table for `goal` and binds it (a [`crate::tables::TableStore`] keeps tables
    /// for reuse; this is the one-off way).
    pub fn build(goal: &Board) -> Result<ExactHeuristic, Error> {
        ExactHeuristic::new(goal, Arc::new(ExactTable::build(goal.width(), goal.height(), goal.blank())?))
    }

    /// The goal the table is bound to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The exact distance of a board given as its tile per cell (`None`: unreachable).
    #[inline]
    pub fn distance_tiles(&self, tile_at: impl Fn(usize) -> Tile) -> Option<u8> {
        let mut perm = [0u8; MAX_CELLS];
        let n = self.label.len();
        for (c, p) in perm.iter_mut().enumerate().take(n) {
            *p = self.label[tile_at(c) as usize];
        }
        self.table.distance(&perm[..n])
    }

    /// An optimal solution by walking down the table: at each step the first move in `order`
    /// that lowers the distance by one. Returns the moves and the number of boards looked at,
    /// or `None` when the goal cannot be reached.
    pub fn walk(&self, start: &Board, order: MoveOrder) -> Option<(Vec<Move>, u64)> {
        match self.walk_within(start, order, u64::MAX) {
            (moves, looked, Walk::Done) => Some((moves, looked)),
            _ => None,
        }
    }

    /// [`ExactHeuristic::walk`] that stops before looking at more than `budget` boards. Returns
    /// the moves made, the boards looked at, and how the walk ended.
    pub fn walk_within(&self, start: &Board, order: MoveOrder, budget: u64) -> (Vec<Move>, u64, Walk) {
        let n = self.label.len();
        let (w, h) = (start.width(), start.height());
        let mut perm: Vec<u8> = start.tiles().iter().map(|&t| self.label[t as usize]).collect();
        debug_assert_eq!(perm.len(), n);
        let Some(mut d) = self.table.distance(&perm) else { return (Vec::new(), 1, Walk::Unreachable) };
        let mut blank = start.blank();
        let mut moves = Vec::with_capacity(d as usize);
        let mut looked = 1u64;
        while d > 0 {
            let mut stepped = false;
            for m in order.moves() {
                let Some(to) = crate::board::neighbor(w, h, blank, m) else { continue };
                if looked >= budget {
                    return (moves, looked, Walk::Budget);
                }
                perm.swap(blank, to);
                looked += 1;
                if self.table.distance(&perm) == Some(d - 1) {
                    blank = to;
                    d -= 1;
                    moves.push(m);
                    stepped = true;
                    break;
                }
                perm.swap(blank, to);
            }
            if !stepped {
                return (moves, looked, Walk::Unreachable);
            }
        }
        (moves, looked, Walk::Done)
    }
}

/// How a walk down an exact table ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// At the goal.
    Done,
    /// The goal cannot be reached from the start.
    Unreachable,
    /// The budget of boards ran out first.
    Budget,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_ranks_round_trip() {
        let mut p = [0u8; 6];
        for r in 0..720 {
            perm_unrank(r, &mut p);
            assert_eq!(perm_rank(&p), r);
        }
    }

    #[test]
    fn three_by_three_matches_the_known_histogram() {
        let t = ExactTable::build(3, 3, 0).unwrap();
        assert_eq!(t.reachable(), 181_440);
        let h = t.histogram();
        assert_eq!(h.len(), 32);
        assert_eq!(h[31], 2);
        assert_eq!(h[1], 2);
    }
}
