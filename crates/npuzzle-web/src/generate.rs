//! Random solvable boards for the page's "scramble" button and `GET /api/generate`.
//!
//! Every board is made by moving the blank away from the goal, so it is solvable by
//! construction. On boards of at most nine cells the whole neighbourhood of the goal is searched
//! breadth-first, so the board is exactly `depth` moves from the goal at best; on larger boards
//! it is a random walk of `depth` moves that never undoes its last move (its optimal distance is
//! at most `depth`, and has the same parity).

use npuzzle::board::{neighbor, Board, Move, Tile};
use std::collections::HashSet;
use std::fmt;

/// A generated board.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// Moves from the goal: the optimal distance when `exact`, else the walk's length.
    pub depth: u32,
    /// Whether `depth` is the optimal distance.
    pub exact: bool,
}

/// Why no board could be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// No board of this size is that far from the goal.
    TooDeep {
        /// The depth asked for.
        depth: u32,
        /// The largest optimal distance from this goal.
        max: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::TooDeep { depth, max } => {
                write!(f, "no board is {depth} moves from this goal: the farthest are {max} moves away")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// Boards with at most this many cells get an exact depth.
pub const EXACT_CELLS: usize = 9;

/// A random board `depth` moves from `goal`, chosen by `seed` (the same seed gives the same
/// board).
pub fn generate(goal: &Board, depth: u32, seed: u64) -> Result<Generated, GenerateError> {
    let mut rng = SplitMix64(seed);
    if goal.len() <= EXACT_CELLS {
        exact(goal, depth, &mut rng)
    } else {
        Ok(Generated { board: walk(goal, depth, &mut rng), depth, exact: false })
    }
}

/// A random walk of `depth` moves from `goal` that never undoes its previous move.
fn walk(goal: &Board, depth: u32, rng: &mut SplitMix64) -> Board {
    let mut board = goal.clone();
    let mut last: Option<Move> = None;
    for _ in 0..depth {
        let options: Vec<Move> =
            Move::ALL.into_iter().filter(|&m| Some(m.inverse()) != last && board.neighbor(board.blank(), m).is_some()).collect();
        let m = options[rng.below(options.len() as u64) as usize];
        board = board.apply(m).expect("the move was checked to stay on the board");
        last = Some(m);
    }
    board
}

/// Breadth-first search from the goal to the layer at `depth`, then one board of that layer.
fn exact(goal: &Board, depth: u32, rng: &mut SplitMix64) -> Result<Generated, GenerateError> {
    let (w, h) = (goal.width(), goal.height());
    let pack = |tiles: &[Tile]| tiles.iter().fold(0u64, |acc, &t| acc << 4 | u64::from(t));
    let cells = goal.len();
    let unpack = |code: u64| -> Vec<Tile> { (0..cells).map(|i| ((code >> (4 * (cells - 1 - i))) & 0xF) as Tile).collect() };
    let start = pack(goal.tiles());
    let mut seen: HashSet<u64> = HashSet::from([start]);
    let mut layer = vec![start];
    let mut d = 0;
    while d < depth {
        let mut next = Vec::new();
        for &code in &layer {
            let tiles = unpack(code);
            let blank = tiles.iter().position(|&t| t == 0).expect("a board has a blank");
            for m in Move::ALL {
                if let Some(to) = neighbor(w, h, blank, m) {
                    let mut child = tiles.clone();
                    child.swap(blank, to);
                    let c = pack(&child);
                    if seen.insert(c) {
                        next.push(c);
                    }
                }
            }
        }
        if next.is_empty() {
            return Err(GenerateError::TooDeep { depth, max: d });
        }
        layer = next;
        d += 1;
    }
    // Sorting makes the pick independent of hash order, so a seed always gives the same board.
    layer.sort_unstable();
    let code = layer[rng.below(layer.len() as u64) as usize];
    let tiles = unpack(code);
    let board = Board::new(w, h, tiles).expect("a permutation of the goal's tiles is a board");
    Ok(Generated { board, depth, exact: true })
}

/// A small, seedable generator (splitmix64).
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0); the modulo bias is negligible for board-sized n.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::goal::Goal;
    use npuzzle::solve::{solve, Request};
    use npuzzle::Algorithm;

    fn optimal(start: &Board, goal: &Board) -> u32 {
        let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Astar)).unwrap();
        out.cost.unwrap()
    }

    #[test]
    fn small_boards_are_exactly_at_the_depth_asked() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        for (depth, seed) in [(0, 1), (1, 2), (7, 3), (20, 4), (31, 5)] {
            let g = generate(&goal, depth, seed).unwrap();
            assert!(g.exact);
            assert_eq!(optimal(&g.board, &goal), depth, "seed {seed}");
        }
    }

    #[test]
    fn too_deep_says_how_far_the_farthest_board_is() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        assert_eq!(generate(&goal, 32, 1).unwrap_err(), GenerateError::TooDeep { depth: 32, max: 31 });
        let goal = Goal::BlankLast.board(2, 2).unwrap();
        assert_eq!(generate(&goal, 7, 1).unwrap_err(), GenerateError::TooDeep { depth: 7, max: 6 });
    }

    #[test]
    fn large_boards_are_solvable_walks_and_seeds_repeat() {
        let goal = Goal::BlankLast.board(4, 4).unwrap();
        let a = generate(&goal, 30, 42).unwrap();
        let b = generate(&goal, 30, 42).unwrap();
        let c = generate(&goal, 30, 43).unwrap();
        assert!(!a.exact);
        assert_eq!(a.board, b.board);
        assert_ne!(a.board, c.board);
        assert!(a.board.can_reach(&goal));
        let d = optimal(&a.board, &goal);
        assert!(d <= 30 && d % 2 == 0, "optimal {d}");
    }
}
