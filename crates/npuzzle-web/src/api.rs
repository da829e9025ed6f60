//! The JSON API handlers: request bodies, validation, and searches run on blocking threads
//! under the server's limits.

use crate::progress::{Progress, Shared};
use crate::{ApiError, AppState, Config, BODY_LIMIT, MAX_SIDE, MIN_SIDE};
use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use npuzzle::board::{Board, MoveOrder};
use npuzzle::goal::Goal;
use npuzzle::heuristic::Heuristic;
use npuzzle::parse::{parse_board_sized, parse_size};
use npuzzle::record::{Recorder, Step};
use npuzzle::search::observer::{NoObserver, Observer};
use npuzzle::search::{Algorithm, Limits};
use npuzzle::solve::{solve_observed, Outcome, Report, Request};
use npuzzle::HeuristicKind;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::OwnedSemaphorePermit;
use tokio::task::JoinHandle;

type App = Arc<AppState>;

/// Frontier snapshots in a trace keep at most this many ids (the panel shows the head of the
/// open list); `size` still gives the whole length.
const FRONTIER_SHOWN: usize = 100;
/// Deepest scramble `GET /api/generate` makes.
const MAX_GENERATE_DEPTH: u32 = 1000;

/// `{nodes, time_ms}` as a client sends them.
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct LimitsBody {
    nodes: Option<u64>,
    time_ms: Option<u64>,
}

/// The body of `POST /api/check`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PairBody {
    start: Value,
    #[serde(default)]
    goal: Option<Value>,
    #[serde(default)]
    size: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SolveBody {
    start: Value,
    #[serde(default)]
    goal: Option<Value>,
    #[serde(default)]
    size: Option<String>,
    #[serde(default)]
    algorithm: Option<String>,
    #[serde(default)]
    heuristic: Option<String>,
    #[serde(default)]
    order: Option<String>,
    #[serde(default)]
    weight: Option<f64>,
    #[serde(default)]
    max_depth: Option<u32>,
    #[serde(default)]
    limits: LimitsBody,
    #[serde(default)]
    tree: bool,
    #[serde(default)]
    trace: bool,
    #[serde(default)]
    tree_cap: Option<usize>,
    #[serde(default)]
    stream: bool,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RunBody {
    algorithm: String,
    #[serde(default)]
    heuristic: Option<String>,
    #[serde(default)]
    weight: Option<f64>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct CompareBody {
    start: Value,
    #[serde(default)]
    goal: Option<Value>,
    #[serde(default)]
    size: Option<String>,
    #[serde(default)]
    order: Option<String>,
    #[serde(default)]
    limits: LimitsBody,
    runs: Vec<RunBody>,
}

/// Reads a JSON body, turning every failure into a 4xx with a specific message.
fn parse_json<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|rej| {
        let status = rej.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(status, format!("request body is larger than the {} KiB limit", BODY_LIMIT / 1024))
        } else {
            ApiError::new(status, format!("could not read the request body: {}", rej.body_text()))
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => ApiError::bad_request(format!("bad request: {e}")),
        _ => ApiError::bad_request(format!("malformed JSON: {e}")),
    })
}

/// A board from a string in any format or from nested arrays.
fn board_from(value: &Value, size: Option<(usize, usize)>, what: &str) -> Result<Board, ApiError> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Array(_) => value.to_string(),
        _ => return Err(ApiError::bad_request(format!("{what} must be a string or nested arrays of tiles"))),
    };
    parse_board_sized(&text, size).map_err(|e| ApiError::bad_request(format!("bad {what} board: {e}")))
}

/// The start and goal of a request, parsed and checked against the UI's sizes (not parity).
fn pair(start: &Value, goal: Option<&Value>, size: Option<&str>) -> Result<(Board, Board), ApiError> {
    let size = size.map(|s| parse_size(s).map_err(|e| ApiError::bad_request(e.to_string()))).transpose()?;
    if let Some((w, h)) = size {
        check_size(w, h)?;
    }
    let start = board_from(start, size, "start")?;
    let (w, h) = (start.width(), start.height());
    check_size(w, h)?;
    let bad_goal = |e: npuzzle::Error| ApiError::bad_request(format!("bad goal: {e}"));
    let goal = match goal {
        None | Some(Value::Null) => Goal::BlankLast.board(w, h).map_err(bad_goal)?,
        Some(Value::String(s)) => Goal::parse(s, Some((w, h))).and_then(|g| g.board(w, h)).map_err(bad_goal)?,
        Some(v) => Goal::Board(board_from(v, None, "goal")?).board(w, h).map_err(bad_goal)?,
    };
    Ok((start, goal))
}

