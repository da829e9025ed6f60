//! The heuristic audit: is an estimate admissible (h ≤ h* on every board), consistent
//! (h(n) ≤ c(n, n') + h(n') on every move), zero at the goal, and stronger than the built-ins?
//!
//! Three coverages, chosen by the board's size ([`coverage`]):
//! - **exhaustive** on boards of up to 10 cells (2×2 to 2×5, 3×3 and their transposes): the
//!   exact table ([`crate::heuristic::exact`], or its costed twin under tile costs) gives h* of
//!   every board; h is computed once per board into a table indexed like it, and every move of
//!   every board is checked. The answers are proofs.
//! - **solved sample** on boards of up to 16 cells (3×4, 4×4, …): uniform boards and boards on
//!   random walks from the goal, each solved by the default optimal solver for h*; the moves
//!   out of every sampled board are checked for consistency.
//! - **walks** beyond: boards on random walks from the goal, whose walk bounds h* from above: an
//!   h above a walk's cost proves the estimate inadmissible with no solver.
//!
//! On a sample the audit never calls an estimate admissible or consistent: `admissible` is
//! `false` with a counterexample, else `None` ("no counterexample in N boards").
//!
//! For an inadmissible estimate the audit looks for what the overestimate costs: boards are
//! tried in decreasing excess, A* (as `solve -a astar` runs it) with the estimate on each,
//! until one comes back with a costlier answer than the optimum, within a stated budget
//! ([`AuditSpec::consequence_boards`], [`AuditSpec::consequence_nodes`]).

mod consequence;
mod exhaustive;
mod grade;
pub mod picture;
pub mod predict;
mod sampled;
mod tally;

pub use grade::{gradescope, text, GradeSpec, DEFAULT_GRADE_BOARDS};

use crate::board::Board;
use crate::cost::CostModel;
use crate::error::Error;
use crate::heuristic::{Claim, Estimator, Heuristic, HeuristicKind, NoTables};
use crate::metric::Metric;
use crate::tables::{Progress, TableStore, Tables};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Uniform boards in a solved sample, by default.
pub const DEFAULT_UNIFORM: usize = 1000;
/// Boards on random walks in a sample, by default.
pub const DEFAULT_WALKS: usize = 1000;
/// The seed samples are drawn with, by default: the same audit gives the same report.
pub const DEFAULT_SEED: u64 = 1;
/// Boards the consequence search tries, at most, by default.
pub const DEFAULT_CONSEQUENCE_BOARDS: usize = 1000;
/// Expansions each of its A* runs may take, by default.
pub const DEFAULT_CONSEQUENCE_NODES: u64 = 1_000_000;
/// Most cells of a board whose sample is solved optimally for h*.
pub const SOLVED_CELLS: usize = 16;
/// Columns of [`Audit::table`]: the last also counts every larger h.
pub const TABLE_COLUMNS: usize = 256;

/// How much of the state space an audit covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Coverage {
    /// Every board and every move, against the exact table.
    Exhaustive,
    /// A sample of boards, each solved optimally for h*.
    Solved,
    /// A sample of boards on random walks, whose costs bound h* from above.
    Walks,
}

/// The coverage an audit of a `width`×`height` board gets.
pub fn coverage(width: usize, height: usize) -> Coverage {
    let cells = width * height;
    if HeuristicKind::Exact.check_size(width, height).is_ok() {
        Coverage::Exhaustive
    } else if cells <= SOLVED_CELLS {
        Coverage::Solved
    } else {
        Coverage::Walks
    }
}

/// What to audit against.
#[derive(Clone, Debug)]
pub struct AuditSpec {
    /// The goal (and so the board size).
    pub goal: Board,
    /// The step costs h* and the moves' costs are counted in.
    pub cost: CostModel,
    /// Uniform boards in a solved sample.
    pub uniform: usize,
    /// Boards on random walks from the goal in a sample.
    pub walks: usize,
    /// The seed the sample is drawn with.
    pub seed: u64,
    /// Boards the consequence search tries, at most.
    pub consequence_boards: usize,
    /// Expansions each A* run of the consequence search may take.
    pub consequence_nodes: u64,
    /// Whether to compare with the built-ins computed from the board alone.
    pub dominance: bool,
    /// Set to stop the audit ([`Error::Cancelled`]).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Thresholds at which to predict IDA*'s expansions ([`predict`]); none by default.
    pub predict: Vec<u32>,
    /// The start boards the predictions are measured from; by default every board where the
    /// space is enumerated, else [`predict::DEFAULT_STARTS`] uniform boards.
    pub starts: Option<predict::Starts>,
    /// The expansions the measured iterations may take in all (every start, every threshold),
    /// judged from the prediction before they run. With thresholds asked for, more than this is
    /// an [`Error::Unsupported`] naming the predicted count; with none asked for, the thresholds
    /// are chosen ([`predict::affordable`]). `None` (the default): no budget, and no thresholds
    /// chosen.
    pub predict_budget: Option<u64>,
}

