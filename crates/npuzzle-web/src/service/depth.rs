//! `POST /api/depth`: the textbook's experiment.

use super::*;

/// The fields of a depth request beyond the specification (which gives `goal`, `size`, `cost`
/// and `order`).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(super) struct DepthExtras {
    #[serde(default)]
    depths: Option<Vec<u32>>,
    #[serde(default)]
    count: Option<usize>,
    #[serde(default)]
    seed: Option<u64>,
    /// The pairs as a list of runs (`{"algorithm": "astar", "heuristic": "h1"}`), or as the
    /// text a user typed (`"bfs,astar/h1,astar/max(h1, h2)"`), read by the library's rule
    /// ([`npuzzle::experiment::pairs`]), as `bench depth --pairs` reads it.
    #[serde(default)]
    pairs: Option<serde_json::Value>,
    #[serde(default)]
    max_nodes: Option<u64>,
}

/// Most depths one depth request runs.
pub(super) const MAX_DEPTHS: usize = 16;

impl Service {
    /// `POST /api/depth`: the textbook's experiment ([`npuzzle::experiment::run`]) on the
    /// request's goal (a board of at most 9 cells), under this engine's ceilings: at most 100
    /// boards a depth and 16 depths, the pairs at most a compare's, the node limit at most the
    /// engine's, and each run within the engine's time cap (a run it stops cuts its pair).
    pub fn depth(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<DepthTable, ApiError> {
        let (body, spec): (DepthExtras, Spec) = parse_json(bytes, &["depths", "count", "seed", "pairs", "max_nodes"])?;
        let caps = self.caps();
        let plan = plan_capped(&caps, &spec, cancel.clone())?;
        let (w, h) = plan.board_size();
        if w * h > npuzzle::generate::MAX_TABLE_CELLS {
            return Err(ApiError::unprocessable(format!(
                "exact depths need the whole state space: boards of at most {} cells, not {w}×{h}",
                npuzzle::generate::MAX_TABLE_CELLS
            )));
        }
        let goal = plan.goal_board(w, h).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let mut ex = npuzzle::experiment::DepthSpec::new(goal);
        if let Some(d) = body.depths {
            if d.is_empty() || d.len() > MAX_DEPTHS {
                return Err(ApiError::bad_request(format!("depths must list 1 to {MAX_DEPTHS} depths")));
            }
            ex.depths = d;
        }
        ex.count = body.count.unwrap_or(self.limits.depth_count);
        if ex.count == 0 || ex.count > npuzzle::experiment::DEFAULT_COUNT {
            return Err(ApiError::bad_request(format!("count must be from 1 to {}", npuzzle::experiment::DEFAULT_COUNT)));
        }
        ex.seed = body.seed.unwrap_or(1);
        if let Some(pairs) = body.pairs {
            ex.pairs = read_pairs(pairs).map_err(ApiError::bad_request)?;
            if ex.pairs.is_empty() || ex.pairs.len() > self.limits.max_compare {
                return Err(ApiError::bad_request(format!("pairs must list 1 to {} pairs", self.limits.max_compare)));
            }
        }
        ex.max_nodes = body.max_nodes.unwrap_or(npuzzle::experiment::DEFAULT_MAX_NODES).min(caps.nodes);
        ex.cost = plan.cost;
        ex.order = plan.order;
        ex.limits = npuzzle::search::Limits { time: Some(caps.time), cancel, ..Default::default() };
        let rows = npuzzle::experiment::run(&ex, &self.tables, &|_| {}, &mut |_| {}).map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(DepthTable {
            goal: ex.goal.clone(),
            cost_model: ex.cost,
            count: ex.count,
            seed: ex.seed.to_string(),
            max_nodes: ex.max_nodes,
            rows,
        })
    }
}

/// A depth request's pairs: the text a user typed, or a list of runs.
fn read_pairs(pairs: serde_json::Value) -> Result<Vec<(npuzzle::Algorithm, npuzzle::heuristic::Estimator)>, String> {
    if let serde_json::Value::String(text) = &pairs {
        return npuzzle::experiment::pairs(text).map_err(|e| format!("pairs: {e}"));
    }
    let runs: Vec<npuzzle::compare::Run> =
        serde_json::from_value(pairs).map_err(|e| format!("pairs must be a list of runs or a text such as \"bfs,astar/h1\": {e}"))?;
    runs.into_iter().map(|r| npuzzle::experiment::run_pair(r).map_err(|e| e.to_string())).collect()
}
