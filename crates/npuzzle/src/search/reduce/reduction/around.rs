//! Cheapest blank walks in a small square around the tile being pushed.
//!
//! Before each push the blank must reach the cell in front of the tile. The walks there are
//! short, but which one is taken decides which tiles are displaced and whether they move towards
//! their goals (see [`Dims::toward`]), and over a whole solution that decides most of its length.
//! So the walk is priced per move and the cheapest found by Dial's algorithm over the few cells
//! around the tile, one search serving every front cell at once.

use super::route::Dims;
use crate::board::Move;

/// The eight cells round a tile, clockwise from the one above, as (row, column) offsets.
const RING: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// Ring index of the cell at (row, column) offset (dr + 1, dc + 1) in a 3×3 square; the
/// centre (the tile) is not on the ring.
const RING_INDEX: [u8; 9] = [7, 0, 1, 6, u8::MAX, 2, 5, 4, 3];
/// The way the tile in ring cell `k` moves when the blank enters it going clockwise (from ring
/// cell `k - 1`): towards that cell, anticlockwise.
const TILE_CCW: [Move; 8] = [Move::Left, Move::Left, Move::Up, Move::Up, Move::Right, Move::Right, Move::Down, Move::Down];
/// The way the tile in ring cell `k` moves when the blank enters it anticlockwise (from ring
/// cell `k + 1`).
const TILE_CW: [Move; 8] = [Move::Right, Move::Down, Move::Down, Move::Left, Move::Left, Move::Up, Move::Up, Move::Right];

/// Largest radius of the square (7×7 cells).
pub(super) const MAX_RADIUS: usize = 3;
const SIDE: usize = 2 * MAX_RADIUS + 1;
const CELLS: usize = SIDE * SIDE;
const UNSEEN: u16 = u16::MAX;
/// A window cell the blank may not enter.
const BLOCKED: u8 = u8::MAX;
/// Dial's buckets: a move costs at most `BUCKETS - 1`.
const BUCKETS: usize = 16;
/// Entries a bucket can hold: every cell can be queued once per way into it.
const DEPTH: usize = 4 * CELLS;

/// Reusable arrays for one search.
pub(super) struct Around {
    dist: [u16; CELLS],
    /// Per window cell, the ways (bits: up, down, left, right) its tile would move nearer its
    /// goal, or [`BLOCKED`].
    help: [u8; CELLS],
    came: [Move; CELLS],
    bucket: Box<[[u8; DEPTH]; BUCKETS]>,
    len: [usize; BUCKETS],
}

impl Default for Around {
    fn default() -> Self {
        Around {
            dist: [UNSEEN; CELLS],
            help: [BLOCKED; CELLS],
            came: [Move::Up; CELLS],
            bucket: Box::new([[0; DEPTH]; BUCKETS]),
            len: [0; BUCKETS],
        }
    }
}

