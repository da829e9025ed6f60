//! Least-cost branch and bound, LC-search (Horowitz and Sahni). The live nodes form a min-heap on c = g + h, and each node is tested as an answer when it is generated, so the search stops at the first answer node generated. Fast, but not guaranteed optimal.

use super::info::{GoalTest, Info, Words};
use super::best_first::{self, Spec};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "lc",
    aliases: &["lc-search"],
    title: "Least-cost branch and bound",
    summary: "LC-search: a min-heap on c = g + h with the answer check at generation; fast, not optimal",
    optimal: false,
    uses_heuristic: true,
    goal_test: GoalTest::OnGeneration,
    frontier: "open list (priority queue, next first)",
    params: &[],
    words: Words { tested: Some(("answer check: no; added", "answer check: yes; goal")), bound: None },
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, h| Cost::moves(g) + h, goal_on_generate: true, improve: true })
}
