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
use crate::heuristic::mtm::{SlideWalk, WALK_MAX_SIDE};
use crate::metric::{Metric, MtmTable};
use crate::notation::{self, Reading};
use crate::outcome::Status;
use crate::search::Request;
use crate::solve::default_choice_in;
use crate::solve::solve;
use crate::tables::Tables;
use serde::Serialize;
use std::fmt::Write as _;
use std::sync::Arc;

/// The largest board analysed: each board along the solution is solved optimally.
pub const MAX_CELLS: usize = 25;

/// A solution analysed.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// [`MTM_MAX_CELLS`] cells).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mtm_distances: Option<Vec<u64>>,
    /// The slides (1-based) that did not bring the board closer in MTM (boards of at most
    /// [`MTM_MAX_CELLS`] cells).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub wasted_slides: Option<Vec<usize>>,
}

/// The optimum from a scramble.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Optimum {
    /// The fewest single-tile moves.
    pub stm: u64,
    /// An STM-optimal solution, in the analysis's counted notation and reading.
    pub stm_solution: String,
    /// The MTM length of that solution.
    pub stm_solution_mtm: u64,
    /// The fewest multi-tile moves (boards of at most [`MTM_MAX_CELLS`] cells).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mtm: Option<u64>,
    /// An MTM-optimal solution, in the analysis's counted notation and reading.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mtm_solution: Option<String>,
}

