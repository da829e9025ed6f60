//! A* (Hart, Nilsson and Raphael, 1968) expands nodes in order of f = g + h and is optimal with an admissible heuristic. With a weight W other than 1 it is weighted A*, f = g + W·h: faster, and within a factor W of optimal.

use super::info::{self, GoalTest, Info, Param};
use super::best_first::{self, Spec};
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
    goal_test: GoalTest::OnSelection,
    frontier: "open list (priority queue, next first)",
    params: &[Param::Weight],
    words: info::PLAIN,
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, h| p.weighted(g, h), goal_on_generate: false, improve: true })
}
