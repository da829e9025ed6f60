//! Admissible heuristics. None of them counts the blank: counting it overestimates, and an
//! "optimal" answer found with it can be wrong.
//!
//! Each heuristic gives a full estimate for a state and an incremental update for one move, so
//! searches never recompute h from scratch at a node.

pub mod classics;
pub mod exact_cost;
pub mod formula;
mod info;
pub mod mtm;
pub mod own;
pub mod slide_pdb;

pub use info::{Claim, Claims, HeuristicInfo};
pub use own::{Estimate, Estimator, Position};

use crate::board::{Board, Tile};
use crate::cost::{Cost, CostModel};
use crate::error::Error;
use crate::metric::Metric;
use crate::state::State;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// Declares the heuristic modules and the [`HeuristicKind`] enum that registers them: one line
/// per heuristic, `Variant => visibility module`. Each module defines
/// `pub const INFO: HeuristicInfo`, which says everything the front ends list and how the
/// heuristic is bound to a goal.
macro_rules! heuristics {
    ($($variant:ident => $vis:vis $module:ident,)*) => {
        $($vis mod $module;)*

        /// The built-in heuristics, in the order they are listed to users, each described by
        /// its module's `INFO`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(rename_all = "kebab-case")]
        pub enum HeuristicKind {
            $(
                #[doc = concat!("Declared in `heuristic/", stringify!($module), ".rs`; its [`HeuristicInfo`] says what it is.")]
                $variant,
            )*
        }

        impl HeuristicKind {
            /// Every built-in heuristic, in the order they are listed to users.
            pub const ALL: [HeuristicKind; [$(stringify!($variant)),*].len()] = [$(HeuristicKind::$variant),*];

            /// What the heuristic says about itself.
            pub fn info(self) -> &'static HeuristicInfo {
                match self {
                    $(HeuristicKind::$variant => &$module::INFO,)*
                }
            }
        }
    };
}

heuristics! {
    Zero => zero,
    Misplaced => misplaced,
    Manhattan => manhattan,
    Euclidean => euclidean,
    LinearConflict => linear_conflict,
    Gaschnig => pub gaschnig,
    OutOfLine => pub out_of_line,
    WalkingDistance => pub walking_distance,
    LcCorner => pub lc_corner,
    Pdb => pub pdb,
    Exact => pub exact,
    Learnt => learnt,
}

impl HeuristicKind {
    /// The kinds that estimate multi-tile moves ([`Heuristic::in_metric`]).
    pub fn mtm() -> impl Iterator<Item = HeuristicKind> {
        HeuristicKind::ALL.iter().copied().filter(|k| k.info().mtm)
    }

    /// The kinds computed from the board alone, with no table to build or load first.
    pub fn classic() -> impl Iterator<Item = HeuristicKind> {
        HeuristicKind::ALL.iter().copied().filter(|k| !k.is_table())
    }

    /// The kinds computed from the board alone that estimate something (all but zero): the
    /// estimates a page shows for a board.
    pub fn informative() -> impl Iterator<Item = HeuristicKind> {
        HeuristicKind::classic().filter(|&k| k != HeuristicKind::Zero)
    }

    /// Whether this kind needs a table (pattern databases or exact distances) built or loaded
    /// before use.
    pub fn is_table(self) -> bool {
        self.info().table.is_some()
    }

    /// Whether it never overestimates the moves to go: every kind but the learnt estimate.
    /// A search's optimality rests on it.
    pub fn is_admissible(self) -> bool {
        self.info().admissible
    }

    /// What it claims: admissible and consistent, with [`HeuristicInfo::source`] for both.
    pub fn claims(self) -> Claims {
        let i = self.info();
        Claims { admissible: Claim::of(i.admissible), consistent: Claim::of(i.consistent) }
    }

