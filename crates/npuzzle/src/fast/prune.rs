//! Duplicate-path pruning with a finite-state machine (Taylor & Korf 1993).
//!
//! Many move sequences of the blank reach the same board as a shorter sequence, or as another
//! one of the same length. A depth-first search that does not notice generates every one of
//! them. This module learns such sequences ahead of the search and builds an automaton over the
//! blank's moves that forbids them, so the search walks (up to the learnt depth) only one path
//! to each board.
//!
//! **Learning.** From every cell `c` of the board the blank may start in, a breadth-first search
//! runs over move strings in *shortlex* order (shorter first, then by direction number), on the
//! real board with its edges, up to a fixed depth. The first string to reach a board is its
//! representative; every later string that reaches a board already seen is a *duplicate*, and
//! is forbidden when it starts at `c`. Only representatives are extended, so every proper prefix
//! of a duplicate is a representative. A duplicate whose proper suffix is itself a duplicate
//! (from the cell where that suffix starts) adds nothing and is left out.
//!
//! **Matching.** The forbidden strings go into an Aho–Corasick automaton over the four
//! directions. A string forbidden from `c` is tagged with the cell it ends in (its start is then
//! implied), and each automaton state keeps the set of end cells of the strings that end there,
//! itself included through its suffix links. A search step is pruned when the state it leads to
//! forbids the blank's new cell: one table load per generated node, before the move is applied.
//!
//! **Why no optimal solution is lost.** Order all paths from the search's root to a board
//! shortlex. The least path to a board contains no forbidden string: replacing one by the
//! string it duplicates (which is executable from the same cell, and has the same effect) would
//! give a shorter path, or one of the same length that is smaller at the first place where they
//! differ. Every prefix of a least path is the least path to its own board, so the least
//! optimal path to the goal survives whole, and IDA* finds a solution of the optimal length.
//! Duplicates of equal length keep exactly one representative: the shortlex-least.
//!
//! An automaton is a value: [`crate::tables::TableStore::prune`] builds one per board size and
//! keeps it, and a [`crate::Tables`] carries it to the search.

#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use rustc_hash::FxHashSet;

use rayon::prelude::*;

const NONE: u8 = u8::MAX;

/// One transition: the state it leads to, and the blank cells at which arriving there is a
/// forbidden duplicate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Step {
    pub(crate) next: u32,
    pub(crate) forbid: u32,
}

/// The automaton that forbids duplicate move strings on one board (see the module docs).
#[derive(Debug)]
pub struct Fsm {
    /// `steps[state * 4 + d]`.
    steps: Vec<Step>,
    nbr: Vec<[u8; 4]>,
    depth: u32,
    patterns: usize,
}

/// A forbidden string: start cell, length, moves (move `i` in bits `2i..2i+2`).
type Pattern = (u8, u8, u64);

impl Fsm {
    /// The automaton for a board given by its blank moves: `nbr[c][d]` is the cell the blank
    /// reaches from `c` in direction `d` (`u8::MAX` at an edge), with `d ^ 1` the opposite
    /// direction of `d`. It forbids the duplicate strings of up to `depth` moves (at most 32);
    /// a depth below 2 forbids nothing, and depth 2 forbids exactly the moves that undo the
    /// previous one. At most 25 cells.
    pub fn new(nbr: &[[u8; 4]], depth: u32) -> Fsm {
        assert!(nbr.len() <= 25 && depth <= 32, "{} cells, depth {depth}", nbr.len());
        let mut patterns: Vec<(u8, Pattern)> = Vec::new();
        if depth >= 2 {
            // Undoing the last move: the shortest duplicates, of the empty string.
            for (c, row) in nbr.iter().enumerate() {
                for (d, &to) in row.iter().enumerate() {
                    if to != NONE {
                        patterns.push((c as u8, (to, 2, (d | (d ^ 1) << 2) as u64)));
                    }
                }
            }
        }
        if depth >= 3 {
            let found: Vec<Vec<(u8, Pattern)>> = (0..nbr.len()).into_par_iter().map(|c| duplicates(nbr, c as u8, depth)).collect();
            patterns.extend(found.into_iter().flatten());
        }
        patterns.sort_by_key(|&(_, (_, len, _))| len);
        // Leave out strings whose proper suffix is already forbidden from its own start.
        let mut kept: FxHashSet<Pattern> = FxHashSet::default();
        let mut trie = Trie::new();
        for &(end, (start, len, moves)) in &patterns {
            let mut cell = start;
            let mut redundant = false;
            for i in 1..len.saturating_sub(1) {
                cell = nbr[cell as usize][(moves >> (2 * (i - 1)) & 3) as usize];
                if kept.contains(&(cell, len - i, moves >> (2 * i))) {
                    redundant = true;
                    break;
                }
            }
            if !redundant {
                kept.insert((start, len, moves));
                trie.insert(len, moves, end);
            }
        }
        Fsm { steps: trie.automaton(), nbr: nbr.to_vec(), depth, patterns: kept.len() }
    }

