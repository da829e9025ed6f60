//! Beam search over the whole board: breadth-first by depth, keeping at each depth only the
//! `width` distinct boards with the lowest Manhattan distance plus linear conflicts.
//!
//! Every board of one depth has the same cost so far, so ranking by the estimate alone is
//! ranking by f = g + h. Ties are broken by the boards' Zobrist hashes, which spreads the kept
//! boards over the ties and keeps the run deterministic. Boards are kept as one byte per cell
//! (so at most 256 cells), each layer in one flat buffer; a child is described by its parent's
//! index and the move until it is kept, so the discarded ones cost no copy. The estimate is
//! updated per move: the moved tile's Manhattan distance, and the linear conflicts of the two
//! lines it leaves and enters.

use super::{Grid, Stop};
use crate::board::{neighbor, Move};

/// Most cells of a board beam search takes (labels are bytes).
pub(super) const MAX_CELLS: usize = 256;

/// Entries of the table of boards seen, as a power of two (1 MiB): about thirteen layers of
/// 10,000 boards, enough to see the shortest cycles (twelve moves round a 2×2 square).
const SEEN_BITS: u32 = 17;
/// Bytes of the table of boards seen.
pub(super) const SEEN_BYTES: u64 = 8 << SEEN_BITS;

/// The boards seen, by hash, in a direct-mapped table: a board kept overwrites whichever
/// board had its slot, so the table remembers mostly the recent layers, where a beam that
/// wanders comes back to, at one memory access a lookup.
struct Seen {
    slots: Vec<u64>,
    mask: u64,
}

impl Seen {
    fn new(bits: u32) -> Seen {
        Seen { slots: vec![0; 1 << bits], mask: (1 << bits) - 1 }
    }

    #[inline]
    fn contains(&self, hash: u64) -> bool {
        self.slots[((hash >> 20) & self.mask) as usize] == hash
    }

    #[inline]
    fn insert(&mut self, hash: u64) {
        self.slots[((hash >> 20) & self.mask) as usize] = hash;
    }
}

/// What [`beam`] returns.
pub(super) enum Beamed {
    /// A solution. Every variant counts the boards generated (`nodes`) and expanded.
    Solved { moves: Vec<Move>, nodes: u64, expanded: u64 },
    /// No solution within `max_depth` moves, or the beam stopped improving: the moves to the
    /// board with the lowest estimate it kept, for another method to go on from.
    Failed { nodes: u64, expanded: u64, partial: Vec<Move> },
    /// The stop function asked to stop.
    Stopped { nodes: u64, expanded: u64 },
}

#[derive(Clone, Copy)]
struct Child {
    /// The ranking: `est` plus the blank's distance to the nearest misplaced tile.
    h: u32,
    /// Manhattan distance plus linear conflicts.
    est: u32,
    hash: u64,
    parent: u32,
    m: u8,
}

/// Geometry and tables shared by every board of one run.
struct Tables {
    w: usize,
    h: usize,
    /// Zobrist keys, `[cell * cells + label]`.
    zobrist: Vec<u64>,
    /// The goal's blank cell (the blank's label).
    blank_label: u8,
}

