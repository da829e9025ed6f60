//! Exact distance tables for small boards (up to 10 cells: 3×3, 2×4, 2×5, …).
//!
//! Tiles are relabelled by their goal cell, so the goal becomes the identity and one table per
//! blank cell serves every goal: the table for blank cell `b` holds, for every arrangement
//! (indexed by its permutation rank), the exact number of moves to the goal, found by one
//! breadth-first search from the goal. A 3×3 table (9! entries, half of them reachable) builds
//! in milliseconds; [`crate::tables::TableStore::exact`] builds and keeps them.

use crate::board::{Board, Move, MoveOrder, Tile};
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;
use std::fmt;
use std::sync::Arc;
use super::{HeuristicInfo, Source, TableSource};

/// What the exact distance says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "exact",
    aliases: &["table", "perfect", "h-star"],
    title: "exact (true distance table)",
    summary: "the exact distance, from a table (boards of up to 10 cells)",
    admissible: true,
    consistent: true,
    source: "it is the true distance h*, which never exceeds itself and falls by at most a move's cost along a move",
    table: Some("exact table"),
    max_cells: Some(MAX_CELLS),
    mtm: true,
    tile_costs: true,
    integral: true,
    page: true,
    bind,
};

fn bind(goal: &Board, tables: &dyn TableSource, cost: CostModel, metric: Metric) -> Result<Source, Error> {
    let missing = |how: &str| {
        Error::Unprepared(format!("the exact heuristic{how} needs its tables prepared for the goal {goal} (see npuzzle::tables::{})", match how {
            "" => "TableStore::prepare",
            h if h.contains("multi-tile") => "TableStore::prepare_run",
            _ => "TableStore::prepare_for",
        }))
    };
    match metric {
        Metric::Mtm => Ok(Source::MtmExact(
            tables.mtm_exact().filter(|t| t.goal() == goal).cloned().ok_or_else(|| missing(" under the multi-tile metric"))?,
        )),
        Metric::Stm if cost.is_unit() => Ok(Source::Exact(tables.exact().filter(|e| e.goal() == goal).cloned().ok_or_else(|| missing(""))?)),
        Metric::Stm => Ok(Source::CostExact(
            tables
                .cost_exact()
                .filter(|e| e.goal() == goal && e.cost() == cost)
                .cloned()
                .ok_or_else(|| missing(&format!(" under {cost} costs")))?,
        )),
    }
}

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

    /// The distance of the arrangement of rank `rank` ([`perm_rank`]), or `None` when it is
    /// unreachable or off the table.
    #[inline]
    pub fn at_rank(&self, rank: u64) -> Option<u8> {
        self.table.get(usize::try_from(rank).ok()?).copied().filter(|&d| d != UNSET)
    }

    /// Entries in the table: one per arrangement, reachable or not.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table has no entry (never: every board has at least its goal).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Number of arrangements reachable from the goal.
    pub fn reachable(&self) -> usize {
        self.table.iter().filter(|&&d| d != UNSET).count()
    }

    /// The `k`-th arrangement (from 0, in rank order) at distance `d`, as `perm[cell] = label`;
    /// `None` when fewer than `k + 1` lie there. One pass over the table.
    pub fn nth_at(&self, d: u8, k: u64) -> Option<Vec<u8>> {
        if d == UNSET {
            return None;
        }
        let rank = self.table.iter().enumerate().filter(|&(_, &x)| x == d).nth(usize::try_from(k).ok()?)?.0;
        let mut perm = vec![0u8; self.width * self.height];
        perm_unrank(rank as u64, &mut perm);
        Some(perm)
    }

    /// How many arrangements lie at distance `d`. One pass over the table.
    pub fn count_at(&self, d: u8) -> u64 {
        if d == UNSET {
            return 0;
        }
        self.table.iter().filter(|&&x| x == d).count() as u64
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

    /// The table behind it (arrangements relabelled by goal cell, see the [module](self)).
    pub fn table(&self) -> &ExactTable {
        &self.table
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

    /// A uniformly random board exactly `d` moves from the goal at best, drawn with `rng`;
    /// `None` when no board is that far (see [`ExactHeuristic::max_distance`]). Two passes over
    /// the table, nothing kept: a table serves every goal of its size and blank cell.
    pub fn random_at(&self, d: u32, rng: &mut crate::generate::Rng) -> Option<Board> {
        let d = u8::try_from(d).ok()?;
        let count = self.table.count_at(d);
        if count == 0 {
            return None;
        }
        let perm = self.table.nth_at(d, rng.below(count))?;
        // perm[cell] is the goal cell of the tile there.
        let tiles: Vec<Tile> = perm.iter().map(|&p| self.goal.tiles()[p as usize]).collect();
        Board::new(self.goal.width(), self.goal.height(), tiles).ok()
    }

    /// The largest distance of any board from the goal (31 for 3×3).
    pub fn max_distance(&self) -> u32 {
        self.table.histogram().len().saturating_sub(1) as u32
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
    fn random_boards_lie_exactly_at_the_distance_asked_for_any_goal() {
        use crate::generate::{DepthTable, Rng};
        use crate::goal::Goal;
        for goal in [Goal::BlankLast.board(3, 3).unwrap(), Goal::Snail.board(3, 3).unwrap(), Goal::BlankFirst.board(4, 2).unwrap()] {
            let h = ExactHeuristic::build(&goal).unwrap();
            let oracle = DepthTable::new(&goal).unwrap();
            assert_eq!(h.max_distance(), oracle.max_depth());
            let mut rng = Rng::new(7);
            for d in [0, 1, 2, 5, 13, oracle.max_depth()] {
                assert_eq!(h.table.count_at(d as u8), oracle.count_at(d) as u64);
                for _ in 0..20 {
                    let b = h.random_at(d, &mut rng).unwrap();
                    assert_eq!(oracle.depth_of(&b), Some(d), "{b} for {goal}");
                }
            }
            assert!(h.random_at(oracle.max_depth() + 1, &mut rng).is_none());
            assert!(h.random_at(1000, &mut rng).is_none());
        }
        // The same seed gives the same board; each board at distance 1 is drawn.
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let h = ExactHeuristic::build(&goal).unwrap();
        assert_eq!(h.random_at(20, &mut Rng::new(5)), h.random_at(20, &mut Rng::new(5)));
        let mut rng = Rng::new(1);
        let seen: std::collections::HashSet<Board> = (0..100).map(|_| h.random_at(1, &mut rng).unwrap()).collect();
        assert_eq!(seen.len(), 2);
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
