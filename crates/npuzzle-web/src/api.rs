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
use npuzzle::search::LimitKind;
use npuzzle::solve::Status;
use npuzzle::solve::{solve_observed, Outcome, Report, Request};
use npuzzle::spec::{Plan, Spec};
use npuzzle::tables::TableEvent;
use npuzzle::HeuristicKind;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
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
    #[serde(default)]
    max_depth: Option<u32>,
}

/// The fields of `POST /api/compare` beyond the specification.
#[derive(Deserialize, Debug)]
struct CompareExtras {
    start: BoardInput,
    runs: Vec<RunBody>,
    #[serde(default)]
    stream: bool,
}

/// Runs faster than this are timed again, up to [`TIMING_SAMPLES`] times in all within
/// [`TIMING_BUDGET`], and the median is reported: one sub-millisecond sample is mostly noise.
const TIMING_REPEAT_BELOW: Duration = Duration::from_millis(200);
/// Most timing samples of one compare run.
const TIMING_SAMPLES: usize = 7;
/// Most wall time spent on repeated timings of one compare run.
const TIMING_BUDGET: Duration = Duration::from_millis(600);

/// Reads a JSON object body: the keys in `extra` (a handler's own fields) into `T`, and every
/// other key into the library's request specification, which names any unknown field.
fn parse_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>, extra: &[&str]) -> Result<(T, Spec), ApiError> {
    let bytes = body.map_err(body_error)?;
    parse_json(&bytes, extra)
}

/// The answer to a body that could not be read.
fn body_error(rej: BytesRejection) -> ApiError {
    let status = rej.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(status, format!("request body is larger than the {} KiB limit", BODY_LIMIT / 1024))
    } else {
        ApiError::new(status, format!("could not read the request body: {}", rej.body_text()))
    }
}

/// [`parse_body`] on bytes already read.
fn parse_json<T: DeserializeOwned>(bytes: &[u8], extra: &[&str]) -> Result<(T, Spec), ApiError> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
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
    plan_capped(&state.config.caps(), spec, cancel)
}

fn plan_capped(caps: &npuzzle::spec::Caps, spec: &Spec, cancel: Option<Arc<AtomicBool>>) -> Result<Plan, ApiError> {
    let mut plan = spec.plan().map_err(|e| ApiError::bad_request(e.to_string()))?;
    if let Some((w, h)) = plan.size {
        check_size(w, h)?;
    }
    plan.cap(caps);
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

/// The heuristics the server offers: all of them. The table heuristics (exact tables on boards
/// of up to 10 cells, pattern databases on larger ones) are prepared before the search, outside
/// its time limit, with their progress streamed.
const WEB_HEURISTICS: [HeuristicKind; 7] = [
    HeuristicKind::Zero,
    HeuristicKind::Misplaced,
    HeuristicKind::Manhattan,
    HeuristicKind::Euclidean,
    HeuristicKind::LinearConflict,
    HeuristicKind::Exact,
    HeuristicKind::Pdb,
];

/// Prepares the tables the request reads (for `reduce`, its final block's exact table): exact
/// tables are built in memory in a fraction of a second; pattern databases are loaded from the server's cache directory or built
/// (and saved there), reporting each table's progress to `shared`. A set cancel flag stops a
/// build. The search's time limit starts after this.
fn prepare(state: &AppState, req: &mut Request, shared: Option<&Shared>) -> Result<(), ApiError> {
    let kind = req.effective_heuristic();
    if let (Some(sh), HeuristicKind::Pdb) = (shared, kind) {
        if let Ok(set) = state.tables.choose_set(&req.goal) {
            sh.tables_begin(set.patterns.len() as u64);
        }
    }
    let on = |e: &TableEvent| {
        if let Some(sh) = shared {
            match e {
                TableEvent::BuildStart { entries, .. } => sh.table_start(*entries),
                TableEvent::BuildLevel { filled, entries, .. } => sh.table_fill(*filled, *entries),
                TableEvent::Loaded { .. } | TableEvent::Built { .. } => sh.table_done(),
                _ => {}
            }
        }
    };
    let cancel = req.limits.cancel.clone();
    let r = state.tables.prepare_request(req, &on, cancel.as_deref());
    if let Some(sh) = shared {
        sh.tables_end();
    }
    req.tables = r.map_err(|e| match e {
        npuzzle::Error::Cancelled => ApiError::new(StatusCode::BAD_REQUEST, "stopped: the table build was cancelled"),
        e => ApiError::bad_request(e.to_string()),
    })?;
    Ok(())
}

/// A hint when a search hit its time or node limit: a solver of the library that would finish.
fn limit_hint(req: &Request, out: &Outcome) -> Option<String> {
    if out.status != Status::Limit || !matches!(out.limit, Some(LimitKind::Time | LimitKind::Nodes | LimitKind::Memory)) {
        return None;
    }
    let cells = req.start.len();
    let exact_cells = HeuristicKind::Exact.max_cells().unwrap_or(0);
    let (h, what) =
        if cells <= exact_cells { (HeuristicKind::Exact, "the exact distance table") } else { (HeuristicKind::Pdb, "pattern databases") };
    if req.algorithm == Algorithm::Idastar && req.effective_heuristic() == h {
        return None;
    }
    Some(format!(
        "IDA* with {what} (the \u{201c}optimal (tables)\u{201d} choice: algorithm idastar, heuristic {}) solves this board optimally, usually in milliseconds once its tables are ready",
        h.name()
    ))
}

/// Sets the cancel flag when dropped: when the handler's future or the response stream is
/// dropped because the client went away, the search stops at its next check.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

pub(crate) fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("internal error: {e}"))
}

