//! The JSON API handlers: request bodies, validation, and searches run on blocking threads
//! under the server's limits.

use crate::progress::{Progress, Shared};
use crate::{ApiError, AppState, BODY_LIMIT, CLASSIC_MAX_CELLS, MAX_SIDE, MIN_SIDE};
use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use npuzzle::board::{Board, MoveOrder};
use npuzzle::goal::Goal;
use npuzzle::heuristic::Heuristic;
use npuzzle::parse::{parse_size, BoardInput};
use npuzzle::record::Recorder;
use npuzzle::render::tree::Tree;
use npuzzle::search::observer::{NoObserver, Observer};
use npuzzle::search::Algorithm;
use npuzzle::solve::{solve_observed, Outcome, Report, Request};
use npuzzle::spec::{Plan, Spec};
use npuzzle::HeuristicKind;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::OwnedSemaphorePermit;
use tokio::task::JoinHandle;

type App = Arc<AppState>;

/// Frontier snapshots in a trace keep at most this many entries (the panel shows the head of
/// the open list); `size` still gives the whole length.
const FRONTIER_SHOWN: usize = 100;
/// Deepest scramble `GET /api/generate` makes.
const MAX_GENERATE_DEPTH: u32 = 1000;

/// The fields of `POST /api/solve` beyond the request specification.
#[derive(Deserialize, Debug)]
struct SolveExtras {
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

/// The fields of `POST /api/check` beyond the specification (which gives `goal` and `size`).
#[derive(Deserialize, Debug)]
struct CheckExtras {
    start: BoardInput,
}

/// One run of `POST /api/compare`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RunBody {
    algorithm: Algorithm,
    #[serde(default)]
    heuristic: Option<HeuristicKind>,
    #[serde(default)]
    weight: Option<f64>,
}

/// The fields of `POST /api/compare` beyond the specification.
#[derive(Deserialize, Debug)]
struct CompareExtras {
    start: BoardInput,
    runs: Vec<RunBody>,
}

/// Reads a JSON object body: the keys in `extra` (a handler's own fields) into `T`, and every
/// other key into the library's request specification, which names any unknown field.
fn parse_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>, extra: &[&str]) -> Result<(T, Spec), ApiError> {
    let bytes = body.map_err(|rej| {
        let status = rej.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(status, format!("request body is larger than the {} KiB limit", BODY_LIMIT / 1024))
        } else {
            ApiError::new(status, format!("could not read the request body: {}", rej.body_text()))
        }
    })?;
    let value: Value = serde_json::from_slice(&bytes).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    let Value::Object(mut all) = value else { return Err(ApiError::bad_request("the request body must be a JSON object")) };
    let mut own = Map::new();
    for k in extra {
        if let Some(v) = all.remove(*k) {
            own.insert(k.to_string(), v);
        }
    }
    let data = |e: serde_json::Error| ApiError::bad_request(format!("bad request: {e}"));
    let spec: Spec = serde_json::from_value(Value::Object(all)).map_err(|e| {
        let text = e.to_string();
        match text.strip_prefix("unknown field ") {
            Some(rest) => ApiError::bad_request(format!(
                "bad request: unknown field {} (this endpoint takes {}, goal, size, algorithm, heuristic, order, weight, max_depth, limits)",
                rest.split(',').next().unwrap_or(rest),
                extra.join(", ")
            )),
            None => data(e),
        }
    })?;
    let t: T = serde_json::from_value(Value::Object(own)).map_err(data)?;
    Ok((t, spec))
}

/// The plan of a spec, with the server's caps on its limits and `cancel` as its cancel flag.
fn plan(state: &AppState, spec: &Spec, cancel: Option<Arc<AtomicBool>>) -> Result<Plan, ApiError> {
    let mut plan = spec.plan().map_err(|e| ApiError::bad_request(e.to_string()))?;
    if let Some((w, h)) = plan.size {
        check_size(w, h)?;
    }
    plan.cap(&state.config.caps());
    if let Some(c) = cancel {
        plan.cancel_with(c);
    }
    Ok(plan)
}