fn check_size(w: usize, h: usize) -> Result<(), ApiError> {
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(ApiError::unprocessable(format!(
            "a {w}×{h} board is too large for the web UI: sides may be {MIN_SIDE} to {MAX_SIDE} (use the command line for larger boards)"
        )));
    }
    if w < MIN_SIDE || h < MIN_SIDE {
        return Err(ApiError::unprocessable(format!("a {w}×{h} board is too small: sides may be {MIN_SIDE} to {MAX_SIDE}")));
    }
    Ok(())
}

const UNSOLVABLE: &str = "unsolvable: start and goal have different parity (the parity of the tile permutation differs \
from the parity of the blank's distance between them), so no sequence of moves joins them";

fn ensure_solvable(start: &Board, goal: &Board) -> Result<(), ApiError> {
    if start.can_reach(goal) {
        Ok(())
    } else {
        Err(ApiError::unprocessable(UNSOLVABLE))
    }
}

fn algorithm(name: Option<&str>) -> Result<Algorithm, ApiError> {
    name.map_or(Ok(Algorithm::Astar), |s| s.parse().map_err(|e: npuzzle::Error| ApiError::bad_request(e.to_string())))
}

/// The web UI offers the heuristics that need no table: building pattern databases takes longer
/// than a request may run (the CLI's `pdb build` makes them).
fn heuristic(name: Option<&str>) -> Result<HeuristicKind, ApiError> {
    let kind: HeuristicKind =
        name.map_or(Ok(HeuristicKind::Manhattan), |s| s.parse().map_err(|e: npuzzle::Error| ApiError::bad_request(e.to_string())))?;
    if kind.is_table() {
        return Err(ApiError::bad_request(format!(
            "the web UI does not offer the {kind} heuristic: use {}",
            HeuristicKind::CLASSIC.map(|k| k.name()).join(", ")
        )));
    }
    Ok(kind)
}

fn order(s: Option<&str>) -> Result<MoveOrder, ApiError> {
    s.map_or(Ok(MoveOrder::default()), |s| MoveOrder::parse(s).map_err(|e| ApiError::bad_request(e.to_string())))
}

fn weight(w: Option<f64>) -> Result<f64, ApiError> {
    let w = w.unwrap_or(1.0);
    if w.is_finite() && w >= 1.0 {
        Ok(w)
    } else {
        Err(ApiError::bad_request(format!("weight {w} must be a number ≥ 1")))
    }
}

/// The request's limits, never above the server's caps.
fn limits(config: &Config, body: &LimitsBody, cancel: Arc<AtomicBool>) -> Limits {
    let nodes = body.nodes.map_or(config.node_cap, |n| n.min(config.node_cap));
    let time = body.time_ms.map_or(config.time_cap, |t| Duration::from_millis(t).min(config.time_cap));
    Limits { nodes: Some(nodes), time: Some(time), memory: Some(config.memory_cap), cancel: Some(cancel) }
}

/// Sets the cancel flag when dropped: when the handler's future or the response stream is
/// dropped because the client went away, the search stops at its next check.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn permit(state: &AppState) -> Result<OwnedSemaphorePermit, ApiError> {
    state.permits.clone().try_acquire_owned().map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "server busy: {} searches are already running, the most allowed at once; try again shortly",
                state.config.max_concurrent
            ),
        )
    })
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("internal error: {e}"))
}

/// `GET /api/health`.
pub async fn health(State(state): State<App>) -> Json<Value> {
    let max = state.config.max_concurrent.max(1);
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "running": max - state.permits.available_permits(),
        "max_concurrent": max,
    }))
}

/// `GET /api/options`: what the library offers and the server's limits.
pub async fn options(State(state): State<App>) -> Json<Value> {
    let c = &state.config;
    let algorithms: Vec<Value> =
        Algorithm::ALL.iter().map(|a| json!({"name": a.name(), "uses_heuristic": a.uses_heuristic(), "optimal": a.is_optimal()})).collect();
    Json(json!({
        "algorithms": algorithms,
        "heuristics": HeuristicKind::CLASSIC.map(|h| h.name()),
        "goals": ["blank-last", "blank-first", "snail"],
        "default_order": MoveOrder::default().to_string(),
        "limits": {
            "time_ms": c.time_cap.as_millis() as u64,
            "nodes": c.node_cap,
            "memory_bytes": c.memory_cap,
            "tree_nodes": c.tree_cap,
            "body_bytes": BODY_LIMIT,
            "max_concurrent": c.max_concurrent,
            "max_compare": c.max_compare,
            "min_side": MIN_SIDE,
            "max_side": MAX_SIDE,
        },
    }))
}

