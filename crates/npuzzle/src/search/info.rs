//! What an algorithm says about itself. Each `search/<name>.rs` defines one [`Info`]; the
//! command line's values and help, the trace's wording, the web API's `/api/options` and the page
//! all read it, so none keeps its own list.

pub use super::params::Param;
use serde::Serialize;

/// An algorithm's description.
#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Info {
    /// The name on the command line and in JSON, e.g. `astar`.
    pub name: &'static str,
    /// Other names accepted as input, e.g. `a*`.
    pub aliases: &'static [&'static str],
    /// The name in prose, e.g. `A*`.
    pub title: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Whether it always returns an optimal solution, given an admissible heuristic and its
    /// parameters at their defaults. Opt-in: an algorithm is not claimed optimal unless it says
    /// so here.
    pub optimal: bool,
    /// Whether it uses a heuristic at all.
    pub uses_heuristic: bool,
    /// What it keeps in memory as its path grows, which decides whether a board too large for
    /// it is refused before the search (see [`crate::solve::check_fits`]).
    pub keeps: Keeps,
    /// What kind of search it is, which decides what it builds and what a front end can show
    /// of it ([`Info::records_tree`], [`Info::local`], [`Info::one_path`], …).
    pub kind: Kind,
    /// What a front end prepares before the run ([`crate::tables::TableStore::prepare_run`]
    /// reads it): the heuristic's tables, the final block's table, or the tables for every goal.
    pub needs: Needs,
    /// Refuses, before any table is prepared, a board size the algorithm does not take
    /// ([`any_size`] takes every size).
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub check_size: fn(usize, usize) -> Result<(), crate::error::Error>,
    /// Why an algorithm optimal under unit costs ([`Info::optimal`]) is not when moves cost
    /// different amounts ([`crate::cost::CostModel::Tile`]); `None` when its optimality (or lack
    /// of it) is the same under every cost model. The report then says `optimal: false`, and the
    /// trace says why.
    pub cost_note: Option<&'static str>,
    /// When it tests a node for the goal.
    pub goal_test: GoalTest,
    /// The repeated-state rules it can run under ([`super::Duplicates`]), its own first; empty
    /// when it reads none (a local search, or a solver of its own). Front ends offer only
    /// these in their repeated-state menus.
    #[cfg_attr(feature = "ts", ts(as = "Vec<String>"))]
    pub duplicates: &'static [super::rules::Duplicates],
    /// How the trace names its open list, e.g. `queue (front first)`.
    pub frontier: &'static str,
    /// The parameters it reads beyond the heuristic and the move order.
    pub params: &'static [Param],
    /// How the trace words what becomes of a generated node.
    pub words: Words,
    /// The algorithm in textbook pseudocode (in the style of Russell and Norvig's AIMA and
    /// Nilsson), each line tagged with the [`Step`]s of a search it carries out, so a replay can
    /// light the line the current event belongs to.
    pub pseudocode: &'static [Line],
}

impl Info {
    /// Whether it grows a search tree from an open list, which a trace records, a replay draws
    /// and a depth experiment counts: not a local search (its current state only), not one
    /// that builds one path without a tree (reduction, `pdb-beam`).
    pub fn records_tree(&self) -> bool {
        matches!(self.kind, Kind::Tree | Kind::FastTree | Kind::TwoTrees)
    }

    /// Whether it is a local search ([`Kind::Local`]).
    pub fn local(&self) -> bool {
        self.kind == Kind::Local
    }

    /// Whether it builds its answer by row-and-column reduction ([`Kind::Reduction`]).
    pub fn reduces(&self) -> bool {
        self.kind == Kind::Reduction
    }

    /// Whether it builds one path with no search tree, trace or walk to show, on a board of any
    /// size ([`Kind::Reduction`], [`Kind::Beam`]).
    pub fn one_path(&self) -> bool {
        matches!(self.kind, Kind::Reduction | Kind::Beam)
    }

    /// Whether a replay draws two roots and where the trees meet ([`Kind::TwoTrees`]).
    pub fn two_roots(&self) -> bool {
        self.kind == Kind::TwoTrees
    }

    /// Whether, over a table heuristic (exact tables, pattern databases) and with no observer,
    /// [`crate::solve::solve`] runs it on the fast engine ([`crate::fast`]) instead of the
    /// general search ([`Kind::FastTree`]).
    pub fn fast_engine(&self) -> bool {
        self.kind == Kind::FastTree
    }

    /// The description with what follows from its kind, as the page and the widget read it.
    pub fn described(&'static self) -> Described {
        Described {
            info: self,
            records_tree: self.records_tree(),
            local: self.local(),
            one_path: self.one_path(),
            two_roots: self.two_roots(),
        }
    }

    /// Whether it reads `param`.
    pub fn takes(&self, param: Param) -> bool {
        self.params.contains(&param)
    }

    /// The indices of the pseudocode lines that carry out `step`.
    pub fn lines_for(&self, step: Step) -> Vec<usize> {
        self.pseudocode.iter().enumerate().filter(|(_, l)| l.steps.contains(&step)).map(|(i, _)| i).collect()
    }
}

/// What kind of search an algorithm is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// It grows a search tree from the start, choosing from an open list (the classic searches).
    Tree,
    /// A tree search that, over a table heuristic and with no observer, runs on the fast engine
    /// ([`crate::fast`]) instead of the general search: IDA*.
    FastTree,
    /// It grows a second tree from the goal towards the first until they meet (bidirectional
    /// search).
    TwoTrees,
    /// A local search (Russell and Norvig, chapter 4): it keeps only its current state (or beam
    /// of states), moves to a neighbour each step, and may stop without the goal, stuck at a
    /// local minimum or a plateau, with status `not_found` and the reason.
    Local,
    /// It builds its answer by row-and-column reduction: one path and no search tree or trace,
    /// any board size, and the final block's exact table the only table it reads.
    Reduction,
    /// It builds its answer by beam searches whose boards are ranked by a key: one path and no
    /// search tree or trace, any board size (`pdb-beam`).
    Beam,
}

