//! The documents the API answers with, as types: what `/api/options`, `/api/check`,
//! `/api/generate`, `/api/goal`, `/api/solve`, `/api/compare` and `/api/svg` return, their
//! stream lines, and the error body. Both engines (the server and the WebAssembly worker)
//! serialise these, and the page's code is checked against the TypeScript declarations they
//! derive (`static/js/api.d.ts`, written by [`typescript`] and kept up to date by this crate's
//! tests).

use crate::progress::Snapshot;
use npuzzle::board::Board;
use npuzzle::cost::{Cost, CostModel};
use npuzzle::experiment::DepthRow;
use npuzzle::goal::Preset;
pub use npuzzle::heuristic::formula::preview::{Preview, PreviewChild, PreviewFault, PreviewValues};
use npuzzle::metric::Metric;
use npuzzle::render::palette::LegendEntry;
use npuzzle::render::tree::Tree;
pub use npuzzle::replay::Trace;
use npuzzle::replay::TraceEvent;
use npuzzle::search::{Info, Needs, ParamInfo};
use npuzzle::solve::Report;
use npuzzle::{Algorithm, HeuristicKind};

/// `POST /api/grade`: a student's work graded against the reference search (`npuzzle check`).
pub use npuzzle::check::Report as Graded;

/// `POST /api/audit`: a heuristic audited over every board of its size (`npuzzle audit`).
pub use npuzzle::audit::Audit;

/// `POST /api/audit`: the library's audit of the heuristic asked for, with h against h* drawn
/// and, when asked, the audit of a second heuristic drawn beside it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Audited {
    /// The audit (`npuzzle audit --format json`), with KRE's prediction when asked for.
    #[serde(flatten)]
    pub audit: Audit,
    /// h against h* as an SVG heat map, the second heuristic's panel beside the first (the
    /// picture `npuzzle audit --plot` draws).
    pub picture: Option<String>,
    /// The audit of the heuristic drawn beside (`beside` in the request), with its prediction
    /// at the same thresholds.
    pub beside: Option<Audit>,
}

/// `POST /api/analyse`: a fan's solution analysed (`npuzzle analyse`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct Analysed {
    /// The library's analysis: both metrics, the optimum in both, the detours.
    pub analysis: npuzzle::analysis::Analysis,
    /// The same in words, as `npuzzle analyse` prints it.
    pub text: String,
}
use serde::Serialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// Which engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum EngineKind {
    /// `npuzzle serve`, over HTTP.
    Server,
    /// The library compiled to WebAssembly, in a Web Worker of the page.
    Browser,
}

/// `GET /api/options`: what the library offers and what this engine allows. The page builds
/// its menus and inputs from it and keeps no list of its own.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Options {
    /// Which engine answers.
    pub engine: EngineKind,
    /// Every algorithm, described by itself (name, title, summary, optimality, parameters,
    /// pseudocode, …), in the order menus list them.
    pub algorithms: Vec<npuzzle::search::Described>,
    /// The heuristics offered.
    pub heuristics: Vec<HeuristicKind>,
    /// What each heuristic offered is.
    pub heuristic_info: Vec<HeuristicInfo>,
    /// The fast optimal solver for small boards (up to `small.max_cells` cells) and larger ones.
    pub optimal_choice: OptimalChoice,
    /// What the library solves boards beyond the classic searches' sizes with.
    pub big_choice: BigChoice,
    /// The colours and shapes of the node states.
    pub legend: Vec<LegendEntry>,
    /// The goal presets.
    pub goals: Vec<Preset>,
    /// The values a request that names nothing gets.
    pub defaults: Defaults,
    /// Every parameter an algorithm may read, described once (key, flag, label, help, range,
    /// default), in the order the page shows them.
    pub params: Vec<&'static ParamInfo>,
    /// The pairs a compare starts with.
    pub compare_pairs: Vec<Pair>,
    /// What a move may cost, the first the default (`unit`, then `tile`), with a line on each.
    pub cost_models: Vec<CostModelInfo>,
    /// How moves may be counted, the first the default (`stm`, then `mtm`), with what each
    /// allows.
    pub metrics: Vec<MetricInfo>,
    /// The textbook experiment's defaults in this engine (`/api/depth`).
    pub depth_defaults: DepthDefaults,
    /// What this engine allows a request.
    pub limits: EngineLimits,
}