impl Tables {
    fn new(w: usize, h: usize, blank_label: usize) -> Tables {
        let n = w * h;
        let mut s = 0x9E37_79B9_7F4A_7C15u64 ^ (n as u64);
        let zobrist = (0..n * n)
            .map(|_| {
                // splitmix64
                s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = s;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        Tables { w, h, zobrist, blank_label: blank_label as u8 }
    }

    #[inline]
    fn key(&self, cell: usize, label: u8) -> u64 {
        self.zobrist[cell * self.w * self.h + label as usize]
    }

    #[inline]
    fn dist(&self, cell: usize, label: u8) -> u32 {
        let (l, w) = (label as usize, self.w);
        ((cell / w).abs_diff(l / w) + (cell % w).abs_diff(l % w)) as u32
    }

    /// The distance from `blank` to the nearest tile out of place, on `lab` with tile `l` moved
    /// into `at` (and the blank into `blank`); 0 when none is.
    #[inline]
    fn nearest_misplaced(&self, lab: &[u8], blank: usize, at: usize, l: u8) -> u32 {
        let (w, h) = (self.w as isize, self.h as isize);
        let (br, bc) = ((blank / self.w) as isize, (blank % self.w) as isize);
        let out_of_place = |r: isize, c: isize| -> bool {
            if r < 0 || c < 0 || r >= h || c >= w {
                return false;
            }
            let cell = (r * w + c) as usize;
            let x = if cell == at { l } else { lab[cell] };
            x as usize != cell && x != self.blank_label
        };
        // Rings of growing Manhattan radius around the blank.
        for d in 1..(w + h) {
            for k in 0..d {
                if out_of_place(br - d + k, bc + k)
                    || out_of_place(br + k, bc + d - k)
                    || out_of_place(br + d - k, bc - k)
                    || out_of_place(br - k, bc - d + k)
                {
                    return d as u32 - 1;
                }
            }
        }
        0
    }

    /// The estimate of a whole board.
    fn estimate(&self, lab: &[u8], scratch: &mut Vec<u32>) -> u32 {
        let md: u32 = lab.iter().enumerate().filter(|&(_, &l)| l != self.blank_label).map(|(c, &l)| self.dist(c, l)).sum();
        let rows: u32 = (0..self.h).map(|r| line_conflicts(self, lab, Line::Row(r), 0, None, scratch)).sum();
        let cols: u32 = (0..self.w).map(|c| line_conflicts(self, lab, Line::Col(c), 0, None, scratch)).sum();
        md + 2 * (rows + cols)
    }

    fn hash(&self, lab: &[u8]) -> u64 {
        lab.iter().enumerate().fold(0, |acc, (c, &l)| acc ^ self.key(c, l))
    }
}

/// Entries minus their longest increasing subsequence: how many must be lifted out so the rest
/// are in order.
fn lifted(seq: &[u32]) -> u32 {
    if seq.len() < 2 {
        return 0;
    }
    let mut tails = [0u32; 256];
    let mut len = 0;
    for &x in seq {
        let at = tails[..len].partition_point(|&t| t < x);
        tails[at] = x;
        if at == len {
            len += 1;
        }
    }
    (seq.len() - len) as u32
}

/// Searches `g` → identity with a beam `width` boards wide, for at most `max_depth` moves. The
/// children of a layer are generated on the rayon pool, in chunks of parents; the result does
/// not depend on the number of threads.
pub(super) fn beam(g: &Grid, width: usize, max_depth: usize, stop: Stop<'_>) -> Beamed {
    let (w, h) = (g.w, g.h);
    let n = w * h;
    if n > MAX_CELLS || width == 0 {
        return Beamed::Failed { nodes: 0, expanded: 0, partial: Vec::new() };
    }
    let t = Tables::new(w, h, g.lab[g.blank] as usize);
    let root: Vec<u8> = g.lab.iter().map(|&l| l as u8).collect();
    let root_h = t.estimate(&root, &mut Vec::new());
    if root_h == 0 {
        return Beamed::Solved { moves: Vec::new(), nodes: 0, expanded: 0 };
    }
    // The current layer: boards (`n` bytes each), and per board its blank, estimate, hash and
    // the move that made it (`NONE` at the root).
    const NONE: u8 = u8::MAX;
    let mut boards = root;
    let mut layer: Vec<(u16, u32, u64, u8)> = vec![(g.blank as u16, root_h, t.hash(&boards), NONE)];
    // Per depth, each kept board's parent index and move.
    let mut history: Vec<Vec<(u32, u8)>> = Vec::new();
    let mut seen = Seen::new(SEEN_BITS);
    seen.insert(layer[0].2);
    let mut next_boards: Vec<u8> = Vec::new();
    let (mut nodes, mut expanded) = (0u64, 0u64);
    const CHUNK: usize = 512;
    // A beam whose best estimate has not improved for this many layers is wandering over a
    // plateau: it gives up, and the caller goes on another way.
    let patience = 8 * (w + h);
    let (mut lowest, mut since) = (root_h, 0);
    // Where the board with the lowest estimate so far is: its depth and index (depth 0 is the
    // root).
    let mut best_at = (0usize, 0usize);
    for _ in 0..max_depth {
        if stop(nodes) {
            return Beamed::Stopped { nodes, expanded };
        }
        let seen_ref = &seen;
        let parts: Vec<(Vec<Child>, u64)> = map_chunks(&layer, CHUNK, |k, chunk| {
            let mut scratch = Vec::with_capacity(w.max(h));
            let mut out = Vec::with_capacity(chunk.len() * 3);
            let mut made = 0u64;
            for (j, &(b, est, hash, last)) in chunk.iter().enumerate() {
                let i = k * CHUNK + j;
                let lab = &boards[i * n..(i + 1) * n];
                let b = b as usize;
                for m in Move::ALL {
                    if last != NONE && m.inverse() as u8 == last {
                        continue;
                    }
                    let Some(to) = neighbor(w, h, b, m) else { continue };
                    made += 1;
                    // The tile `l` slides from `to` into `b`.
                    let l = lab[to];
                    let key = hash ^ t.key(to, l) ^ t.key(b, t.blank_label) ^ t.key(b, l) ^ t.key(to, t.blank_label);
                    if seen_ref.contains(key) {
                        continue;
                    }
                    let d = conflict_delta(&t, lab, b, to, l, matches!(m, Move::Left | Move::Right), &mut scratch);
                    let est = (est as i64 + t.dist(b, l) as i64 - t.dist(to, l) as i64 + 2 * d) as u32;
                    let near = if est == 0 { 0 } else { t.nearest_misplaced(lab, to, b, l) };
                    out.push(Child { h: est + near, est, hash: key, parent: i as u32, m: m as u8 });
                }
            }
            (out, made)
        });
        nodes += parts.iter().map(|p| p.1).sum::<u64>();
        expanded += layer.len() as u64;
        let mut children: Vec<Child> = parts.into_iter().flat_map(|p| p.0).collect();
        let keep = width.min(children.len());
        if keep == 0 {
            return Beamed::Failed { nodes, expanded, partial: path_to(&history, best_at) };
        }
        // The best `keep`, sorted, duplicates (the same board reached from two parents) removed.
        if children.len() > keep {
            children.select_nth_unstable_by_key(keep, |c| (c.h, c.hash, c.parent, c.m));
            children.truncate(keep);
        }
        children.sort_unstable_by_key(|c| (c.h, c.hash, c.parent, c.m));
        children.dedup_by_key(|c| c.hash);
        children.truncate(keep);
        if children[0].h == 0 {
            history.push(vec![(children[0].parent, children[0].m)]);
            return Beamed::Solved { moves: path_to(&history, (history.len(), 0)), nodes, expanded };
        }
        if children[0].h < lowest {
            (lowest, since) = (children[0].h, 0);
            best_at = (history.len() + 1, 0);
        } else {
            since += 1;
            if since > patience {
                return Beamed::Failed { nodes, expanded, partial: path_to(&history, best_at) };
            }
        }
        for c in &children {
            seen.insert(c.hash);
        }
        next_boards.resize(children.len() * n, 0);
        fill_boards(&mut next_boards, n, &children, |dst, c| {
            let p = c.parent as usize;
            dst.copy_from_slice(&boards[p * n..(p + 1) * n]);
            let b = layer[p].0 as usize;
            if let Some(to) = neighbor(w, h, b, move_of(c.m)) {
                dst.swap(b, to);
            }
        });
        std::mem::swap(&mut boards, &mut next_boards);
        layer = children
            .iter()
            .map(|c| {
                let b = layer[c.parent as usize].0 as usize;
                let to = neighbor(w, h, b, move_of(c.m)).unwrap_or(b);
                (to as u16, c.est, c.hash, c.m)
            })
            .collect();
        history.push(children.iter().map(|c| (c.parent, c.m)).collect());
    }
    Beamed::Failed { nodes, expanded, partial: path_to(&history, best_at) }
}

/// The moves from the root to board `index` of depth `depth` (`history[d - 1]` holds depth
/// `d`'s parents and moves).
fn path_to(history: &[Vec<(u32, u8)>], (depth, index): (usize, usize)) -> Vec<Move> {
    let mut moves = Vec::with_capacity(depth);
    let mut p = index;
    for step in history[..depth].iter().rev() {
        let (pp, m) = step[p];
        moves.push(move_of(m));
        p = pp as usize;
    }
    moves.reverse();
    moves
}

/// `f(k, chunk)` for each `chunk`-sized piece `k` of `items`, in order: on the rayon pool, or
/// in a loop on WebAssembly (no threads there, and the loop keeps the module small).
fn map_chunks<T: Sync, R: Send>(items: &[T], chunk: usize, f: impl Fn(usize, &[T]) -> R + Sync + Send) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        items.par_chunks(chunk).enumerate().map(|(k, c)| f(k, c)).collect()
    }
    #[cfg(target_arch = "wasm32")]
    {
        items.chunks(chunk).enumerate().map(|(k, c)| f(k, c)).collect()
    }
}

