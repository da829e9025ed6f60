//! A solve analysed: a fan's solution of a scramble, its length in both metrics (single-tile
//! moves, STM, and multi-tile moves, MTM: [`crate::metric`]), the optimum in both, and where
//! along it the distance to the goal stopped falling.
//!
//! In STM every move changes the distance to the goal by exactly one, so a solution is an
//! optimal one with detours: a detour starts with a move that takes the board further from the
//! goal and ends when the board is back at the distance it left. Every move of a detour is
//! wasted, and the detours' moves add up to the solution's length over the optimum. In MTM a
//! slide changes the distance by at most one, and a slide that does not bring the board closer
//! is wasted.

use crate::board::{moves_to_string, Board, Move};
use crate::error::Error;
use crate::metric::MtmTable;
use crate::notation::{self, Reading};
use crate::outcome::Status;
use crate::search::Request;
use crate::solve::solve;
use serde::Serialize;

/// The largest board analysed: each board along the solution is solved optimally.
pub const MAX_CELLS: usize = 25;

/// A solution analysed.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The scramble.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// The solution as the blank's moves, one letter a move.
    pub moves: String,
    /// How the solution was read: its letters the blank's moves or the tiles'.
    pub reading: Reading,
    /// The solution in counted notation, in that reading (`R2U2LDLD`).
    pub notation: String,
    /// Whether the solution ends at the goal.
    pub reaches_goal: bool,
    /// The solution's length in single-tile moves.
    pub stm: u64,
    /// The solution's length in multi-tile moves (its runs of one letter).
    pub mtm: u64,
    /// The optimum from the scramble.
    pub optimum: Optimum,
    /// The STM distance to the goal of each board along the solution, the scramble first.
    pub distances: Vec<u64>,
    /// The move (1-based) after which the distance first stopped falling; `None` when every
    /// move brought the board closer.
    pub first_waste: Option<usize>,
    /// The detours, in order.
    pub detours: Vec<Detour>,
    /// Moves over the STM optimum: the detours' moves, and, when the solution does not reach
    /// the goal, the distance it left to go (its length plus that distance, less the optimum).
    pub wasted_stm: u64,
    /// The MTM distance to the goal after each slide, the scramble first (boards of at most
    /// nine cells).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mtm_distances: Option<Vec<u64>>,
    /// The slides (1-based) that did not bring the board closer in MTM (boards of at most nine
    /// cells).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wasted_slides: Option<Vec<usize>>,
}

/// The optimum from a scramble.
#[derive(Clone, Debug, Serialize)]
pub struct Optimum {
    /// The fewest single-tile moves.
    pub stm: u64,
    /// An STM-optimal solution, in the analysis's counted notation and reading.
    pub stm_solution: String,
    /// The MTM length of that solution.
    pub stm_solution_mtm: u64,
    /// The fewest multi-tile moves (boards of at most nine cells: [`MtmTable`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mtm: Option<u64>,
    /// An MTM-optimal solution, in the analysis's counted notation and reading.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mtm_solution: Option<String>,
}

/// A stretch of a solution that leaves the distance where it found it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Detour {
    /// Its first move (1-based).
    pub from: usize,
    /// Its last move (1-based); for a detour the solution never came back from, its last move.
    pub to: usize,
    /// Its moves, in the analysis's counted notation and reading.
    pub moves: String,
    /// Moves it added to the solution.
    pub wasted: u64,
}