/// One cost model as menus show it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CostModelInfo {
    /// Its name.
    pub name: CostModel,
    /// One line on what a move costs.
    pub summary: &'static str,
}

/// One metric as menus show it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct MetricInfo {
    /// Its name.
    pub name: Metric,
    /// One line on what a move is.
    pub summary: &'static str,
    /// The algorithms that search in it.
    pub algorithms: Vec<Algorithm>,
    /// The heuristics that estimate in it.
    pub heuristics: Vec<HeuristicKind>,
}

/// What `/api/depth` runs when a request names nothing, and its ceilings.
#[derive(Clone, Debug, Serialize, TS)]
pub struct DepthDefaults {
    /// The depths.
    pub depths: Vec<u32>,
    /// Boards per depth.
    pub count: usize,
    /// The most boards per depth a request may ask for.
    pub max_count: usize,
    /// The pairs (the book's: BFS, IDS, A* with misplaced tiles, A* with Manhattan).
    pub pairs: Vec<Pair>,
    /// The node limit per run.
    pub max_nodes: u64,
    /// The most cells a board may have (exact depths need the whole state space).
    pub max_cells: usize,
}

/// One heuristic as menus show it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct HeuristicInfo {
    /// Its name.
    pub name: HeuristicKind,
    /// Its name in prose.
    pub title: &'static str,
    /// One line on what it is.
    pub summary: &'static str,
    /// The most cells a board may have for it, if it is limited.
    pub max_cells: Option<usize>,
    /// What its tables are called (`exact table`, `pattern databases`), for a heuristic that
    /// reads prepared tables.
    pub table: Option<&'static str>,
    /// What this engine says about it, when it limits it (the page's engine builds only the
    /// smaller pattern databases).
    pub note: Option<&'static str>,
}

/// An algorithm and a heuristic.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Choice {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic.
    pub heuristic: HeuristicKind,
    /// The most cells of the boards this choice is for, when it is for the small ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_cells: Option<usize>,
}

/// The fast optimal solvers.
#[derive(Clone, Debug, Serialize, TS)]
pub struct OptimalChoice {
    /// For boards of up to `small.max_cells` cells.
    pub small: Choice,
    /// For larger boards, up to the classic searches' sizes.
    pub large: Choice,
}

/// The solvers for boards beyond the classic searches' sizes.
#[derive(Clone, Debug, Serialize, TS)]
pub struct BigChoice {
    /// The solver on the other sizes beyond the classic searches' (`reduce-plus`).
    pub algorithm: Algorithm,
    /// The solver on [`BigChoice::near_sizes`]: `pdb-beam` where this engine builds its
    /// pattern databases (the server), else `reduce-plus` (the static page).
    pub near: Algorithm,
    /// The sizes, width by height, whose default is `near` (from 26 to 64 cells) and whose
    /// tables are at hand (cached, or built in seconds): the default answers at once, as
    /// `npuzzle solve` does, until `npuzzle pdb build` has built the larger sets.
    pub near_sizes: Vec<(usize, usize)>,
}

/// The values a request that names nothing gets.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Defaults {
    /// The move order.
    pub order: String,
    /// The algorithm when only a heuristic is named.
    pub algorithm: Algorithm,
    /// The heuristic when only an algorithm is named.
    pub heuristic: HeuristicKind,
    /// The goal preset.
    pub goal: &'static str,
}

/// One pair of a compare (the library's, [`npuzzle::compare::Pair`]).
pub use npuzzle::compare::Pair;

/// What one engine allows a request.
#[derive(Clone, Debug, Serialize, TS)]
pub struct EngineLimits {
    /// Longest a search may run, in milliseconds.
    pub time_ms: u64,
    /// Most nodes a search may generate.
    pub nodes: u64,
    /// Most bytes a search may hold.
    pub memory_bytes: u64,
    /// Most nodes kept for the search tree and the trace.
    pub tree_nodes: usize,
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Searches running at once.
    pub max_concurrent: usize,
    /// Most pairs in one compare.
    pub max_compare: usize,
    /// Smallest board side.
    pub min_side: usize,
    /// Largest board side.
    pub max_side: usize,
    /// Largest board, in cells, the classic searches and the search tree take.
    pub classic_max_cells: usize,
    /// Deepest scramble `/api/generate` makes.
    pub max_generate_depth: u32,
    /// Most entries a pattern-database set may have in this engine (`null`: any).
    pub pdb_max_entries: Option<u64>,
    /// Most frames one `/api/svg` request draws.
    pub max_svg_frames: usize,
}

