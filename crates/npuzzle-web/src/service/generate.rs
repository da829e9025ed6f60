//! `GET /api/generate` and `GET /api/goal`: random boards and goal boards.

use super::*;

/// The query of a generate request, read and checked.
#[derive(Clone, Debug)]
pub struct GenerateQuery {
    width: usize,
    height: usize,
    depth: u32,
    seed: u64,
    goal: Board,
}

impl GenerateQuery {
    /// Reads `size`, `depth`, `seed` and `goal` (every one optional); any other key is refused.
    pub fn parse(q: &HashMap<String, String>) -> Result<GenerateQuery, ApiError> {
        if let Some(k) = q.keys().find(|k| !["size", "depth", "seed", "goal"].contains(&k.as_str())) {
            return Err(ApiError::bad_request(format!("unknown parameter \"{k}\": use size, depth, seed, goal")));
        }
        let (w, h) = parse_size(q.get("size").map_or("3x3", String::as_str)).map_err(|e| ApiError::bad_request(e.to_string()))?;
        check_size(w, h)?;
        let depth: u32 = match q.get("depth") {
            None => 20,
            Some(d) => d.trim().parse().map_err(|_| ApiError::bad_request(format!("bad depth \"{d}\": give a whole number of moves")))?,
        };
        if depth > MAX_GENERATE_DEPTH {
            return Err(ApiError::unprocessable(format!("depth {depth} is too deep: at most {MAX_GENERATE_DEPTH}")));
        }
        let seed: u64 = match q.get("seed") {
            None => npuzzle::generate::fresh_seed(),
            Some(s) => s.trim().parse().map_err(|_| ApiError::bad_request(format!("bad seed \"{s}\": give a whole number")))?,
        };
        let goal =
            Goal::resolve(q.get("goal").map_or("blank-last", String::as_str), w, h).map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(GenerateQuery { width: w, height: h, depth, seed, goal })
    }
}

/// The answer to a goal request: the goal board a preset (or a board) names at a size, so the
/// page never computes presets itself.
pub fn goal(q: &HashMap<String, String>) -> Result<GoalBoard, ApiError> {
    if let Some(k) = q.keys().find(|k| !["size", "goal"].contains(&k.as_str())) {
        return Err(ApiError::bad_request(format!("unknown parameter \"{k}\": use size, goal")));
    }
    let (w, h) = parse_size(q.get("size").map_or("3x3", String::as_str)).map_err(|e| ApiError::bad_request(e.to_string()))?;
    check_size(w, h)?;
    let spec = Spec { goal: q.get("goal").map(|g| BoardInput::Text(g.clone())), size: Some(format!("{w}x{h}")), ..Spec::default() };
    let plan = spec.plan().map_err(|e| ApiError::bad_request(e.to_string()))?;
    let goal = plan.goal_board(w, h).map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(GoalBoard { text: goal.to_string(), goal, name: plan.goal.name(), width: w, height: h })
}

impl Service {
    /// A random solvable board (see [`crate::generate`]).
    pub fn generate(&self, q: &GenerateQuery) -> Result<Generated, ApiError> {
        let g = crate::generate(&self.tables, &q.goal, q.depth, q.seed).map_err(|e| match e {
            crate::GenerateError::TooDeep { .. } => ApiError::unprocessable(e.to_string()),
            crate::GenerateError::Table(_) => internal(e),
        })?;
        Ok(Generated {
            text: g.board.to_string(),
            board: g.board,
            goal: q.goal.clone(),
            width: q.width,
            height: q.height,
            depth: g.depth,
            exact: g.exact,
            seed: q.seed.to_string(),
        })
    }
}
