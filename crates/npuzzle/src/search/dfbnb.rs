//! Depth-first branch and bound: a depth-first search that tries children in order of
//! f = g + h. The best solution found so far (the incumbent) is the bound, and any node with
//! f ≥ bound is pruned. A table of the cheapest g seen per state drops repeated states. When the
//! stack empties, the incumbent is optimal (given an admissible heuristic).

use super::info::{self, Bound, GoalTest, Info, Param, Words, line, Step};
use super::observer::{Fate, Observer};
use super::conventions::Conventions;
use super::stack::{run_pass, AtGoal, Buffers, Hooks, Visit};
use super::{Ctx, End, Problem};
use crate::board::Move;
use crate::cost::Cost;
use crate::state::State;
use std::cell::{Cell, RefCell};

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "dfbnb",
    aliases: &["bnb", "branch-and-bound"],
    title: "Depth-first branch and bound",
    summary: "depth-first, children by f; the best solution so far bounds the rest; optimal",
    optimal: true,
    uses_heuristic: true,
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[crate::search::Duplicates::Reached, crate::search::Duplicates::Path, crate::search::Duplicates::Explored],
    frontier: "stack (top first)",
    params: &[Param::Rules, Param::Duplicates, Param::Ties],
    words: Words { tested: None, bound: Some(Bound::Incumbent) },
    pseudocode: &[
        line(0, "function DEPTH-FIRST-BRANCH-AND-BOUND(problem) returns a solution node or failure", &[]),
        line(1, "best ← failure; bound ← ∞", &[]),
        line(1, "frontier ← a LIFO stack with NODE(problem.INITIAL) as an element", &[Step::Start]),
        line(1, "reached ← a table of the least g seen for each state", &[]),
        line(1, "while not IS-EMPTY(frontier) do", &[]),
        line(2, "node ← POP(frontier)", &[Step::Select]),
        line(2, "if f(node) ≥ bound then discard node and continue    ▷ the bound tightened since it was pushed", &[Step::Discard]),
        line(2, "if problem.IS-GOAL(node.STATE) then", &[Step::Goal]),
        line(3, "best ← node; bound ← g(node)    ▷ the new incumbent", &[Step::Incumbent]),
        line(2, "else for each child in EXPAND(problem, node), lowest f first do", &[]),
        line(3, "if f(child) ≥ bound then prune child", &[Step::Prune]),
        line(3, "else if reached[child.STATE] ≤ g(child) then skip child", &[Step::Duplicate]),
        line(3, "else reached[child.STATE] ← g(child); push child on frontier", &[Step::Add]),
        line(1, "return best", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut buf = Buffers::default();
    let rules = Conventions::of(&INFO, &p.params);
    let bound = Cell::new(Cost::INFINITY);
    let best: RefCell<Option<Vec<Move>>> = RefCell::new(None);
    let mut hooks = Hooks {
        f: |g, h| Cost::moves(g) + h,
        // Repeated states are the pass's to skip: by default, a table of the least g reached.
        admit: |_: &S, _g, f: Cost| if f >= bound.get() { Fate::Pruned } else { Fate::Added },
        visit: |_depth, f| if f >= bound.get() { Visit::Discard } else { Visit::Expand },
        goal: |path: &[Move], g, _id| {
            bound.set(Cost::moves(g));
            *best.borrow_mut() = Some(path.to_vec());
            AtGoal::Incumbent
        },
        sort: true,
    };
    match run_pass(p, ctx, &mut hooks, &mut buf, rules, &|_| {}) {
        Err(kind) => End::Limit(kind),
        Ok(_) => match best.take() {
            Some(path) => End::Found(path),
            None => End::Exhausted,
        },
    }
}