    /// One line on what the heuristic measures, for help texts and the web page.
    pub fn summary(self) -> &'static str {
        self.info().summary
    }

    /// The name in prose, for menus, e.g. `pdb (pattern databases)`.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// What its prepared tables are called (`exact table`, `pattern databases`), for a table
    /// heuristic; `None` for one computed from the board.
    pub fn table_name(self) -> Option<&'static str> {
        self.info().table
    }

    /// The most cells a board may have for this heuristic, if it is limited.
    pub fn max_cells(self) -> Option<usize> {
        self.info().max_cells
    }

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The other names it is read by (`h1` for misplaced tiles).
    pub fn aliases(self) -> &'static [&'static str] {
        self.info().aliases
    }

    /// The kind a name or alias stands for (case and `_`/`-` aside): the one reader of
    /// heuristic names, which every front end's parsing goes through.
    pub fn lookup(name: &str) -> Option<HeuristicKind> {
        let s = name.trim().to_ascii_lowercase().replace('_', "-");
        HeuristicKind::ALL.iter().copied().find(|k| k.name() == s || k.aliases().contains(&s.as_str()))
    }

    /// Checks that this heuristic covers a `width`×`height` board: the one place that says
    /// "at most N cells".
    pub fn check_size(self, width: usize, height: usize) -> Result<(), Error> {
        match self.max_cells() {
            Some(max) if width * height > max => {
                Err(Error::Unsupported(format!("the {self} heuristic covers boards of at most {max} cells, not {width}×{height}")))
            }
            _ => Ok(()),
        }
    }

    /// The names every built-in is listed by, for messages: `zero, misplaced, …`.
    pub fn names() -> String {
        HeuristicKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HeuristicKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        HeuristicKind::lookup(s).ok_or_else(|| {
            Error::Invalid(format!(
                "unknown heuristic {}: use {}",
                crate::error::quote(&s.trim().to_ascii_lowercase()),
                HeuristicKind::names()
            ))
        })
    }
}

impl<'de> Deserialize<'de> for HeuristicKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Goal geometry shared by the heuristics: where each tile belongs, and what moving it costs.
#[derive(Clone, Debug)]
pub struct GoalTable {
    width: usize,
    /// `goal_pos[t]` is the goal cell of tile `t`.
    goal_pos: Vec<u32>,
    /// `weight[t]`: what moving tile `t` costs (read by the weighted formulas only).
    weight: Vec<u64>,
}

impl GoalTable {
    fn new(goal: &Board, cost: CostModel) -> GoalTable {
        let goal_pos: Vec<u32> = goal.positions().into_iter().map(|p| p as u32).collect();
        let weight = (0..goal_pos.len() as Tile).map(|t| cost.step(t) as u64).collect();
        GoalTable { width: goal.width(), goal_pos, weight }
    }

    #[inline]
    fn weight(&self, t: Tile) -> u64 {
        self.weight[t as usize]
    }

    #[inline]
    fn goal_cell(&self, t: Tile) -> usize {
        self.goal_pos[t as usize] as usize
    }

    #[inline]
    fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    fn cells(&self) -> usize {
        self.goal_pos.len()
    }
}

/// How a heuristic gets its values: a formula over the board, a table, or a user's own
/// estimate.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    Zero,
    Misplaced,
    Manhattan,
    Euclidean,
    LinearConflict,
    Pdb(Arc<pdb::PdbHeuristic>),
    Exact(Arc<exact::ExactHeuristic>),
    // Under step costs: each tile's term times its cost, and tables built with the costs.
    WeightedMisplaced,
    WeightedManhattan,
    WeightedEuclidean,
    WeightedLinearConflict,
    CostPdb(Arc<pdb::costed::CostPdbHeuristic>),
    CostExact(Arc<exact_cost::CostExactHeuristic>),
    // Under multi-tile moves: lower bounds on the slides ([`mtm`]).
    MtmMisplaced,
    MtmAxes,
    MtmExact(Arc<crate::metric::MtmTable>),
    MtmWalk(Arc<mtm::SlideWalk>),
    /// The slide pattern database, where one serves the goal: alone, as the walking distance
    /// beside it saves fewer expansions than it costs (docs/fans.md).
    MtmSlides(Arc<slide_pdb::SlideBound>),
    // A trained network ([`crate::learnt`]); `home[t]`: tile `t`'s goal cell.
    Learnt(Arc<crate::learnt::Net>, Arc<[u8]>),
    /// A classic from the literature ([`classics`]), bound to the goal.
    Classic(Arc<dyn classics::Bytes>),
    /// A user's own estimate ([`own`]), bound to the goal: recomputed in full at each node
    /// unless it updates along a move.
    Own(Arc<own::Bound>),
}