impl AuditSpec {
    /// The defaults for `goal`: unit costs, samples of [`DEFAULT_UNIFORM`] and
    /// [`DEFAULT_WALKS`] boards, the consequence budget, dominance on.
    pub fn new(goal: Board) -> AuditSpec {
        AuditSpec {
            goal,
            cost: CostModel::Unit,
            uniform: DEFAULT_UNIFORM,
            walks: DEFAULT_WALKS,
            seed: DEFAULT_SEED,
            consequence_boards: DEFAULT_CONSEQUENCE_BOARDS,
            consequence_nodes: DEFAULT_CONSEQUENCE_NODES,
            dominance: true,
            cancel: None,
            predict: Vec::new(),
            starts: None,
            predict_budget: None,
        }
    }

    /// Under the step costs `cost`.
    pub fn cost(mut self, cost: CostModel) -> AuditSpec {
        self.cost = cost;
        self
    }

    /// With samples of `uniform` uniform boards and `walks` boards on walks.
    pub fn sample(mut self, uniform: usize, walks: usize) -> AuditSpec {
        self.uniform = uniform;
        self.walks = walks;
        self
    }

    /// Drawn with `seed`.
    pub fn seed(mut self, seed: u64) -> AuditSpec {
        self.seed = seed;
        self
    }

    pub(crate) fn cancelled(&self) -> Result<(), Error> {
        match &self.cancel {
            Some(c) if c.load(std::sync::atomic::Ordering::Relaxed) => Err(Error::Cancelled),
            _ => Ok(()),
        }
    }
}

/// What a sample held.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Sample {
    /// Uniform boards drawn.
    pub uniform: usize,
    /// Boards on random walks from the goal.
    pub walks: usize,
    /// The longest walk, in moves (walks run from 1 move to this, in turn).
    pub longest_walk: usize,
    /// The seed they were drawn with.
    pub seed: u64,
    /// Where h* comes from: `solved` (each board solved optimally) or `walk bound` (the walk's
    /// cost, an upper bound).
    pub h_star: &'static str,
    /// Boards the solver did not finish (left out of the counts).
    pub unsolved: usize,
}

/// The board where h exceeds h* the most.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Counterexample {
    /// The board.
    pub board: Board,
    /// Its estimate, in moves (or cost units).
    pub h: f64,
    /// Its true cost to the goal; with `h_star_bound`, an upper bound (a walk's cost).
    pub h_star: u64,
    /// Whether `h_star` is an upper bound rather than the exact cost.
    pub h_star_bound: bool,
}

/// The move along which h falls the most beyond the move's cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InconsistentMove {
    /// The board the move leaves.
    pub from: Board,
    /// The board it reaches.
    pub to: Board,
    /// h of `from`.
    pub h_from: f64,
    /// h of `to`.
    pub h_to: f64,
    /// What the move costs.
    pub cost: u64,
}

/// A board where A* with the inadmissible estimate returns a costlier answer than the optimum.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Consequence {
    /// The board.
    pub board: Board,
    /// The cost of A*'s answer with the estimate (its length under unit costs).
    pub found: u64,
    /// The optimal cost; with `optimal_bound`, an upper bound on it (a walk's cost).
    pub optimal: u64,
    /// Whether `optimal` is an upper bound rather than the optimum.
    pub optimal_bound: bool,
    /// A*'s answer, as moves of the blank.
    pub found_moves: String,
    /// An optimal answer (the walk back, with `optimal_bound`).
    pub optimal_moves: String,
}

/// How the consequence search went.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConsequenceSearch {
    /// Boards tried.
    pub tried: usize,
    /// Boards it could try: those where h > h*.
    pub candidates: u64,
    /// Its budget: boards.
    pub max_boards: usize,
    /// Its budget: expansions per A* run.
    pub max_nodes: u64,
}

/// The estimate against one built-in.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Dominance {
    /// The built-in's name.
    pub name: String,
    /// Share of the boards where the estimate is at least the built-in's.
    pub at_least: f64,
    /// Share of the boards where it is greater.
    pub greater: f64,
    /// Whether it is at least the built-in's on every board counted (`dominates`).
    pub dominates: bool,
}