/// An algorithm's description with what follows from its kind, for a front end that reads them
/// as data (`/api/options`, the widget): what it may show, decided here.
#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Described {
    /// The description.
    #[serde(flatten)]
    pub info: &'static Info,
    /// [`Info::records_tree`].
    pub records_tree: bool,
    /// [`Info::local`].
    pub local: bool,
    /// [`Info::one_path`].
    pub one_path: bool,
    /// [`Info::two_roots`].
    pub two_roots: bool,
}

/// What an algorithm needs prepared before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Needs {
    /// The tables of the heuristic it uses (none for the heuristics computed from the board).
    Heuristic,
    /// The exact table of the final block row-and-column reduction leaves.
    Block,
    /// The pattern databases for every goal of the board's size, and the final block's table.
    AnyGoal,
}

/// Takes every board size: the [`Info::check_size`] of the algorithms that run on any board.
pub fn any_size(_width: usize, _height: usize) -> Result<(), crate::error::Error> {
    Ok(())
}

/// One line of an algorithm's pseudocode.
#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Line {
    /// Indentation, in levels.
    pub indent: u8,
    /// The text.
    pub text: &'static str,
    /// The steps this line carries out (none for lines a replay never stops at).
    pub steps: &'static [Step],
}

/// A line of pseudocode at `indent` that carries out `steps`.
pub const fn line(indent: u8, text: &'static str, steps: &'static [Step]) -> Line {
    Line { indent, text, steps }
}

/// The kinds of step a recorded search is made of, as pseudocode names them. Each recorded
/// event is one of them (see [`crate::record::Event::pseudocode_step`]), so a replay lights the
/// pseudocode line tagged with the step of the event it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The root is made and put on the frontier.
    Start,
    /// A node is taken from the frontier to be tested and expanded.
    Select,
    /// The goal test succeeds (at selection or at generation, as the algorithm does it).
    Goal,
    /// A generated child is put on the frontier.
    Add,
    /// A generated child is dropped: its state was already reached at no greater cost.
    Duplicate,
    /// A generated child is cut off by a bound (f, depth or incumbent).
    Prune,
    /// A node taken from the frontier is dropped because a bound tightened since it was added.
    Discard,
    /// An iteration begins with its bound.
    Iteration,
    /// An iteration ended without a solution: the bound is raised.
    RaiseBound,
    /// Nothing is left to search: failure.
    Fail,
    /// A better solution becomes the incumbent and the bound.
    Incumbent,
    /// A value is backed up to a node as the recursion unwinds.
    BackUp,
    /// A local search evaluates the current state's neighbours (or a random one of them).
    Evaluate,
    /// A local search moves to the neighbour it chose.
    Move,
    /// Simulated annealing refuses a worse neighbour and stays.
    Reject,
    /// Random-restart hill climbing begins again from a random walk of the start.
    Restart,
}

impl Step {
    /// Every step.
    pub const ALL: [Step; 16] = [
        Step::Start,
        Step::Select,
        Step::Goal,
        Step::Add,
        Step::Duplicate,
        Step::Prune,
        Step::Discard,
        Step::Iteration,
        Step::RaiseBound,
        Step::Fail,
        Step::Incumbent,
        Step::BackUp,
        Step::Evaluate,
        Step::Move,
        Step::Reject,
        Step::Restart,
    ];
}

/// When an algorithm tests for the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum GoalTest {
    /// As each node is generated.
    OnGeneration,
    /// As a node is selected for expansion.
    OnSelection,
}

/// What an algorithm keeps in memory as the path it returns grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Keeps {
    /// A whole node for every move of its path: in an arena of every node generated, a table of
    /// every board seen, or one list of children per level of its recursion. A board whose
    /// solution is too long for the memory limit is refused before the search.
    NodePerMove,
    /// Only the moves of the path and the siblings still to try, though every step copies a
    /// board (the iterative-deepening searches): never refused, but told when the board is too
    /// large to finish.
    PathMoves,
    /// A fixed number of boards whatever the path's length (local searches, reduction), and
    /// the moves made.
    FewBoards,
}

/// The trace's wording for one algorithm.
#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Words {
    /// For algorithms that test at generation: what an added child and a goal child say, e.g.
    /// `goal test: no; added` and `goal test: yes; goal`.
    pub tested: Option<(&'static str, &'static str)>,
    /// What a bound is called (`bound`, `depth limit`) and how a cut is phrased.
    pub bound: Option<Bound>,
}

/// How an algorithm bounds its search, for the trace's wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// A bound on f (IDA*): `pruned by bound: f 6 > bound 4`.
    F,
    /// A limit on the depth (iterative deepening): `pruned by bound: depth 3 > limit 2`.
    Depth,
    /// The incumbent's cost (branch and bound): `pruned by bound: f 9 ≥ incumbent 9`.
    Incumbent,
}

impl Bound {
    /// What one iteration's bound is called.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Depth => "depth limit",
            Bound::F | Bound::Incumbent => "bound",
        }
    }
}

/// The wording of algorithms that test at generation and have no bound.
pub const GOAL_TEST_AT_GENERATION: Words = Words { tested: Some(("goal test: no; added", "goal test: yes; goal")), bound: None };

/// The wording of algorithms that test when selecting and have no bound.
pub const PLAIN: Words = Words { tested: None, bound: None };
