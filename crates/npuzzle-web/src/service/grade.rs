//! `POST /api/grade`: a student's work graded by the library's check, as `npuzzle check` grades
//! it: the page's worksheet asks it for the diagnosis of a wrong step.

use super::*;
use npuzzle::check::{self, Report};
use npuzzle::notation::Reading;
use npuzzle::render::exercise::DEFAULT_PAIR;

/// The fields of a grade request beyond those of a solve request.
#[derive(Deserialize, Debug)]
pub(super) struct GradeExtras {
    start: BoardInput,
    #[serde(default)]
    expansions: Option<String>,
    #[serde(default)]
    solution: Option<String>,
    #[serde(default)]
    optimal: bool,
    #[serde(default)]
    steps: Option<usize>,
}

/// The work of a grade request.
#[derive(Debug)]
enum Work {
    /// An order of expansion, and the steps graded.
    Expansions(String, Option<usize>),
    /// A solution, and whether it must be optimal.
    Solution(String, bool),
}

/// A grade request read and checked: the reference search and the work.
#[derive(Debug)]
pub struct GradeJob {
    /// The reference search, as the question states it.
    pub req: Request,
    work: Work,
}

impl Service {
    /// A grade request's body read and checked: the question's search (a solve request's
    /// fields) with the work, `expansions` (labels or boards, `steps` of them graded when given)
    /// or `solution` (moves or boards, `optimal` when the question asks for the optimum).
    pub fn grade_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<GradeJob, ApiError> {
        let (body, mut spec): (GradeExtras, Spec) =
            parse_json(bytes, &["start", "expansions", "solution", "optimal", "steps", "tree", "trace", "stream"])?;
        let work = match (body.expansions, body.solution) {
            (Some(text), None) => {
                if body.steps == Some(0) {
                    return Err(ApiError::bad_request("steps: give at least 1"));
                }
                // An order of expansion answers a sheet: without an algorithm or heuristic, the
                // exercise's default pair.
                if spec.algorithm.is_none() && spec.heuristic.is_none() {
                    (spec.algorithm, spec.heuristic) = (Some(DEFAULT_PAIR.0), Some(DEFAULT_PAIR.1.into()));
                }
                Work::Expansions(text, body.steps)
            }
            (None, Some(text)) => Work::Solution(text, body.optimal),
            _ => return Err(ApiError::bad_request("give the work to grade: expansions or solution, one of them")),
        };
        let text = match &work {
            Work::Expansions(t, _) | Work::Solution(t, _) => t,
        };
        if text.len() > check::MAX_TEXT {
            return Err(ApiError::new(413, format!("the work is {} bytes; at most {} are read", text.len(), check::MAX_TEXT)));
        }
        let req = request(&plan_capped(&self.caps(), &spec, cancel)?, &body.start)?;
        ensure_solvable(&req.start, &req.goal)?;
        if matches!(work, Work::Expansions(..)) {
            npuzzle::render::exercise::check_algorithm(req.algorithm).map_err(|e| ApiError::unprocessable(e.to_string()))?;
        }
        self.check_tables(&req)?;
        Ok(GradeJob { req, work })
    }

    /// Grades the work against the reference search: the library's report, with the first
    /// difference and, for a wrong order of expansion, the variants that reproduce it.
    pub fn grade(&self, job: &mut GradeJob) -> Result<Report, ApiError> {
        self.prepare(&mut job.req, None)?;
        let req = &job.req;
        let bad = |e: npuzzle::Error| ApiError::unprocessable(e.to_string());
        match &job.work {
            Work::Expansions(text, steps) => {
                let items = check::read_expansions(text, &req.start).map_err(bad)?;
                // Recorded as the service records every search (the same compiled search).
                let run = |r: &Request, rec: Recorder| {
                    search(r, rec, None).map(|(_, rec)| rec).map_err(|e| npuzzle::Error::Invalid(e.message().to_string()))
                };
                check::check_expansions_by(req, &items, *steps, &run).map_err(bad)
            }
            Work::Solution(text, optimal) => {
                let moves = check::read_solution(text, &req.start, Reading::Blank).map_err(bad)?;
                check::check_solution(req, &moves, *optimal).map_err(bad)
            }
        }
    }
}
