//! The API's answers without a transport: reading request bodies, validating them, running
//! searches and building the documents ([`crate::documents`]). The HTTP handlers (`api`, feature `server`) and the
//! WebAssembly worker (`crates/npuzzle-wasm`) both call this module, so a request gets the same
//! answer, and bad input the same message, whichever engine runs it.

mod analyse;
mod audit;
mod check;
mod compare;
mod depth;
mod generate;
mod grade;
mod options;
mod solve;
mod svg;

pub use analyse::{AnalyseJob, MAX_ANALYSED_MOVES};
pub use audit::{AuditJob, PREDICT_BUDGET};
pub use compare::CompareJob;
pub use generate::{goal, GenerateQuery};
pub use grade::GradeJob;
pub use solve::SolveJob;
pub use svg::SvgJob;

use crate::documents::{
    BigChoice, Check, Choice, CompareLine, CompareRow, Compared, CostModelInfo, Defaults, DepthDefaults, DepthTable, EngineKind,
    EngineLimits, Field, Frame, Generated, GoalBoard, HeuristicInfo, InvalidPair, MetricInfo, Notation, OptimalChoice, Options, Pair,
    Pictures, Progress as ProgressLine, Solved, Timing, ValidPair,
};
use crate::progress::{Progress, Shared};
use crate::{ApiError, BODY_LIMIT, CLASSIC_MAX_CELLS, MAX_SIDE, MIN_SIDE};
use npuzzle::board::{Board, MoveOrder};
use npuzzle::clock::Instant;
use npuzzle::goal::Goal;
use npuzzle::heuristic::Heuristic;
use npuzzle::parse::{parse_size, BoardInput};
use npuzzle::record::Recorder;
use npuzzle::render::tree::{to_svg_frame, Tree};
use npuzzle::replay::{player_recorder, Trace};
use npuzzle::search::observer::{NoObserver, Observer};
use npuzzle::search::{Algorithm, LimitKind, Needs, Param};
use npuzzle::solve::Status;
use npuzzle::solve::{solve_observed, Outcome, Report, Request};
use npuzzle::spec::{Caps, Plan, Spec, DEFAULT_ALGORITHM, DEFAULT_HEURISTIC};
use npuzzle::tables::TableEvent;
use npuzzle::{HeuristicKind, TableStore};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Most steps of a local search a trace keeps (a step is a few events: the current state, its
/// neighbours, the choice); annealing may take a hundred thousand.
const LOCAL_STEPS_SHOWN: u64 = 5_000;
/// Deepest scramble `generate` makes.
const MAX_GENERATE_DEPTH: u32 = 1000;
/// Most pictures one `/api/svg` request draws (each is the whole tree, up to a megabyte).
pub const MAX_SVG_FRAMES: usize = 10;

/// What one engine allows a request.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Longest a single search may run (a request may ask for less).
    pub time_cap: Duration,
    /// Most nodes a single search may generate (a request may ask for less).
    pub node_cap: u64,
    /// Most bytes of frontier and explored set a single search may hold.
    pub memory_cap: u64,
    /// Most nodes kept for the search-tree view and the trace.
    pub tree_cap: usize,
    /// Most algorithm/heuristic pairs in one compare request.
    pub max_compare: usize,
    /// Searches running at once (reported by `options`).
    pub max_concurrent: usize,
    /// Most entries a pattern-database set may have (`None`: any). A page in a browser builds
    /// its tables itself and keeps them in the browser's storage, so it takes the small sets
    /// only; a request for a larger one is refused with the command that solves the board.
    pub pdb_max_entries: Option<u64>,
    /// What the engine says about the pattern databases it builds, when it limits them.
    pub pdb_note: Option<&'static str>,
    /// Which engine answers.
    pub engine: EngineKind,
    /// Boards per depth `/api/depth` runs when a request does not say (the book's 100 on a
    /// server; fewer in a page, whose engine is slower).
    pub depth_count: usize,
}