/// An audit's findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Audit {
    /// The estimate's name (a built-in's, a formula's text, a callable's).
    pub heuristic: String,
    /// The board's size, `WxH`.
    pub size: String,
    /// The goal.
    pub goal: Board,
    /// The step costs.
    pub cost: CostModel,
    /// How the boards were covered.
    pub coverage: Coverage,
    /// Whether every board and every move was checked (then the answers are proofs).
    pub exhaustive: bool,
    /// Boards checked (every reachable board when exhaustive).
    pub boards: u64,
    /// Moves checked for consistency.
    pub moves: u64,
    /// The sample, when not exhaustive.
    pub sample: Option<Sample>,
    /// h ≤ h* on every board: `true` (proved), `false` (a counterexample), `None` (none in a
    /// sample).
    pub admissible: Option<bool>,
    /// h(n) ≤ c(n, n') + h(n') on every move: `true`, `false` or `None`, likewise.
    pub consistent: Option<bool>,
    /// h at the goal (an admissible estimate has 0 there).
    pub goal_h: f64,
    /// Boards where h > h*.
    pub overestimated: u64,
    /// Moves along which h falls by more than the move's cost.
    pub inconsistent_moves: u64,
    /// The board with the largest excess h − h*.
    pub counterexample: Option<Counterexample>,
    /// The move with the largest excess h(n) − c − h(n').
    pub inconsistent_move: Option<InconsistentMove>,
    /// Where the overestimate makes A* return a costlier answer.
    pub consequence: Option<Consequence>,
    /// How the consequence search went (for an inadmissible estimate).
    pub consequence_search: Option<ConsequenceSearch>,
    /// Each built-in the estimate dominates (h ≥ it on every board counted), with the share of
    /// boards where it is strictly greater.
    pub dominates: BTreeMap<String, f64>,
    /// The estimate against each built-in computed from the board alone.
    pub against: Vec<Dominance>,
    /// Mean h over every board counted but the goal.
    pub mean_h: Option<f64>,
    /// Mean h/h* over every board counted but the goal (`None` where h* is only bounded).
    pub mean_ratio: Option<f64>,
    /// `table[s][v]`: boards with h* = s and ⌊h⌋ = v, every row as long (the column
    /// [`TABLE_COLUMNS`]` - 1`, when reached, also counts every larger h); `None` where h* is only
    /// bounded.
    pub table: Option<Vec<Vec<u64>>>,
    /// What the estimate claims, beside what the audit found.
    pub claims: crate::heuristic::Claims,
    /// Findings in words: a claim the audit contradicts, what a sample leaves open.
    pub notes: Vec<String>,
    /// IDA*'s expansions predicted and measured at each threshold asked for
    /// ([`AuditSpec::predict`]); `None` when none was asked for or the prediction was refused.
    pub prediction: Option<Vec<predict::Prediction>>,
    /// Why the prediction was refused (a heuristic found inconsistent, step costs).
    pub prediction_refused: Option<String>,
}

/// What `--require` asks of an audit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Requirement {
    /// Admissible and consistent (the default).
    #[default]
    Both,
    /// Admissible.
    Admissible,
    /// Consistent.
    Consistent,
}

impl std::str::FromStr for Requirement {
    type Err = Error;
    fn from_str(s: &str) -> Result<Requirement, Error> {
        match s {
            "admissible" => Ok(Requirement::Admissible),
            "consistent" => Ok(Requirement::Consistent),
            "both" | "admissible,consistent" | "consistent,admissible" => Ok(Requirement::Both),
            _ => Err(Error::Invalid(format!("--require takes admissible, consistent or both, not {s:?}"))),
        }
    }
}

impl Audit {
    /// Whether the audit found no counterexample to what `req` asks (on a sample: none in the
    /// boards checked).
    pub fn holds(&self, req: Requirement) -> bool {
        let a = self.admissible != Some(false);
        let c = self.consistent != Some(false);
        match req {
            Requirement::Both => a && c,
            Requirement::Admissible => a,
            Requirement::Consistent => c,
        }
    }
}

/// Audits `estimator` as `spec` says. The tables a table-driven built-in reads, the exact table
/// and the solver's tables come from `store`; `on` hears of their building.
pub fn audit(estimator: &Estimator, spec: &AuditSpec, store: &TableStore, on: Progress) -> Result<Audit, Error> {
    let goal = &spec.goal;
    let (w, h) = (goal.width(), goal.height());
    if w * h < 4 || w < 2 || h < 2 {
        return Err(Error::Invalid(format!("a {w}×{h} board has no move to audit: boards start at 2×2")));
    }
    estimator.check_size(w, h)?;
    let tables = tables_for(estimator, spec, store, on)?;
    let heuristic = Heuristic::of(estimator, goal, &tables, spec.cost, Metric::Stm)?;
    let against = if spec.dominance { others(estimator, goal, spec.cost) } else { Vec::new() };
    let cov = coverage(w, h);
    let mut found = match cov {
        Coverage::Exhaustive => exhaustive::run(&heuristic, &against, spec, store, on)?,
        Coverage::Solved | Coverage::Walks => sampled::run(&heuristic, &against, spec, store, on, cov)?,
    };
    if let Some(e) = heuristic.failure() {
        return Err(e);
    }
    let (consequence, search) = if found.audit.admissible == Some(false) {
        let (c, s) = consequence::search(estimator, &tables, spec, &mut found.candidates)?;
        (c, Some(s))
    } else {
        (None, None)
    };
    let mut audit = found.audit;
    audit.heuristic = estimator.name();
    audit.claims = estimator.claims();
    audit.consequence = consequence;
    audit.consequence_search = search;
    audit.notes = notes(&audit);
    Ok(audit)
}

