//! Instance generation: uniformly random solvable boards, random walks that never undo the
//! previous move, and boards at an exact optimal distance from the goal (for boards of at most
//! nine cells, from a breadth-first enumeration of the whole space out of the goal).
//!
//! Everything is driven by [`Rng`], a small SplitMix64 generator, so a seed gives the same boards
//! on every platform and every version of the crate's dependencies.

use crate::board::{Board, Move, Tile};
use crate::error::Error;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

/// Largest number of cells for which [`DepthTable`] enumerates the whole space (3×3: 181,440
/// states).
pub const MAX_TABLE_CELLS: usize = 9;

/// A seed for a run given none, from the clock (nanoseconds since 1970, below 2^53 so that every
/// JSON reader, JavaScript's too, reads it exactly): what every front end draws and reports, so
/// that the run can be repeated with it.
pub fn fresh_seed() -> u64 {
    let nanos = crate::clock::SystemTime::now().duration_since(crate::clock::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    nanos & ((1 << 53) - 1)
}

/// A small, seedable pseudo-random generator (SplitMix64). Not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below needs a positive bound");
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// A uniformly random board of the goal's size from which `goal` can be reached.
///
/// A uniform shuffle is uniform over all arrangements; swapping two fixed tiles is a bijection
/// between the solvable and the unsolvable halves, so fixing parity that way keeps it uniform.
pub fn random_solvable(goal: &Board, rng: &mut Rng) -> Board {
    let (w, h) = (goal.width(), goal.height());
    let mut tiles: Vec<Tile> = goal.tiles().to_vec();
    for i in (1..tiles.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        tiles.swap(i, j);
    }
    let board = Board::new(w, h, tiles.clone()).expect("a permutation of a valid board is valid");
    if board.can_reach(goal) {
        return board;
    }
    // Swap the first two non-blank cells: flips the permutation's parity, not the blank's place.
    let mut cells = (0..tiles.len()).filter(|&c| tiles[c] != 0);
    let (a, b) = (cells.next().expect("≥ 3 tiles"), cells.next().expect("≥ 3 tiles"));
    tiles.swap(a, b);
    Board::new(w, h, tiles).expect("a permutation of a valid board is valid")
}

/// A random walk of `k` moves from `goal`, each move chosen uniformly among those that stay on
/// the board and do not undo the previous one. Returns the board reached and the walk (which
/// takes memory for every move: [`random_walk_end`] keeps only the board).
pub fn random_walk(goal: &Board, k: usize, rng: &mut Rng) -> (Board, Vec<Move>) {
    let mut board = goal.clone();
    let mut walk = Vec::with_capacity(k.min(1 << 20));
    let mut last: Option<Move> = None;
    for _ in 0..k {
        let m = walk_step(board.width(), board.height(), board.blank(), last, rng);
        board = board.apply(m).expect("move chosen among legal ones");
        walk.push(m);
        last = Some(m);
    }
    (board, walk)
}

/// Moves between two looks at the stop flag of [`random_walk_end`].
const WALK_POLL: u64 = 1 << 20;

/// The board a random walk of `k` moves from `goal` ends on, its moves chosen exactly as
/// [`random_walk`] chooses them (the same seed gives the same board), keeping only the board:
/// memory for the board, not for the walk, and constant time a move. `stop` is looked at every
/// 2^20 moves; the result is `None` when it was set.
pub fn random_walk_end(goal: &Board, k: u64, rng: &mut Rng, stop: Option<&AtomicBool>) -> Option<Board> {
    let (w, h) = (goal.width(), goal.height());
    let mut tiles: Vec<Tile> = goal.tiles().to_vec();
    let mut blank = goal.blank();
    let mut last: Option<Move> = None;
    for i in 0..k {
        if i % WALK_POLL == 0 && stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return None;
        }
        let m = walk_step(w, h, blank, last, rng);
        let to = crate::board::neighbor(w, h, blank, m).expect("move chosen among legal ones");
        tiles.swap(blank, to);
        blank = to;
        last = Some(m);
    }
    Some(Board::new(w, h, tiles).expect("moves keep a board valid"))
}

