//! Uniform-cost search (Dijkstra's algorithm on unit moves) expands nodes in order of g, the cost so far. Optimal; it ignores the heuristic.

use super::best_first::{self, Spec};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, _h| Cost::moves(g), goal_on_generate: false, improve: true })
}