/// Which board of a check request is at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// The start board (or the request itself).
    Start,
    /// The goal.
    Goal,
}

/// `POST /api/check`: a verdict on a start and a goal.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum Check {
    /// Both boards read: whether the pair is solvable, and the estimates.
    Valid(ValidPair),
    /// A board could not be read.
    Invalid(InvalidPair),
}

/// A pair of boards that both read.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ValidPair {
    /// Always `true`.
    #[ts(type = "true")]
    pub valid: bool,
    /// The start.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Whether the goal can be reached.
    pub solvable: bool,
    /// Why not, when it cannot.
    pub reason: Option<&'static str>,
    /// Each formula heuristic's estimate, by name.
    pub h: BTreeMap<&'static str, Cost>,
    /// When the request gave a `heuristic` (a built-in's name or a formula): its value at the
    /// start and at each child of the start, or its error with its place in the text (a bad
    /// formula leaves the boards' verdict valid).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub preview: Option<Preview>,
}

/// A pair in which a board did not read.
#[derive(Clone, Debug, Serialize, TS)]
pub struct InvalidPair {
    /// Always `false`.
    #[ts(type = "false")]
    pub valid: bool,
    /// Which board is at fault.
    pub field: Field,
    /// What is wrong with it.
    pub error: String,
}

/// `GET /api/generate`: a random solvable board.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// The board as text.
    pub text: String,
    /// The goal it is solvable towards.
    pub goal: Board,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Moves from the goal: exactly (`exact`), or the random walk's length.
    pub depth: u32,
    /// Whether `depth` is the optimal distance.
    pub exact: bool,
    /// The seed, as text: seeds are 64-bit, more than a JavaScript number holds exactly.
    pub seed: String,
}

/// `GET /api/goal`: the goal board a preset (or a board) names at a size.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GoalBoard {
    /// The board.
    pub goal: Board,
    /// The board as text.
    pub text: String,
    /// The preset's name, or the board on one line.
    pub name: String,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
}

/// `POST /api/solve`: the report of `npuzzle solve --format json`, with what was asked for.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Solved {
    /// The report.
    #[serde(flatten)]
    pub report: Report,
    /// For a search stopped by its time or node limit: a solver that would finish.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hint: Option<String>,
    /// What the tables at hand changed, as `npuzzle solve` notes it: the default solver chosen
    /// because the strong tables are not cached, or a smaller set of pattern databases used,
    /// with the command that builds the stronger one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notes: Option<Vec<String>>,
    /// The answer in the counted notation of puzzle fans, in both readings, with its length in
    /// both metrics (solved answers of at most [`NOTATION_MOST_MOVES`] moves).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notation: Option<Notation>,
    /// The search tree (`"tree": true`), the document of `npuzzle solve --tree json`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tree: Option<Tree>,
    /// The recorded events (`"trace": true`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub trace: Option<Trace>,
    /// The algorithm's pseudocode under the rules of the search, one text a line of its
    /// `Info`'s pseudocode, when they are not the algorithm's own (`goal_test`, `duplicates`,
    /// `ties`, `rules`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pseudocode: Option<Vec<String>>,
}

/// The longest answer whose counted notation a solve's answer carries.
pub const NOTATION_MOST_MOVES: usize = 100_000;

/// An answer in the counted notation (`npuzzle::notation`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct Notation {
    /// The blank's moves with counts (`R2U2LDLD`).
    pub blank: String,
    /// The same moves as the tiles slide (`L2D2RURU`).
    pub tiles: String,
    /// Single-tile moves.
    pub stm: u64,
    /// Multi-tile moves: runs of one letter.
    pub mtm: u64,
}

