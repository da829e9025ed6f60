//! `POST /api/analyse`: a fan's solution of a scramble analysed by the library, as `npuzzle
//! analyse` analyses it: its length in both metrics, the optimum in both, and the moves that
//! took the board no closer to the goal.

use super::*;
use crate::documents::Analysed;
use npuzzle::analysis::{self, MAX_CELLS};
use npuzzle::board::Move;
use npuzzle::notation::{self, Reading};

/// The most moves an analysis in this engine reads: each board along the solution is solved
/// optimally, so the work grows with the solution's length.
pub const MAX_ANALYSED_MOVES: usize = 500;

/// The fields of an analyse request beyond the goal and limits of a solve request.
#[derive(Deserialize, Debug)]
pub(super) struct AnalyseExtras {
    start: BoardInput,
    solution: String,
    #[serde(default)]
    reading: Reading,
}

/// An analyse request read and checked.
#[derive(Debug)]
pub struct AnalyseJob {
    /// The default optimal solver's request for the scramble.
    pub req: Request,
    moves: Vec<Move>,
    reading: Reading,
}

impl Service {
    /// An analyse request's body read and checked: the scramble (`start`), the `solution` as
    /// moves with counts in its `reading` (`blank`, the default, or `tiles`), and the goal and
    /// limits of a solve request. Every board along the solution is solved by the default
    /// optimal solver, so no algorithm or heuristic is taken.
    pub fn analyse_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<AnalyseJob, ApiError> {
        let (body, spec): (AnalyseExtras, Spec) = parse_json(bytes, &["start", "solution", "reading"])?;
        if spec.algorithm.is_some() || spec.heuristic.is_some() {
            return Err(ApiError::bad_request(
                "an analysis solves every board along the solution with the default optimal solver: give no algorithm or heuristic",
            ));
        }
        if body.solution.len() > npuzzle::check::MAX_TEXT {
            return Err(ApiError::new(
                413,
                format!("the solution is {} bytes; at most {} are read", body.solution.len(), npuzzle::check::MAX_TEXT),
            ));
        }
        let moves = notation::parse(&body.solution, body.reading).map_err(|e| ApiError::bad_request(format!("bad solution: {e}")))?;
        if moves.len() > MAX_ANALYSED_MOVES {
            return Err(ApiError::unprocessable(format!(
                "the solution has {} moves; this page analyses at most {MAX_ANALYSED_MOVES} (the command line analyses any: npuzzle analyse)",
                moves.len()
            )));
        }
        let req = request(&plan_capped(&self.caps(), &spec, cancel)?, &body.start)?;
        if req.start.len() > MAX_CELLS {
            return Err(ApiError::unprocessable(format!(
                "an analysis solves every board along the solution optimally, which boards of at most {MAX_CELLS} cells allow ({}×{} has {})",
                req.start.width(),
                req.start.height(),
                req.start.len()
            )));
        }
        ensure_solvable(&req.start, &req.goal)?;
        self.check_tables(&req)?;
        Ok(AnalyseJob { req, moves, reading: body.reading })
    }

    /// Analyses the solution: the library's analysis, and the same in words.
    pub fn analyse(&self, job: &mut AnalyseJob) -> Result<Analysed, ApiError> {
        self.prepare(&mut job.req, None)?;
        let a = analysis::analyse(&job.req, &job.moves, job.reading, &mut |_, _| {}).map_err(|e| match e {
            npuzzle::Error::Invalid(m) => ApiError::bad_request(format!("bad solution: {m}")),
            e => ApiError::unprocessable(e.to_string()),
        })?;
        Ok(Analysed { text: analysis::text(&a), analysis: a })
    }
}