/// `POST /api/check`: parses a pair and says whether it is solvable, with the reason.
pub async fn check(body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let body: PairBody = parse_json(body)?;
    let (start, goal) = pair(&body.start, body.goal.as_ref(), body.size.as_deref())?;
    let solvable = start.can_reach(&goal);
    let h: serde_json::Map<String, Value> = HeuristicKind::CLASSIC
        .iter()
        .map(|&k| (k.name().to_string(), serde_json::to_value(Heuristic::new(k, &goal).estimate_board(&start)).unwrap_or(Value::Null)))
        .collect();
    Ok(Json(json!({
        "start": start,
        "goal": goal,
        "width": start.width(),
        "height": start.height(),
        "solvable": solvable,
        "reason": if solvable { Value::Null } else { Value::from(UNSOLVABLE) },
        "h": h,
    })))
}

/// `GET /api/generate?size=WxH&depth=D&seed=S&goal=G`.
pub async fn generate(q: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Json<Value>, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request(format!("bad query string: {}", e.body_text())))?;
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
        None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
        Some(s) => s.trim().parse().map_err(|_| ApiError::bad_request(format!("bad seed \"{s}\": give a whole number")))?,
    };
    let goal = Goal::parse(q.get("goal").map_or("blank-last", String::as_str), Some((w, h)))
        .and_then(|g| g.board(w, h))
        .map_err(|e| ApiError::bad_request(format!("bad goal: {e}")))?;
    let g = {
        let goal = goal.clone();
        tokio::task::spawn_blocking(move || crate::generate(&goal, depth, seed)).await.map_err(internal)?
    }
    .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(Json(json!({
        "board": g.board,
        "text": g.board.to_string(),
        "goal": goal,
        "width": w,
        "height": h,
        "depth": g.depth,
        "exact": g.exact,
        "seed": seed,
    })))
}

/// What a solve should record.
#[derive(Clone, Copy)]
struct Record {
    tree: bool,
    trace: bool,
    cap: usize,
}

/// Runs one search on this thread and builds its JSON answer.
fn run_solve(req: &Request, record: Record, shared: Option<Arc<Shared>>) -> Result<Value, ApiError> {
    if record.tree || record.trace {
        let cells = req.start.len();
        let (out, rec) = search(req, Recorder::new(cells, record.cap, record.trace), shared)?;
        let mut v = report(req, &out)?;
        if record.tree {
            v["tree"] = json!({
                "width": req.start.width(),
                "height": req.start.height(),
                "nodes": rec.nodes,
                "shown": rec.nodes.len(),
                "total": rec.total_nodes,
                "cap": record.cap,
                "truncated": rec.truncated,
            });
        }
        if record.trace {
            let steps: Vec<Value> = rec.steps.iter().map(step_json).collect();
            v["trace"] = json!({"steps": steps, "truncated": rec.truncated, "frontier_shown": FRONTIER_SHOWN});
        }
        Ok(v)
    } else {
        let (out, _) = search(req, NoObserver, shared)?;
        report(req, &out)
    }
}

fn search<O: Observer>(req: &Request, obs: O, shared: Option<Arc<Shared>>) -> Result<(Outcome, O), ApiError> {
    let r = match shared {
        Some(s) => solve_observed(req, Progress::new(obs, s)).map(|(o, p)| (o, p.inner)),
        None => solve_observed(req, obs),
    };
    r.map_err(|e| ApiError::bad_request(e.to_string()))
}

fn report(req: &Request, out: &Outcome) -> Result<Value, ApiError> {
    serde_json::to_value(Report::new(req, out)).map_err(internal)
}

fn step_json(s: &Step) -> Value {
    match s {
        Step::Frontier { ids } => {
            json!({"event": "frontier", "ids": &ids[..ids.len().min(FRONTIER_SHOWN)], "size": ids.len()})
        }
        other => serde_json::to_value(other).unwrap_or(Value::Null),
    }
}