/// [`audit`], then KRE's prediction at the thresholds [`AuditSpec::predict`] asks for
/// ([`predict::attach`]): the one call of the front ends that offer the prediction.
pub fn audit_and_predict(estimator: &Estimator, spec: &AuditSpec, store: &TableStore, on: Progress) -> Result<Audit, Error> {
    let mut audit = audit(estimator, spec, store, on)?;
    predict::attach(&mut audit, estimator, spec, store, on)?;
    Ok(audit)
}

/// Why KRE's prediction does not apply, if it does not: it rests on consistency (f never
/// falls along a path) and counts moves of unit cost.
pub(crate) fn prediction_refused(a: &Audit) -> Option<String> {
    if !a.cost.is_unit() {
        Some(format!("the prediction counts IDA*'s iterations in moves of unit cost, not under {} costs", a.cost))
    } else if a.consistent == Some(false) {
        Some("the heuristic is not consistent: KRE's prediction counts on f never falling along a path".to_string())
    } else {
        None
    }
}

/// The tables a table-driven built-in reads (none for the others).
pub(crate) fn tables_for(estimator: &Estimator, spec: &AuditSpec, store: &TableStore, on: Progress) -> Result<Tables, Error> {
    match estimator.kind() {
        Some(k) if k.is_table() => store.prepare_for(k, &spec.goal, spec.cost, on, spec.cancel.as_deref()),
        _ => Ok(Tables::none()),
    }
}

/// A* with `estimator` from `board` to the goal, as `solve -a astar` runs it, within `nodes`
/// expansions: the consequence search's and the grading set's one run.
pub(crate) fn astar(
    estimator: &Estimator,
    tables: &Tables,
    spec: &AuditSpec,
    board: Board,
    nodes: u64,
) -> Result<crate::solve::Outcome, Error> {
    let limits = crate::search::Limits { nodes: Some(nodes), cancel: spec.cancel.clone(), ..Default::default() };
    let req = crate::solve::Request::new(board, spec.goal.clone())
        .algorithm(crate::search::Algorithm::Astar)
        .heuristic(estimator.clone())
        .cost(spec.cost)
        .tables(tables.clone())
        .limits(limits);
    crate::solve::solve(&req)
}

/// The built-ins computed from the board alone that serve the goal and cost, bar the audited.
fn others(estimator: &Estimator, goal: &Board, cost: CostModel) -> Vec<(String, Heuristic)> {
    HeuristicKind::informative()
        .filter(|&k| !estimator.is(k))
        .filter_map(|k| Heuristic::of(&k.into(), goal, &NoTables, cost, Metric::Stm).ok().map(|h| (k.name().to_string(), h)))
        .collect()
}

fn notes(a: &Audit) -> Vec<String> {
    let mut notes = Vec::new();
    let claim = |c: Claim, found: Option<bool>, what: &str| match (c, found) {
        (Claim::Yes, Some(false)) => Some(format!("claimed {what}, but the audit found a counterexample")),
        (Claim::Claimed, Some(false)) => Some(format!("its author claims it {what}, but the audit found a counterexample")),
        (Claim::No, Some(true)) => Some(format!("listed as not {what}, yet {what} on every board of this size and goal")),
        _ => None,
    };
    notes.extend(claim(a.claims.admissible, a.admissible, "admissible"));
    notes.extend(claim(a.claims.consistent, a.consistent, "consistent"));
    if a.goal_h != 0.0 {
        notes.push(format!("h is {} at the goal, where an admissible estimate is 0", a.goal_h));
    }
    if !a.exhaustive {
        if a.admissible.is_none() {
            notes.push(format!("no board with h > h* in {} boards: a sample proves no admissibility", a.boards));
        }
        if a.consistent.is_none() {
            notes.push(format!("no inconsistent move in {} moves: a sample proves no consistency", a.moves));
        }
    }
    notes
}
