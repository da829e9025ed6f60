//! Board geometry without division, and routes for the blank around placed cells.
//!
//! The router is A* with the Manhattan distance. Moves have prices (see [`Dims::toward`] for
//! why a move that takes a tile away from its goal costs more), and the open list is a set of
//! buckets, one per f value, each a stack: popping the newest entry first breaks ties towards
//! the deepest node, so with unit prices the search runs straight at the target and visits
//! O(route length) cells in the open board. That keeps routing linear in the moves made even on
//! a 1000×1000 board, where one breadth-first search per tile would not be. The estimate can be
//! inflated (a weighted A*) to keep priced searches short at some cost in route quality, and a
//! search can be given a budget of expansions.
//!
//! The per-cell arrays live as long as the engine and are reset by bumping a generation number,
//! so a search never clears or allocates anything proportional to the board.

use crate::board::Move;

/// Marks a cell whose cost is final.
const CLOSED: u32 = 1 << 31;

/// A board's width and height, with row and column of a cell found by a multiplication: cell
/// numbers are below 2^20 and widths at most 1000, so `(c · ⌊2^32/w + 1⌋) >> 32` is exactly
/// `c / w` (the error, below 2^20/2^32, is smaller than 1/w).
#[derive(Clone, Copy, Debug)]
pub(super) struct Dims {
    pub w: usize,
    pub h: usize,
    recip: u64,
}

impl Dims {
    pub(super) fn new(w: usize, h: usize) -> Dims {
        debug_assert!(w * h < 1 << 20 && w < 1 << 12);
        Dims { w, h, recip: (1u64 << 32) / w as u64 + 1 }
    }

    /// The row of `cell`.
    #[inline]
    pub(super) fn row(&self, cell: usize) -> usize {
        ((cell as u64 * self.recip) >> 32) as usize
    }

    /// Row and column of `cell`.
    #[inline]
    pub(super) fn rc(&self, cell: usize) -> (usize, usize) {
        let r = self.row(cell);
        (r, cell - r * self.w)
    }

    /// Manhattan distance between two cells.
    #[inline]
    pub(super) fn manhattan(&self, a: usize, b: usize) -> usize {
        let ((ar, ac), (br, bc)) = (self.rc(a), self.rc(b));
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// The neighbour of `cell` in direction `m`, if on the board.
    #[inline]
    pub(super) fn neighbor(&self, cell: usize, m: Move) -> Option<usize> {
        let (r, c) = self.rc(cell);
        match m {
            Move::Up if r > 0 => Some(cell - self.w),
            Move::Down if r + 1 < self.h => Some(cell + self.w),
            Move::Left if c > 0 => Some(cell - 1),
            Move::Right if c + 1 < self.w => Some(cell + 1),
            _ => None,
        }
    }

    /// Whether the tile labelled `label` (its goal cell) gets nearer its goal by moving from
    /// (`r`, `c`) one cell in direction `m`.
    ///
    /// Every move slides one tile one cell, so it changes the tiles' total distance to their
    /// goal cells by exactly one: a whole solution is that total distance plus twice the moves
    /// that take a tile away. Pricing those moves is what keeps solutions short.
    #[inline]
    pub(super) fn toward(&self, label: usize, r: usize, c: usize, m: Move) -> bool {
        let (gr, gc) = self.rc(label);
        match m {
            Move::Up => gr < r,
            Move::Down => gr > r,
            Move::Left => gc < c,
            Move::Right => gc > c,
        }
    }
}

/// One step of the blank from `cell` on a board `w` wide; the caller knows it stays on the
/// board.
#[inline]
pub(super) fn step_cell(w: usize, cell: usize, m: Move) -> usize {
    match m {
        Move::Up => cell - w,
        Move::Down => cell + w,
        Move::Left => cell - 1,
        Move::Right => cell + 1,
    }
}

/// The move taking the blank from `from` to the adjacent cell `to`.
#[inline]
pub(super) fn dir(w: usize, from: usize, to: usize) -> Move {
    if to + w == from {
        Move::Up
    } else if to == from + w {
        Move::Down
    } else if to + 1 == from {
        Move::Left
    } else {
        Move::Right
    }
}

/// How a route prices moves.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pricing {
    /// Price of a move that takes the displaced tile away from its goal (one that brings it
    /// nearer costs 1); 1 makes every route a shortest one.
    pub bad: u32,
    /// The Manhattan estimate is multiplied by this (1: exact cheapest routes; more: faster,
    /// greedier searches).
    pub inflate: u32,
    /// Most cells a search may expand before it gives up.
    pub budget: u64,
}