/// `POST /api/solve`.
pub async fn solve(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let body: SolveBody = parse_json(body)?;
    let (start, goal) = pair(&body.start, body.goal.as_ref(), body.size.as_deref())?;
    ensure_solvable(&start, &goal)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut req = Request::new(start, goal)
        .algorithm(algorithm(body.algorithm.as_deref())?)
        .heuristic(heuristic(body.heuristic.as_deref())?)
        .order(order(body.order.as_deref())?)
        .limits(limits(&state.config, &body.limits, cancel.clone()));
    req.weight = weight(body.weight)?;
    req.max_depth = body.max_depth;
    let cap = body.tree_cap.map_or(state.config.tree_cap, |c| c.min(state.config.tree_cap));
    let record = Record { tree: body.tree, trace: body.trace, cap };
    let permit = permit(&state)?;
    let guard = CancelOnDrop(cancel);
    let shared = body.stream.then(|| Arc::new(Shared::default()));
    let job_shared = shared.clone();
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        run_solve(&req, record, job_shared)
    });
    match shared {
        None => {
            let v = job.await.map_err(internal)??;
            drop(guard);
            Ok(Json(v).into_response())
        }
        Some(shared) => Ok(stream(job, shared, guard)),
    }
}

struct StreamState {
    job: Option<JoinHandle<Result<Value, ApiError>>>,
    shared: Arc<Shared>,
    started: Instant,
    _guard: CancelOnDrop,
}

/// Newline-delimited JSON: `{"type":"progress",…}` lines every 200 ms while the search runs, then
/// one `{"type":"result",…}` (the solve object) or `{"type":"error","error":…}` line.
fn stream(job: JoinHandle<Result<Value, ApiError>>, shared: Arc<Shared>, guard: CancelOnDrop) -> Response {
    let st = StreamState { job: Some(job), shared, started: Instant::now(), _guard: guard };
    let lines = futures_util::stream::unfold(st, |mut st| async move {
        let job = st.job.as_mut()?;
        let done = tokio::select! {
            r = job => Some(r),
            _ = tokio::time::sleep(Duration::from_millis(200)) => None,
        };
        let mut line = match done {
            None => {
                let mut v = serde_json::to_value(st.shared.snapshot()).unwrap_or(Value::Null);
                v["type"] = json!("progress");
                v["time_ms"] = json!(st.started.elapsed().as_millis() as u64);
                v
            }
            Some(r) => {
                st.job = None;
                match r.map_err(internal).and_then(|r| r) {
                    Ok(mut v) => {
                        v["type"] = json!("result");
                        v
                    }
                    Err(e) => json!({"type": "error", "error": e.message()}),
                }
            }
        };
        let mut text = std::mem::take(&mut line).to_string();
        text.push('\n');
        Some((Ok::<_, Infallible>(text), st))
    });
    ([(header::CONTENT_TYPE, "application/x-ndjson")], Body::from_stream(lines)).into_response()
}

/// `POST /api/compare`.
pub async fn compare(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let body: CompareBody = parse_json(body)?;
    let (start, goal) = pair(&body.start, body.goal.as_ref(), body.size.as_deref())?;
    if body.runs.is_empty() {
        return Err(ApiError::bad_request("runs is empty: give at least one {\"algorithm\", \"heuristic\"} pair"));
    }
    if body.runs.len() > state.config.max_compare {
        return Err(ApiError::unprocessable(format!(
            "{} runs asked for; one compare request runs at most {}",
            body.runs.len(),
            state.config.max_compare
        )));
    }
    ensure_solvable(&start, &goal)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let order = order(body.order.as_deref())?;
    let mut reqs = Vec::with_capacity(body.runs.len());
    for run in &body.runs {
        let mut req = Request::new(start.clone(), goal.clone())
            .algorithm(algorithm(Some(&run.algorithm))?)
            .heuristic(heuristic(run.heuristic.as_deref())?)
            .order(order)
            .limits(limits(&state.config, &body.limits, cancel.clone()));
        req.weight = weight(run.weight)?;
        reqs.push(req);
    }
    let permit = permit(&state)?;
    let guard = CancelOnDrop(cancel);
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        reqs.iter().map(|r| run_solve(r, Record { tree: false, trace: false, cap: 0 }, None)).collect::<Result<Vec<Value>, ApiError>>()
    });
    let results = job.await.map_err(internal)??;
    drop(guard);
    Ok(Json(json!({ "start": start, "goal": goal, "results": results })))
}
