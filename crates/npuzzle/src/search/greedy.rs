//! Greedy best-first search always expands the node that looks closest to the goal, by h alone. Fast on easy boards, never guaranteed optimal. A state seen once is not reopened.

use super::info::{self, GoalTest, Info};
use super::best_first::{self, Spec};
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
    goal_test: GoalTest::OnSelection,
    frontier: "open list (priority queue, next first)",
    params: &[],
    words: info::PLAIN,
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |_g, h| h, goal_on_generate: false, improve: false })
}
