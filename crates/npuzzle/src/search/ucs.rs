//! Uniform-cost search (Dijkstra's algorithm on unit moves) expands nodes in order of g, the cost so far. Optimal; it ignores the heuristic.

use super::info::{self, GoalTest, Info};
use super::best_first::{self, Spec};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "ucs",
    aliases: &["dijkstra", "uniform-cost"],
    title: "Uniform-cost search",
    summary: "expands nodes in order of g (Dijkstra on unit moves); optimal, ignores h",
    optimal: true,
    uses_heuristic: false,
    goal_test: GoalTest::OnSelection,
    frontier: "open list (priority queue, next first)",
    params: &[],
    words: info::PLAIN,
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, _h| Cost::moves(g), goal_on_generate: false, improve: true })
}