/// The start board and its request, checked against the UI's sizes (not parity).
fn request(plan: &Plan, start: &BoardInput) -> Result<Request, ApiError> {
    let board = plan.board(start).map_err(|e| ApiError::bad_request(format!("bad start board: {e}")))?;
    check_size(board.width(), board.height())?;
    let req = plan.request(board).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if req.start.len() > CLASSIC_MAX_CELLS && req.algorithm != Algorithm::Reduce {
        return Err(ApiError::unprocessable(format!(
            "the web UI solves boards over {CLASSIC_MAX_CELLS} cells with reduce only, not {} (the command line takes any algorithm at any size)",
            req.algorithm
        )));
    }
    Ok(req)
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

/// The heuristics the server offers: every one but pattern databases.
const WEB_HEURISTICS: [HeuristicKind; 6] = [
    HeuristicKind::Zero,
    HeuristicKind::Misplaced,
    HeuristicKind::Manhattan,
    HeuristicKind::Euclidean,
    HeuristicKind::LinearConflict,
    HeuristicKind::Exact,
];

/// Prepares the tables the request's heuristic reads. Exact tables (boards of up to 10 cells)
/// are built in memory in a fraction of a second; pattern databases take longer to build than a
/// request may run, so the server does not offer them.
fn prepare(state: &AppState, req: &mut Request) -> Result<(), ApiError> {
    match req.effective_heuristic() {
        HeuristicKind::Pdb => Err(ApiError::bad_request(format!(
            "the web UI does not offer the pdb heuristic: use {}",
            WEB_HEURISTICS.map(|k| k.name()).join(", ")
        ))),
        _ => {
            req.tables = state.tables.prepare_request(req, &|_| {}, None).map_err(|e| ApiError::bad_request(e.to_string()))?;
            Ok(())
        }
    }
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
    let algorithms: Vec<Value> = Algorithm::ALL.iter().map(|a| serde_json::to_value(a.info()).unwrap_or(Value::Null)).collect();
    Json(json!({
        "algorithms": algorithms,
        "heuristics": WEB_HEURISTICS.map(|h| h.name()),
        "heuristic_info": WEB_HEURISTICS.map(|h| json!({"name": h.name(), "summary": h.summary(), "max_cells": h.max_cells()})),
        "legend": npuzzle::render::palette::legend(),
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
            "classic_max_cells": CLASSIC_MAX_CELLS,
        },
    }))
}

/// `POST /api/check`: parses a pair and says whether it is solvable, with the reason.
pub async fn check(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let (extras, spec): (CheckExtras, Spec) = parse_body(body, &["start"])?;
    let req = request(&plan(&state, &spec, None)?, &extras.start)?;
    let (start, goal) = (req.start, req.goal);
    let solvable = start.can_reach(&goal);
    let h: Map<String, Value> = HeuristicKind::CLASSIC
        .iter()
        .filter_map(|&k| {
            Some((k.name().to_string(), serde_json::to_value(Heuristic::formula(k, &goal).ok()?.estimate_board(&start)).ok()?))
        })
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
    let goal = Goal::resolve(q.get("goal").map_or("blank-last", String::as_str), w, h).map_err(|e| ApiError::bad_request(e.to_string()))?;
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

/// `GET /api/goal?size=WxH&goal=G`: the goal board a preset (or a board) names at a size, so
/// the page never computes presets itself.
pub async fn goal(q: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Json<Value>, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request(format!("bad query string: {}", e.body_text())))?;
    if let Some(k) = q.keys().find(|k| !["size", "goal"].contains(&k.as_str())) {
        return Err(ApiError::bad_request(format!("unknown parameter \"{k}\": use size, goal")));
    }
    let (w, h) = parse_size(q.get("size").map_or("3x3", String::as_str)).map_err(|e| ApiError::bad_request(e.to_string()))?;
    check_size(w, h)?;
    let spec = Spec { goal: q.get("goal").map(|g| BoardInput::Text(g.clone())), size: Some(format!("{w}x{h}")), ..Spec::default() };
    let plan = spec.plan().map_err(|e| ApiError::bad_request(e.to_string()))?;
    let goal = plan.goal_board(w, h).map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(Json(json!({"goal": goal, "text": goal.to_string(), "name": plan.goal.name(), "width": w, "height": h})))
}

