//! The API's answers without a transport: reading request bodies, validating them, running
//! searches and building the documents ([`crate::documents`]). The HTTP handlers (`api`, feature `server`) and the
//! WebAssembly worker (`crates/npuzzle-wasm`) both call this module, so a request gets the same
//! answer, and bad input the same message, whichever engine runs it.

use crate::documents::{
    BigChoice, Check, Choice, CompareLine, CompareRow, Compared, CostModelInfo, Defaults, DepthDefaults, DepthTable, EngineKind,
    EngineLimits, Field, Frame, Generated, GoalBoard, HeuristicInfo, InvalidPair, OptimalChoice, Options, Pair, Pictures,
    Progress as ProgressLine, Solved, Timing, Trace, ValidPair,
};
use crate::progress::{Progress, Shared};
use crate::{ApiError, BODY_LIMIT, CLASSIC_MAX_CELLS, MAX_SIDE, MIN_SIDE};
use npuzzle::board::{Board, MoveOrder};
use npuzzle::clock::Instant;
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::SetSpec;
use npuzzle::heuristic::Heuristic;
use npuzzle::parse::{parse_size, BoardInput};
use npuzzle::record::Recorder;
use npuzzle::render::tree::{to_svg_frame, Tree};
use npuzzle::replay::annotate;
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

/// Frontier snapshots in a trace keep at most this many entries (the panel shows the head of
/// the open list); `size` still gives the whole length.
const FRONTIER_SHOWN: usize = 100;
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

/// A solve request read and checked, ready to run.
#[derive(Debug)]
pub struct SolveJob {
    /// The search.
    pub req: Request,
    /// What to record.
    pub record: Record,
    /// Whether the caller asked for a stream of progress lines.
    pub stream: bool,
}

