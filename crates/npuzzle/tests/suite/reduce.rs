//! Row-and-column reduction: every answer is replayed move by move and must end on the goal.

use npuzzle::board::{Board, Move};
use npuzzle::generate::{random_solvable, DepthTable, Rng};
use npuzzle::goal::Goal;
use npuzzle::search::reduce::{reduce, ExactFinisher, Finisher, ReduceError, ReduceOptions, ReduceStats};
use std::cell::Cell;

/// Runs the engine with default options, collecting the moves.
fn run(start: &Board, goal: &Board, opts: &ReduceOptions) -> Result<(Vec<Move>, ReduceStats), ReduceError> {
    let mut moves = Vec::new();
    // The table for the block `opts` asks for (options too small for any block are the
    // engine's to refuse, so the finisher gets the smallest block).
    let block_opts = ReduceOptions { max_block_cells: opts.max_block_cells.max(4), ..opts.clone() };
    let mut finisher = ExactFinisher::build(goal, &block_opts).expect("a table of at most 10 cells");
    let stats = reduce(start, goal, opts, &mut finisher, &mut |m| moves.push(m), &|_| false)?;
    Ok((moves, stats))
}

/// Replays `moves` from `start` with `Board::apply` (each move checked to stay on the board)
/// and returns the board reached.
fn replay(start: &Board, moves: &[Move]) -> Board {
    let mut b = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        b = b.apply(m).unwrap_or_else(|| panic!("move {i} ({}) leaves the board", m.letter()));
    }
    b
}

/// The same replay for large boards, in place: `Board::apply` copies the board on every move.
fn replay_in_place(start: &Board, moves: &[Move]) -> Vec<u32> {
    let (w, h) = (start.width(), start.height());
    let mut tiles = start.tiles().to_vec();
    let mut blank = start.blank();
    for (i, &m) in moves.iter().enumerate() {
        let to = npuzzle::board::neighbor(w, h, blank, m).unwrap_or_else(|| panic!("move {i} leaves the board"));
        tiles.swap(blank, to);
        blank = to;
    }
    tiles
}

fn no_inverse_pairs(moves: &[Move]) -> bool {
    moves.windows(2).all(|p| p[1] != p[0].inverse())
}

/// A random solvable board used as an explicit goal.
fn random_goal(w: usize, h: usize, rng: &mut Rng) -> Board {
    random_solvable(&Goal::BlankLast.board(w, h).unwrap(), rng)
}

fn check(w: usize, h: usize, rng: &mut Rng) {
    let goals = [
        Goal::BlankLast.board(w, h).unwrap(),
        Goal::BlankFirst.board(w, h).unwrap(),
        Goal::Snail.board(w, h).unwrap(),
        random_goal(w, h, rng),
    ];
    for goal in goals {
        let start = random_solvable(&goal, rng);
        let (moves, stats) = run(&start, &goal, &ReduceOptions::default()).unwrap_or_else(|e| panic!("{w}×{h} {start} → {goal}: {e}"));
        assert_eq!(stats.moves, moves.len() as u64);
        assert_eq!(replay(&start, &moves), goal, "{w}×{h} {start} → {goal}");
        assert!(no_inverse_pairs(&moves), "{w}×{h}: a move followed by its inverse");
        let (bw, bh) = stats.final_block;
        assert!(bw * bh <= 9 && bw <= w && bh <= h);
        assert_eq!(stats.placed_tiles as usize, w * h - bw * bh);
    }
}

#[test]
fn every_size_up_to_12_by_12_under_every_goal() {
    let mut rng = Rng::new(2024);
    for h in 2..=12 {
        for w in 2..=12 {
            check(w, h, &mut rng);
        }
    }
}

#[test]
fn narrow_and_odd_shapes() {
    let mut rng = Rng::new(77);
    for n in 2..=12 {
        for _ in 0..3 {
            check(2, n, &mut rng);
            check(n, 2, &mut rng);
        }
    }
    check(7, 13, &mut rng);
    check(13, 7, &mut rng);
    check(3, 20, &mut rng);
    check(20, 3, &mut rng);
}

#[test]
fn long_strips() {
    let mut rng = Rng::new(31);
    for (w, h) in [(2, 60), (60, 2), (3, 45), (45, 3)] {
        for goal in [Goal::BlankLast.board(w, h).unwrap(), Goal::Snail.board(w, h).unwrap()] {
            let start = random_solvable(&goal, &mut rng);
            let (moves, _) = run(&start, &goal, &ReduceOptions::default()).unwrap();
            assert_eq!(replay(&start, &moves), goal, "{w}×{h}");
            assert!(no_inverse_pairs(&moves));
        }
    }
}

/// A finisher for blocks of up to 25 cells that solves them by reduction itself (not
/// optimally, but validly): enough to check the engine's side of large blocks.
struct ByReduction;

impl Finisher for ByReduction {
    fn max_cells(&self) -> usize {
        25
    }
    fn finish(&mut self, start: &Board, goal: &Board) -> Result<Vec<Move>, String> {
        let mut moves = Vec::new();
        let opts = ReduceOptions::default();
        let mut finisher = ExactFinisher::build(goal, &opts).map_err(|e| e.to_string())?;
        reduce(start, goal, &opts, &mut finisher, &mut |m| moves.push(m), &|_| false).map_err(|e| e.to_string())?;
        Ok(moves)
    }
}

