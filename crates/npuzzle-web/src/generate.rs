//! Random solvable boards for the page's "scramble" button and `GET /api/generate`.
//!
//! Every board is made by moving the blank away from the goal, so it is solvable by
//! construction. On boards of at most nine cells the whole neighbourhood of the goal is searched
//! breadth-first, so the board is exactly `depth` moves from the goal at best; on larger boards
//! it is a random walk of `depth` moves that never undoes its last move (its optimal distance is
//! at most `depth`, and has the same parity).

use npuzzle::board::Board;
use npuzzle::generate::{random_walk, DepthTable, Rng, MAX_TABLE_CELLS};
use std::fmt;
use std::sync::{Arc, Mutex};

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
pub const EXACT_CELLS: usize = MAX_TABLE_CELLS;

/// A random board `depth` moves from `goal`, chosen by `seed` (the same seed gives the same
/// board). Small boards use the library's exact depth table (kept for the last goal asked, since
/// the page scrambles the same goal again and again); larger ones a random walk.
pub fn generate(goal: &Board, depth: u32, seed: u64) -> Result<Generated, GenerateError> {
    let mut rng = Rng::new(seed);
    if goal.len() > EXACT_CELLS {
        let (board, _) = random_walk(goal, depth as usize, &mut rng);
        return Ok(Generated { board, depth, exact: false });
    }
    static LAST: Mutex<Option<Arc<DepthTable>>> = Mutex::new(None);
    let table = {
        let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
        match last.as_ref().filter(|t| t.goal() == goal) {
            Some(t) => t.clone(),
            None => {
                let t = Arc::new(DepthTable::new(goal).expect("boards of at most nine cells have a table"));
                *last = Some(t.clone());
                t
            }
        }
    };
    if depth > table.max_depth() {
        return Err(GenerateError::TooDeep { depth, max: table.max_depth() });
    }
    let board = table.random_at(depth, &mut rng).expect("every depth up to the maximum has boards");
    Ok(Generated { board, depth, exact: true })
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::goal::Goal;
    use npuzzle::solve::{solve, Request};
    use npuzzle::Algorithm;

    fn optimal(start: &Board, goal: &Board) -> u32 {
        let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Astar)).unwrap();
        out.cost.unwrap() as u32
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