/// A heuristic bound to one goal, ready to evaluate states.
#[derive(Clone, Debug)]
pub struct Heuristic {
    table: GoalTable,
    height: usize,
    source: Source,
    cost: CostModel,
    estimator: Estimator,
}

/// The prepared tables a table-driven heuristic reads. [`crate::tables::Tables`], the bag a
/// request carries, implements it; the heuristics ask nothing else of it, so they sit on the
/// floor below the tables' preparation.
pub trait TableSource {
    /// The pattern-database set, if prepared.
    fn pdb(&self) -> Option<&Arc<pdb::PdbHeuristic>>;
    /// The exact table, if prepared.
    fn exact(&self) -> Option<&Arc<exact::ExactHeuristic>>;
    /// The pattern databases built with step costs, if prepared.
    fn cost_pdb(&self) -> Option<&Arc<pdb::costed::CostPdbHeuristic>>;
    /// The exact table built with step costs, if prepared.
    fn cost_exact(&self) -> Option<&Arc<exact_cost::CostExactHeuristic>>;
    /// The exact multi-tile distances, if prepared.
    fn mtm_exact(&self) -> Option<&Arc<crate::metric::MtmTable>> {
        None
    }
    /// The walking distance in slides, if prepared.
    fn mtm_walk(&self) -> Option<&Arc<mtm::SlideWalk>> {
        None
    }
    /// The slide pattern database bound to the goal, if prepared.
    fn mtm_slides(&self) -> Option<&Arc<slide_pdb::SlideBound>> {
        None
    }
    /// The learnt estimate's network, if prepared.
    fn learnt(&self) -> Option<&Arc<crate::learnt::Net>> {
        None
    }
}

/// No prepared tables: enough for every heuristic computed from the board alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTables;

impl TableSource for NoTables {
    fn pdb(&self) -> Option<&Arc<pdb::PdbHeuristic>> {
        None
    }
    fn exact(&self) -> Option<&Arc<exact::ExactHeuristic>> {
        None
    }
    fn cost_pdb(&self) -> Option<&Arc<pdb::costed::CostPdbHeuristic>> {
        None
    }
    fn cost_exact(&self) -> Option<&Arc<exact_cost::CostExactHeuristic>> {
        None
    }
}

impl Heuristic {
    /// [`Heuristic::new`] under the step-cost model `cost`: under [`CostModel::Tile`] each
    /// formula weighs a tile's term by its cost (Manhattan distance times the tile's cost;
    /// misplaced tiles add their costs; linear conflict lets out the lightest tiles; Euclidean
    /// like Manhattan), which keeps them admissible, and the table kinds read tables built with
    /// the costs (an exact table by Dijkstra's algorithm, pattern databases whose entries are
    /// the cheapest pattern-tile moves), which `tables` must hold
    /// ([`crate::tables::TableStore::prepare_for`]).
    pub fn with_cost(kind: HeuristicKind, goal: &Board, tables: &dyn TableSource, cost: CostModel) -> Result<Heuristic, Error> {
        Heuristic::in_metric(kind, goal, tables, cost, Metric::Stm)
    }