#[test]
fn blocks_of_up_to_25_cells_go_to_the_finisher() {
    let mut rng = Rng::new(12);
    for (w, h, block) in [(9, 9, (5, 5)), (12, 4, (6, 4)), (3, 14, (3, 8)), (5, 5, (5, 5))] {
        for goal in [Goal::BlankLast, Goal::Snail] {
            let goal = goal.board(w, h).unwrap();
            let start = random_solvable(&goal, &mut rng);
            let opts = ReduceOptions { max_block_cells: 25, ..ReduceOptions::default() };
            let mut moves = Vec::new();
            let stats = reduce(&start, &goal, &opts, &mut ByReduction, &mut |m| moves.push(m), &|_| false).unwrap();
            assert_eq!(stats.final_block, block);
            assert_eq!(replay(&start, &moves), goal, "{w}×{h}");
        }
    }
}

#[test]
fn a_100_by_100_board() {
    let mut rng = Rng::new(100);
    for goal in [Goal::BlankLast.board(100, 100).unwrap(), Goal::Snail.board(100, 100).unwrap()] {
        let start = random_solvable(&goal, &mut rng);
        let (moves, stats) = run(&start, &goal, &ReduceOptions::default()).unwrap();
        assert_eq!(replay_in_place(&start, &moves), goal.tiles());
        assert!(no_inverse_pairs(&moves));
        // Below the 8/3·n³ expected of the published method.
        assert!(stats.moves < 8 * 100u64.pow(3) / 3, "{} moves", stats.moves);
    }
}

#[test]
fn small_boards_are_solved_optimally() {
    let mut rng = Rng::new(9);
    for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)] {
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snail] {
            let goal = goal.board(w, h).unwrap();
            let table = DepthTable::new(&goal).unwrap();
            for _ in 0..20 {
                let start = random_solvable(&goal, &mut rng);
                let (moves, stats) = run(&start, &goal, &ReduceOptions::default()).unwrap();
                assert_eq!(replay(&start, &moves), goal);
                assert_eq!(moves.len() as u32, table.depth_of(&start).unwrap(), "{start}");
                assert_eq!(stats.placed_tiles, 0);
                assert_eq!(stats.finisher_moves, stats.moves);
            }
        }
    }
}

#[test]
fn larger_blocks_from_the_options() {
    let mut rng = Rng::new(5);
    for (w, h, cells, block) in [(5, 5, 4, (2, 2)), (6, 4, 6, (3, 2)), (2, 9, 10, (2, 5)), (7, 7, 8, (4, 2))] {
        let goal = Goal::Snail.board(w, h).unwrap();
        let start = random_solvable(&goal, &mut rng);
        let opts = ReduceOptions { max_block_cells: cells, ..ReduceOptions::default() };
        let (moves, stats) = run(&start, &goal, &opts).unwrap();
        assert_eq!(replay(&start, &moves), goal);
        assert_eq!(stats.final_block, block);
    }
}

#[test]
fn unsolvable_pairs_and_bad_options_are_errors() {
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    // Two tiles swapped: the wrong parity.
    let mut tiles = goal.tiles().to_vec();
    tiles.swap(0, 1);
    let start = Board::new(4, 4, tiles).unwrap();
    assert_eq!(run(&start, &goal, &ReduceOptions::default()).unwrap_err(), ReduceError::Unsolvable);
    // Another size.
    let other = Goal::BlankLast.board(3, 3).unwrap();
    assert_eq!(run(&other, &goal, &ReduceOptions::default()).unwrap_err(), ReduceError::Unsolvable);
    // A 3×3 with the wrong parity: the block is the board.
    let mut tiles = other.tiles().to_vec();
    tiles.swap(0, 1);
    let bad = Board::new(3, 3, tiles).unwrap();
    assert_eq!(run(&bad, &other, &ReduceOptions::default()).unwrap_err(), ReduceError::Unsolvable);
    let opts = ReduceOptions { max_block_cells: 3, ..ReduceOptions::default() };
    assert!(matches!(run(&goal, &goal, &opts), Err(ReduceError::Options(_))));
}

/// A finisher that answers with moves that do not solve the block.
struct Wrong(Vec<Move>);

impl Finisher for Wrong {
    fn max_cells(&self) -> usize {
        9
    }
    fn finish(&mut self, _start: &Board, _goal: &Board) -> Result<Vec<Move>, String> {
        Ok(self.0.clone())
    }
}

#[test]
fn a_finisher_is_checked() {
    let goal = Goal::BlankLast.board(5, 5).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(1));
    // Empty answer on an unsolved block, an answer leaving the block: both reported.
    for answer in [vec![], vec![Move::Up, Move::Up, Move::Up, Move::Up]] {
        let mut sink = |_| {};
        let r = reduce(&start, &goal, &ReduceOptions::default(), &mut Wrong(answer), &mut sink, &|_| false);
        assert!(matches!(r, Err(ReduceError::Finisher(_))), "{r:?}");
    }
}

#[test]
fn stop_is_polled_and_cancels() {
    let goal = Goal::BlankLast.board(30, 30).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(3));
    let polls = Cell::new(0u32);
    let stop = |_| {
        polls.set(polls.get() + 1);
        polls.get() >= 3
    };
    let opts = ReduceOptions { poll_every: 1000, ..ReduceOptions::default() };
    let mut n = 0u64;
    let mut finisher = ExactFinisher::build(&goal, &opts).unwrap();
    let r = reduce(&start, &goal, &opts, &mut finisher, &mut |_| n += 1, &stop);
    assert_eq!(r.unwrap_err(), ReduceError::Cancelled);
    assert_eq!(polls.get(), 3);
    // Stopped after about 3000 moves made, long before the end.
    assert!(n < 3000, "{n}");
}