/// One move of a walk: uniform among the moves from `blank` that stay on the board and do not
/// undo `last`.
fn walk_step(width: usize, height: usize, blank: usize, last: Option<Move>, rng: &mut Rng) -> Move {
    let mut options = [Move::Up; 4];
    let mut n = 0;
    for m in Move::ALL {
        if Some(m.inverse()) != last && crate::board::neighbor(width, height, blank, m).is_some() {
            options[n] = m;
            n += 1;
        }
    }
    // Every cell of a board of at least 2×2 has two neighbours, so one option always remains.
    options[rng.below(n as u64) as usize]
}

/// The optimal distance to one goal of every state of a small board, found by breadth-first
/// search from the goal (moves are reversible, so distance from the goal equals distance to it).
#[derive(Clone, Debug)]
pub struct DepthTable {
    goal: Board,
    depth: FxHashMap<u64, u8>,
    /// `by_depth[d]` lists the packed states at distance `d`, in discovery order.
    by_depth: Vec<Vec<u64>>,
}

fn pack(tiles: &[Tile]) -> u64 {
    tiles.iter().fold(0u64, |acc, &t| (acc << 4) | t as u64)
}

fn unpack(mut key: u64, n: usize) -> Vec<Tile> {
    let mut tiles = vec![0; n];
    for i in (0..n).rev() {
        tiles[i] = (key & 0xF) as Tile;
        key >>= 4;
    }
    tiles
}

impl DepthTable {
    /// Enumerates every state reachable from `goal`. Boards of more than
    /// [`MAX_TABLE_CELLS`] cells are refused: their spaces are far too large.
    pub fn new(goal: &Board) -> Result<DepthTable, Error> {
        let n = goal.len();
        if n > MAX_TABLE_CELLS {
            return Err(Error::Unsupported(format!(
                "exact depths need the whole state space, which only boards of at most {MAX_TABLE_CELLS} cells allow \
                 ({}×{} has {n}); use a random walk instead",
                goal.width(),
                goal.height()
            )));
        }
        let (w, h) = (goal.width(), goal.height());
        let start = pack(goal.tiles());
        let mut depth: FxHashMap<u64, u8> = FxHashMap::default();
        let mut by_depth: Vec<Vec<u64>> = vec![vec![start]];
        depth.insert(start, 0);
        let mut queue = VecDeque::from([start]);
        while let Some(key) = queue.pop_front() {
            let d = depth[&key];
            let tiles = unpack(key, n);
            let blank = tiles.iter().position(|&t| t == 0).expect("one blank");
            for m in Move::ALL {
                let Some(to) = crate::board::neighbor(w, h, blank, m) else { continue };
                let mut next = tiles.clone();
                next.swap(blank, to);
                let k = pack(&next);
                if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(k) {
                    e.insert(d + 1);
                    if by_depth.len() <= d as usize + 1 {
                        by_depth.push(Vec::new());
                    }
                    by_depth[d as usize + 1].push(k);
                    queue.push_back(k);
                }
            }
        }
        Ok(DepthTable { goal: goal.clone(), depth, by_depth })
    }

    /// The goal the distances are measured to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The largest distance of any state (31 for the 3×3 board and its usual goals).
    pub fn max_depth(&self) -> u32 {
        self.by_depth.len() as u32 - 1
    }

    /// Number of states at distance `d`.
    pub fn count_at(&self, d: u32) -> usize {
        self.by_depth.get(d as usize).map_or(0, Vec::len)
    }

    /// Number of states reachable from the goal.
    pub fn len(&self) -> usize {
        self.depth.len()
    }

    /// Always false: the goal itself is in the table.
    pub fn is_empty(&self) -> bool {
        self.depth.is_empty()
    }

    /// The optimal distance from `board` to the goal, or `None` if it cannot reach it (or has
    /// another size).
    pub fn depth_of(&self, board: &Board) -> Option<u32> {
        if board.width() != self.goal.width() || board.height() != self.goal.height() {
            return None;
        }
        self.depth.get(&pack(board.tiles())).map(|&d| d as u32)
    }