/// Reusable A* state for one board size.
pub(super) struct Router {
    dims: Dims,
    stamp: Vec<u32>,
    gen: u32,
    g: Vec<u32>,
    came: Vec<Move>,
    buckets: Vec<Vec<u32>>,
    /// Cells expanded over the engine's life, for measurements.
    pub expanded: u64,
}

impl Router {
    /// Arrays for a board of `dims`.
    pub(super) fn new(dims: Dims) -> Router {
        let n = dims.w * dims.h;
        Router { dims, stamp: vec![0; n], gen: 0, g: vec![0; n], came: vec![Move::Up; n], buckets: Vec::new(), expanded: 0 }
    }

    /// A cheap route of the blank from `from` to `to` through cells that are neither locked
    /// nor in `avoid`, written to `path` in order; returns its price, or `None` when there is
    /// none or the budget ran out. Moves are priced with `cells` (the label in each cell) as
    /// `pricing` says; among equally priced successors the one whose move helps its tile is
    /// expanded first.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn route(
        &mut self,
        cells: &[u32],
        locked: &[bool],
        avoid: &[usize],
        from: usize,
        to: usize,
        pricing: Pricing,
        path: &mut Vec<Move>,
    ) -> Option<u32> {
        path.clear();
        if from == to {
            return Some(0);
        }
        if locked[to] || avoid.contains(&to) {
            return None;
        }
        let d = self.dims;
        let (w, h) = (d.w, d.h);
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.fill(0);
            self.gen = 1;
        }
        let gen = self.gen;
        let (tr, tc) = d.rc(to);
        let unit = pricing.inflate as usize;
        let h0 = {
            let (fr, fc) = d.rc(from);
            unit * (fr.abs_diff(tr) + fc.abs_diff(tc))
        };
        let budget = self.expanded.saturating_add(pricing.budget);
        self.stamp[from] = gen;
        self.g[from] = 0;
        if self.buckets.is_empty() {
            self.buckets.push(Vec::new());
        }
        self.buckets[0].push(from as u32);
        let mut bi = 0usize;
        let mut top = 0usize;
        let mut found = false;
        'search: loop {
            while bi <= top && self.buckets[bi].is_empty() {
                bi += 1;
            }
            if bi > top {
                break;
            }
            let c = self.buckets[bi].pop().expect("non-empty bucket") as usize;
            if c == to {
                found = true;
                break;
            }
            let gc = self.g[c];
            if gc & CLOSED != 0 {
                continue;
            }
            self.g[c] = gc | CLOSED;
            self.expanded += 1;
            if self.expanded > budget {
                break;
            }
            let (r, col) = d.rc(c);
            // Successors in increasing preference, so the best is pushed last and popped first.
            let mut succ = [(0usize, Move::Up, 0usize, 0u32, 0u32); 4];
            let mut ns = 0;
            for m in Move::ALL {
                let (nb, hn) = match m {
                    Move::Up if r > 0 => (c - w, (r - 1).abs_diff(tr) + col.abs_diff(tc)),
                    Move::Down if r + 1 < h => (c + w, (r + 1).abs_diff(tr) + col.abs_diff(tc)),
                    Move::Left if col > 0 => (c - 1, r.abs_diff(tr) + (col - 1).abs_diff(tc)),
                    Move::Right if col + 1 < w => (c + 1, r.abs_diff(tr) + (col + 1).abs_diff(tc)),
                    _ => continue,
                };
                if locked[nb] || avoid.contains(&nb) {
                    continue;
                }
                // The tile in `nb` moves the other way, into (r, col).
                let (nr, nc) = d.rc(nb);
                let helps = d.toward(cells[nb] as usize, nr, nc, m.inverse());
                let price = if helps { 1 } else { pricing.bad };
                // Order: dearer first, and among equal prices the harmful move first.
                let key = 2 * price + u32::from(!helps);
                let mut i = ns;
                while i > 0 && succ[i - 1].4 < key {
                    succ[i] = succ[i - 1];
                    i -= 1;
                }
                succ[i] = (nb, m, unit * hn, price, key);
                ns += 1;
            }
            for &(nb, m, hn, price, _) in &succ[..ns] {
                let ng = gc + price;
                if self.stamp[nb] == gen && (self.g[nb] & CLOSED != 0 || self.g[nb] <= ng) {
                    continue;
                }
                self.stamp[nb] = gen;
                self.g[nb] = ng;
                self.came[nb] = m;
                // With an inflated estimate f may drop below the current bucket: keep it there.
                let k = (ng as usize + hn).saturating_sub(h0).max(bi);
                // Reached from a node of least f with no detour: no cheaper route exists.
                if nb == to && k == bi {
                    found = true;
                    break 'search;
                }
                if k >= self.buckets.len() {
                    self.buckets.resize_with(k + 1, Vec::new);
                }
                self.buckets[k].push(nb as u32);
                top = top.max(k);
            }
        }
        for b in &mut self.buckets[..=top] {
            b.clear();
        }
        if !found {
            return None;
        }
        let total = self.g[to] & !CLOSED;
        let mut c = to;
        while c != from {
            let m = self.came[c];
            path.push(m);
            c = step_cell(w, c, m.inverse());
        }
        path.reverse();
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHORTEST: Pricing = Pricing { bad: 1, inflate: 1, budget: u64::MAX };

    fn walk(w: usize, from: usize, path: &[Move]) -> usize {
        path.iter().fold(from, |c, &m| step_cell(w, c, m))
    }

    #[test]
    fn rows_and_columns_without_division_are_exact() {
        for w in [2, 3, 7, 10, 97, 500, 999, 1000] {
            let d = Dims::new(w, 1000);
            for c in (0..w * 1000).step_by(1 + w / 7) {
                assert_eq!(d.rc(c), (c / w, c % w), "w {w} cell {c}");
            }
            assert_eq!(d.rc(w * 1000 - 1), (999, w - 1));
        }
    }

    #[test]
    fn open_board_routes_are_manhattan_long() {
        let (w, h) = (9, 7);
        let d = Dims::new(w, h);
        let locked = vec![false; w * h];
        let cells: Vec<u32> = (0..(w * h) as u32).collect();
        let mut r = Router::new(d);
        let mut path = Vec::new();
        for (a, b) in [(0, 62), (62, 0), (10, 10), (8, 54), (30, 31)] {
            assert!(r.route(&cells, &locked, &[], a, b, SHORTEST, &mut path).is_some());
            assert_eq!(path.len(), d.manhattan(a, b));
            assert_eq!(walk(w, a, &path), b);
        }
    }

    #[test]
    fn routes_go_around_obstacles_and_fail_when_walled_in() {
        // 5×3 board: the blank at (1,0) must reach (1,4) with (1,2) avoided and (0,2) locked.
        let (w, h) = (5, 3);
        let cells: Vec<u32> = (0..15).collect();
        let mut locked = vec![false; w * h];
        locked[2] = true;
        let mut r = Router::new(Dims::new(w, h));
        let mut path = Vec::new();
        assert_eq!(r.route(&cells, &locked, &[7], 5, 9, SHORTEST, &mut path), Some(6));
        assert_eq!(walk(w, 5, &path), 9);
        let visited: Vec<usize> = path
            .iter()
            .scan(5, |c, &m| {
                *c = step_cell(w, *c, m);
                Some(*c)
            })
            .collect();
        assert!(!visited.contains(&7) && !visited.contains(&2));
        // Wall off column 2 completely.
        locked[12] = true;
        assert!(r.route(&cells, &locked, &[7], 5, 9, SHORTEST, &mut path).is_none());
        // The router still works afterwards.
        assert!(r.route(&cells, &locked, &[], 5, 6, SHORTEST, &mut path).is_some());
        assert_eq!(path, vec![Move::Right]);
    }

    #[test]
    fn priced_routes_spare_tiles_near_their_goals() {
        // 3×3, every tile at its goal except the blank's: the blank in the middle (cell 4) goes
        // to cell 0. Both shortest routes move two tiles away from their goals; no route does
        // better, so the price is 2 × bad.
        let d = Dims::new(3, 3);
        let cells: Vec<u32> = (0..9).collect();
        let locked = vec![false; 9];
        let mut r = Router::new(d);
        let mut path = Vec::new();
        let pricing = Pricing { bad: 7, inflate: 1, budget: u64::MAX };
        assert_eq!(r.route(&cells, &locked, &[], 4, 0, pricing, &mut path), Some(14));
        assert_eq!(path.len(), 2);
        // A tile two cells right of its goal: the blank on its left pulls it home for 1.
        let mut cells = cells;
        cells.swap(3, 5); // cell 5 holds label 3, cell 3 holds label 5
        assert_eq!(r.route(&cells, &locked, &[], 4, 5, pricing, &mut path), Some(1));
        // A budget of one expansion is not enough to reach a cell two moves away.
        let tight = Pricing { budget: 1, ..pricing };
        assert!(r.route(&cells, &locked, &[], 4, 0, tight, &mut path).is_none());
    }
}
