//! Least-cost branch and bound, LC-search (Horowitz and Sahni). The live nodes form a min-heap on c = g + h, and each node is tested as an answer when it is generated, so the search stops at the first answer node generated. Fast, but not guaranteed optimal.

use super::best_first::{self, Spec};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, h| Cost::moves(g) + h, goal_on_generate: true, improve: true })
}
