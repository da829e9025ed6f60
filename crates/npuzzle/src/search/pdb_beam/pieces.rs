//! The plan of a run (views, widths, pieces, budget) and the run itself: the views' beams,
//! then the answer re-solved piece by piece.

use super::engine::*;
use super::views::View;
use crate::board::{Board, Move};
use crate::error::Error;
use crate::heuristic::pdb::AnyGoalSet;
use crate::learnt::Net;

/// How much work [`solve`] does: the views it runs, in order, and their width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The views, each run once; the shortest answer is kept.
    pub views: Vec<View>,
    /// Boards kept per depth by the views.
    pub width: usize,
    /// The lengths of the pieces the answer is then re-solved in, one pass each, in turn
    /// (empty: no re-solving).
    pub pieces: Vec<usize>,
    /// Boards kept per depth by a piece's beams.
    pub piece_width: usize,
    /// Children generated, at most, by the whole run: the re-solving passes go on, round
    /// after round, until it is spent or a round shortens nothing.
    pub budget: u64,
}

/// Children generated, at most, by a [`Plan::for_board`] run: under ten seconds on two cores
/// on the 35- and 48-puzzle (docs/any-size.md).
pub const NODE_BUDGET: u64 = 60_000_000;

/// The lengths of the pieces of one round of re-solving, in moves. On DeepCubeA's boards,
/// pieces of 40 to 60 moves of the views' answers are almost always shortest already on the
/// 35-puzzle (the tables prove it in a few nodes), and pieces of 60 to 120 moves of both
/// puzzles' answers are where the beams find shorter ways (docs/any-size.md).
const PIECES: [usize; 4] = [60, 100, 80, 120];

impl Plan {
    /// The plan for a board whose lower bound is `lower_bound`, spending [`NODE_BUDGET`]
    /// children.
    pub fn for_board(lower_bound: u64) -> Plan {
        Plan::with_budget(lower_bound, NODE_BUDGET)
    }

    /// Two views (the board as it is, forward and backward), with a width that spends about
    /// half of `budget` on a board whose answer is about 1.45 times `lower_bound` long (as the
    /// beam's are on random 6×6 and 7×7 boards), between 1,000 and 100,000 boards; then the
    /// answer re-solved piece by piece with beams as wide, until the budget is spent.
    pub fn with_budget(lower_bound: u64, budget: u64) -> Plan {
        let views = View::first(2);
        let depth = (lower_bound.max(1) * 145 / 100) as f64;
        let width = ((budget / 2) as f64 / (views.len() as f64 * depth * 2.2)) as usize;
        let width = width.clamp(1_000, 100_000);
        Plan { views, width, pieces: PIECES.to_vec(), piece_width: width, budget }
    }
}

/// What [`solve`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solved {
    /// The shortest answer of the views that finished (`None` when none did).
    pub moves: Option<Vec<Move>>,
    /// Children generated over all views.
    pub nodes: u64,
    /// Boards expanded over all views.
    pub expanded: u64,
    /// Views that ran to their end.
    pub views: usize,
    /// Pieces of the answer replaced by shorter ones.
    pub pieces: u64,
    /// The stop function ended the work before the plan was done.
    pub stopped: bool,
}

/// Runs `plan`'s views on `start` → `goal` in turn, each looking only for an answer shorter than
/// the best so far, and keeps the shortest; then re-solves it piece by piece.
/// `stop` is asked after every layer, given the children generated so far; when it says stop,
/// the best answer so far is returned.
pub fn solve(
    set: &AnyGoalSet,
    net: Option<&Net>,
    start: &Board,
    goal: &Board,
    plan: &Plan,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<Solved, Error> {
    let mut out = Solved::default();
    // Deep enough for any answer a beam finds on these boards (four times the lower bound).
    let lb = crate::heuristic::lower_bound(start, goal) as usize;
    let max_depth = 4 * lb + 64;
    for &view in &plan.views {
        let best = out.moves.as_ref().map(|m| m.len());
        let done = out.nodes;
        let found = beam(set, net, start, goal, view, plan.width, max_depth.min(best.unwrap_or(usize::MAX)), best, &mut |n| stop(done + n))?;
        let (nodes, expanded) = found.work();
        out.nodes += nodes;
        out.expanded += expanded;
        match found {
            Beamed::Solved { moves, .. } => {
                out.views += 1;
                if best.is_none_or(|b| moves.len() < b) {
                    out.moves = Some(moves);
                }
            }
            Beamed::Failed { .. } => out.views += 1,
            Beamed::Stopped { .. } => {
                out.stopped = true;
                return Ok(out);
            }
        }
    }
    if let Some(moves) = out.moves.take() {
        out.moves = Some(resolve(set, net, start, moves, plan, &mut out, stop)?);
    }
    Ok(out)
}

/// Re-solves `moves` (a path from `start`) piece by piece: for each piece of the plan's
/// lengths, starting every half length, two beams (forward and backward, each twice as wide as
/// the views') look for a shorter way between the piece's first and last boards, bounded by
/// its length, so that every node they keep could still shorten it. Any goal is a goal for
/// the tables, so the beams see a piece's end as well as the views see the puzzle's. Rounds of
/// passes go on until the plan's budget is spent or a round shortens nothing.
fn resolve(
    set: &AnyGoalSet,
    net: Option<&Net>,
    start: &Board,
    mut moves: Vec<Move>,
    plan: &Plan,
    out: &mut Solved,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<Vec<Move>, Error> {
    let views = View::first(2);
    loop {
        let before = moves.len();
        for &len in &plan.pieces {
            let mut at = start.clone();
            let mut i = 0;
            while i + 8 < moves.len() {
                if out.nodes >= plan.budget {
                    return Ok(moves);
                }
                let j = (i + len).min(moves.len());
                let to = after(&at, &moves[i..j])?;
                let mut piece: Option<Vec<Move>> = None;
                for &view in &views {
                    let bound = piece.as_ref().map_or(j - i, |p| p.len());
                    let done = out.nodes;
                    let mut spent = false;
                    let mut asked = |n: u64| {
                        spent = done + n >= plan.budget;
                        spent || stop(done + n)
                    };
                    let found = beam(set, net, &at, &to, view, plan.piece_width, bound, Some(bound), &mut asked)?;
                    let (nodes, expanded) = found.work();
                    out.nodes += nodes;
                    out.expanded += expanded;
                    match found {
                        Beamed::Solved { moves: m, .. } => piece = Some(m),
                        Beamed::Failed { .. } => {}
                        Beamed::Stopped { .. } => {
                            out.stopped = !spent;
                            splice(&mut moves, i..j, piece, out);
                            return Ok(moves);
                        }
                    }
                }
                splice(&mut moves, i..j, piece, out);
                // The next piece starts half a length on, from the board there.
                let next = (i + len / 2).min(moves.len());
                at = after(&at, &moves[i..next])?;
                i = next;
            }
        }
        if moves.len() == before {
            return Ok(moves);
        }
    }
}

/// Replaces `moves[range]` by `piece`, when there is one, and counts it.
fn splice(moves: &mut Vec<Move>, range: std::ops::Range<usize>, piece: Option<Vec<Move>>, out: &mut Solved) {
    if let Some(p) = piece {
        out.pieces += 1;
        moves.splice(range, p);
    }
}

/// The board `moves` lead to from `from`.
fn after(from: &Board, moves: &[Move]) -> Result<Board, Error> {
    let mut boards = from.apply_all(moves).map_err(|k| Error::Invalid(format!("move {k} of a piece leaves the board")))?;
    Ok(boards.pop().expect("the first board is in"))
}