/// A compare request read and checked, ready to run.
#[derive(Debug)]
pub struct CompareJob {
    /// The start board.
    pub start: Board,
    /// The goal board.
    pub goal: Board,
    /// One request a run.
    pub reqs: Vec<Request>,
    /// Whether the caller asked for a stream.
    pub stream: bool,
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

/// The fields of a solve request beyond the request specification.
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

/// The fields of an svg request beyond those of a solve request.
#[derive(Deserialize, Debug)]
struct SvgExtras {
    start: BoardInput,
    #[serde(default)]
    tree_cap: Option<usize>,
    at: Vec<usize>,
    events: usize,
}

/// An svg request read and checked: the solve it draws, and where.
#[derive(Debug)]
pub struct SvgJob {
    /// The search, run again as the page's solve ran it.
    pub req: Request,
    /// Most nodes kept, as in the page's solve.
    pub cap: usize,
    /// The events after which to draw the tree.
    pub at: Vec<usize>,
    /// How many events the page's solve recorded: the search run again must record as many.
    pub events: usize,
}

/// The fields of a check request beyond the specification (which gives `goal` and `size`).
#[derive(Deserialize, Debug)]
struct CheckExtras {
    start: BoardInput,
}

/// The fields of a compare request beyond the specification.
#[derive(Deserialize, Debug)]
struct CompareExtras {
    start: BoardInput,
    runs: Vec<npuzzle::compare::Run>,
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
                Spec::keys().join(", ")
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
    if req.start.len() > CLASSIC_MAX_CELLS && !req.algorithm.reduces() {
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

/// The heuristics the UI offers: all of them. The table heuristics (exact tables on boards of up
/// to 10 cells, pattern databases on larger ones) are prepared before the search, outside its
/// time limit, with their progress reported.
const WEB_HEURISTICS: [HeuristicKind; 7] = [
    HeuristicKind::Zero,
    HeuristicKind::Misplaced,
    HeuristicKind::Manhattan,
    HeuristicKind::Euclidean,
    HeuristicKind::LinearConflict,
    HeuristicKind::Exact,
    HeuristicKind::Pdb,
];

/// A hint when a search hit its time or node limit: a solver of the library that would finish.
fn limit_hint(req: &Request, out: &Outcome) -> Option<String> {
    if out.status != Status::Limit || !matches!(out.limit, Some(LimitKind::Time | LimitKind::Nodes | LimitKind::Memory)) {
        return None;
    }
    // The library's fast optimal choice for the board.
    let (a, h) = npuzzle::solve::default_choice(req.start.width(), req.start.height());
    if !h.is_table() || (req.algorithm, req.effective_heuristic()) == (a, h) {
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
    req.algorithm.info().fast_engine && req.effective_heuristic().is_table()
}

fn search<O: Observer>(req: &Request, obs: O, shared: Option<Arc<Shared>>) -> Result<(Outcome, O), ApiError> {
    let r = match shared {
        Some(s) if !fast_path(req) || O::ENABLED => solve_observed(req, Progress::new(obs, s)).map(|(o, p)| (o, p.inner)),
        _ => solve_observed(req, obs),
    };
    r.map_err(|e| ApiError::bad_request(e.to_string()))
}

fn report(req: &Request, out: &Outcome) -> Solved {
    Solved { report: Report::new(req, out), hint: limit_hint(req, out), tree: None, trace: None }
}

const SOLVE_FIELDS: &[&str] = &["start", "tree", "trace", "tree_cap", "stream"];

/// A progress line: the shared counters, the time so far, and the table build while one runs;
/// `run` names the compare run going.
pub fn progress_line(shared: &Shared, started: Instant, run: Option<u64>) -> ProgressLine {
    ProgressLine { counts: shared.snapshot(), time_ms: started.elapsed().as_millis() as u64, run }
}

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
            None => npuzzle::clock::SystemTime::now().duration_since(npuzzle::clock::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
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
    /// A service with `limits` over `tables`.
    pub fn new(limits: Limits, tables: TableStore) -> Service {
        Service { limits, tables }
    }

    /// The ceilings every request's limits are lowered to.
    pub fn caps(&self) -> Caps {
        Caps { time: self.limits.time_cap, nodes: self.limits.node_cap, memory: self.limits.memory_cap }
    }

    /// What the library offers and this engine's limits.
    pub fn options(&self) -> Options {
        let c = &self.limits;
        // The library's own choice for the smallest and the largest boards it solves optimally.
        let (small, large) = (npuzzle::solve::default_choice(3, 3), npuzzle::solve::default_choice(5, 5));
        Options {
            engine: c.engine,
            algorithms: Algorithm::ALL.iter().map(|a| a.info()).collect(),
            heuristics: WEB_HEURISTICS.to_vec(),
            heuristic_info: WEB_HEURISTICS
                .iter()
                .map(|&h| HeuristicInfo {
                    name: h,
                    title: h.title(),
                    summary: h.summary(),
                    max_cells: h.max_cells(),
                    table: h.table_name(),
                    note: if h == HeuristicKind::Pdb { c.pdb_note } else { None },
                })
                .collect(),
            optimal_choice: OptimalChoice {
                small: Choice { algorithm: small.0, heuristic: small.1, max_cells: small.1.max_cells() },
                large: Choice { algorithm: large.0, heuristic: large.1, max_cells: None },
            },
            big_choice: BigChoice {
                algorithm: npuzzle::solve::default_choice(MAX_SIDE + 1, MAX_SIDE + 1).0,
                near: if self.limits.pdb_max_entries.is_some_and(|max| SetSpec::strongest(6, 6).entries() > max) {
                    npuzzle::solve::default_at_once(6, 6).0
                } else {
                    npuzzle::solve::default_choice(6, 6).0
                },
                near_sizes: (MIN_SIDE..=MAX_SIDE)
                    .flat_map(|w| (MIN_SIDE..=MAX_SIDE).map(move |h| (w, h)))
                    .filter(|&(w, h)| w * h > CLASSIC_MAX_CELLS && npuzzle::solve::default_choice(w, h).0.info().needs == Needs::AnyGoal)
                    .collect(),
            },
            legend: npuzzle::render::palette::legend(),
            goals: Goal::PRESETS.to_vec(),
            defaults: Defaults {
                order: MoveOrder::default().to_string(),
                algorithm: DEFAULT_ALGORITHM,
                heuristic: DEFAULT_HEURISTIC,
                goal: Goal::PRESETS[0].name,
            },
            params: Param::ALL.iter().map(|p| p.info()).collect(),
            compare_pairs: npuzzle::compare::DEFAULT_PAIRS.to_vec(),
            cost_models: npuzzle::CostModel::ALL.iter().map(|&name| CostModelInfo { name, summary: name.summary() }).collect(),
            depth_defaults: DepthDefaults {
                depths: npuzzle::experiment::DEFAULT_DEPTHS.to_vec(),
                count: c.depth_count,
                max_count: npuzzle::experiment::DEFAULT_COUNT,
                pairs: npuzzle::experiment::default_pairs()
                    .into_iter()
                    .map(|(algorithm, heuristic)| Pair { algorithm, heuristic })
                    .collect(),
                max_nodes: npuzzle::experiment::DEFAULT_MAX_NODES.min(c.node_cap),
                max_cells: npuzzle::generate::MAX_TABLE_CELLS,
            },
            limits: EngineLimits {
                time_ms: c.time_cap.as_millis() as u64,
                nodes: c.node_cap,
                memory_bytes: c.memory_cap,
                tree_nodes: c.tree_cap,
                body_bytes: BODY_LIMIT,
                max_concurrent: c.max_concurrent,
                max_compare: c.max_compare,
                min_side: MIN_SIDE,
                max_side: MAX_SIDE,
                classic_max_cells: CLASSIC_MAX_CELLS,
                max_generate_depth: MAX_GENERATE_DEPTH,
                pdb_max_entries: c.pdb_max_entries,
                max_svg_frames: MAX_SVG_FRAMES,
            },
        }
    }

    /// Parses a pair and gives a verdict: `valid` (with the parsed boards, whether the pair is
    /// solvable and why not, and the estimates of the formula heuristics) or not (with the reason
    /// and the `field` at fault). Bad boards are a verdict, so a page can validate as the user
    /// types; only a body that is not a JSON object is an error.
    pub fn check(&self, bytes: &[u8]) -> Result<Check, ApiError> {
        let verdict = |e: ApiError| {
            let m = e.message();
            let field = if m.contains("goal") && !m.starts_with("bad start") { Field::Goal } else { Field::Start };
            Ok(Check::Invalid(InvalidPair { valid: false, field, error: m.to_string() }))
        };
        let (extras, spec): (CheckExtras, Spec) = match parse_json(bytes, &["start"]) {
            Ok(v) => v,
            Err(e) if e.message().starts_with("bad request: ") && !e.message().contains("unknown field") => return verdict(e),
            Err(e) => return Err(e),
        };
        let req = match plan_capped(&self.caps(), &spec, None).and_then(|p| request(&p, &extras.start)) {
            Ok(r) => r,
            Err(e) => return verdict(e),
        };
        let (start, goal) = (req.start, req.goal);
        let solvable = start.can_reach(&goal);
        let h: BTreeMap<&'static str, npuzzle::Cost> = HeuristicKind::CLASSIC
            .iter()
            .filter_map(|&k| Some((k.name(), Heuristic::formula(k, &goal).ok()?.estimate_board(&start))))
            .collect();
        Ok(Check::Valid(ValidPair {
            valid: true,
            width: start.width(),
            height: start.height(),
            start,
            goal,
            solvable,
            reason: (!solvable).then_some(UNSOLVABLE),
            h,
        }))
    }

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

    /// Refuses a pattern-database request whose set is larger than this engine builds, naming
    /// the command that solves the board.
    fn check_tables(&self, req: &Request) -> Result<(), ApiError> {
        let Some(max) = self.limits.pdb_max_entries else { return Ok(()) };
        if req.algorithm.info().needs == Needs::AnyGoal {
            let (w, h) = (req.goal.width(), req.goal.height());
            let set = SetSpec::strongest(w, h);
            if set.entries() <= max {
                return Ok(());
            }
            return Err(ApiError::unprocessable(format!(
                "pdb-beam's pattern databases for a {w}×{h} board (set {}, {:.0} MB) are too large to build in this page, which takes sets of up to {:.1} MB; \
                 reduce-plus answers here, and the command line runs pdb-beam: npuzzle solve \"{}\" --size {w}x{h} --goal \"{}\"",
                set.name,
                set.entries() as f64 / 2e6,
                max as f64 / 2e6,
                req.start,
                req.goal
            )));
        }
        if req.algorithm.reduces() || req.effective_heuristic() != HeuristicKind::Pdb {
            return Ok(());
        }
        let set = self.tables.choose_set(&req.goal).map_err(|e| ApiError::bad_request(e.to_string()))?;
        if set.entries() <= max {
            return Ok(());
        }
        let (w, h) = (req.goal.width(), req.goal.height());
        Err(ApiError::unprocessable(format!(
            "pattern databases for a {w}×{h} board (set {}, {:.0} MB) are too large to build in this page, which takes sets of up to {:.1} MB \
             (6-6-3 on 4×4); the command line solves this board optimally: npuzzle solve \"{}\" --size {w}x{h} --goal \"{}\"",
            set.name,
            set.entries() as f64 / 2e6,
            max as f64 / 2e6,
            req.start,
            req.goal
        )))
    }

    /// A solve request's body read and checked, short of searching.
    pub fn solve_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<SolveJob, ApiError> {
        let (body, spec): (SolveExtras, Spec) = parse_json(bytes, SOLVE_FIELDS)?;
        let mut req = request(&plan_capped(&self.caps(), &spec, cancel)?, &body.start)?;
        // The default solver settled with the tables at hand: where the ones it would read are
        // not cached (or larger than this engine builds), the default that answers at once.
        self.tables.settle_default(&mut req);
        ensure_solvable(&req.start, &req.goal)?;
        req.effective_heuristic().check_size(req.goal.width(), req.goal.height()).map_err(|e| ApiError::bad_request(e.to_string()))?;
        if (body.tree || body.trace) && req.algorithm.reduces() {
            return Err(ApiError::unprocessable("reduce walks one path and records no search tree or trace: ask without tree and trace"));
        }
        if body.tree && req.algorithm.info().local {
            return Err(ApiError::unprocessable(format!(
                "{} is a local search and keeps no search tree: ask for the trace instead",
                req.algorithm
            )));
        }
        self.check_tables(&req)?;
        let cap = body.tree_cap.map_or(self.limits.tree_cap, |c| c.min(self.limits.tree_cap));
        Ok(SolveJob { req, record: Record { tree: body.tree, trace: body.trace, cap }, stream: body.stream })
    }

    /// Prepares the tables `req` reads (for `reduce`, its final block's exact table): exact
    /// tables are built in memory in a fraction of a second; pattern databases are loaded from
    /// the store's cache or built, reporting each table's progress to `shared`. A set cancel
    /// flag stops a build. The search's time limit starts after this.
    pub fn prepare(&self, req: &mut Request, shared: Option<&Shared>) -> Result<(), ApiError> {
        let kind = req.effective_heuristic();
        if let (Some(sh), HeuristicKind::Pdb) = (shared, kind) {
            if let Ok(set) = self.tables.choose_set(&req.goal) {
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
        let r = self.tables.prepare_run(req, None, &on, cancel.as_deref());
        if let Some(sh) = shared {
            sh.tables_end();
        }
        r.map_err(|e| match e {
            npuzzle::Error::Cancelled => ApiError::bad_request("stopped: the table build was cancelled"),
            e => ApiError::bad_request(e.to_string()),
        })?;
        Ok(())
    }

    /// Prepares the tables and runs the search: the answer of a solve request.
    pub fn solve(&self, job: &mut SolveJob, shared: Option<Arc<Shared>>) -> Result<Solved, ApiError> {
        self.prepare(&mut job.req, shared.as_deref())?;
        self.run_solve(&job.req, job.record, job.stream.then_some(shared).flatten())
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
                solved.trace = Some(Trace { events: annotate(&rec.events), truncated: rec.truncated, frontier_shown: FRONTIER_SHOWN });
            }
            Ok(solved)
        } else {
            let (out, _) = search(req, NoObserver, shared)?;
            Ok(report(req, &out))
        }
    }

    /// Runs one search with a recorder, as a solve that asked for a tree or a trace records it.
    fn record(&self, req: &Request, record: Record, shared: Option<Arc<Shared>>) -> Result<(Outcome, Recorder), ApiError> {
        let cells = req.start.len();
        // Frontier entries without labels: the page takes them from the generated events,
        // and a deep search's labels would make every snapshot megabytes.
        let mut rec = Recorder::new(cells, record.cap, record.trace).with_frontier_cap(FRONTIER_SHOWN).with_entry_labels(false);
        if req.algorithm.info().local {
            // A local search records no nodes, only its steps: the first ones are kept.
            rec = rec.with_selection_cap(LOCAL_STEPS_SHOWN);
        }
        let (out, mut rec) = search(req, rec, shared)?;
        if HeuristicKind::Exact.check_size(req.goal.width(), req.goal.height()).is_ok() {
            if let Ok(exact) = self.tables.exact(&req.goal, &|_| {}) {
                rec.set_true_distances(|tiles| exact.distance_tiles(|i| tiles[i]).map(u32::from));
            }
        }
        Ok((out, rec))
    }

    /// An svg request's body read and checked: the body of the solve whose tree the page shows,
    /// with `at` (the events after which to draw it) and `events` (how many that solve
    /// recorded).
    pub fn svg_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<SvgJob, ApiError> {
        let (body, spec): (SvgExtras, Spec) = parse_json(bytes, &["start", "tree_cap", "at", "events", "tree", "trace", "stream"])?;
        let mut req = request(&plan_capped(&self.caps(), &spec, cancel)?, &body.start)?;
        // The default solver settled with the tables at hand: where the ones it would read are
        // not cached (or larger than this engine builds), the default that answers at once.
        self.tables.settle_default(&mut req);
        ensure_solvable(&req.start, &req.goal)?;
        if req.algorithm.reduces() || req.algorithm.info().local {
            return Err(ApiError::unprocessable(format!("{} grows no search tree to draw", req.algorithm)));
        }
        if body.at.is_empty() || body.at.len() > MAX_SVG_FRAMES {
            return Err(ApiError::bad_request(format!("at: give from 1 to {MAX_SVG_FRAMES} events to draw the tree after")));
        }
        if let Some(&k) = body.at.iter().find(|&&k| k > body.events) {
            return Err(ApiError::bad_request(format!("at: event {k} is past the {} events of the search", body.events)));
        }
        self.check_tables(&req)?;
        let cap = body.tree_cap.map_or(self.limits.tree_cap, |c| c.min(self.limits.tree_cap));
        Ok(SvgJob { req, cap, at: body.at, events: body.events })
    }

    /// Runs the search of an svg request again, as the page's solve ran it, and draws its tree
    /// after each event asked for: the library's SVG (`npuzzle solve --tree svg`), laid out as
    /// the whole tree so that frames line up. A search that records a different number of
    /// events this time (one its time limit cut short) is refused rather than drawn wrong.
    pub fn svg(&self, job: &mut SvgJob) -> Result<Pictures, ApiError> {
        self.prepare(&mut job.req, None)?;
        let req = &job.req;
        let (_, rec) = self.record(req, Record { tree: true, trace: true, cap: job.cap }, None)?;
        if rec.events.len() != job.events {
            return Err(ApiError::new(
                409,
                format!(
                    "the search ran differently this time ({} events, not {}): a time limit cut it short; solve again, then export",
                    rec.events.len(),
                    job.events
                ),
            ));
        }
        let (w, h) = (req.start.width(), req.start.height());
        let whole = Tree::new(&rec, w, h, job.cap);
        let name = match req.effective_heuristic() {
            HeuristicKind::Zero => req.algorithm.info().title.to_string(),
            k => format!("{} + {}", req.algorithm.info().title, k.name()),
        };
        let frames = job
            .at
            .iter()
            .map(|&at| {
                let then = Tree::upto(&rec, w, h, job.cap, at);
                let title = format!("{name}: the search tree after event {at} of {}", rec.events.len());
                Frame { at, svg: to_svg_frame(&whole, &then, &title) }
            })
            .collect();
        Ok(Pictures { frames })
    }

    /// A compare request's body read and checked: every run is the shared specification with
    /// its own algorithm, heuristic, weight and depth bound, validated the same way.
    pub fn compare_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<CompareJob, ApiError> {
        let (body, spec): (CompareExtras, Spec) = parse_json(bytes, &["start", "runs", "stream"])?;
        let caps = self.caps();
        let base = request(&plan_capped(&caps, &spec, cancel.clone())?, &body.start)?;
        let (start, goal) = (base.start.clone(), base.goal.clone());
        if body.runs.is_empty() {
            return Err(ApiError::bad_request("runs is empty: give at least one {\"algorithm\", \"heuristic\"} pair"));
        }
        if body.runs.len() > self.limits.max_compare {
            return Err(ApiError::unprocessable(format!(
                "{} runs asked for; one compare request runs at most {}",
                body.runs.len(),
                self.limits.max_compare
            )));
        }
        ensure_solvable(&start, &goal)?;
        let mut reqs = Vec::with_capacity(body.runs.len());
        for run in &body.runs {
            let run_spec = run.spec(&spec);
            let req = request(&plan_capped(&caps, &run_spec, cancel.clone())?, &body.start)?;
            req.effective_heuristic().check_size(req.goal.width(), req.goal.height()).map_err(|e| ApiError::bad_request(e.to_string()))?;
            self.check_tables(&req)?;
            reqs.push(req);
        }
        Ok(CompareJob { start, goal, reqs, stream: body.stream })
    }

    /// One compare run: the search (with live counts when `shared` is given), then, when it was
    /// quick, more timed runs with no observer; `stats.time_ms` becomes their median and `timing`
    /// says how many samples it took.
    pub fn compare_run(&self, req: &mut Request, shared: Option<Arc<Shared>>) -> Result<CompareRow, ApiError> {
        self.prepare(req, shared.as_deref())?;
        let mut solved = self.run_solve(req, Record { tree: false, trace: false, cap: 0 }, shared)?;
        let first = solved.report.stats.time.as_secs_f64() * 1e3;
        let mut samples = vec![first];
        let cancelled = || req.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        if solved.report.status == Status::Solved && first < TIMING_REPEAT_BELOW.as_secs_f64() * 1e3 {
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
        samples.sort_by(f64::total_cmp);
        let n = samples.len();
        // Milliseconds to the microsecond, as `stats.time_ms` is written.
        let ms = |x: f64| (x * 1e3).round() / 1e3;
        let median = ms(if n % 2 == 1 { samples[n / 2] } else { (samples[n / 2 - 1] + samples[n / 2]) / 2.0 });
        solved.report.stats.time = Duration::from_secs_f64(median / 1e3);
        if let Some(p) = solved.report.path.as_mut() {
            p.clear();
        }
        Ok(CompareRow {
            report: solved.report,
            timing: Timing { samples: n, median_ms: median, min_ms: ms(samples[0]), max_ms: ms(samples[n - 1]) },
        })
    }

    /// Every run of a compare, one after another, sharing one time cap counted from now: the
    /// answer of a compare request that asked for no stream.
    pub fn compare_all(&self, job: &mut CompareJob) -> Result<Compared, ApiError> {
        let deadline = Instant::now() + self.limits.time_cap;
        let results = job
            .reqs
            .iter_mut()
            .map(|r| {
                within(r, deadline);
                self.compare_run(r, None)
            })
            .collect::<Result<Vec<CompareRow>, ApiError>>()?;
        Ok(Compared { start: job.start.clone(), goal: job.goal.clone(), results })
    }

    /// The runs of a compare in order on this thread, under one time cap counted from now,
    /// giving `send` a `row` (or `error`) line as each finishes and `done` at the end.
    pub fn compare_stream(&self, reqs: &mut [Request], shared: &Arc<Shared>, send: &mut dyn FnMut(CompareLine)) {
        let deadline = Instant::now() + self.limits.time_cap;
        for (i, r) in reqs.iter_mut().enumerate() {
            shared.reset(i as u64);
            within(r, deadline);
            match self.compare_run(r, Some(shared.clone())) {
                Ok(row) => send(CompareLine::Row { index: i, result: Box::new(row) }),
                Err(e) => {
                    send(CompareLine::Error { index: Some(i), error: e.message().to_string() });
                    return;
                }
            }
            if r.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return;
            }
        }
        send(CompareLine::Done);
    }
}

/// The fields of a depth request beyond the specification (which gives `goal`, `size`, `cost`
/// and `order`).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct DepthExtras {
    #[serde(default)]
    depths: Option<Vec<u32>>,
    #[serde(default)]
    count: Option<usize>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    pairs: Option<Vec<npuzzle::compare::Run>>,
    #[serde(default)]
    max_nodes: Option<u64>,
}

/// Most depths one depth request runs.
const MAX_DEPTHS: usize = 16;

impl Service {
    /// `POST /api/depth`: the textbook's experiment ([`npuzzle::experiment::run`]) on the
    /// request's goal (a board of at most 9 cells), under this engine's ceilings: at most 100
    /// boards a depth and 16 depths, the pairs at most a compare's, the node limit at most the
    /// engine's, and each run within the engine's time cap (a run it stops cuts its pair).
    pub fn depth(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<DepthTable, ApiError> {
        let (body, spec): (DepthExtras, Spec) = parse_json(bytes, &["depths", "count", "seed", "pairs", "max_nodes"])?;
        let caps = self.caps();
        let plan = plan_capped(&caps, &spec, cancel.clone())?;
        let (w, h) = plan.size.unwrap_or((3, 3));
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
            if pairs.is_empty() || pairs.len() > self.limits.max_compare {
                return Err(ApiError::bad_request(format!("pairs must list 1 to {} pairs", self.limits.max_compare)));
            }
            ex.pairs = Vec::new();
            for p in pairs {
                let info = p.algorithm.info();
                if info.local || info.reduces {
                    return Err(ApiError::bad_request(format!("{} builds no search tree to count: pick a tree search", p.algorithm)));
                }
                let h = if p.algorithm.uses_heuristic() { p.heuristic.unwrap_or(DEFAULT_HEURISTIC) } else { HeuristicKind::Zero };
                ex.pairs.push((p.algorithm, h));
            }
        }
        ex.max_nodes = body.max_nodes.unwrap_or(npuzzle::experiment::DEFAULT_MAX_NODES).min(caps.nodes);
        ex.cost = plan.cost;
        ex.order = plan.order;
        ex.limits = npuzzle::search::Limits { time: Some(caps.time), cancel, ..Default::default() };
        let tables = |k: HeuristicKind| self.tables.prepare_for(k, &ex.goal, ex.cost, &|_| {}, ex.limits.cancel.as_deref());
        let rows = npuzzle::experiment::run(&ex, &tables, &mut |_| {}).map_err(|e| ApiError::bad_request(e.to_string()))?;
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

/// Lowers a compare run's time limit to what is left before the compare's `deadline` (at least
/// a millisecond, so the run still reports how far it got).
fn within(req: &mut Request, deadline: Instant) {
    let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
    req.limits.time = Some(req.limits.time.map_or(left, |t| t.min(left)));
}