/// A stretch of a solution that leaves the distance where it found it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    if let Some(slides) = SlideSolver::new(req)? {
        let sol = slides.solve(start)?;
        mtm_opt = Some(notation::mtm_length(&sol));
        mtm_solution = Some(notation::write(&sol, reading));
        let mut at = 0;
        let mut ds = vec![notation::mtm_length(&sol)];
        let mut wasted = Vec::new();
        for (k, (_, len)) in notation::runs(moves).into_iter().enumerate() {
            at += len;
            let d = if boards[at] == *goal { 0 } else { notation::mtm_length(&slides.solve(&boards[at])?) };
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

/// The largest board whose multi-tile optimum an analysis finds without the slide pattern
/// database: up to 9 cells from the exact table ([`MtmTable`]), up to 12 (3×4 and 4×3) by IDA*
/// over the walking distance in slides. With the slide pattern database in the request's
/// tables, 4×4 too ([`crate::tables::TableStore::prepare_analysis`]).
pub const MTM_MAX_CELLS: usize = 12;

/// Finds multi-tile optima towards one goal: by the exact table on boards of at most nine
/// cells, by IDA* over the walking distance in slides up to [`MTM_MAX_CELLS`].
enum SlideSolver {
    Table(MtmTable),
    Search(Box<Request>),
}

impl SlideSolver {
    /// The solver for `req`'s goal, or `None` when its board is too large.
    fn new(req: &Request) -> Result<Option<SlideSolver>, Error> {
        let goal = &req.goal;
        let (w, h) = (goal.width(), goal.height());
        if goal.len() <= crate::generate::MAX_TABLE_CELLS {
            return Ok(Some(SlideSolver::Table(MtmTable::new(goal)?)));
        }
        // Beyond 12 cells, only with the slide pattern database the request carries
        // ([`crate::tables::TableStore::prepare_analysis`] adds it where it is cached).
        let slides = req.tables.mtm_slides().filter(|s| s.goal() == goal).cloned();
        if (goal.len() > MTM_MAX_CELLS && slides.is_none()) || w.max(h) > WALK_MAX_SIDE {
            return Ok(None);
        }
        let (algorithm, heuristic) = default_choice_in(w, h, req.cost, Metric::Mtm);
        let mut r = req.clone().algorithm(algorithm).heuristic(heuristic);
        r.metric = Metric::Mtm;
        r.by_default = false;
        r.tables = Tables::none().with_mtm_walk(Arc::new(SlideWalk::new(goal)?));
        if let Some(slides) = slides {
            r.tables = r.tables.with_mtm_slides(slides);
        }
        Ok(Some(SlideSolver::Search(Box::new(r))))
    }

    /// An MTM-optimal solution of `board`, as the blank's single-tile moves.
    fn solve(&self, board: &Board) -> Result<Vec<Move>, Error> {
        match self {
            SlideSolver::Table(t) => {
                t.solve(board).ok_or_else(|| Error::Internal("the board reaches the goal in STM but not in MTM".to_string()))
            }
            SlideSolver::Search(req) => {
                let mut r = (**req).clone();
                r.start = board.clone();
                let out = solve(&r)?;
                if out.status != Status::Solved || !out.proven_optimal(r.guarantees_optimal()) {
                    return Err(Error::Unsupported(format!(
                        "no proven multi-tile optimum for the board {board} ({})",
                        out.limit.map_or_else(|| "not proven optimal".to_string(), |l| l.to_string())
                    )));
                }
                Ok(out.moves)
            }
        }
    }
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

/// The analysis in words, as `npuzzle analyse` prints it and the page shows it.
pub fn text(a: &Analysis) -> String {
    let mut s = String::new();
    let words = a.reading.words();
    let _ = writeln!(s, "scramble  {}", a.start);
    let _ = writeln!(s, "goal      {}", a.goal);
    let ends = if a.reaches_goal { "reaches the goal" } else { "does not reach the goal" };
    let sol = if a.notation.is_empty() { "(no moves)" } else { &a.notation };
    let _ = writeln!(s, "solution  {sol} ({words}): {} STM, {} MTM; {ends}", a.stm, a.mtm);
    let o = &a.optimum;
    let best = if o.stm_solution.is_empty() { "(none: the scramble is the goal)" } else { &o.stm_solution };
    let _ = writeln!(s, "optimum   {} STM: {best} ({} MTM)", o.stm, o.stm_solution_mtm);
    match (o.mtm, &o.mtm_solution) {
        (Some(m), Some(sol)) => {
            let sol = if sol.is_empty() { "(none)" } else { sol };
            let _ = writeln!(s, "          {m} MTM: {sol}");
        }
        _ => {
            let _ = writeln!(
                s,
                "          MTM optimum: computed for boards of at most {MTM_MAX_CELLS} cells whose sides are at most {WALK_MAX_SIDE}, and for 4×4 with the slide pattern database (npuzzle pdb build --size 4x4 --metric mtm)"
            );
        }
    }
    let left = a.distances.last().copied().unwrap_or(0);
    if !a.reaches_goal {
        let _ = writeln!(s, "left      {left} {} to the goal (STM)", crate::words::noun_for(left, "move"));
    }
    if a.wasted_stm == 0 {
        let _ = writeln!(s, "STM       {}every move brought the board closer", if a.reaches_goal { "optimal: " } else { "" });
    } else {
        let first = a.first_waste.map_or(String::new(), |m| format!("; the distance first stopped falling at move {m}"));
        let _ = writeln!(s, "STM       {} {} over the optimum{first}", a.wasted_stm, crate::words::noun_for(a.wasted_stm, "move"));
        for d in &a.detours {
            let span = if d.from == d.to { format!("move {}", d.from) } else { format!("moves {}-{}", d.from, d.to) };
            let _ = writeln!(s, "  detour  {span}: {} (+{})", d.moves, d.wasted);
        }
    }
    if let (Some(slides), Some(m)) = (&a.wasted_slides, o.mtm) {
        let over = a.mtm as i64 - m as i64 + a.mtm_distances.as_ref().and_then(|d| d.last()).map_or(0, |&d| d as i64);
        if slides.is_empty() {
            let _ = writeln!(s, "MTM       {}every slide brought the board closer", if a.reaches_goal { "optimal: " } else { "" });
        } else {
            let list: Vec<String> = slides.iter().map(|k| k.to_string()).collect();
            let which = crate::words::noun_for(slides.len() as u64, "slide");
            let _ = writeln!(
                s,
                "MTM       {over} {} over the optimum; no closer after {which} {}",
                crate::words::noun_for(over.unsigned_abs(), "slide"),
                list.join(", ")
            );
        }
    }
    let ds: Vec<String> = a.distances.iter().map(|d| d.to_string()).collect();
    let _ = writeln!(s, "distance  {} (STM, after each move)", ds.join(" "));
    s
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