    /// [`Heuristic::with_cost`] in the metric `metric`: under multi-tile moves
    /// ([`Metric::Mtm`], unit costs only) the kinds whose [`HeuristicInfo::mtm`] says so
    /// estimate the slides to the goal ([`mtm`]: each stays admissible and consistent); the
    /// others count single-tile moves and are refused.
    pub fn in_metric(
        kind: HeuristicKind,
        goal: &Board,
        tables: &dyn TableSource,
        cost: CostModel,
        metric: Metric,
    ) -> Result<Heuristic, Error> {
        let info = kind.info();
        if metric == Metric::Mtm {
            if !cost.is_unit() {
                return Err(Error::Unsupported(format!("the multi-tile metric counts slides, each costing 1: it takes no {cost} costs")));
            }
            if !info.mtm {
                return Err(Error::Unsupported(format!(
                    "the {kind} heuristic counts single-tile moves and overestimates multi-tile ones: under the multi-tile metric use {}",
                    HeuristicKind::mtm().map(|k| k.name()).collect::<Vec<_>>().join(", ")
                )));
            }
        } else if cost.is_unit() {
            kind.check_size(goal.width(), goal.height())?;
        } else {
            if !info.tile_costs {
                return Err(Error::Unsupported(format!("the {kind} estimate counts moves of unit cost: it takes no {cost} costs")));
            }
            if kind != HeuristicKind::Pdb {
                kind.check_size(goal.width(), goal.height())?;
            }
        }
        let source = (info.bind)(goal, tables, cost, metric)?;
        let table_cost = if metric == Metric::Mtm { CostModel::Unit } else { cost };
        Ok(Heuristic {
            table: GoalTable::new(goal, table_cost),
            height: goal.height(),
            source,
            cost: if metric == Metric::Mtm { cost } else { table_cost },
            estimator: Estimator::Builtin(kind),
        })
    }

    /// The heuristic `estimator` names, bound to `goal` in `cost` and `metric`: a built-in
    /// through [`Heuristic::in_metric`], a user's own through its [`Estimate::bind`].
    pub fn of(estimator: &Estimator, goal: &Board, tables: &dyn TableSource, cost: CostModel, metric: Metric) -> Result<Heuristic, Error> {
        match estimator {
            Estimator::Builtin(kind) => Heuristic::in_metric(*kind, goal, tables, cost, metric),
            Estimator::Own(own) => Ok(Heuristic {
                table: GoalTable::new(goal, cost),
                height: goal.height(),
                source: Source::Own(Arc::new(own::Bound::new(own.bind(goal, cost, metric)?.unwrap_or_else(|| own.clone()), goal))),
                cost,
                estimator: estimator.clone(),
            }),
        }
    }

    /// The metric the estimates count moves in.
    pub fn metric(&self) -> Metric {
        match self.source {
            Source::MtmMisplaced | Source::MtmAxes | Source::MtmExact(_) | Source::MtmWalk(_) | Source::MtmSlides(_) => Metric::Mtm,
            _ => Metric::Stm,
        }
    }

    /// The step-cost model the estimates are in.
    pub fn cost_model(&self) -> CostModel {
        self.cost
    }

    /// The pattern databases built with step costs behind a `pdb` heuristic under
    /// [`CostModel::Tile`].
    pub fn cost_pdb(&self) -> Option<&Arc<pdb::costed::CostPdbHeuristic>> {
        match &self.source {
            Source::CostPdb(p) => Some(p),
            _ => None,
        }
    }

    /// The exact table built with step costs behind an `exact` heuristic under
    /// [`CostModel::Tile`].
    pub fn cost_exact(&self) -> Option<&Arc<exact_cost::CostExactHeuristic>> {
        match &self.source {
            Source::CostExact(e) => Some(e),
            _ => None,
        }
    }

