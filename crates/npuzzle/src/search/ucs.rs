//! Uniform-cost search (Dijkstra's algorithm) expands nodes in order of g, the cost so far. Optimal under any step costs (`--cost tile` too, where it and breadth-first search part ways); it ignores the heuristic.

use super::info::{self, GoalTest, Info, line, Step, Param};
use super::best_first::{self, Spec};
use super::conventions::Conventions;
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "ucs",
    aliases: &["dijkstra", "uniform-cost"],
    title: "Uniform-cost search",
    summary: "expands nodes in order of g, the path cost (Dijkstra); optimal under any step costs, ignores h",
    optimal: true,
    uses_heuristic: false,
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[crate::search::Duplicates::Reached, crate::search::Duplicates::None, crate::search::Duplicates::Parent, crate::search::Duplicates::Path, crate::search::Duplicates::Explored],
    frontier: "open list (priority queue, next first)",
    params: &[Param::Rules, Param::GoalTest, Param::Duplicates, Param::Ties],
    words: info::PLAIN,
    pseudocode: &[
        line(0, "function UNIFORM-COST-SEARCH(problem) returns a solution node or failure", &[]),
        line(1, "f(n) = g(n), the path cost    ▷ h is not used", &[]),
        line(1, "node ← NODE(STATE = problem.INITIAL)", &[Step::Start]),
        line(1, "frontier ← a priority queue ordered by g, with node as an element", &[Step::Start]),
        line(1, "reached ← a lookup table, with one entry: problem.INITIAL → node", &[]),
        line(1, "while not IS-EMPTY(frontier) do", &[]),
        line(2, "node ← POP(frontier)    ▷ the lowest g first; ties in generation order", &[Step::Select]),
        line(2, "if problem.IS-GOAL(node.STATE) then return node", &[Step::Goal]),
        line(2, "for each child in EXPAND(problem, node) do", &[]),
        line(3, "s ← child.STATE", &[]),
        line(3, "if s is in reached and reached[s].PATH-COST ≤ child.PATH-COST then skip child", &[Step::Duplicate]),
        line(3, "reached[s] ← child", &[]),
        line(3, "add child to frontier", &[Step::Add]),
        line(1, "return failure", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, _h| Cost::moves(g), improve: true, conventions: Conventions::of(&INFO, &p.params) })
}
