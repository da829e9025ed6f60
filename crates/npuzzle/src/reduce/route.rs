//! Shortest routes for the blank around placed cells and the tiles being moved.
//!
//! A* with the Manhattan distance, which is consistent on a grid, so a cell's cost is final when
//! it is first expanded. The open list is a set of buckets, one per f value (f only takes values
//! of one parity, so bucket `k` holds f = h(start) + 2k), each a stack: popping the newest entry
//! first breaks ties towards the deepest node, which makes the search run straight at the target
//! and visit O(route length) cells in the open board. That is what keeps routing linear in the
//! moves made even on a 1000×1000 board, where one breadth-first search per tile would not be.
//!
//! The per-cell arrays live as long as the engine and are reset by bumping a generation number,
//! so a search never clears or allocates anything proportional to the board.

use crate::board::Move;

/// Marks a cell whose cost is final.
const CLOSED: u32 = 1 << 31;

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

/// Manhattan distance between two cells of a board `w` wide.
#[inline]
pub(super) fn manhattan(w: usize, a: usize, b: usize) -> usize {
    (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w)
}

/// Reusable A* state for one board size.
pub(super) struct Router {
    w: usize,
    h: usize,
    stamp: Vec<u32>,
    gen: u32,
    g: Vec<u32>,
    came: Vec<Move>,
    buckets: Vec<Vec<u32>>,
    /// Cells expanded over the engine's life, for measurements.
    pub expanded: u64,
}

impl Router {
    /// Arrays for a `w`×`h` board.
    pub(super) fn new(w: usize, h: usize) -> Router {
        let n = w * h;
        Router { w, h, stamp: vec![0; n], gen: 0, g: vec![0; n], came: vec![Move::Up; n], buckets: Vec::new(), expanded: 0 }
    }

    /// A shortest path of the blank from `from` to `to` through cells that are neither locked
    /// nor in `avoid`, written to `path` in order. Returns false when there is none.
    ///
    /// `prefer` orders the ties: among successors with the same f, the one with the highest
    /// score is expanded first. It gets the cell the blank would enter and the move.
    pub(super) fn route(
        &mut self,
        locked: &[bool],
        avoid: &[usize],
        from: usize,
        to: usize,
        path: &mut Vec<Move>,
        prefer: &dyn Fn(usize, Move) -> i32,
    ) -> bool {
        path.clear();
        if from == to {
            return true;
        }
        if locked[to] || avoid.contains(&to) {
            return false;
        }
        let (w, h) = (self.w, self.h);
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.fill(0);
            self.gen = 1;
        }
        let gen = self.gen;
        let (tr, tc) = (to / w, to % w);
        let hf = |c: usize| (c / w).abs_diff(tr) + (c % w).abs_diff(tc);
        let h0 = hf(from);
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
            // Successors, pushed in increasing preference so the best is popped first.
            let mut succ: [(usize, Move, i32); 4] = [(0, Move::Up, 0); 4];
            let mut ns = 0;
            for m in Move::ALL {
                let Some(nb) = crate::board::neighbor(w, h, c, m) else { continue };
                if locked[nb] || avoid.contains(&nb) {
                    continue;
                }
                succ[ns] = (nb, m, prefer(nb, m));
                ns += 1;
            }
            succ[..ns].sort_unstable_by_key(|s| s.2);
            for &(nb, m, _) in &succ[..ns] {
                let ng = gc + 1;
                if self.stamp[nb] == gen && (self.g[nb] & CLOSED != 0 || self.g[nb] <= ng) {
                    continue;
                }
                self.stamp[nb] = gen;
                self.g[nb] = ng;
                self.came[nb] = m;
                let k = (ng as usize + hf(nb) - h0) / 2;
                // Reached from a node of least f with no detour: no shorter route exists.
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
            return false;
        }
        let mut c = to;
        while c != from {
            let m = self.came[c];
            path.push(m);
            c = step_cell(w, c, m.inverse());
        }
        path.reverse();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(w: usize, from: usize, path: &[Move]) -> usize {
        path.iter().fold(from, |c, &m| step_cell(w, c, m))
    }

    #[test]
    fn open_board_routes_are_manhattan_long() {
        let (w, h) = (9, 7);
        let locked = vec![false; w * h];
        let mut r = Router::new(w, h);
        let mut path = Vec::new();
        for (a, b) in [(0, 62), (62, 0), (10, 10), (8, 54), (30, 31)] {
            assert!(r.route(&locked, &[], a, b, &mut path, &|_, _| 0));
            assert_eq!(path.len(), manhattan(w, a, b));
            assert_eq!(walk(w, a, &path), b);
        }
    }

    #[test]
    fn routes_go_around_obstacles_and_fail_when_walled_in() {
        // 5×3 board: the blank at (1,0) must reach (1,4) with (1,2) avoided and (0,2) locked.
        let (w, h) = (5, 3);
        let mut locked = vec![false; w * h];
        locked[2] = true;
        let mut r = Router::new(w, h);
        let mut path = Vec::new();
        assert!(r.route(&locked, &[7], 5, 9, &mut path, &|_, _| 0));
        assert_eq!(path.len(), 6);
        assert_eq!(walk(w, 5, &path), 9);
        let cells: Vec<usize> = path
            .iter()
            .scan(5, |c, &m| {
                *c = step_cell(w, *c, m);
                Some(*c)
            })
            .collect();
        assert!(!cells.contains(&7) && !cells.contains(&2));
        // Wall off column 2 completely.
        locked[12] = true;
        assert!(!r.route(&locked, &[7], 5, 9, &mut path, &|_, _| 0));
        // The router still works afterwards.
        assert!(r.route(&locked, &[], 5, 6, &mut path, &|_, _| 0));
        assert_eq!(path, vec![Move::Right]);
    }
}