    /// Prepares `kind` for boards that aim at `goal`. The table-driven kinds read `tables`,
    /// which must hold tables bound to this very goal ([`crate::tables::TableStore::prepare`]
    /// makes them); without them this is [`Error::Unprepared`], never a silent fallback to
    /// another heuristic.
    pub fn new(kind: HeuristicKind, goal: &Board, tables: &dyn TableSource) -> Result<Heuristic, Error> {
        Heuristic::in_metric(kind, goal, tables, CostModel::Unit, Metric::Stm)
    }

    /// A heuristic computed from the board alone; the table-driven kinds are
    /// [`Error::Unprepared`] here.
    pub fn formula(kind: HeuristicKind, goal: &Board) -> Result<Heuristic, Error> {
        Heuristic::new(kind, goal, &NoTables)
    }

    /// Which built-in heuristic this is; `None` for a user's own.
    pub fn kind(&self) -> Option<HeuristicKind> {
        match self.estimator {
            Estimator::Builtin(k) => Some(k),
            Estimator::Own(_) => None,
        }
    }

    /// What it is: a built-in or a user's own estimate.
    pub fn estimator(&self) -> &Estimator {
        &self.estimator
    }

    /// Set once a user's own estimate returned an error during a search: from then on it
    /// estimates every board as unreachable, the search stops at its next check of the limits
    /// ([`crate::search::Ctx::stop_on`]), and the search's entry returns the error
    /// ([`Heuristic::failure`]) in place of its outcome. `None` for a built-in, which never fails.
    pub fn failed_flag(&self) -> Option<&std::sync::atomic::AtomicBool> {
        match &self.source {
            Source::Own(b) => Some(b.failed_flag()),
            _ => None,
        }
    }

    /// [`Heuristic::failure`]'s error, if any.
    pub fn failure(&self) -> Option<Error> {
        match &self.source {
            Source::Own(b) => b.failure(),
            _ => None,
        }
    }

    /// Whether every value is a whole number of units.
    pub fn is_integral(&self) -> bool {
        match (&self.estimator, &self.source) {
            (Estimator::Builtin(k), _) => k.info().integral,
            (Estimator::Own(_), Source::Own(b)) => b.integral(),
            (Estimator::Own(_), _) => false,
        }
    }

    /// The pattern-database set behind a `pdb` heuristic.
    pub fn pdb(&self) -> Option<&Arc<pdb::PdbHeuristic>> {
        match &self.source {
            Source::Pdb(p) => Some(p),
            _ => None,
        }
    }

    /// The exact table behind an `exact` heuristic.
    pub fn exact(&self) -> Option<&Arc<exact::ExactHeuristic>> {
        match &self.source {
            Source::Exact(e) => Some(e),
            _ => None,
        }
    }

    /// The estimate for a state, computed from scratch.
    pub fn estimate<S: State>(&self, s: &S) -> Cost {
        let t = &self.table;
        match &self.source {
            Source::Zero => Cost::ZERO,
            Source::Misplaced => misplaced::estimate(t, s),
            Source::Manhattan => manhattan::estimate(t, s),
            Source::Euclidean => euclidean::estimate(t, s),
            Source::LinearConflict => linear_conflict::estimate(t, self.height, s),
            Source::Pdb(p) => Cost::moves(p.estimate_tiles(|c| s.tile(c))),
            // Unreachable arrangements never reach a search (parity is checked first).
            Source::Exact(e) => e.distance_tiles(|c| s.tile(c)).map_or(Cost::moves(u32::MAX / 4), |d| Cost::moves(d as u32)),
            Source::WeightedMisplaced => misplaced::estimate_weighted(t, s),
            Source::WeightedManhattan => manhattan::estimate_weighted(t, s),
            Source::WeightedEuclidean => euclidean::estimate_weighted(t, s),
            Source::WeightedLinearConflict => linear_conflict::estimate_weighted(t, self.height, s),
            Source::CostPdb(p) => Cost::moves(p.estimate_tiles(|c| s.tile(c))),
            Source::CostExact(e) => e.distance_tiles(|c| s.tile(c)).map_or(Cost::moves(u32::MAX / 4), Cost::moves),
            Source::MtmMisplaced => mtm::misplaced(t, self.height, s),
            Source::MtmAxes => mtm::axes(t, self.height, s),
            Source::MtmExact(e) => mtm::exact(e, t.cells(), s),
            Source::MtmWalk(w) => Cost::moves(w.estimate_tiles(|c| s.tile(c))),
            Source::MtmSlides(p) => Cost::moves(p.estimate_tiles(|c| s.tile(c))),
            // Without the `learnt` feature no store hands out a network.
            Source::Learnt(net, home) if cfg!(feature = "learnt") => {
                let y = net.estimate_with(|c| home[s.tile(c) as usize]).max(0.0);
                Cost((y as f64 * Cost::ONE as f64).round() as u64)
            }
            Source::Learnt(..) => Cost::ZERO,
            Source::Classic(c) => classic_estimate(c.as_ref(), t.cells(), s),
            Source::Own(b) => own_estimate(b, s),
        }
    }

