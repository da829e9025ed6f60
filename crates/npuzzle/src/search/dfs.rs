//! Depth-first graph search: a LIFO stack (never recursion, since a depth-first path on a 3×3
//! board can run tens of thousands of moves deep) and an explored set, so no state is expanded
//! twice at the same depth. Children are pushed so the first in `--order` is taken first; each
//! child is tested for the goal as it is generated. Complete on finite boards, never guaranteed
//! optimal.
//!
//! `max_depth` stops nodes from being expanded past that depth. Under a depth limit the explored
//! set keeps the depth each state was reached at, and a state reached again by a shorter path is
//! reopened at the shorter depth and searched again from there, so a solution within the
//! limit is always found: a state first met deep in one branch cannot hide a shallower route to
//! the goal through it.

use super::info::{self, GoalTest, Info, Param, line, Step};
use super::bfs::{linear_search, Discipline};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::state::State;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "dfs",
    aliases: &["depth-first"],
    title: "Depth-first search",
    summary: "graph search from a LIFO stack with an explored set; a depth limit may bound it; not optimal",
    optimal: false,
    uses_heuristic: false,
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnGeneration,
    duplicates: &[crate::search::Duplicates::Reached, crate::search::Duplicates::None, crate::search::Duplicates::Parent, crate::search::Duplicates::Path, crate::search::Duplicates::Explored],
    frontier: "stack (top first)",
    params: &[Param::MaxDepth, Param::Rules, Param::GoalTest, Param::Duplicates],
    words: info::GOAL_TEST_AT_GENERATION,
    pseudocode: &[
        line(0, "function DEPTH-FIRST-SEARCH(problem, ℓ = ∞) returns a solution node or failure", &[]),
        line(1, "node ← NODE(problem.INITIAL)", &[Step::Start]),
        line(1, "if problem.IS-GOAL(node.STATE) then return node", &[]),
        line(1, "frontier ← a LIFO stack, with node as an element", &[Step::Start]),
        line(1, "reached ← {problem.INITIAL}", &[]),
        line(1, "while not IS-EMPTY(frontier) do", &[]),
        line(2, "node ← POP(frontier)    ▷ the newest first", &[Step::Select]),
        line(2, "if DEPTH(node) ≥ ℓ then continue    ▷ the depth limit (max depth)", &[]),
        line(2, "for each child in EXPAND(problem, node) do", &[]),
        line(3, "s ← child.STATE", &[]),
        line(3, "if s is in reached then skip child", &[Step::Duplicate]),
        line(3, "if problem.IS-GOAL(s) then return child    ▷ the goal test at generation", &[Step::Goal]),
        line(3, "add s to reached", &[]),
        line(3, "push child on frontier    ▷ pushed in reverse, so the first move is popped first", &[Step::Add]),
        line(1, "return failure", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    linear_search(p, ctx, Discipline::Stack, &INFO)
}
