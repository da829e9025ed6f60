//! Optimal endgames inside a small window: the blank and one or two tracked tiles.
//!
//! The last steps of a tile into its cell (next to placed cells and the region's edge) and the
//! two-tile rotation that closes a line are where fixed macros waste moves or get stuck. Here
//! they are solved exactly instead, by a breadth-first search over (blank, tracked tiles) inside
//! a window of at most 64 cells, every other tile in it being interchangeable. The number of
//! such local situations is small (the same few shapes recur all over a large board), so
//! answers are cached by the window's shape, its free cells and the positions.

use crate::board::Move;
use rustc_hash::FxHashMap;

/// Most cells a window may have (the free-cell mask is a `u64`).
pub(super) const MAX_WINDOW: usize = 64;
/// Most states one search may cover; bounds memory and time per search.
const MAX_STATES: usize = 1 << 16;
/// Cached answers kept before the cache is emptied, to bound memory.
const MAX_CACHED: usize = 1 << 18;

/// A situation inside a window: sizes, free cells, blank and (tile, target) pairs, all in
/// window-local cells (`row * ww + col`). `u8::MAX` pads the unused second tile.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    ww: u8,
    wh: u8,
    mask: u64,
    blank: u8,
    tiles: [(u8, u8); 2],
}

/// Reusable search arrays and the answer cache.
#[derive(Default)]
pub(super) struct LocalSolver {
    seen: Vec<u32>,
    gen: u32,
    mv: Vec<Move>,
    queue: Vec<u32>,
    cache: FxHashMap<Key, Box<[Move]>>,
    /// Searches run (not answered from the cache), for measurements.
    pub searches: u64,
}