impl Notation {
    /// The notation of `moves`, the blank's letters; `None` for more than
    /// [`NOTATION_MOST_MOVES`] moves, or letters that are not moves.
    pub fn of(moves: &str) -> Option<Notation> {
        if moves.len() > NOTATION_MOST_MOVES {
            return None;
        }
        let m = npuzzle::board::parse_moves(moves).ok()?;
        Some(Notation {
            blank: npuzzle::notation::write(&m, npuzzle::notation::Reading::Blank),
            tiles: npuzzle::notation::write(&m, npuzzle::notation::Reading::Tiles),
            stm: m.len() as u64,
            mtm: npuzzle::notation::mtm_length(&m),
        })
    }
}

/// How a compare run was timed.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Timing {
    /// Timed runs.
    pub samples: usize,
    /// Their median, in milliseconds (the run's `stats.time_ms`).
    pub median_ms: f64,
    /// The fastest.
    pub min_ms: f64,
    /// The slowest.
    pub max_ms: f64,
}

/// One run of a compare: its report (with an empty path) and its timing.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CompareRow {
    /// The report.
    #[serde(flatten)]
    pub report: Report,
    /// How the run was timed.
    pub timing: Timing,
}

/// `POST /api/depth`: the textbook's table of search cost and effective branching factor by
/// solution depth ([`npuzzle::experiment`]).
#[derive(Clone, Debug, Serialize, TS)]
pub struct DepthTable {
    /// The goal (and so the board's size).
    pub goal: Board,
    /// What a move cost.
    pub cost_model: CostModel,
    /// Boards per depth.
    pub count: usize,
    /// The seed of the boards.
    pub seed: String,
    /// The node limit per run: a pair that passed it at a depth is `cut` there.
    pub max_nodes: u64,
    /// One row per depth and pair, depth by depth.
    pub rows: Vec<DepthRow>,
}

/// `POST /api/compare` without a stream.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Compared {
    /// The start board.
    pub start: Board,
    /// The goal board.
    pub goal: Board,
    /// One row a run, in order.
    pub results: Vec<CompareRow>,
}

/// A progress line of a stream: the live counts and the time so far.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Progress {
    /// The counts, and the table build under way.
    #[serde(flatten)]
    pub counts: Snapshot,
    /// Milliseconds since the request began.
    pub time_ms: u64,
    /// Which run of a compare is going.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub run: Option<u64>,
}

/// A line of `POST /api/solve` with `"stream": true`: progress every 200 ms, then the result or
/// an error.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SolveLine {
    /// Live counts.
    Progress(Progress),
    /// The answer.
    Result(Box<Solved>),
    /// Why there is no answer.
    Error {
        /// The message.
        error: String,
    },
}

/// A line of `POST /api/compare` with `"stream": true`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CompareLine {
    /// The compare begins.
    Start {
        /// Runs to make.
        runs: usize,
        /// The start board.
        start: Board,
        /// The goal board.
        goal: Board,
    },
    /// Live counts of the run going.
    Progress(Progress),
    /// A run finished.
    Row {
        /// Which run.
        index: usize,
        /// Its row.
        result: Box<CompareRow>,
    },
    /// A run failed: the compare ends.
    Error {
        /// Which run, when one failed.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        index: Option<usize>,
        /// The message.
        error: String,
    },
    /// Every run finished.
    Done,
}

/// One picture of the search tree as it stood after `at` events.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Frame {
    /// Events replayed.
    pub at: usize,
    /// The SVG document (`npuzzle solve --tree svg`'s drawing, at that event).
    pub svg: String,
}

/// `POST /api/svg`: the search tree drawn by the library at the events asked for.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Pictures {
    /// One frame per event asked for, in order.
    pub frames: Vec<Frame>,
}

/// `GET /api/health` on the server.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Health {
    /// `ok`.
    pub status: &'static str,
    /// The server's version.
    pub version: &'static str,
    /// Searches running.
    pub running: usize,
    /// Searches waiting for a place.
    pub waiting: usize,
    /// Searches that may run at once.
    pub max_concurrent: usize,
    /// Connections open (0 when the router is served by something other than `serve`).
    pub connections: usize,
    /// Most connections kept open at once.
    pub max_connections: usize,
    /// Idle connections closed so far to make room for new ones.
    #[ts(type = "number")]
    pub displaced: u64,
}

