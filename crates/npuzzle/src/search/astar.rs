//! A* (Hart, Nilsson and Raphael, 1968) expands nodes in order of f = g + h and is optimal with an admissible heuristic. With a weight W other than 1 it is weighted A*, f = g + W·h: faster, and within a factor W of optimal.

use super::info::{self, GoalTest, Info, Param, line, Step};
use super::best_first::{self, Spec};
use super::conventions::Conventions;
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::state::State;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "astar",
    aliases: &["a*", "a-star"],
    title: "A*",
    summary: "expands nodes in order of f = g + h; optimal with an admissible h; with a weight W ≠ 1 it is weighted A*, f = g + W·h",
    optimal: true,
    uses_heuristic: true,
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[crate::search::Duplicates::Reached, crate::search::Duplicates::None, crate::search::Duplicates::Parent, crate::search::Duplicates::Path, crate::search::Duplicates::Explored],
    frontier: "open list (priority queue, next first)",
    params: &[Param::Weight, Param::Rules, Param::GoalTest, Param::Duplicates, Param::Ties],
    words: info::PLAIN,
    pseudocode: &[
        line(0, "function A*-SEARCH(problem) returns a solution node or failure", &[]),
        line(1, "f(n) = g(n) + W·h(n)    ▷ W = 1: A*; W > 1: weighted A*", &[]),
        line(1, "node ← NODE(STATE = problem.INITIAL)", &[Step::Start]),
        line(1, "frontier ← a priority queue ordered by f, with node as an element", &[Step::Start]),
        line(1, "reached ← a lookup table, with one entry: problem.INITIAL → node", &[]),
        line(1, "while not IS-EMPTY(frontier) do", &[]),
        line(2, "node ← POP(frontier)    ▷ the lowest f first; ties in generation order", &[Step::Select]),
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
    best_first::search(p, ctx, Spec { priority: |g, h| p.weighted(g, h), improve: true, conventions: Conventions::of(&INFO, &p.params) })
}
