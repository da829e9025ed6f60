//! `POST /api/audit`: a heuristic audited by the library, as `npuzzle audit` audits it, over
//! every board of a size of up to 10 cells (3×3, 2×4, 2×5, …): admissible and consistent
//! proved or refuted, the counterexample, the inconsistent move, what the overestimate costs A*,
//! dominance over the built-ins, and h against h*, drawn (beside a second heuristic's when
//! asked), with KRE's prediction of IDA*'s expansions beside the measured counts when asked.
//!
//! Larger boards are refused: the library audits them on a sample whose boards are each solved
//! optimally (on 4×4 a thousand of them, over the 7-8 pattern databases), which the command
//! line runs.

use super::*;
use crate::documents::Audited;
use npuzzle::audit::{self, predict, Audit, AuditSpec, Coverage};
use npuzzle::heuristic::Estimator;

/// The keys an audit request takes.
const AUDIT_KEYS: [&str; 6] = ["heuristic", "size", "goal", "cost", "beside", "predict"];

/// The expansions the measured IDA* iterations of one audit's prediction may take, over
/// [`predict::DEFAULT_STARTS`] uniform start boards and every threshold: the thresholds chosen
/// (`"predict": true`) are the deepest that fit, and of those asked for, the shallower that fit.
pub const PREDICT_BUDGET: u64 = 2_000_000;

/// The largest threshold a request may ask to predict at.
const PREDICT_DEEPEST: u32 = predict::AUTO_DEEPEST;

/// An audit request read and checked.
#[derive(Debug)]
pub struct AuditJob {
    /// The heuristic, as the library reads it (a built-in's name or a formula).
    pub estimator: Estimator,
    /// What to audit against: the goal, the step costs, the consequence search's budget, the
    /// prediction asked for.
    pub spec: AuditSpec,
    /// The heuristic drawn beside, if any.
    pub beside: Option<Estimator>,
}

/// A heuristic in a request's field, read as the library reads it.
fn heuristic_in(field: &str, value: Option<Value>) -> Result<Option<(Estimator, String)>, ApiError> {
    let text = match value {
        Some(Value::String(t)) if !t.trim().is_empty() => t,
        Some(Value::String(_)) | None => return Ok(None),
        Some(_) => return Err(ApiError::bad_request(format!("{field}: give a built-in's name or a formula, as text"))),
    };
    let e = npuzzle::compare::heuristic(&text).map_err(|e| ApiError::bad_request(format!("{field}: {e}")))?;
    Ok(Some((e, text)))
}

/// The thresholds a request asks to predict at: `true` (chosen within the budget), `false` or
/// absent (none), or a list of whole numbers from 1 to [`PREDICT_DEEPEST`].
fn thresholds(value: Option<Value>) -> Result<Option<Vec<u32>>, ApiError> {
    const WHAT: &str = "predict: give true (thresholds chosen) or a list of thresholds, whole numbers of moves";
    match value {
        None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(None),
        Some(Value::Bool(true)) => Ok(Some(Vec::new())),
        Some(Value::Array(items)) if !items.is_empty() && items.len() <= 8 => items
            .iter()
            .map(|v| match v.as_u64() {
                Some(d @ 1..) if d <= u64::from(PREDICT_DEEPEST) => Ok(d as u32),
                _ => Err(ApiError::bad_request(format!("{WHAT} from 1 to {PREDICT_DEEPEST}; got {v}"))),
            })
            .collect::<Result<Vec<u32>, _>>()
            .map(Some),
        Some(Value::Array(_)) => Err(ApiError::bad_request(format!("{WHAT}: from 1 to 8 of them"))),
        Some(v) => Err(ApiError::bad_request(format!("{WHAT}; got {v}"))),
    }
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
        let Some((estimator, text)) = heuristic_in("heuristic", all.remove("heuristic"))? else {
            return Err(ApiError::bad_request("give the heuristic to audit: a built-in's name (manhattan, h1, …) or a formula"));
        };
        let beside = heuristic_in("beside", all.remove("beside"))?.map(|(e, _)| e);
        let predict = thresholds(all.remove("predict"))?;
        let spec: Spec = serde_json::from_value(Value::Object(all)).map_err(|e| ApiError::bad_request(format!("bad request: {e}")))?;
        let plan = spec.plan().map_err(|e| ApiError::bad_request(e.to_string()))?;
        let (w, h) = plan.board_size();
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
        for e in std::iter::once(&estimator).chain(&beside) {
            e.check_size(w, h).map_err(|e| ApiError::unprocessable(e.to_string()))?;
        }
        let mut spec = AuditSpec::new(goal).cost(plan.cost);
        spec.consequence_nodes = audit::DEFAULT_CONSEQUENCE_NODES.min(self.limits.node_cap);
        spec.cancel = cancel;
        if let Some(ds) = predict {
            spec.predict = ds;
            spec.predict_budget = Some(PREDICT_BUDGET.min(self.limits.node_cap));
            spec.starts = Some(predict::Starts::Uniform(predict::DEFAULT_STARTS));
        }
        Ok(AuditJob { estimator, spec, beside })
    }

    /// Audits the job's heuristic ([`npuzzle::audit::audit`]), with the tables it reads from
    /// this engine's store, and the heuristic beside when asked: the library's reports, with
    /// KRE's prediction when asked (the heuristic beside predicted at the same thresholds) and
    /// h against h* drawn ([`npuzzle::audit::picture`]).
    pub fn audit(&self, job: &AuditJob) -> Result<Audited, ApiError> {
        let fail = |e| match e {
            npuzzle::Error::Cancelled => ApiError::bad_request("stopped: the audit was cancelled"),
            e => ApiError::unprocessable(e.to_string()),
        };
        let first = audit::audit_and_predict(&job.estimator, &job.spec, &self.tables, &|_| {}).map_err(fail)?;
        let beside = match &job.beside {
            Some(e) => {
                let mut spec = job.spec.clone();
                // Compared at the thresholds the first was predicted at; drawn, not audited for
                // dominance or what an overestimate costs.
                if let Some(p) = &first.prediction {
                    spec.predict = p.iter().map(|p| p.threshold).collect();
                    if spec.predict.is_empty() {
                        spec.predict_budget = None;
                    }
                }
                spec.dominance = false;
                spec.consequence_boards = 0;
                Some(audit::audit_and_predict(e, &spec, &self.tables, &|_| {}).map_err(fail)?)
            }
            None => None,
        };
        let picture = audit::picture::svg(&std::iter::once(&first).chain(&beside).collect::<Vec<&Audit>>());
        Ok(Audited { audit: first, picture, beside })
    }
}