/// Every error answer: a 4xx or 5xx status with this body.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ErrorBody {
    /// What went wrong, for the user.
    pub error: String,
}

/// The TypeScript declarations of every document (and every type they hold), as
/// `static/js/api.d.ts` holds them. The page's JSDoc imports them, and `tsc --checkJs` checks
/// the page against them; a test of this crate fails when the file is not up to date.
pub fn typescript() -> String {
    use crate::progress::TableProgress;
    use npuzzle::record::{Entry, Event, Node};
    use npuzzle::render::palette::NodeState;
    use npuzzle::render::tree::{TreeIteration, TreeNode};
    use npuzzle::search::observer::{Discard, Fate};
    use npuzzle::search::{Bound, GoalTest, Keeps, LimitKind, Line, Param, ParamGroup, ParamKind, Step, Stuck, Why, Words};
    use npuzzle::solve::Status;
    use npuzzle::stats::Stats;

    let cfg = ts_rs::Config::new().with_large_int("number");
    let mut out = String::from(
        "// The documents of the npuzzle web API, as TypeScript declarations. Written by\n\
         // `npuzzle_web::documents::typescript` from the Rust types both engines serialise; do not edit:\n\
         // run `NPUZZLE_WRITE_TYPES=1 cargo test -p npuzzle-web --test types` to write it again.\n",
    );
    macro_rules! declare {
        ($($t:ty),* $(,)?) => {$(
            out.push('\n');
            if let Some(doc) = <$t as TS>::docs() {
                // Derived types give their doc comment whole; the hand-written ones, its text.
                if doc.trim_start().starts_with("/**") {
                    out.push_str(doc.trim());
                } else {
                    out.push_str("/**\n * ");
                    out.push_str(&doc.trim().replace('\n', "\n * "));
                    out.push_str("\n */");
                }
                out.push('\n');
            }
            out.push_str("export ");
            out.push_str(&<$t as TS>::decl(&cfg));
            out.push('\n');
        )*};
    }
    declare!(
        Options,
        EngineKind,
        HeuristicInfo,
        Choice,
        OptimalChoice,
        BigChoice,
        Defaults,
        Pair,
        EngineLimits,
        Preset,
        ParamInfo,
        ParamGroup,
        ParamKind,
        Param,
        Info,
        Line,
        Step,
        GoalTest,
        Keeps,
        Needs,
        Words,
        Bound,
        LegendEntry,
        NodeState,
        Algorithm,
        HeuristicKind,
        Check,
        Field,
        ValidPair,
        InvalidPair,
        Preview,
        PreviewValues,
        PreviewChild,
        PreviewFault,
        npuzzle::heuristic::formula::FormulaError,
        Generated,
        GoalBoard,
        Solved,
        Notation,
        Report,
        Status,
        LimitKind,
        Stuck,
        Why,
        Stats,
        Trace,
        TraceEvent,
        Event,
        Node,
        Entry,
        Fate,
        Discard,
        Tree,
        TreeNode,
        TreeIteration,
        Timing,
        CompareRow,
        Compared,
        Progress,
        Snapshot,
        TableProgress,
        SolveLine,
        CompareLine,
        Frame,
        Pictures,
        Graded,
        Analysed,
        Audit,
        Audited,
        npuzzle::audit::Coverage,
        npuzzle::audit::Counterexample,
        npuzzle::audit::InconsistentMove,
        npuzzle::audit::Consequence,
        npuzzle::audit::ConsequenceSearch,
        npuzzle::audit::Dominance,
        npuzzle::audit::predict::Prediction,
        npuzzle::audit::Sample,
        npuzzle::search::Described,
        npuzzle::search::Kind,
        npuzzle::heuristic::Claims,
        npuzzle::heuristic::Claim,
        npuzzle::analysis::Analysis,
        npuzzle::analysis::Optimum,
        npuzzle::analysis::Detour,
        npuzzle::notation::Reading,
        npuzzle::check::Finding,
        npuzzle::check::Difference,
        npuzzle::check::WorkKind,
        Health,
        ErrorBody,
        Board,
        Cost,
        CostModel,
        CostModelInfo,
        Metric,
        MetricInfo,
        DepthDefaults,
        DepthTable,
        DepthRow,
        npuzzle::solve::BoundSource,
    );
    out
}
