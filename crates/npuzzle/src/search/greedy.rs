//! Greedy best-first search always expands the node that looks closest to the goal, by h alone. Fast on easy boards, never guaranteed optimal. A state seen once is not reopened.

use super::info::{self, GoalTest, Info, line, Step, Param};
use super::best_first::{self, Spec};
use super::conventions::Conventions;
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::state::State;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "greedy",
    aliases: &["best-first", "gbfs"],
    title: "Greedy best-first search",
    summary: "expands the node with the smallest h; fast on easy boards, not optimal",
    optimal: false,
    uses_heuristic: true,
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
        line(0, "function GREEDY-BEST-FIRST-SEARCH(problem) returns a solution node or failure", &[]),
        line(1, "f(n) = h(n), the estimate alone", &[]),
        line(1, "node ← NODE(STATE = problem.INITIAL)", &[Step::Start]),
        line(1, "frontier ← a priority queue ordered by h, with node as an element", &[Step::Start]),
        line(1, "reached ← a lookup table, with one entry: problem.INITIAL → node", &[]),
        line(1, "while not IS-EMPTY(frontier) do", &[]),
        line(2, "node ← POP(frontier)    ▷ the lowest h first; ties in generation order", &[Step::Select]),
        line(2, "if problem.IS-GOAL(node.STATE) then return node", &[Step::Goal]),
        line(2, "for each child in EXPAND(problem, node) do", &[]),
        line(3, "s ← child.STATE", &[]),
        line(3, "if s is in reached then skip child    ▷ a state seen once is not reopened", &[Step::Duplicate]),
        line(3, "reached[s] ← child", &[]),
        line(3, "add child to frontier", &[Step::Add]),
        line(1, "return failure", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |_g, h| h, improve: false, conventions: Conventions::of(&INFO, &p.params) })
}