/// Analyses `moves` (the blank's) as a solution of `req.start` to `req.goal`. `req` is a
/// request for the default solver with its tables prepared: each board along the solution is
/// solved with it, and must be solved optimally. `progress` hears how many boards of how many
/// have been solved. `reading` says how the solution is written back.
pub fn analyse(req: &Request, moves: &[Move], reading: Reading, progress: &mut dyn FnMut(usize, usize)) -> Result<Analysis, Error> {
    let (start, goal) = (&req.start, &req.goal);
    start.check_same_size(goal)?;
    if start.len() > MAX_CELLS {
        return Err(Error::Unsupported(format!(
            "an analysis solves every board along the solution optimally, which boards of at most {MAX_CELLS} cells allow ({}×{} has {})",
            start.width(),
            start.height(),
            start.len()
        )));
    }
    if !start.can_reach(goal) {
        return Err(Error::Invalid("the scramble cannot reach the goal: no solution exists".to_string()));
    }
    let boards = start.apply_all(moves).map_err(|i| {
        let after = if i == 0 { String::new() } else { format!(", after {}", notation::write(&moves[..i], reading)) };
        Error::Invalid(format!(
            "move {} ({}, read as {}) leaves the board{after}",
            i + 1,
            reading.blank_move(moves[i]).letter(),
            reading.words()
        ))
    })?;
    let optimal = |b: &Board| -> Result<Vec<Move>, Error> {
        let mut r = req.clone();
        r.start = b.clone();
        let out = solve(&r)?;
        if out.status != Status::Solved || !out.proven_optimal(r.guarantees_optimal()) {
            return Err(Error::Unsupported(format!(
                "no proven optimum for the board {b} ({}): the analysis needs the default optimal solver and its tables",
                match out.limit {
                    Some(l) => l.to_string(),
                    None => format!("{} is not optimal", r.algorithm),
                }
            )));
        }
        Ok(out.moves)
    };
    let n = boards.len();
    progress(0, n);
    let best = optimal(start)?;
    let mut distances = vec![best.len() as u64];
    for (i, b) in boards.iter().enumerate().skip(1) {
        progress(i, n);
        // The distance changes by one a move: a board one away from the goal is 1, the goal 0.
        distances.push(if b == goal { 0 } else { optimal(b)?.len() as u64 });
    }
    progress(n, n);
    let (detours, first_waste) = detours(&distances, moves, reading);
    let stm = moves.len() as u64;
    let wasted_stm = detours.iter().map(|d| d.wasted).sum::<u64>();
    let (mut mtm_opt, mut mtm_solution, mut mtm_distances, mut wasted_slides) = (None, None, None, None);
    if start.len() <= crate::generate::MAX_TABLE_CELLS {
        let table = MtmTable::new(goal)?;
        let sol = table.solve(start).ok_or_else(|| Error::Internal("the scramble reaches the goal in STM but not in MTM".to_string()))?;
        mtm_opt = Some(notation::mtm_length(&sol));
        mtm_solution = Some(notation::write(&sol, reading));
        let mut at = 0;
        let mut ds = vec![table.distance(start).expect("reachable")];
        let mut wasted = Vec::new();
        for (k, (_, len)) in notation::runs(moves).into_iter().enumerate() {
            at += len;
            let d = table.distance(&boards[at]).expect("reachable");
            if d >= *ds.last().expect("the scramble") {
                wasted.push(k + 1);
            }
            ds.push(d);
        }
        mtm_distances = Some(ds);
        wasted_slides = Some(wasted);
    }
    Ok(Analysis {
        start: start.clone(),
        goal: goal.clone(),
        moves: moves_to_string(moves),
        reading,
        notation: notation::write(moves, reading),
        reaches_goal: boards.last() == Some(goal),
        stm,
        mtm: notation::mtm_length(moves),
        optimum: Optimum {
            stm: best.len() as u64,
            stm_solution: notation::write(&best, reading),
            stm_solution_mtm: notation::mtm_length(&best),
            mtm: mtm_opt,
            mtm_solution,
        },
        distances,
        first_waste,
        detours,
        wasted_stm,
        mtm_distances,
        wasted_slides,
    })
}

/// The detours of a solution whose boards are at STM `distances` (one more than `moves`), and
/// the first move that did not bring the board closer.
fn detours(distances: &[u64], moves: &[Move], reading: Reading) -> (Vec<Detour>, Option<usize>) {
    let mut out = Vec::new();
    let mut first = None;
    let mut i = 1;
    while i < distances.len() {
        if distances[i] < distances[i - 1] {
            i += 1;
            continue;
        }
        first.get_or_insert(i);
        let level = distances[i - 1];
        // The detour lasts until the board is back at the distance it left.
        let mut j = i;
        while j + 1 < distances.len() && distances[j] > level {
            j += 1;
        }
        // Its moves less the progress they made (none when it came back; less than none when
        // the solution ended on it).
        out.push(Detour {
            from: i,
            to: j,
            moves: notation::write(&moves[i - 1..j], reading),
            wasted: (j - i + 1) as u64 + distances[j] - level,
        });
        i = j + 1;
    }
    (out, first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detours_add_up_to_the_waste() {
        // 3 → 4 → 3 → 2 → 3 → 4 → 3 → 2 → 1 → 0: two detours of two moves each.
        let d = [3, 4, 3, 2, 3, 4, 3, 2, 1, 0];
        let moves = notation::parse("UDLRRLLRU", Reading::Blank).unwrap();
        let (ds, first) = detours(&d, &moves, Reading::Blank);
        assert_eq!(first, Some(1));
        assert_eq!(ds.iter().map(|x| (x.from, x.to, x.wasted)).collect::<Vec<_>>(), [(1, 2, 2), (4, 7, 4)]);
        assert_eq!(ds[1].moves, "R2L2");
        // No detour.
        assert_eq!(detours(&[2, 1, 0], &moves[..2], Reading::Blank), (vec![], None));
        // A detour it never came back from.
        let (ds, _) = detours(&[1, 2, 3], &moves[..2], Reading::Blank);
        assert_eq!((ds[0].from, ds[0].to, ds[0].wasted), (1, 2, 4));
    }
}
