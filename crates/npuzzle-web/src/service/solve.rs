//! `POST /api/solve`: the tables prepared, the search run, and its report with the tree and the trace.

use super::*;

/// A solve request read and checked, ready to run.
#[derive(Debug)]
pub struct SolveJob {
    /// The search.
    pub req: Request,
    /// What to record.
    pub record: Record,
    /// Whether the caller asked for a stream of progress lines.
    pub stream: bool,
    /// The note of the default solver settled with the tables at hand, if it changed.
    pub notes: Vec<String>,
}

/// The fields of a solve request beyond the request specification.
#[derive(Deserialize, Debug)]
pub(super) struct SolveExtras {
    start: BoardInput,
    #[serde(default)]
    tree: bool,
    #[serde(default)]
    trace: bool,
    #[serde(default)]
    tree_cap: Option<usize>,
    #[serde(default)]
    stream: bool,
}

pub(super) const SOLVE_FIELDS: &[&str] = &["start", "tree", "trace", "tree_cap", "stream"];

impl Service {
    /// A solve request's body read and checked, short of searching.
    pub fn solve_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<SolveJob, ApiError> {
        let (body, spec): (SolveExtras, Spec) = parse_json(bytes, SOLVE_FIELDS)?;
        let mut plan = plan_capped(&self.caps(), &spec, cancel)?;
        // A local search given no seed gets one drawn, as the command line draws it; the report
        // gives it, so the run can be repeated.
        plan.draw_seed();
        let mut req = request(&plan, &body.start)?;
        // The default solver settled with the tables at hand: where the ones it would read are
        // not cached (or larger than this engine builds), the default that answers at once.
        let notes: Vec<String> = self.tables.settle_default(&mut req).into_iter().collect();
        ensure_solvable(&req.start, &req.goal)?;
        req.effective_heuristic().check_size(req.goal.width(), req.goal.height()).map_err(|e| ApiError::bad_request(e.to_string()))?;
        if (body.tree || body.trace) && req.algorithm.info().one_path() {
            return Err(ApiError::unprocessable("reduce walks one path and records no search tree or trace: ask without tree and trace"));
        }
        if body.tree && req.algorithm.info().local() {
            return Err(ApiError::unprocessable(format!(
                "{} is a local search and keeps no search tree: ask for the trace instead",
                req.algorithm
            )));
        }
        self.check_tables(&req)?;
        let cap = body.tree_cap.map_or(self.limits.tree_cap, |c| c.min(self.limits.tree_cap));
        Ok(SolveJob { req, record: Record { tree: body.tree, trace: body.trace, cap }, stream: body.stream, notes })
    }

    /// Prepares the tables and runs the search: the answer of a solve request.
    pub fn solve(&self, job: &mut SolveJob, shared: Option<Arc<Shared>>) -> Result<Solved, ApiError> {
        let mut notes = job.notes.clone();
        notes.extend(self.prepare(&mut job.req, shared.as_deref())?);
        let mut solved = self.run_solve(&job.req, job.record, job.stream.then_some(shared).flatten())?;
        solved.notes = (!notes.is_empty()).then_some(notes);
        Ok(solved)
    }

    /// Runs one search on this thread and builds its JSON answer: the report, with the search
    /// tree (the same document as `npuzzle solve --tree json`) and the recorded events (the same
    /// events as `--trace --format json`) when asked for. On boards of up to 10 cells every
    /// recorded node carries its true distance `h_star` from the exact table. A run stopped by
    /// its time or node limit carries a `hint` naming a solver that would finish.
    pub fn run_solve(&self, req: &Request, record: Record, shared: Option<Arc<Shared>>) -> Result<Solved, ApiError> {
        if record.tree || record.trace {
            let (out, rec) = self.record(req, record, shared)?;
            let mut solved = report(req, &out);
            if record.tree {
                solved.tree = Some(Tree::new(&rec, req.start.width(), req.start.height(), record.cap));
            }
            if record.trace {
                solved.trace = Some(Trace::of(&rec, req.algorithm.info()));
            }
            Ok(solved)
        } else {
            let (out, _) = search(req, NoObserver, shared)?;
            Ok(report(req, &out))
        }
    }

    /// Runs one search with a recorder, as a solve that asked for a tree or a trace records it.
    pub(super) fn record(&self, req: &Request, record: Record, shared: Option<Arc<Shared>>) -> Result<(Outcome, Recorder), ApiError> {
        let cells = req.start.len();
        let mut rec = player_recorder(cells, record.cap, record.trace);
        if req.algorithm.info().local() {
            // A local search records no nodes, only its steps: the first ones are kept.
            rec = rec.with_selection_cap(LOCAL_STEPS_SHOWN);
        }
        let (out, mut rec) = search(req, rec, shared)?;
        rec.set_true_distances_from(&self.tables, &req.goal);
        Ok((out, rec))
    }
}