/// An engine's state: its limits and the tables it has prepared, kept for the next requests.
pub struct Service {
    /// What a request may ask for.
    pub limits: Limits,
    /// Tables prepared for requests: exact tables in memory, pattern databases also in the
    /// cache directory when the store has one.
    pub tables: TableStore,
}

/// What a solve should record.
#[derive(Clone, Copy, Debug)]
pub struct Record {
    /// The search tree.
    pub tree: bool,
    /// The step events.
    pub trace: bool,
    /// Most nodes kept.
    pub cap: usize,
}

/// Reads a JSON object body: the keys in `extra` (a request's own fields) into `T`, and every
/// other key into the library's request specification, which names any unknown field.
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
                "bad request: unknown field {} (this endpoint takes {}, {})",
                rest.split(',').next().unwrap_or(rest),
                extra.join(", "),
                Spec::keys().iter().filter(|k| !extra.contains(k)).copied().collect::<Vec<_>>().join(", ")
            )),
            None => data(e),
        }
    })?;
    let t: T = serde_json::from_value(Value::Object(own)).map_err(data)?;
    Ok((t, spec))
}

fn plan_capped(caps: &Caps, spec: &Spec, cancel: Option<Arc<AtomicBool>>) -> Result<Plan, ApiError> {
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
    if req.start.len() > CLASSIC_MAX_CELLS && !req.algorithm.info().one_path() {
        return Err(ApiError::unprocessable(format!(
            "the web UI solves boards over {CLASSIC_MAX_CELLS} cells with pdb-beam, reduce-plus or reduce only, not {} (the command line takes any algorithm at any size)",
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

/// The heuristics the page offers: every one the registry says the page takes
/// ([`npuzzle::heuristic::HeuristicInfo::page`]). The table heuristics (exact tables on boards
/// of up to 10 cells, pattern databases on larger ones) are prepared before the search, outside
/// its time limit, with their progress reported.
pub(crate) fn page_heuristics() -> impl Iterator<Item = HeuristicKind> {
    HeuristicKind::ALL.iter().copied().filter(|h| h.info().page)
}

/// A hint when a search hit its time or node limit: a solver of the library that would finish.
fn limit_hint(req: &Request, out: &Outcome) -> Option<String> {
    if out.status != Status::Limit || !matches!(out.limit, Some(LimitKind::Time | LimitKind::Nodes | LimitKind::Memory)) {
        return None;
    }
    // The library's fast optimal choice for the board.
    let (a, h) = npuzzle::solve::default_choice(req.start.width(), req.start.height());
    if !h.is_table() || (req.algorithm, req.effective_heuristic()) == (a, h.into()) {
        return None;
    }
    let what = if h == HeuristicKind::Exact { "the exact distance table" } else { "pattern databases" };
    Some(format!(
        "{} with {what} (the \u{201c}optimal (tables)\u{201d} choice: algorithm {}, heuristic {}) solves this board optimally, usually in milliseconds once its tables are ready",
        a.info().title,
        a.name(),
        h.name()
    ))
}

pub(crate) fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(500, format!("internal error: {e}"))
}

/// Whether the library's fast engine runs this request: IDA* over prepared tables, with no
/// observer (an observer, even a counting one, takes the general path).
fn fast_path(req: &Request) -> bool {
    req.algorithm.info().fast_engine() && req.effective_heuristic().is_table()
}

fn search<O: Observer>(req: &Request, obs: O, shared: Option<Arc<Shared>>) -> Result<(Outcome, O), ApiError> {
    // Without the server (the page's WebAssembly), a recording observer always counts through
    // `Progress` (into counters nobody reads when none were given): each search is then compiled
    // for three observers, not four, and the module is smaller.
    #[cfg(not(feature = "server"))]
    let shared = if O::ENABLED { Some(shared.unwrap_or_default()) } else { shared };
    let r = match shared {
        Some(s) if !fast_path(req) || O::ENABLED => solve_observed(req, Progress::new(obs, s)).map(|(o, p)| (o, p.inner)),
        _ => solve_observed(req, obs),
    };
    r.map_err(|e| ApiError::bad_request(e.to_string()))
}

fn report(req: &Request, out: &Outcome) -> Solved {
    let report = Report::new(req, out);
    let notation = if report.status == Status::Solved { Notation::of(&report.moves) } else { None };
    let info = req.algorithm.info();
    let pseudocode = npuzzle::search::Conventions::of(info, &req.params).pseudocode(info);
    Solved { report, hint: limit_hint(req, out), notes: None, notation, tree: None, trace: None, pseudocode }
}

/// A progress line: the shared counters, the time so far, and the table build while one runs;
/// `run` names the compare run going.
pub fn progress_line(shared: &Shared, started: Instant, run: Option<u64>) -> ProgressLine {
    ProgressLine { counts: shared.snapshot(), time_ms: started.elapsed().as_millis() as u64, run }
}

impl Service {
    /// A service with `limits` over `tables`.
    pub fn new(limits: Limits, tables: TableStore) -> Service {
        Service { limits, tables }
    }

    /// The ceilings every request's limits are lowered to.
    pub fn caps(&self) -> Caps {
        Caps { time: self.limits.time_cap, nodes: self.limits.node_cap, memory: self.limits.memory_cap }
    }

    /// Refuses a pattern-database request whose set is larger than this engine builds, naming
    /// the command that solves the board.
    fn check_tables(&self, req: &Request) -> Result<(), ApiError> {
        let Some(max) = self.limits.pdb_max_entries else { return Ok(()) };
        // The set preparation would read, as the library chooses it.
        let Some(set) = self.tables.pdb_set_for(req, None).map_err(|e| ApiError::bad_request(e.to_string()))? else {
            return Ok(());
        };
        if set.entries() <= max {
            return Ok(());
        }
        let (w, h) = (req.goal.width(), req.goal.height());
        let (what, instead) = if req.algorithm.info().needs == Needs::AnyGoal {
            (
                format!("{}'s pattern databases", req.algorithm),
                format!("reduce-plus answers here, and the command line runs {}", req.algorithm),
            )
        } else {
            ("pattern databases".to_string(), "the command line solves this board optimally".to_string())
        };
        Err(ApiError::unprocessable(format!(
            "{what} for a {w}×{h} board (set {}, {:.0} MB) are too large to build in this page, which takes sets of up to {:.1} MB{}; \
             {instead}: npuzzle solve \"{}\" --size {w}x{h} --goal \"{}\"",
            set.name,
            set.entries() as f64 / 2e6,
            max as f64 / 2e6,
            if req.algorithm.info().needs == Needs::AnyGoal { "" } else { " (6-6-3 on 4×4)" },
            req.start,
            req.goal
        )))
    }

    /// Prepares the tables `req` reads (for `reduce`, its final block's exact table): exact
    /// tables are built in memory in a fraction of a second; pattern databases are loaded from
    /// the store's cache or built, reporting each table's progress to `shared`. A set cancel
    /// flag stops a build. The search's time limit starts after this. Returns the notes of
    /// what the tables at hand changed (`TableStore::prepare_run`).
    pub fn prepare(&self, req: &mut Request, shared: Option<&Shared>) -> Result<Vec<String>, ApiError> {
        if let (Some(sh), Ok(Some(set))) = (shared, self.tables.pdb_set_for(req, None)) {
            sh.tables_begin(set.patterns.len() as u64);
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
        let r = self.tables.prepare_run(req, None, &on, cancel.as_deref());
        if let Some(sh) = shared {
            sh.tables_end();
        }
        r.map_err(|e| match e {
            npuzzle::Error::Cancelled => ApiError::bad_request("stopped: the table build was cancelled"),
            e => ApiError::bad_request(e.to_string()),
        })
    }
}
