//! Least-cost branch and bound, LC-search (Horowitz and Sahni). The live nodes form a min-heap on c = g + h, and each node is tested as an answer when it is generated, so the search stops at the first answer node generated. Fast, but not guaranteed optimal.

use super::info::{self, GoalTest, Info, Words, line, Step, Param};
use super::best_first::{self, Spec};
use super::conventions::Conventions;
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
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnGeneration,
    duplicates: &[crate::search::Duplicates::Reached, crate::search::Duplicates::None, crate::search::Duplicates::Parent, crate::search::Duplicates::Path, crate::search::Duplicates::Explored],
    frontier: "open list (priority queue, next first)",
    params: &[Param::Rules, Param::GoalTest, Param::Duplicates, Param::Ties],
    words: Words { tested: Some(("answer check: no; added", "answer check: yes; goal")), bound: None },
    pseudocode: &[
        line(0, "function LC-SEARCH(problem) returns an answer node or failure", &[]),
        line(1, "c(n) = g(n) + h(n)", &[]),
        line(1, "E ← NODE(STATE = problem.INITIAL)", &[Step::Start]),
        line(1, "live ← a min-heap on c, with E as an element", &[Step::Start]),
        line(1, "while live is not empty do", &[]),
        line(2, "E ← the live node with the least c    ▷ the E-node", &[Step::Select]),
        line(2, "for each child x of E do", &[]),
        line(3, "if x's state was reached before at no greater g then skip x", &[Step::Duplicate]),
        line(3, "if x is an answer node then return x    ▷ the answer check at generation", &[Step::Goal]),
        line(3, "add x to live", &[Step::Add]),
        line(1, "return failure", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    best_first::search(p, ctx, Spec { priority: |g, h| Cost::moves(g) + h, improve: true, conventions: Conventions::of(&INFO, &p.params) })
}