/// `GET /api/health`.
pub async fn health(State(state): State<App>) -> Json<Value> {
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "running": state.lanes.running(),
        "waiting": state.lanes.waiting(),
        "max_concurrent": state.lanes.slots(),
    }))
}

/// `GET /api/options`: what the library offers and the server's limits.
pub async fn options(State(state): State<App>) -> Json<Value> {
    let c = &state.config;
    let algorithms: Vec<Value> = Algorithm::ALL.iter().map(|a| serde_json::to_value(a.info()).unwrap_or(Value::Null)).collect();
    // The library's own choice for the smallest and the largest boards it solves optimally.
    let (small, large) = (npuzzle::solve::default_choice(3, 3), npuzzle::solve::default_choice(5, 5));
    Json(json!({
        "algorithms": algorithms,
        "heuristics": WEB_HEURISTICS.map(|h| h.name()),
        "optimal_choice": {
            "small": {"algorithm": small.0, "heuristic": small.1, "max_cells": small.1.max_cells()},
            "large": {"algorithm": large.0, "heuristic": large.1},
        },
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

/// `POST /api/check`: parses a pair and gives a verdict: `valid` (with the parsed boards,
/// whether the pair is solvable and why not, and the estimates of the formula heuristics) or not
/// (with the reason and the `field` at fault). Bad boards are a verdict, answered with 200 so a
/// page can validate as the user types; only a body that is not a JSON object is a 400.
pub async fn check(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let verdict = |e: ApiError| {
        let m = e.message();
        let field = if m.contains("goal") && !m.starts_with("bad start") { "goal" } else { "start" };
        Ok(Json(json!({"valid": false, "field": field, "error": m})))
    };
    let (extras, spec): (CheckExtras, Spec) = match parse_body(body, &["start"]) {
        Ok(v) => v,
        Err(e) if e.message().starts_with("bad request: ") && !e.message().contains("unknown field") => return verdict(e),
        Err(e) => return Err(e),
    };
    let req = match plan(&state, &spec, None).and_then(|p| request(&p, &extras.start)) {
        Ok(r) => r,
        Err(e) => return verdict(e),
    };
    let (start, goal) = (req.start, req.goal);
    let solvable = start.can_reach(&goal);
    let h: Map<String, Value> = HeuristicKind::CLASSIC
        .iter()
        .filter_map(|&k| {
            Some((k.name().to_string(), serde_json::to_value(Heuristic::formula(k, &goal).ok()?.estimate_board(&start)).ok()?))
        })
        .collect();
    Ok(Json(json!({
        "valid": true,
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
pub async fn generate(
    State(state): State<App>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
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
    let slot = tokio::time::timeout(crate::lanes::QUEUE_WAIT, state.generate_slots.clone().acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| crate::lanes::busy("server busy: every slot for generating boards stayed taken for 2 s".into()))?;
    let g = {
        let goal = goal.clone();
        let state = state.clone();
        tokio::task::spawn_blocking(move || {
            let _slot = slot;
            crate::generate(&state.tables, &goal, depth, seed)
        })
        .await
        .map_err(internal)?
    }
    .map_err(|e| match e {
        crate::GenerateError::TooDeep { .. } => ApiError::unprocessable(e.to_string()),
        crate::GenerateError::Table(_) => internal(e),
    })?;
    Ok(Json(json!({
        "board": g.board,
        "text": g.board.to_string(),
        "goal": goal,
        "width": w,
        "height": h,
        "depth": g.depth,
        "exact": g.exact,
        // A string: seeds are 64-bit, more than a JavaScript number holds exactly.
        "seed": seed.to_string(),
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
/// as `--trace --format json`) when asked for. On boards of up to 10 cells every recorded node
/// carries its true distance `h_star` from the exact table. A run stopped by its time or node
/// limit carries a `hint` naming a solver that would finish.
fn run_solve(state: &AppState, req: &Request, record: Record, shared: Option<Arc<Shared>>) -> Result<Value, ApiError> {
    if record.tree || record.trace {
        let cells = req.start.len();
        // Frontier entries without labels: the page takes them from the generated events, and a
        // deep search's labels would make every snapshot megabytes.
        let rec = Recorder::new(cells, record.cap, record.trace).with_frontier_cap(FRONTIER_SHOWN).with_entry_labels(false);
        let (out, mut rec) = search(req, rec, shared)?;
        if HeuristicKind::Exact.check_size(req.goal.width(), req.goal.height()).is_ok() {
            if let Ok(exact) = state.tables.exact(&req.goal, &|_| {}) {
                rec.set_true_distances(|tiles| exact.distance_tiles(|i| tiles[i]).map(u32::from));
            }
        }
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

/// Whether the library's fast engine runs this request: IDA* over prepared tables, with no
/// observer (an observer, even a counting one, takes the general path).
fn fast_path(req: &Request) -> bool {
    req.algorithm == Algorithm::Idastar && req.effective_heuristic().is_table()
}

fn search<O: Observer>(req: &Request, obs: O, shared: Option<Arc<Shared>>) -> Result<(Outcome, O), ApiError> {
    let r = match shared {
        Some(s) if !fast_path(req) || O::ENABLED => solve_observed(req, Progress::new(obs, s)).map(|(o, p)| (o, p.inner)),
        _ => solve_observed(req, obs),
    };
    r.map_err(|e| ApiError::bad_request(e.to_string()))
}

fn report(req: &Request, out: &Outcome) -> Result<Value, ApiError> {
    let mut v = serde_json::to_value(Report::new(req, out)).map_err(internal)?;
    if let Some(hint) = limit_hint(req, out) {
        v["hint"] = json!(hint);
    }
    Ok(v)
}

const SOLVE_FIELDS: &[&str] = &["start", "tree", "trace", "tree_cap", "stream"];

/// A solve request's body read and checked as `POST /api/solve` does before it searches.
fn solve_request(caps: &npuzzle::spec::Caps, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<(SolveExtras, Request), ApiError> {
    let (body, spec): (SolveExtras, Spec) = parse_json(bytes, SOLVE_FIELDS)?;
    let req = request(&plan_capped(caps, &spec, cancel)?, &body.start)?;
    ensure_solvable(&req.start, &req.goal)?;
    req.effective_heuristic().check_size(req.goal.width(), req.goal.height()).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if (body.tree || body.trace) && req.algorithm == Algorithm::Reduce {
        return Err(ApiError::unprocessable("reduce walks one path and records no search tree or trace: ask without tree and trace"));
    }
    if body.tree && req.algorithm.info().local {
        return Err(ApiError::unprocessable(format!(
            "{} is a local search and keeps no search tree: ask for the trace instead",
            req.algorithm
        )));
    }
    Ok((body, req))
}

/// What `POST /api/solve` makes of `body` under `config`'s caps, short of searching: `Ok` with
/// the start board's cell count when the server would search, else the status and message it
/// answers with. The fuzz target `web_body` drives the server's own reading of a body here.
pub fn check_solve_body(config: &crate::Config, body: &[u8]) -> Result<usize, (u16, String)> {
    solve_request(&config.caps(), body, None).map(|(_, req)| req.start.len()).map_err(|e| (e.status.as_u16(), e.message().to_string()))
}

/// `POST /api/solve`.
pub async fn solve(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let (body, mut req) = solve_request(&state.config.caps(), &bytes, Some(cancel.clone()))?;
    let cap = body.tree_cap.map_or(state.config.tree_cap, |c| c.min(state.config.tree_cap));
    let record = Record { tree: body.tree, trace: body.trace, cap };
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let shared = Arc::new(Shared::default());
    let job_shared = shared.clone();
    let job_state = state.clone();
    let stream_it = body.stream;
    let job = tokio::task::spawn_blocking(move || {
        prepare(&job_state, &mut req, Some(&job_shared))?;
        run_solve(&job_state, &req, record, stream_it.then_some(job_shared))
    });
    let job = state.lanes.supervise(lease, job, cancel);
    if stream_it {
        Ok(stream(job, shared, guard))
    } else {
        let v = job.await.map_err(internal)??;
        drop(guard);
        Ok(Json(v).into_response())
    }
}

struct StreamState {
    job: Option<JoinHandle<Result<Value, ApiError>>>,
    shared: Arc<Shared>,
    started: Instant,
    _guard: CancelOnDrop,
}

/// A progress line: the shared counters, the time so far, and the table build while one runs.
fn progress_line(shared: &Shared, started: Instant) -> Value {
    let mut v = serde_json::to_value(shared.snapshot()).unwrap_or(Value::Null);
    v["type"] = json!("progress");
    v["time_ms"] = json!(started.elapsed().as_millis() as u64);
    v
}

fn ndjson(mut v: Value) -> String {
    let mut text = std::mem::take(&mut v).to_string();
    text.push('\n');
    text
}

/// Newline-delimited JSON: `{"type":"progress",…}` lines every 200 ms while the tables are
/// prepared and the search runs, then one `{"type":"result",…}` (the solve object) or
/// `{"type":"error","error":…}` line.
fn stream(job: JoinHandle<Result<Value, ApiError>>, shared: Arc<Shared>, guard: CancelOnDrop) -> Response {
    let st = StreamState { job: Some(job), shared, started: Instant::now(), _guard: guard };
    let lines = futures_util::stream::unfold(st, |mut st| async move {
        let job = st.job.as_mut()?;
        let done = tokio::select! {
            r = job => Some(r),
            _ = tokio::time::sleep(Duration::from_millis(200)) => None,
        };
        let line = match done {
            None => progress_line(&st.shared, st.started),
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
        Some((Ok::<_, Infallible>(ndjson(line)), st))
    });
    ([(header::CONTENT_TYPE, "application/x-ndjson")], Body::from_stream(lines)).into_response()
}

/// One compare run: the search (with live counts when `shared` is given), then, when it was
/// quick, more timed runs with no observer; `stats.time_ms` becomes their median and `timing`
/// says how many samples it took.
fn compare_run(state: &AppState, req: &mut Request, shared: Option<Arc<Shared>>) -> Result<Value, ApiError> {
    prepare(state, req, shared.as_deref())?;
    let mut v = run_solve(state, req, Record { tree: false, trace: false, cap: 0 }, shared)?;
    let first = v["stats"]["time_ms"].as_f64().unwrap_or(0.0);
    let mut samples = vec![first];
    let cancelled = || req.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    if v["status"] == json!("solved") && first < TIMING_REPEAT_BELOW.as_secs_f64() * 1e3 {
        let began = Instant::now();
        // The first run had an observer counting for the progress line; repeat without one.
        samples.clear();
        while samples.len() < TIMING_SAMPLES && (samples.is_empty() || began.elapsed() < TIMING_BUDGET) && !cancelled() {
            let (out, _) = search(req, NoObserver, None)?;
            if out.status != Status::Solved {
                break;
            }
            samples.push(out.stats.time.as_secs_f64() * 1e3);
        }
        if samples.is_empty() {
            samples.push(first);
        }
    }
    let mut sorted = samples.clone();
    sorted.sort_by(f64::total_cmp);
    let median =
        if sorted.len() % 2 == 1 { sorted[sorted.len() / 2] } else { (sorted[sorted.len() / 2 - 1] + sorted[sorted.len() / 2]) / 2.0 };
    v["stats"]["time_ms"] = json!(median);
    v["timing"] = json!({
        "samples": sorted.len(),
        "median_ms": median,
        "min_ms": sorted[0],
        "max_ms": sorted[sorted.len() - 1],
    });
    if let Some(p) = v.get_mut("path") {
        *p = Value::Array(Vec::new());
    }
    Ok(v)
}

/// `POST /api/compare`: every pair on one board, one after another as ONE search (one place in
/// the lanes, one time cap for all the runs together). With `"stream": true` the answer is
/// newline-delimited JSON: `progress` lines (which run, its live counts), a `row` line as each
/// run finishes, then `done`; a client that goes away cancels the rest.
pub async fn compare(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let (body, spec): (CompareExtras, Spec) = parse_body(body, &["start", "runs", "stream"])?;
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
        // Each run is the shared spec with its own algorithm, heuristic, weight and depth bound,
        // validated the same way.
        let run_spec = Spec {
            algorithm: Some(run.algorithm),
            heuristic: run.heuristic,
            weight: run.weight,
            max_depth: run.max_depth.or(spec.max_depth),
            ..spec.clone()
        };
        let req = request(&plan(&state, &run_spec, Some(cancel.clone()))?, &body.start)?;
        req.effective_heuristic().check_size(req.goal.width(), req.goal.height()).map_err(|e| ApiError::bad_request(e.to_string()))?;
        reqs.push(req);
    }
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let job_state = state.clone();
    // The runs share one time cap, counted from the first.
    let deadline = Instant::now() + state.config.time_cap;
    if !body.stream {
        let job = tokio::task::spawn_blocking(move || {
            reqs.iter_mut()
                .map(|r| {
                    within(r, deadline);
                    compare_run(&job_state, r, None)
                })
                .collect::<Result<Vec<Value>, ApiError>>()
        });
        let results = state.lanes.supervise(lease, job, cancel).await.map_err(internal)??;
        drop(guard);
        return Ok(Json(json!({ "start": start, "goal": goal, "results": results })).into_response());
    }
    let (tx, rx) = unbounded_channel::<Value>();
    let shared = Arc::new(Shared::default());
    let job_shared = shared.clone();
    let total = reqs.len();
    let _ = tx.send(json!({"type": "start", "runs": total, "start": start, "goal": goal}));
    let job = tokio::task::spawn_blocking(move || {
        compare_job(&job_state, &mut reqs, deadline, &job_shared, &tx);
        Ok(())
    });
    let job = state.lanes.supervise(lease, job, cancel);
    Ok(compare_stream(job, rx, shared, guard))
}

/// Runs the compare's requests in order on this thread, sending a `row` (or `error`) line as
/// each finishes and `done` at the end.
fn compare_job(state: &AppState, reqs: &mut [Request], deadline: Instant, shared: &Arc<Shared>, tx: &UnboundedSender<Value>) {
    for (i, r) in reqs.iter_mut().enumerate() {
        shared.reset(i as u64);
        within(r, deadline);
        match compare_run(state, r, Some(shared.clone())) {
            Ok(v) => {
                let _ = tx.send(json!({"type": "row", "index": i, "result": v}));
            }
            Err(e) => {
                let _ = tx.send(json!({"type": "error", "index": i, "error": e.message()}));
                return;
            }
        }
        if r.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return;
        }
    }
    let _ = tx.send(json!({"type": "done"}));
}

/// Lowers a compare run's time limit to what is left before the compare's `deadline` (at least
/// a millisecond, so the run still reports how far it got).
fn within(req: &mut Request, deadline: Instant) {
    let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
    req.limits.time = Some(req.limits.time.map_or(left, |t| t.min(left)));
}

struct CompareStream {
    job: JoinHandle<Result<(), ApiError>>,
    rx: UnboundedReceiver<Value>,
    shared: Arc<Shared>,
    started: Instant,
    over: bool,
    _guard: CancelOnDrop,
}

fn compare_stream(
    job: JoinHandle<Result<(), ApiError>>,
    rx: UnboundedReceiver<Value>,
    shared: Arc<Shared>,
    guard: CancelOnDrop,
) -> Response {
    let st = CompareStream { job, rx, shared, started: Instant::now(), over: false, _guard: guard };
    let lines = futures_util::stream::unfold(st, |mut st| async move {
        if st.over {
            return None;
        }
        let line = tokio::select! {
            m = st.rx.recv() => match m {
                Some(v) => {
                    if v["type"] == json!("done") || v["type"] == json!("error") {
                        st.over = true;
                    }
                    v
                }
                None => {
                    st.over = true;
                    match (&mut st.job).await {
                        Ok(Ok(())) => json!({"type": "error", "error": "the compare ended early"}),
                        Ok(Err(e)) => json!({"type": "error", "error": e.message()}),
                        Err(e) => json!({"type": "error", "error": format!("internal error: {e}")}),
                    }
                }
            },
            _ = tokio::time::sleep(Duration::from_millis(200)) => {
                let mut v = progress_line(&st.shared, st.started);
                v["run"] = json!(st.shared.run());
                v
            }
        };
        Some((Ok::<_, Infallible>(ndjson(line)), st))
    });
    ([(header::CONTENT_TYPE, "application/x-ndjson")], Body::from_stream(lines)).into_response()
}
