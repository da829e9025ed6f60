//! A* (Hart, Nilsson and Raphael, 1968) expands nodes in order of f = g + h and is optimal with an admissible heuristic. With a weight W other than 1 it is weighted A*, f = g + W·h: faster, and within a factor W of optimal.

use super::best_first::{self, Spec};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::state::State;

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, h| p.weighted(g, h), goal_on_generate: false, improve: true })
}
