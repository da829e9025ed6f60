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

use super::info::{self, GoalTest, Info, Param};
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
    goal_test: GoalTest::OnGeneration,
    frontier: "stack (top first)",
    params: &[Param::MaxDepth],
    words: info::GOAL_TEST_AT_GENERATION,
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    linear_search(p, ctx, Discipline::Stack)
}
