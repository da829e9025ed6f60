//! What an algorithm says about itself. Each `search/<name>.rs` defines one [`Info`]; the
//! command line's values and help, the trace's wording, the web API's `/api/options` and the page
//! all read it, so none keeps its own list.

use serde::Serialize;

/// An algorithm's description.
#[derive(Clone, Copy, Debug, Serialize)]
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
    /// When it tests a node for the goal.
    pub goal_test: GoalTest,
    /// How the trace names its open list, e.g. `queue (front first)`.
    pub frontier: &'static str,
    /// The parameters it reads beyond the heuristic and the move order.
    pub params: &'static [Param],
    /// How the trace words what becomes of a generated node.
    pub words: Words,
}

impl Info {
    /// Whether it reads `param`.
    pub fn takes(&self, param: Param) -> bool {
        self.params.contains(&param)
    }
}

/// When an algorithm tests for the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GoalTest {
    /// As each node is generated.
    OnGeneration,
    /// As a node is selected for expansion.
    OnSelection,
}

/// A parameter an algorithm reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Param {
    /// The weight W on h (f = g + W·h); optimality holds only at W = 1.
    Weight,
    /// A depth bound on the nodes expanded.
    MaxDepth,
}

/// The trace's wording for one algorithm.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Words {
    /// For algorithms that test at generation: what an added child and a goal child say, e.g.
    /// `goal test: no; added` and `goal test: yes; goal`.
    pub tested: Option<(&'static str, &'static str)>,
    /// What a bound is called (`bound`, `depth limit`) and how a cut is phrased.
    pub bound: Option<Bound>,
}

/// How an algorithm bounds its search, for the trace's wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