    /// The estimate for `child`, reached from a parent whose estimate was `parent_h` by sliding
    /// `tile` from cell `from` to cell `to`. Costs O(1) for the formulas but linear conflict,
    /// which rescans only the two lines the tile left and entered; the tables are looked up
    /// afresh.
    #[inline]
    pub fn update<S: State>(&self, child: &S, parent_h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
        let t = &self.table;
        match &self.source {
            Source::Zero => Cost::ZERO,
            Source::Misplaced => misplaced::update(t, parent_h, tile, from, to),
            Source::Manhattan => manhattan::update(t, parent_h, tile, from, to),
            Source::Euclidean => euclidean::update(t, parent_h, tile, from, to),
            Source::LinearConflict => linear_conflict::update(t, self.height, child, parent_h, tile, from, to),
            Source::WeightedMisplaced => misplaced::update_weighted(t, parent_h, tile, from, to),
            Source::WeightedManhattan => manhattan::update_weighted(t, parent_h, tile, from, to),
            Source::WeightedEuclidean => euclidean::update_weighted(t, parent_h, tile, from, to),
            Source::WeightedLinearConflict => linear_conflict::update_weighted(t, self.height, child, parent_h, tile, from, to),
            Source::Pdb(_)
            | Source::Exact(_)
            | Source::CostPdb(_)
            | Source::CostExact(_)
            | Source::MtmMisplaced
            | Source::MtmAxes
            | Source::MtmExact(_)
            | Source::MtmWalk(_)
            | Source::MtmSlides(_)
            | Source::Learnt(..)
            | Source::Classic(_) => self.estimate(child),
            Source::Own(b) => own_update(b, child, parent_h, tile, from, to),
        }
    }

    /// The estimate for a board given as its tiles, row by row.
    pub fn estimate_tiles(&self, tiles: &[Tile]) -> Cost {
        match tiles.len() {
            0..=16 => self.estimate(&crate::state::Packed64::from_tiles(tiles)),
            17..=25 => self.estimate(&crate::state::Packed128::from_tiles(tiles)),
            _ => self.estimate(&crate::state::Wide::from_tiles(tiles)),
        }
    }

    /// The estimate for a board.
    pub fn estimate_board(&self, b: &Board) -> Cost {
        self.estimate(&crate::state::Wide::from_tiles(b.tiles()))
    }
}

// The estimates that are neither built-in formulas nor table lookups stay out of line: the
// searches inline `Heuristic::estimate` and `update` into their loops, once per algorithm and
// state type, and these arms would otherwise be copied into each.

#[inline(never)]
fn classic_estimate<S: State>(c: &dyn classics::Bytes, cells: usize, s: &S) -> Cost {
    Cost::moves(classics::estimate_with(c, cells, |i| s.tile(i) as u8))
}

#[inline(never)]
fn own_estimate<S: State>(b: &own::Bound, s: &S) -> Cost {
    b.estimate(s)
}