impl LocalSolver {
    /// Appends to `out` a shortest move sequence, inside the `ww`×`wh` window's free cells
    /// (`mask` bit `i` set for free cell `i`), taking each tracked tile `(from, to)` to its
    /// target, the blank starting on `blank`. Returns false when the window has no solution or
    /// the search would be too large.
    pub(super) fn solve(&mut self, ww: usize, wh: usize, mask: u64, blank: usize, tiles: &[(usize, usize)], out: &mut Vec<Move>) -> bool {
        let k = ww * wh;
        if k > MAX_WINDOW || tiles.is_empty() || tiles.len() > 2 {
            return false;
        }
        let free = |c: usize| mask >> c & 1 == 1;
        if !free(blank) || tiles.iter().any(|&(a, b)| !free(a) || !free(b) || a == blank) {
            return false;
        }
        let pad = (u8::MAX, u8::MAX);
        let key = Key {
            ww: ww as u8,
            wh: wh as u8,
            mask,
            blank: blank as u8,
            tiles: [(tiles[0].0 as u8, tiles[0].1 as u8), tiles.get(1).map_or(pad, |&(a, b)| (a as u8, b as u8))],
        };
        if let Some(ans) = self.cache.get(&key) {
            out.extend_from_slice(ans);
            return true;
        }
        let two = tiles.len() == 2;
        let states = if two { k * k * k } else { k * k };
        if states > MAX_STATES {
            return false;
        }
        let start = out.len();
        if !self.search(ww, wh, mask, blank, tiles, two, states, out) {
            return false;
        }
        self.searches += 1;
        if self.cache.len() >= MAX_CACHED {
            self.cache.clear();
        }
        self.cache.insert(key, out[start..].into());
        true
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        ww: usize,
        wh: usize,
        mask: u64,
        blank: usize,
        tiles: &[(usize, usize)],
        two: bool,
        states: usize,
        out: &mut Vec<Move>,
    ) -> bool {
        let k = ww * wh;
        let (g1, g2) = (tiles[0].1, tiles.get(1).map_or(0, |t| t.1));
        let encode = |b: usize, t1: usize, t2: usize| b + k * (t1 + if two { k * t2 } else { 0 });
        let decode = |s: usize| (s % k, (s / k) % k, if two { s / (k * k) } else { 0 });
        let done = |t1: usize, t2: usize| t1 == g1 && (!two || t2 == g2);
        let (s1, s2) = (tiles[0].0, tiles.get(1).map_or(0, |t| t.0));
        if two && s1 == s2 {
            return false;
        }
        if done(s1, s2) {
            return true;
        }
        if self.seen.len() < states {
            self.seen.resize(states, 0);
            self.mv.resize(states, Move::Up);
        }
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.seen.fill(0);
            self.gen = 1;
        }
        let gen = self.gen;
        let nb = |c: usize, m: Move| -> Option<usize> {
            let to = crate::board::neighbor(ww, wh, c, m)?;
            (mask >> to & 1 == 1).then_some(to)
        };
        self.queue.clear();
        let s0 = encode(blank, s1, s2);
        self.seen[s0] = gen;
        self.queue.push(s0 as u32);
        let mut head = 0;
        let mut goal = None;
        'bfs: while head < self.queue.len() {
            let s = self.queue[head] as usize;
            head += 1;
            let (b, t1, t2) = decode(s);
            for m in Move::ALL {
                let Some(to) = nb(b, m) else { continue };
                let n1 = if t1 == to { b } else { t1 };
                let n2 = if two && t2 == to { b } else { t2 };
                let ns = encode(to, n1, n2);
                if self.seen[ns] == gen {
                    continue;
                }
                self.seen[ns] = gen;
                self.mv[ns] = m;
                if done(n1, n2) {
                    goal = Some(ns);
                    break 'bfs;
                }
                self.queue.push(ns as u32);
            }
        }
        let Some(mut s) = goal else { return false };
        // Walk back: the blank came from the neighbour opposite its last move, and a tracked
        // tile standing there now was where the blank is.
        let start = out.len();
        while s != s0 {
            let m = self.mv[s];
            let (b, t1, t2) = decode(s);
            let prev = crate::board::neighbor(ww, wh, b, m.inverse()).expect("the blank came from inside the window");
            let p1 = if t1 == prev { b } else { t1 };
            let p2 = if two && t2 == prev { b } else { t2 };
            out.push(m);
            s = encode(prev, p1, p2);
        }
        out[start..].reverse();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replays `moves` on window cells, returning (blank, tracked tiles).
    fn replay(ww: usize, wh: usize, mask: u64, blank: usize, tiles: &[usize], moves: &[Move]) -> (usize, Vec<usize>) {
        let mut b = blank;
        let mut t = tiles.to_vec();
        for &m in moves {
            let to = crate::board::neighbor(ww, wh, b, m).expect("stays in the window");
            assert!(mask >> to & 1 == 1, "enters a locked cell");
            for x in t.iter_mut() {
                if *x == to {
                    *x = b;
                }
            }
            b = to;
        }
        (b, t)
    }

    #[test]
    fn closes_a_line_with_the_two_tile_rotation() {
        // 3 wide, 3 deep; row 0 holds the two cells to fill (cells 1, 2), cell 0 is placed.
        // The tiles for cells 1 and 2 stand swapped, the blank below them: the case a fixed
        // macro must special-case.
        let (ww, wh) = (3, 3);
        let mask = 0b111_111_110;
        let mut out = Vec::new();
        let mut s = LocalSolver::default();
        assert!(s.solve(ww, wh, mask, 4, &[(2, 1), (1, 2)], &mut out));
        let (_, t) = replay(ww, wh, mask, 4, &[2, 1], &out);
        assert_eq!(t, vec![1, 2]);
        // Cached: the same answer again.
        let mut again = Vec::new();
        assert!(s.solve(ww, wh, mask, 4, &[(2, 1), (1, 2)], &mut again));
        assert_eq!(out, again);
        assert_eq!(s.searches, 1);
    }

    #[test]
    fn single_tile_answers_are_shortest_and_impossible_ones_fail() {
        // 3×2 window, all free: tile from cell 5 to cell 0, blank at 4: L U L D R U L... the
        // exact length is checked against a brute force over short sequences.
        let (ww, wh) = (3, 2);
        let mask = 0b111_111;
        let mut s = LocalSolver::default();
        let mut out = Vec::new();
        assert!(s.solve(ww, wh, mask, 4, &[(5, 0)], &mut out));
        let (_, t) = replay(ww, wh, mask, 4, &[5], &out);
        assert_eq!(t, vec![0]);
        let best = (1..=out.len())
            .find(|&len| {
                (0..4usize.pow(len as u32)).any(|code| {
                    let ms: Vec<Move> = (0..len).map(|i| Move::ALL[code / 4usize.pow(i as u32) % 4]).collect();
                    let mut b = 4;
                    let mut t = 5;
                    for &m in &ms {
                        let Some(to) = crate::board::neighbor(ww, wh, b, m) else { return false };
                        if t == to {
                            t = b;
                        }
                        b = to;
                    }
                    t == 0
                })
            })
            .unwrap();
        assert_eq!(out.len(), best);
        // A 1×3 corridor: the tile can never pass the blank.
        let mut none = Vec::new();
        assert!(!s.solve(3, 1, 0b111, 0, &[(1, 2)], &mut none));
    }
}