    /// The automaton for a `width`×`height` board (blank moves `U D L R` as in
    /// [`crate::heuristic::pdb::neighbours`]) and `depth`.
    pub fn for_board(width: usize, height: usize, depth: u32) -> Fsm {
        Fsm::new(&crate::heuristic::pdb::neighbours(width, height), depth)
    }

    /// The automaton as bytes: depth, forbidden-string count and state count, then each
    /// transition's next state and forbidden cells (little-endian `u32`s). The board is not
    /// included; [`Fsm::from_bytes`] is given it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(24 + self.steps.len() * 8);
        v.extend_from_slice(&u64::from(self.depth).to_le_bytes());
        v.extend_from_slice(&(self.patterns as u64).to_le_bytes());
        v.extend_from_slice(&(self.states() as u64).to_le_bytes());
        for s in &self.steps {
            v.extend_from_slice(&s.next.to_le_bytes());
            v.extend_from_slice(&s.forbid.to_le_bytes());
        }
        v
    }

    /// The automaton [`Fsm::to_bytes`] wrote for a `width`×`height` board, or why the bytes
    /// cannot be one: wrong length, a transition to a state that does not exist, or a forbidden
    /// cell off the board. (That the strings it forbids are duplicates is the writer's promise;
    /// callers keep the bytes under a checksum.)
    pub fn from_bytes(width: usize, height: usize, bytes: &[u8]) -> Result<Fsm, String> {
        let nbr = crate::heuristic::pdb::neighbours(width, height);
        let word = |i: usize| bytes.get(i * 8..i * 8 + 8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")));
        let (Some(depth), Some(patterns), Some(states)) = (word(0), word(1), word(2)) else {
            return Err("truncated".into());
        };
        if depth > 32 || states == 0 || states > u64::from(u32::MAX) / 4 || bytes.len() as u64 != 24 + states * 32 {
            return Err(format!("{} bytes do not hold {states} states of depth {depth}", bytes.len()));
        }
        let cells = nbr.len();
        let mut steps = Vec::with_capacity(states as usize * 4);
        for c in bytes[24..].chunks_exact(8) {
            let next = u32::from_le_bytes(c[..4].try_into().expect("4 bytes"));
            let forbid = u32::from_le_bytes(c[4..].try_into().expect("4 bytes"));
            if u64::from(next) >= states || (cells < 32 && forbid >> cells != 0) {
                return Err("a transition leads off the automaton or the board".into());
            }
            steps.push(Step { next, forbid });
        }
        Ok(Fsm { steps, nbr, depth: depth as u32, patterns: patterns as usize })
    }

    /// Whether it was built for a `width`×`height` board.
    pub fn fits(&self, width: usize, height: usize) -> bool {
        self.nbr == crate::heuristic::pdb::neighbours(width, height)
    }

    /// The depth the engine uses by default on a board of `cells` cells. On the 5×5 board,
    /// depth 14 learns 64,211 strings in about half a second into a 2.5 MB table; depth 16
    /// saves a further 6–9 % of the nodes but takes seconds to learn, and its 15 MB table slows
    /// every node; depth 18 (83 MB) slows them threefold.
    pub fn default_depth(cells: usize) -> u32 {
        if cells <= 12 {
            18
        } else {
            14
        }
    }

    /// The start state (no moves made yet).
    pub const START: u32 = 0;

    /// The blank moves of the board it was built for.
    pub fn neighbours(&self) -> &[[u8; 4]] {
        &self.nbr
    }

    /// The deepest strings it forbids.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Forbidden strings kept (after leaving out those with a forbidden suffix).
    pub fn patterns(&self) -> usize {
        self.patterns
    }

    /// States of the automaton.
    pub fn states(&self) -> usize {
        self.steps.len() / 4
    }

    /// Bytes of the transition table.
    pub fn bytes(&self) -> usize {
        self.steps.len() * std::mem::size_of::<Step>()
    }

    /// The transition from `state` in direction `d`.
    #[inline(always)]
    pub(crate) fn step(&self, state: u32, d: u8) -> Step {
        self.steps[state as usize * 4 + d as usize]
    }

    /// Starts loading the steps out of `state` into the cache (a hint only).
    #[inline(always)]
    pub(crate) fn prefetch(&self, state: u32) {
        crate::hint::prefetch(self.steps.as_ptr().wrapping_add(state as usize * 4));
    }

    /// Whether the blank, starting in `start`, may walk `dirs` (directions `0..4`) without any
    /// step being pruned; `None` when a step leaves the board.
    pub fn allows(&self, start: u8, dirs: &[u8]) -> Option<bool> {
        let (mut cell, mut state) = (start, Self::START);
        for &d in dirs {
            cell = self.nbr[cell as usize][d as usize];
            if cell == NONE {
                return None;
            }
            let s = self.step(state, d);
            if s.forbid >> cell & 1 != 0 {
                return Some(false);
            }
            state = s.next;
        }
        Some(true)
    }
}