#[inline(never)]
fn own_update<S: State>(b: &own::Bound, child: &S, parent_h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    b.update(child, parent_h, tile, from, to)
}

/// A formula read as a user's own estimate ([`Estimator`]'s parser, for a text that names no
/// built-in: [`formula::FormulaEstimate`]).
pub(crate) fn formula_estimator(text: &str) -> Result<Estimator, Error> {
    formula::estimator(text)
}

/// The sum of the tiles' Manhattan distances from their cells on `start` to their cells on
/// `goal` (same size): a lower bound on the moves of any solution.
pub fn manhattan_distance(start: &Board, goal: &Board) -> u64 {
    let w = start.width();
    let goal_cell = goal.positions();
    start
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(cell, &t)| {
            let g = goal_cell[t as usize];
            ((cell / w).abs_diff(g / w) + (cell % w).abs_diff(g % w)) as u64
        })
        .sum()
}

/// The best admissible estimate of the moves from `start` to `goal` every any-size solver
/// reports: the Manhattan distance plus linear conflicts. No solution is shorter.
pub fn lower_bound(start: &Board, goal: &Board) -> u64 {
    match Heuristic::formula(HeuristicKind::LinearConflict, goal) {
        Ok(h) => h.estimate_board(start).ceil_moves(),
        Err(_) => manhattan_distance(start, goal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::goal::Goal;
    use crate::parse::parse_board;
    use crate::state::{Packed64, State};

    #[test]
    fn textbook_values() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let b = parse_board("8 1 3/4 0 2/7 6 5").unwrap();
        let h = |k| Heuristic::formula(k, &goal).unwrap().estimate_board(&b);
        assert_eq!(h(HeuristicKind::Misplaced), Cost::moves(5));
        assert_eq!(h(HeuristicKind::Manhattan), Cost::moves(10));
        assert_eq!(h(HeuristicKind::Zero), Cost::ZERO);
        // Row 1 holds 2 and 1 (wrong order): one conflict, +2; 3 2 1 in a row needs 2 removals.
        let lc = parse_board("2 1 3/4 5 6/7 8 0").unwrap();
        assert_eq!(Heuristic::formula(HeuristicKind::LinearConflict, &goal).unwrap().estimate_board(&lc), Cost::moves(4));
        let lc2 = parse_board("3 2 1/4 5 6/7 8 0").unwrap();
        assert_eq!(Heuristic::formula(HeuristicKind::LinearConflict, &goal).unwrap().estimate_board(&lc2), Cost::moves(4 + 4));
        let e = Heuristic::formula(HeuristicKind::Euclidean, &goal).unwrap().estimate_board(&parse_board("0 2 3/4 5 6/7 8 1").unwrap());
        assert_eq!(e, Cost((8f64.sqrt() * Cost::ONE as f64).floor() as u64));
    }

    #[test]
    fn updates_match_full_estimates_along_a_walk() {
        let goal = Goal::Snail.board(4, 4).unwrap();
        // The table-driven kinds are checked in tests/suite/pdb.rs with tables that stay in memory.
        for kind in HeuristicKind::ALL.into_iter().filter(|k| !k.is_table()) {
            let heur = Heuristic::formula(kind, &goal).unwrap();
            let mut board = Goal::BlankLast.board(4, 4).unwrap();
            let mut s = Packed64::from_tiles(board.tiles());
            let mut h = heur.estimate(&s);
            let walk = "LLLUURRDLDRUULDLURDDRRULLUURDDLL";
            for c in walk.chars() {
                let m = Move::from_letter(c).unwrap();
                let from_blank = s.blank();
                let Some(to) = board.neighbor(from_blank, m) else { continue };
                board = board.apply(m).unwrap();
                let tile = s.slide(to);
                h = heur.update(&s, h, tile, to, from_blank);
                assert_eq!(h, heur.estimate(&s), "{kind} after {c}");
            }
        }
    }
}