/// `f(board, child)` for each `n`-byte board of `boards` and its child, as [`map_chunks`].
fn fill_boards(boards: &mut [u8], n: usize, children: &[Child], f: impl Fn(&mut [u8], &Child) + Sync + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        boards.par_chunks_mut(n).zip(children.par_iter()).for_each(|(d, c)| f(d, c));
    }
    #[cfg(target_arch = "wasm32")]
    {
        boards.chunks_mut(n).zip(children).for_each(|(d, c)| f(d, c));
    }
}

/// Manhattan distance plus linear conflicts of `g` (labels below 256).
pub(super) fn estimate(g: &Grid) -> u32 {
    let t = Tables::new(g.w, g.h, g.lab[g.blank] as usize);
    let lab: Vec<u8> = g.lab.iter().map(|&l| l as u8).collect();
    t.estimate(&lab, &mut Vec::new())
}

fn move_of(m: u8) -> Move {
    Move::ALL[m as usize]
}

/// A line of the board: a row or a column.
#[derive(Clone, Copy)]
enum Line {
    Row(usize),
    Col(usize),
}

/// Tiles to lift out of `line` of `lab` so the rest of those whose goal line it is are in order,
/// with `lab` changed first at cell `at` to `put` (`None`: no change; `Some(blank)`: the
/// cell's tile taken out).
fn line_conflicts(t: &Tables, lab: &[u8], line: Line, at: usize, put: Option<u8>, scratch: &mut Vec<u32>) -> u32 {
    let w = t.w;
    let (first, step, len) = match line {
        Line::Row(r) => (r * w, 1, w),
        Line::Col(c) => (c, w, t.h),
    };
    scratch.clear();
    for k in 0..len {
        let cell = first + k * step;
        let l = match put {
            Some(x) if cell == at => x,
            _ => lab[cell],
        };
        if l == t.blank_label {
            continue;
        }
        let (lr, lc) = (l as usize / w, l as usize % w);
        match line {
            Line::Row(r) if lr == r => scratch.push(lc as u32),
            Line::Col(c) if lc == c => scratch.push(lr as u32),
            _ => {}
        }
    }
    lifted(scratch)
}

