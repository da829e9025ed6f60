//! `POST /api/audit`: a heuristic audited by the library, as `npuzzle audit` audits it, over
//! every board of a size of up to 10 cells (3×3, 2×4, 2×5, …): admissible and consistent
//! proved or refuted, the counterexample, the inconsistent move, what the overestimate costs A*,
//! dominance over the built-ins, and h against h*.
//!
//! Larger boards are refused: the library audits them on a sample whose boards are each solved
//! optimally (on 4×4 a thousand of them, over the 7-8 pattern databases), which the command
//! line runs.

use super::*;
use npuzzle::audit::{self, Audit, AuditSpec, Coverage};
use npuzzle::heuristic::Estimator;

/// The keys an audit request takes.
const AUDIT_KEYS: [&str; 4] = ["heuristic", "size", "goal", "cost"];

/// An audit request read and checked.
#[derive(Debug)]
pub struct AuditJob {
    /// The heuristic, as the library reads it (a built-in's name or a formula).
    pub estimator: Estimator,
    /// What to audit against: the goal, the step costs, the consequence search's budget.
    pub spec: AuditSpec,
}

impl Service {
    /// An audit request's body read and checked: `heuristic` (a built-in's name or a formula,
    /// as the library reads them), the board's `size` or a `goal` (a preset or a board, as the
    /// other endpoints take them) and the step `cost`. The board must be one the library
    /// audits exhaustively (at most 10 cells); a larger one is a 422 naming the command that
    /// samples it.
    pub fn audit_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<AuditJob, ApiError> {
        let value: Value = serde_json::from_slice(bytes).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
        let Value::Object(mut all) = value else { return Err(ApiError::bad_request("the request body must be a JSON object")) };
        if let Some(k) = all.keys().find(|k| !AUDIT_KEYS.contains(&k.as_str())) {
            return Err(ApiError::bad_request(format!("bad request: unknown field `{k}` (this endpoint takes {})", AUDIT_KEYS.join(", "))));
        }
        let text = match all.remove("heuristic") {
            Some(Value::String(t)) if !t.trim().is_empty() => t,
            Some(Value::String(_)) | None => {
                return Err(ApiError::bad_request("give the heuristic to audit: a built-in's name (manhattan, h1, …) or a formula"))
            }
            Some(_) => return Err(ApiError::bad_request("heuristic: give a built-in's name or a formula, as text")),
        };
        let estimator = npuzzle::compare::heuristic(&text).map_err(|e| ApiError::bad_request(format!("heuristic: {e}")))?;
        let spec: Spec = serde_json::from_value(Value::Object(all)).map_err(|e| ApiError::bad_request(format!("bad request: {e}")))?;
        let plan = spec.plan().map_err(|e| ApiError::bad_request(e.to_string()))?;
        let (w, h) = match (plan.size, &plan.goal) {
            (Some(size), _) => size,
            (None, Goal::Board(b)) => (b.width(), b.height()),
            (None, _) => (3, 3),
        };
        check_size(w, h)?;
        if audit::coverage(w, h) != Coverage::Exhaustive {
            return Err(ApiError::unprocessable(format!(
                "the page audits boards of up to {} cells, where every board is checked against the exact table (3×3, 2×4, 2×5, …); \
                 a {w}×{h} board is audited on a sample, each board solved optimally, which the command line runs: \
                 npuzzle audit -H '{}' --size {w}x{h}",
                npuzzle::heuristic::exact::MAX_CELLS,
                text.trim().replace('\'', "'\\''")
            )));
        }
        let goal = plan.goal_board(w, h).map_err(|e| ApiError::bad_request(e.to_string()))?;
        estimator.check_size(w, h).map_err(|e| ApiError::unprocessable(e.to_string()))?;
        let mut spec = AuditSpec::new(goal).cost(plan.cost);
        spec.consequence_nodes = audit::DEFAULT_CONSEQUENCE_NODES.min(self.limits.node_cap);
        spec.cancel = cancel;
        Ok(AuditJob { estimator, spec })
    }

    /// Audits the job's heuristic ([`npuzzle::audit::audit`]), with the tables it reads from
    /// this engine's store: the library's report.
    pub fn audit(&self, job: &AuditJob) -> Result<Audit, ApiError> {
        audit::audit(&job.estimator, &job.spec, &self.tables, &|_| {}).map_err(|e| match e {
            npuzzle::Error::Cancelled => ApiError::bad_request("stopped: the audit was cancelled"),
            e => ApiError::unprocessable(e.to_string()),
        })
    }
}