impl Around {
    /// Searches the square of `radius` (at most [`MAX_RADIUS`]) round the tile at `p` from the
    /// blank at `blank`, which must lie in it; the tile's cell and locked cells are excluded, a
    /// move costs 1 if the tile it displaces gets nearer its goal, else `bad` (below 16).
    /// `cells` gives the label in each cell. Stops once every cell of `targets` is settled and
    /// returns the cost of reaching each (`None`: not reachable within the square).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        d: Dims,
        cells: &[u32],
        locked: &[bool],
        p: usize,
        blank: usize,
        radius: usize,
        bad: u16,
        targets: &[usize],
    ) -> [Option<u16>; 4] {
        let radius = radius.min(MAX_RADIUS);
        let bad = bad.clamp(1, BUCKETS as u16 - 1) as usize;
        let (pr, pc) = d.rc(p);
        // Window cell (i, j) is board cell (pr + i - radius, pc + j - radius); rows and
        // columns off the board are cut away.
        let (i0, j0) = (radius.saturating_sub(pr), radius.saturating_sub(pc));
        let i1 = (d.h + radius - pr).min(2 * radius + 1);
        let j1 = (d.w + radius - pc).min(2 * radius + 1);
        let base = (pr + i0 - radius) * d.w + pc + j0 - radius; // board cell of (i0, j0)
        let local = |c: usize| -> Option<usize> {
            let (r, col) = d.rc(c);
            let (i, j) = ((r + radius).checked_sub(pr)?, (col + radius).checked_sub(pc)?);
            ((i0..i1).contains(&i) && (j0..j1).contains(&j)).then_some(i * SIDE + j)
        };
        let mut out = [None; 4];
        let Some(start) = local(blank) else { return out };
        let mut goals = [usize::MAX; 4];
        let mut pending = 0;
        for (g, &t) in goals.iter_mut().zip(targets) {
            if let Some(x) = local(t) {
                *g = x;
                pending += 1;
            }
        }
        // Per window cell: which ways its tile would get nearer its goal, or BLOCKED.
        for i in i0..i1 {
            self.dist[i * SIDE + j0..i * SIDE + j1].fill(UNSEEN);
            let r = pr + i - radius;
            for j in j0..j1 {
                let c = pc + j - radius;
                let cell = base + (i - i0) * d.w + (j - j0);
                self.help[i * SIDE + j] = if cell == p || locked[cell] {
                    BLOCKED
                } else {
                    let (gr, gc) = d.rc(cells[cell] as usize);
                    u8::from(gr < r) | u8::from(gr > r) << 1 | u8::from(gc < c) << 2 | u8::from(gc > c) << 3
                };
            }
        }
        self.len = [0; BUCKETS];
        self.dist[start] = 0;
        self.bucket[0][0] = start as u8;
        self.len[0] = 1;
        let mut queued = 1usize;
        let mut dist = 0usize;
        while queued > 0 && pending > 0 {
            let b = dist % BUCKETS;
            if self.len[b] == 0 {
                dist += 1;
                continue;
            }
            self.len[b] -= 1;
            queued -= 1;
            let x = self.bucket[b][self.len[b]] as usize;
            if self.dist[x] as usize != dist {
                continue; // superseded by a cheaper entry
            }
            if goals.contains(&x) {
                pending -= 1;
            }
            let (i, j) = (x / SIDE, x % SIDE);
            for m in Move::ALL {
                // The blank moves `m` into `y`; the tile there moves the other way, whose bit
                // in `help` is `tile_bit`.
                let (y, tile_bit) = match m {
                    Move::Up if i > i0 => (x - SIDE, 2),
                    Move::Down if i + 1 < i1 => (x + SIDE, 1),
                    Move::Left if j > j0 => (x - 1, 8),
                    Move::Right if j + 1 < j1 => (x + 1, 4),
                    _ => continue,
                };
                let help = self.help[y];
                if help == BLOCKED {
                    continue;
                }
                let nd = dist + if help & tile_bit != 0 { 1 } else { bad };
                if nd < self.dist[y] as usize {
                    self.dist[y] = nd as u16;
                    self.came[y] = m;
                    let nb = nd % BUCKETS;
                    self.bucket[nb][self.len[nb]] = y as u8;
                    self.len[nb] += 1;
                    queued += 1;
                }
            }
        }
        for (o, &g) in out.iter_mut().zip(&goals[..targets.len()]) {
            if g != usize::MAX && self.dist[g] != UNSEEN {
                *o = Some(self.dist[g]);
            }
        }
        out
    }

    /// The radius-1 case of [`Around::search`], in closed form: round a tile the blank can
    /// only go clockwise or anticlockwise, so each front cell costs the cheaper of the two
    /// sums. Returns, per target, the cost and whether to go clockwise.
    pub(super) fn ring(
        d: Dims,
        cells: &[u32],
        locked: &[bool],
        p: usize,
        blank: usize,
        bad: u16,
        targets: &[usize],
    ) -> [Option<(u16, bool)>; 4] {
        let (pr, pc) = d.rc(p);
        let (br, bc) = d.rc(blank);
        let mut out = [None; 4];
        let index = |r: usize, c: usize| RING_INDEX[(r + 1 - pr) * 3 + (c + 1 - pc)] as usize;
        if br.abs_diff(pr) > 1 || bc.abs_diff(pc) > 1 || (br, bc) == (pr, pc) {
            return out;
        }
        let start = index(br, bc);
        // Per ring cell: the price of the blank entering it going clockwise (the tile there
        // moves anticlockwise) and going anticlockwise; 0 when it is off the board or placed.
        let mut cw_in = [0u16; 8];
        let mut ccw_in = [0u16; 8];
        for k in 0..8 {
            let (r, c) = (pr as isize + RING[k].0, pc as isize + RING[k].1);
            if r < 0 || c < 0 || r >= d.h as isize || c >= d.w as isize {
                continue;
            }
            let (r, c) = (r as usize, c as usize);
            let cell = r * d.w + c;
            if locked[cell] {
                continue;
            }
            let label = cells[cell] as usize;
            cw_in[k] = if d.toward(label, r, c, TILE_CCW[k]) { 1 } else { bad };
            ccw_in[k] = if d.toward(label, r, c, TILE_CW[k]) { 1 } else { bad };
        }
        for (o, &t) in out.iter_mut().zip(targets) {
            let (tr, tc) = d.rc(t);
            if tr.abs_diff(pr) > 1 || tc.abs_diff(pc) > 1 {
                continue;
            }
            let j = index(tr, tc);
            let way = |step: usize, price: &[u16; 8]| -> Option<u16> {
                let (mut k, mut sum) = (start, 0u16);
                while k != j {
                    k = (k + step) % 8;
                    if price[k] == 0 {
                        return None;
                    }
                    sum += price[k];
                }
                Some(sum)
            };
            *o = match (way(1, &cw_in), way(7, &ccw_in)) {
                (Some(a), Some(b)) if b < a => Some((b, false)),
                (Some(a), _) => Some((a, true)),
                (None, Some(b)) => Some((b, false)),
                (None, None) => None,
            };
        }
        out
    }

    /// Appends to `path` the blank's moves round the tile at `p` from `blank` to `target`, both
    /// on its ring, clockwise or not.
    pub(super) fn ring_walk(d: Dims, p: usize, blank: usize, target: usize, clockwise: bool, path: &mut Vec<Move>) {
        let (pr, pc) = d.rc(p);
        let index = |c: usize| {
            let (r, col) = d.rc(c);
            RING_INDEX[(r + 1 - pr) * 3 + (col + 1 - pc)] as usize
        };
        let (mut k, j) = (index(blank), index(target));
        while k != j {
            // The blank takes the way its neighbour's tile would take coming towards it.
            if clockwise {
                path.push(TILE_CW[k]);
                k = (k + 1) % 8;
            } else {
                path.push(TILE_CCW[k]);
                k = (k + 7) % 8;
            }
        }
    }

    /// Appends to `path` the moves of the cheapest walk the last search found to `target`;
    /// `d`, `p` and `radius` as in that search.
    pub(super) fn walk(&self, d: Dims, p: usize, radius: usize, target: usize, path: &mut Vec<Move>) {
        let radius = radius.min(MAX_RADIUS);
        let (pr, pc) = d.rc(p);
        let (tr, tc) = d.rc(target);
        let mut x = (tr + radius - pr) * SIDE + (tc + radius - pc);
        let start = path.len();
        while self.dist[x] != 0 {
            let m = self.came[x];
            path.push(m);
            x = match m {
                Move::Up => x + SIDE,
                Move::Down => x - SIDE,
                Move::Left => x + 1,
                Move::Right => x - 1,
            };
        }
        path[start..].reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_round_a_tile_and_price_displacements() {
        // 5×5 board, all tiles at their goals; the tile in the middle (cell 12) is pushed, the
        // blank below it (cell 17). To stand above it (cell 7) the blank goes round one side:
        // four moves, each displacing a tile from its goal.
        let d = Dims::new(5, 5);
        let cells: Vec<u32> = (0..25).collect();
        let locked = vec![false; 25];
        let mut a = Around::default();
        let costs = a.search(d, &cells, &locked, 12, 17, 2, 7, &[7, 13]);
        assert_eq!(costs[0], Some(28));
        assert_eq!(costs[1], Some(14));
        let mut path = Vec::new();
        a.walk(d, 12, 2, 7, &mut path);
        assert_eq!(path.len(), 4);
        let end = path.iter().fold(17, |c, &m| super::super::route::step_cell(5, c, m));
        assert_eq!(end, 7);
        // Locking the cells left and right of the tile leaves the long way only.
        let mut locked = locked;
        locked[11] = true;
        locked[13] = true;
        let costs = a.search(d, &cells, &locked, 12, 17, 2, 7, &[7]);
        assert_eq!(costs[0], Some(6 * 7));
        // Within radius 1 there is no way at all.
        assert_eq!(a.search(d, &cells, &locked, 12, 17, 1, 7, &[7])[0], None);
    }

    #[test]
    fn the_ring_agrees_with_the_radius_one_search() {
        // Random labels on a 6×5 board with a few placed cells: every tile, blank on its ring
        // and pair of front cells give the same costs both ways.
        let d = Dims::new(6, 5);
        let mut rng = crate::generate::Rng::new(4);
        let mut a = Around::default();
        for _ in 0..300 {
            let mut cells: Vec<u32> = (0..30).collect();
            for i in (1..30).rev() {
                cells.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let locked: Vec<bool> = (0..30).map(|_| rng.below(6) == 0).collect();
            let p = rng.below(30) as usize;
            let ring: Vec<usize> = (0..30)
                .filter(|&c| c != p && !locked[c] && d.rc(c).0.abs_diff(d.rc(p).0) <= 1 && d.rc(c).1.abs_diff(d.rc(p).1) <= 1)
                .collect();
            if ring.len() < 2 || locked[p] {
                continue;
            }
            let blank = ring[rng.below(ring.len() as u64) as usize];
            let targets: Vec<usize> = ring.iter().copied().filter(|&c| c != blank && d.manhattan(c, p) == 1).take(2).collect();
            let by_search = a.search(d, &cells, &locked, p, blank, 1, 7, &targets);
            let by_ring = Around::ring(d, &cells, &locked, p, blank, 7, &targets);
            for k in 0..targets.len() {
                assert_eq!(by_search[k], by_ring[k].map(|(c, _)| c));
                if let Some((c, cw)) = by_ring[k] {
                    let mut path = Vec::new();
                    Around::ring_walk(d, p, blank, targets[k], cw, &mut path);
                    let end = path.iter().fold(blank, |x, &m| super::super::route::step_cell(6, x, m));
                    assert_eq!(end, targets[k]);
                    assert!(c as usize >= path.len());
                }
            }
        }
    }

    #[test]
    fn the_square_is_clipped_at_the_board_edge() {
        // 4×3 board, tile in the corner cell 0, blank at cell 1; the front cell below the tile
        // (cell 4) is two moves away round cell 5.
        let d = Dims::new(4, 3);
        let cells: Vec<u32> = (0..12).collect();
        let locked = vec![false; 12];
        let mut a = Around::default();
        let costs = a.search(d, &cells, &locked, 0, 1, 3, 7, &[4]);
        assert_eq!(costs[0], Some(14));
        let mut path = Vec::new();
        a.walk(d, 0, 3, 4, &mut path);
        assert_eq!(path, vec![Move::Down, Move::Left]);
    }
}