    /// A uniformly random board at optimal distance exactly `d`.
    pub fn random_at(&self, d: u32, rng: &mut Rng) -> Result<Board, Error> {
        let level = self.by_depth.get(d as usize).filter(|l| !l.is_empty()).ok_or_else(|| {
            Error::Invalid(format!(
                "no {}×{} board is {d} moves from this goal: the farthest are {} moves away",
                self.goal.width(),
                self.goal.height(),
                self.max_depth()
            ))
        })?;
        let key = level[rng.below(level.len() as u64) as usize];
        Ok(Board::new(self.goal.width(), self.goal.height(), unpack(key, self.goal.len())).expect("enumerated boards are valid"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

    #[test]
    fn rng_is_reproducible_and_spread() {
        let a: Vec<u64> = (0..5).scan(Rng::new(7), |r, _| Some(r.below(10))).collect();
        let b: Vec<u64> = (0..5).scan(Rng::new(7), |r, _| Some(r.below(10))).collect();
        assert_eq!(a, b);
        let mut r = Rng::new(1);
        let mut hits = [0u32; 6];
        for _ in 0..6000 {
            hits[r.below(6) as usize] += 1;
        }
        assert!(hits.iter().all(|&h| (800..1200).contains(&h)), "{hits:?}");
    }

    #[test]
    fn random_boards_are_solvable_and_vary() {
        let mut rng = Rng::new(3);
        for (w, h) in [(3, 3), (4, 4), (3, 2), (5, 5)] {
            let goal = Goal::BlankLast.board(w, h).unwrap();
            let boards: Vec<Board> = (0..20).map(|_| random_solvable(&goal, &mut rng)).collect();
            assert!(boards.iter().all(|b| b.can_reach(&goal)));
            let distinct: std::collections::HashSet<_> = boards.iter().collect();
            assert!(distinct.len() > 10, "{w}×{h}: only {} distinct boards", distinct.len());
        }
    }

    #[test]
    fn walks_never_undo_and_replay_to_the_board() {
        let goal = Goal::Snail.board(4, 3).unwrap();
        let mut rng = Rng::new(11);
        let (board, walk) = random_walk(&goal, 40, &mut rng);
        assert_eq!(walk.len(), 40);
        assert!(walk.windows(2).all(|p| p[1] != p[0].inverse()));
        assert_eq!(goal.apply_all(&walk).unwrap().last().unwrap(), &board);
        // The streaming walk ends on the same board for the same seed.
        assert_eq!(random_walk_end(&goal, 40, &mut Rng::new(11), None), Some(board));
    }

    #[test]
    fn an_astronomically_long_walk_keeps_no_moves_and_stops_when_asked() {
        // 2^70 moves would never end; a stop flag set beforehand ends it at once, and the walk
        // holds no move list whatever its length.
        let goal = Goal::BlankLast.board(2, 2).unwrap();
        let stop = AtomicBool::new(true);
        assert_eq!(random_walk_end(&goal, u64::MAX, &mut Rng::new(1), Some(&stop)), None);
        let b = random_walk_end(&goal, 3 * WALK_POLL + 7, &mut Rng::new(1), None).unwrap();
        assert!(b.can_reach(&goal));
    }

    #[test]
    fn depth_table_counts_the_2x3_space() {
        // 2×3: 6!/2 = 360 reachable states, farthest 21 moves.
        let goal = Goal::BlankLast.board(3, 2).unwrap();
        let t = DepthTable::new(&goal).unwrap();
        assert_eq!(t.len(), 360);
        assert_eq!(t.max_depth(), 21);
        assert_eq!(t.count_at(0), 1);
        assert_eq!(t.count_at(1), 2);
        assert_eq!((0..=t.max_depth()).map(|d| t.count_at(d)).sum::<usize>(), 360);
        let mut rng = Rng::new(5);
        let b = t.random_at(21, &mut rng).unwrap();
        assert_eq!(t.depth_of(&b), Some(21));
        assert!(t.random_at(22, &mut rng).is_err());
        assert!(DepthTable::new(&Goal::BlankLast.board(4, 4).unwrap()).is_err());
    }
}
