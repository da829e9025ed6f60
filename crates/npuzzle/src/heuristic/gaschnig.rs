//! Gaschnig's heuristic (J. Gaschnig, *Performance measurement and analysis of certain search
//! algorithms*, PhD thesis, Carnegie-Mellon University, 1979; the relaxation is also set out in
//! J. Pearl, *Heuristics*, 1984, and as an exercise in Russell and Norvig, *Artificial
//! Intelligence: A Modern Approach*).
//!
//! **Definition.** Relax the puzzle so that a tile may move into the blank's cell from anywhere:
//! a move swaps the blank with any tile. The heuristic is the fewest such swaps that reach the
//! goal, which the greedy rule finds: while the board is not the goal, if the blank is not in
//! its goal cell, swap it with the tile that belongs in the blank's cell (placing that tile for
//! good); else swap it with any misplaced tile. Counted without playing the swaps: follow the
//! permutation that takes each cell to the goal cell of the tile it holds; a cycle through the
//! blank of length `k` costs `k − 1` swaps, any other cycle of length `k ≥ 2` costs `k + 1`
//! (one swap to bring the blank in). So the value is the number of misplaced tiles (the blank
//! not counted) plus the number of cycles of misplaced tiles that do not hold the blank, one
//! pass over the cells.
//!
//! **Claims.** Admissible: every real move is a relaxed move, so the relaxed distance is at
//! most the real one (Gaschnig; Pearl). Consistent: it is the exact distance in a graph that
//! contains every real edge, so one real move changes it by at most one (the triangle
//! inequality). The tests check both on every board of 3×3 for four goals. It is never below
//! the misplaced-tiles count (each misplaced tile takes a swap of its own), and neither it nor
//! Manhattan distance bounds the other: two neighbouring tiles swapped give 3 against 2, one
//! tile far from home 1 against its distance.
//!
//! **Sizes.** Every board of up to [`super::classics::MAX_CELLS`] cells.

use super::classics::{Classic, Layout};
use super::{HeuristicInfo, Source, TableSource};
use crate::cost::CostModel;
use crate::metric::Metric;
use crate::board::Board;
use crate::error::Error;

/// The name on the command line.
pub const NAME: &str = "gaschnig";
/// One line on what it measures.
pub const SUMMARY: &str = "swaps to sort the board when the blank may swap with any tile (Gaschnig's relaxation)";
/// It never overestimates (checked on every 3×3 board for four goals).
pub const ADMISSIBLE: bool = true;
/// It drops by at most one a move (checked on every move of every 3×3 board for four goals).
pub const CONSISTENT: bool = true;

/// What it says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: NAME,
    aliases: &[],
    title: "gaschnig (Gaschnig's swaps)",
    summary: SUMMARY,
    admissible: ADMISSIBLE,
    consistent: CONSISTENT,
    source: "J. Gaschnig, PhD thesis, Carnegie-Mellon University, 1979",
    table: None,
    max_cells: Some(super::classics::MAX_CELLS),
    mtm: false,
    tile_costs: false,
    integral: true,
    page: true,
    bind,
};

fn bind(goal: &Board, _: &dyn TableSource, _: CostModel, _: Metric) -> Result<Source, Error> {
    Ok(Source::Classic(std::sync::Arc::new(Gaschnig::new(goal)?)))
}

/// Gaschnig's heuristic bound to a goal.
#[derive(Clone, Debug)]
pub struct Gaschnig {
    layout: Layout,
}

impl Gaschnig {
    /// Binds the heuristic to `goal` (at most [`super::classics::MAX_CELLS`] cells).
    pub fn new(goal: &Board) -> Result<Gaschnig, Error> {
        Ok(Gaschnig { layout: Layout::new(goal, NAME)? })
    }

    /// The swaps of the relaxed puzzle from `tiles` (`tiles[cell]`, 0 the blank) to the goal.
    pub fn estimate(&self, tiles: &[u8]) -> u32 {
        let cell_of = &self.layout.cell_of;
        debug_assert_eq!(tiles.len(), cell_of.len());
        let mut seen = [0u64; 4];
        let (mut misplaced, mut cycles) = (0u32, 0u32);
        for start in 0..tiles.len() {
            if seen[start >> 6] >> (start & 63) & 1 == 1 {
                continue;
            }
            let mut c = start;
            let mut blank = false;
            let mut len = 0u32;
            loop {
                seen[c >> 6] |= 1 << (c & 63);
                let t = tiles[c];
                blank |= t == 0;
                len += 1;
                c = cell_of[t as usize] as usize;
                if c == start {
                    break;
                }
            }
            if len > 1 {
                // The blank is not a tile: a cycle of `len` cells holds `len − 1` misplaced
                // tiles when it holds the blank, `len` and one swap more when it does not.
                misplaced += len - blank as u32;
                cycles += !blank as u32;
            }
        }
        misplaced + cycles
    }
}

impl Classic for Gaschnig {
    const INFO: &'static HeuristicInfo = &INFO;
    fn new(goal: &Board) -> Result<Self, Error> {
        Gaschnig::new(goal)
    }
    fn estimate(&self, tiles: &[u8]) -> u32 {
        Gaschnig::estimate(self, tiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The swaps the greedy rule makes, played one by one.
    fn played(goal: &[u8], tiles: &[u8]) -> u32 {
        let mut t = tiles.to_vec();
        let goal_blank = goal.iter().position(|&x| x == 0).unwrap();
        let mut swaps = 0;
        loop {
            let b = t.iter().position(|&x| x == 0).unwrap();
            if b != goal_blank {
                let want = goal[b];
                let at = t.iter().position(|&x| x == want).unwrap();
                t.swap(b, at);
            } else if let Some(at) = (0..t.len()).find(|&c| t[c] != goal[c]) {
                t.swap(b, at);
            } else {
                return swaps;
            }
            swaps += 1;
        }
    }

    #[test]
    fn the_cycle_count_is_the_greedy_swaps() {
        let goal = Board::new(3, 3, vec![1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap();
        let g = Gaschnig::new(&goal).unwrap();
        let gt: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
        let mut rng = crate::generate::Rng::new(7);
        for _ in 0..2000 {
            let mut t = gt.clone();
            for i in (1..t.len()).rev() {
                t.swap(i, rng.below(i as u64 + 1) as usize);
            }
            assert_eq!(g.estimate(&t), played(&gt, &t), "{t:?}");
        }
    }
}