/// Packs a board (label per cell, 5 bits each) into a key.
fn key(board: &[u8]) -> u128 {
    board.iter().fold(0u128, |k, &x| k << 5 | x as u128)
}

/// The duplicate strings of 3..=`depth` moves from cell `start`, tagged with their end cell,
/// found by a breadth-first search in shortlex order that extends representatives only.
fn duplicates(nbr: &[[u8; 4]], start: u8, depth: u32) -> Vec<(u8, Pattern)> {
    let n = nbr.len();
    let mut board = [0u8; 32];
    for (c, b) in board.iter_mut().enumerate().take(n) {
        *b = c as u8;
    }
    // (board key, blank, length, moves); the last move is the top two bits of the length's slot.
    let mut level: Vec<(u128, u8, u64)> = vec![(key(&board[..n]), start, 0)];
    let mut seen: FxHashSet<u128> = FxHashSet::default();
    seen.insert(level[0].0);
    let mut out = Vec::new();
    for len in 1..=depth {
        let mut next = Vec::with_capacity(level.len() * 3);
        for &(k, blank, moves) in &level {
            // Unpack the board.
            let mut kk = k;
            for i in (0..n).rev() {
                board[i] = (kk & 31) as u8;
                kk >>= 5;
            }
            let last = if len == 1 { 4 } else { (moves >> (2 * (len - 2)) & 3) as usize };
            for (d, &to) in nbr[blank as usize].iter().enumerate() {
                if last != 4 && d == last ^ 1 {
                    continue;
                }
                if to == NONE {
                    continue;
                }
                board.swap(blank as usize, to as usize);
                let k2 = key(&board[..n]);
                board.swap(blank as usize, to as usize);
                let m2 = moves | (d as u64) << (2 * (len - 1));
                if seen.insert(k2) {
                    next.push((k2, to, m2));
                } else if len >= 3 {
                    out.push((to, (start, len as u8, m2)));
                }
            }
        }
        level = next;
    }
    out
}

/// A trie of forbidden strings, each node with the end cells of the strings ending there.
struct Trie {
    child: Vec<[u32; 4]>,
    mask: Vec<u32>,
}

impl Trie {
    fn new() -> Trie {
        Trie { child: vec![[0; 4]], mask: vec![0] }
    }

    fn insert(&mut self, len: u8, moves: u64, end: u8) {
        let mut u = 0usize;
        for i in 0..len {
            let d = (moves >> (2 * i) & 3) as usize;
            if self.child[u][d] == 0 {
                self.child.push([0; 4]);
                self.mask.push(0);
                self.child[u][d] = (self.child.len() - 1) as u32;
            }
            u = self.child[u][d] as usize;
        }
        self.mask[u] |= 1 << end;
    }