/// Change in lifted tiles when tile `l` slides from `to` to `b` on `lab`: a horizontal move
/// changes the columns it leaves and enters, a vertical one the rows, and only a line that is
/// the tile's goal line changes its conflicts.
fn conflict_delta(t: &Tables, lab: &[u8], b: usize, to: usize, l: u8, horizontal: bool, scratch: &mut Vec<u32>) -> i64 {
    let w = t.w;
    let line = |cell: usize| if horizontal { Line::Col(cell % w) } else { Line::Row(cell / w) };
    let goal_line = |cell: usize| if horizontal { cell % w } else { cell / w };
    let mut d = 0i64;
    // The line `to` is in loses the tile; the line `b` is in gains it.
    for (cell, put) in [(to, t.blank_label), (b, l)] {
        if goal_line(cell) == goal_line(l as usize) {
            let before = line_conflicts(t, lab, line(cell), cell, None, scratch) as i64;
            let after = line_conflicts(t, lab, line(cell), cell, Some(put), scratch) as i64;
            d += after - before;
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_solvable, Rng};
    use crate::goal::Goal;

    fn grid(w: usize, h: usize, goal: Goal, seed: u64) -> Grid {
        let goal = goal.board(w, h).unwrap();
        Grid::new(&random_solvable(&goal, &mut Rng::new(seed)), &goal)
    }

    fn replayed(g: &Grid, moves: &[Move]) -> Grid {
        let mut g = g.clone();
        for &m in moves {
            assert!(g.apply(m), "a move leaves the board");
        }
        g
    }

    #[test]
    fn the_estimate_is_the_library_s_linear_conflict_heuristic() {
        for (w, h, goal, seed) in
            [(6, 5, Goal::BlankLast, 1), (4, 7, Goal::Snail, 2), (9, 3, Goal::BlankFirst, 3), (8, 8, Goal::BlankLast, 4)]
        {
            let goal = goal.board(w, h).unwrap();
            let start = random_solvable(&goal, &mut Rng::new(seed));
            assert_eq!(estimate(&Grid::new(&start, &goal)) as u64, super::super::lower_bound(&start, &goal), "{w}×{h}");
        }
    }

    #[test]
    fn answers_replay_to_the_goal_on_every_shape() {
        for (w, h, goal) in [(6, 6, Goal::BlankLast), (7, 4, Goal::Snail), (4, 7, Goal::BlankFirst), (3, 9, Goal::Snail)] {
            let g = grid(w, h, goal, 5);
            match beam(&g, 2000, 2000, &mut |_| false) {
                Beamed::Solved { moves, nodes, expanded } => {
                    assert!(expanded > 0 && nodes > expanded, "{w}×{h}");
                    assert!(replayed(&g, &moves).solved(), "{w}×{h}");
                    // The estimate is admissible: Manhattan distance plus two moves a lifted tile.
                    assert!(moves.len() as u32 >= estimate(&g), "{w}×{h}");
                    assert!(nodes >= moves.len() as u64);
                }
                _ => panic!("{w}×{h}: no answer"),
            }
        }
    }

    #[test]
    fn the_answer_does_not_depend_on_the_threads() {
        let g = grid(7, 7, Goal::BlankLast, 2);
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| match beam(&g, 3000, 2000, &mut |_| false) {
                Beamed::Solved { moves, nodes, expanded } => (moves, nodes, expanded),
                _ => panic!("no answer"),
            })
        };
        assert_eq!(run(1), run(2));
    }

    #[test]
    fn a_beam_cut_short_hands_back_its_best_board() {
        let g = grid(8, 8, Goal::BlankLast, 7);
        let before = estimate(&g);
        match beam(&g, 50, 30, &mut |_| false) {
            Beamed::Failed { partial, nodes, .. } => {
                assert!(!partial.is_empty() && partial.len() <= 30);
                assert!(estimate(&replayed(&g, &partial)) < before);
                assert!(nodes > 0);
            }
            _ => panic!("30 moves cannot solve this board"),
        }
        // Stopped at once: no work.
        assert!(matches!(beam(&g, 50, 30, &mut |_| true), Beamed::Stopped { nodes: 0, expanded: 0 }));
    }

    #[test]
    fn too_big_or_zero_width_is_refused() {
        let g = grid(17, 16, Goal::BlankLast, 1);
        assert!(matches!(beam(&g, 100, 100, &mut |_| false), Beamed::Failed { nodes: 0, .. }));
        let g = grid(4, 4, Goal::BlankLast, 1);
        assert!(matches!(beam(&g, 0, 100, &mut |_| false), Beamed::Failed { nodes: 0, .. }));
        let goal = Goal::BlankLast.board(4, 4).unwrap();
        let solved = Grid::new(&goal, &goal);
        assert!(matches!(beam(&solved, 10, 10, &mut |_| false), Beamed::Solved { ref moves, .. } if moves.is_empty()));
    }

    #[test]
    fn incremental_estimate_matches_the_whole_board() {
        let goal = Goal::BlankLast.board(6, 5).unwrap();
        let start = random_solvable(&goal, &mut Rng::new(3));
        let g = Grid::new(&start, &goal);
        let t = Tables::new(6, 5, g.lab[g.blank] as usize);
        let mut scratch = Vec::new();
        let mut lab: Vec<u8> = g.lab.iter().map(|&l| l as u8).collect();
        let mut b = g.blank;
        let mut est = t.estimate(&lab, &mut scratch);
        let mut rng = Rng::new(9);
        for _ in 0..2000 {
            let m = Move::ALL[rng.below(4) as usize];
            let Some(to) = neighbor(6, 5, b, m) else { continue };
            let l = lab[to];
            let d = conflict_delta(&t, &lab, b, to, l, matches!(m, Move::Left | Move::Right), &mut scratch);
            est = (est as i64 + t.dist(b, l) as i64 - t.dist(to, l) as i64 + 2 * d) as u32;
            let near = t.nearest_misplaced(&lab, to, b, l);
            lab.swap(b, to);
            b = to;
            assert_eq!(est, t.estimate(&lab, &mut scratch));
            // The nearest misplaced tile, by a scan of every cell.
            let brute = (0..30)
                .filter(|&c| c != b && lab[c] as usize != c && lab[c] != t.blank_label)
                .map(|c| ((c / 6).abs_diff(b / 6) + (c % 6).abs_diff(b % 6)) as u32 - 1)
                .min()
                .unwrap_or(0);
            assert_eq!(near, brute);
        }
    }
}
