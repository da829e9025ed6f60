//! Greedy best-first search always expands the node that looks closest to the goal, by h alone. Fast on easy boards, never guaranteed optimal. A state seen once is not reopened.

use super::best_first::{self, Spec};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::state::State;

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |_g, h| h, goal_on_generate: false, improve: false })
}