/// What a solve should record.
#[derive(Clone, Copy)]
struct Record {
    tree: bool,
    trace: bool,
    cap: usize,
}

/// Runs one search on this thread and builds its JSON answer: the report, with the search tree
/// (the same document as `npuzzle solve --tree json`) and the recorded events (the same events
/// as `--trace --format json`) when asked for.
fn run_solve(req: &Request, record: Record, shared: Option<Arc<Shared>>) -> Result<Value, ApiError> {
    if record.tree || record.trace {
        let cells = req.start.len();
        let rec = Recorder::new(cells, record.cap, record.trace).with_frontier_cap(FRONTIER_SHOWN);
        let (out, rec) = search(req, rec, shared)?;
        let mut v = report(req, &out)?;
        if record.tree {
            let tree = Tree::new(&rec, req.start.width(), req.start.height(), record.cap);
            v["tree"] = serde_json::to_value(&tree).map_err(internal)?;
        }
        if record.trace {
            v["trace"] = json!({"events": rec.events, "truncated": rec.truncated, "frontier_shown": FRONTIER_SHOWN});
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

/// `POST /api/solve`.
pub async fn solve(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let (body, spec): (SolveExtras, Spec) = parse_body(body, &["start", "tree", "trace", "tree_cap", "stream"])?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut req = request(&plan(&state, &spec, Some(cancel.clone()))?, &body.start)?;
    ensure_solvable(&req.start, &req.goal)?;
    if req.effective_heuristic() == HeuristicKind::Pdb {
        prepare(&state, &mut req)?;
    }
    if (body.tree || body.trace) && req.algorithm == Algorithm::Reduce {
        return Err(ApiError::unprocessable("reduce walks one path and records no search tree or trace: ask without tree and trace"));
    }
    let cap = body.tree_cap.map_or(state.config.tree_cap, |c| c.min(state.config.tree_cap));
    let record = Record { tree: body.tree, trace: body.trace, cap };
    let permit = permit(&state)?;
    let guard = CancelOnDrop(cancel);
    let shared = body.stream.then(|| Arc::new(Shared::default()));
    let job_shared = shared.clone();
    let job_state = state.clone();
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        prepare(&job_state, &mut req)?;
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
    let (body, spec): (CompareExtras, Spec) = parse_body(body, &["start", "runs"])?;
    let cancel = Arc::new(AtomicBool::new(false));
    let base = request(&plan(&state, &spec, Some(cancel.clone()))?, &body.start)?;
    let (start, goal) = (base.start.clone(), base.goal.clone());
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
    let mut reqs = Vec::with_capacity(body.runs.len());
    for run in &body.runs {
        // Each run is the shared spec with its own algorithm, heuristic and weight, validated the
        // same way.
        let run_spec = Spec { algorithm: Some(run.algorithm), heuristic: run.heuristic, weight: run.weight, ..spec.clone() };
        let mut req = request(&plan(&state, &run_spec, Some(cancel.clone()))?, &body.start)?;
        if req.effective_heuristic() == HeuristicKind::Pdb {
            prepare(&state, &mut req)?;
        }
        reqs.push(req);
    }
    let permit = permit(&state)?;
    let guard = CancelOnDrop(cancel);
    let job_state = state.clone();
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        reqs.iter_mut()
            .map(|r| {
                prepare(&job_state, r)?;
                run_solve(r, Record { tree: false, trace: false, cap: 0 }, None)
            })
            .collect::<Result<Vec<Value>, ApiError>>()
    });
    let results = job.await.map_err(internal)??;
    drop(guard);
    Ok(Json(json!({ "start": start, "goal": goal, "results": results })))
}