    /// The Aho–Corasick automaton: full transitions, masks merged along suffix links.
    fn automaton(mut self) -> Vec<Step> {
        let n = self.child.len();
        let mut fail = vec![0u32; n];
        let mut delta = vec![[0u32; 4]; n];
        let mut queue = std::collections::VecDeque::new();
        delta[0] = self.child[0];
        queue.extend(self.child[0].iter().copied().filter(|&v| v != 0));
        while let Some(u) = queue.pop_front() {
            let u = u as usize;
            self.mask[u] |= self.mask[fail[u] as usize];
            let via = delta[fail[u] as usize];
            for (d, &v) in self.child[u].iter().enumerate() {
                if v != 0 {
                    fail[v as usize] = via[d];
                    delta[u][d] = v;
                    queue.push_back(v);
                } else {
                    delta[u][d] = via[d];
                }
            }
        }
        // Breadth-first order handles a node after its suffix link's node (which is shallower),
        // so the merged masks are complete.
        delta.iter().flatten().map(|&v| Step { next: v, forbid: self.mask[v as usize] }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::pdb::neighbours;
    use rustc_hash::FxHashMap;

    #[test]
    fn bytes_round_trip_and_damage_is_refused() {
        let fsm = Fsm::for_board(3, 3, 10);
        let bytes = fsm.to_bytes();
        let back = Fsm::from_bytes(3, 3, &bytes).unwrap();
        assert_eq!((back.depth(), back.patterns(), back.states()), (fsm.depth(), fsm.patterns(), fsm.states()));
        assert!(back.steps.iter().zip(&fsm.steps).all(|(a, b)| (a.next, a.forbid) == (b.next, b.forbid)));
        assert!(back.fits(3, 3) && !back.fits(4, 3));
        assert!(Fsm::from_bytes(3, 3, &bytes[..bytes.len() - 8]).is_err(), "truncated");
        let mut off = bytes.clone();
        let last = off.len() - 8;
        off[last..last + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(Fsm::from_bytes(3, 3, &off).is_err(), "a transition to no state");
        let mut cell = bytes;
        let last = cell.len() - 4;
        cell[last..].copy_from_slice(&(1u32 << 9).to_le_bytes());
        assert!(Fsm::from_bytes(3, 3, &cell).is_err(), "a cell off the board");
    }

    /// Every board of a small puzzle, reached from `start` by a breadth-first search in shortlex
    /// order: each board's least path must pass the automaton, and a duplicate path of up to
    /// the automaton's depth must not.
    fn check_least_paths_survive(width: usize, height: usize, depth: u32) {
        let nbr = neighbours(width, height);
        let n = width * height;
        let fsm = Fsm::new(&nbr, depth);
        for start in 0..n as u8 {
            let mut board: Vec<u8> = (0..n as u8).collect();
            let mut seen: FxHashMap<Vec<u8>, ()> = FxHashMap::default();
            seen.insert(board.clone(), ());
            let mut level: Vec<(Vec<u8>, u8, Vec<u8>)> = vec![(board.clone(), start, Vec::new())];
            let mut dup_checked = 0;
            while !level.is_empty() {
                let mut next = Vec::new();
                for (b, blank, path) in &level {
                    for d in 0..4u8 {
                        let to = nbr[*blank as usize][d as usize];
                        if to == NONE {
                            continue;
                        }
                        board.clone_from(b);
                        board.swap(*blank as usize, to as usize);
                        let mut p = path.clone();
                        p.push(d);
                        if seen.insert(board.clone(), ()).is_none() {
                            assert_eq!(fsm.allows(start, &p), Some(true), "least path {p:?} from {start} pruned");
                            next.push((board.clone(), to, p));
                        } else if p.len() as u32 <= depth {
                            assert_eq!(fsm.allows(start, &p), Some(false), "duplicate {p:?} from {start} kept");
                            dup_checked += 1;
                        }
                    }
                }
                level = next;
            }
            assert!(dup_checked > 0);
        }
    }

    #[test]
    fn least_paths_survive_on_every_board_of_small_puzzles() {
        check_least_paths_survive(3, 2, 12);
        check_least_paths_survive(2, 3, 9);
        check_least_paths_survive(3, 3, 12);
    }

    #[test]
    fn depth_two_forbids_exactly_the_undoing_moves() {
        let nbr = neighbours(4, 4);
        let fsm = Fsm::new(&nbr, 2);
        assert_eq!(fsm.allows(5, &[0, 1]), Some(false));
        assert_eq!(fsm.allows(5, &[2, 3]), Some(false));
        assert_eq!(fsm.allows(5, &[0, 2, 1, 3, 0, 2, 1, 3, 0, 2, 1, 3]), Some(true));
        assert_eq!(fsm.allows(0, &[0]), None);
    }

    #[test]
    fn deeper_automata_forbid_the_twelve_move_cycle() {
        // Around a 2×2 block three times: back where it started.
        let nbr = neighbours(5, 5);
        let fsm = Fsm::new(&nbr, 12);
        let cycle = [3, 1, 2, 0, 3, 1, 2, 0, 3, 1, 2, 0];
        assert_eq!(fsm.allows(6, &cycle), Some(false));
        assert_eq!(fsm.allows(6, &cycle[..5]), Some(true));
    }
}
