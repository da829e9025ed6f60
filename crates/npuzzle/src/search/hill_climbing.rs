//! Steepest-ascent hill climbing (Russell and Norvig, *AIMA*, figure 4.2), descending h: each
//! step looks at every neighbour of the current state and moves to the one with the lowest h,
//! ties broken at random from the seed. It stops at the goal, at a local minimum (every
//! neighbour worse), or on a plateau (the best neighbour no better) once `--sideways N` moves
//! in a row to an equally good neighbour are used up (AIMA's 8-queens figures: 14 % solved
//! with none, 94 % with 100). The solution is the moves made; never claimed optimal.

use super::info::{self, GoalTest, Info, Param, line, Step};
use super::local::{climb_end, Choose};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::state::State;

/// Sideways moves allowed in a row unless told otherwise: none, as in AIMA's figure 4.2.
pub const DEFAULT_SIDEWAYS: u32 = 0;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "hill-climbing",
    aliases: &["hill", "steepest-ascent", "hc"],
    title: "Steepest-ascent hill climbing",
    summary: "moves to the best neighbour while it lowers h (--sideways N allows moves across a plateau); local search, can get stuck, not optimal",
    optimal: false,
    uses_heuristic: true,
    keeps: info::Keeps::FewBoards,
    kind: info::Kind::Local,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[],
    frontier: "current state",
    params: &[Param::Seed, Param::Sideways, Param::MaxSteps],
    words: info::PLAIN,
    pseudocode: &[
        line(0, "function HILL-CLIMBING(problem) returns a state that is a goal or a local minimum", &[]),
        line(1, "current ← problem.INITIAL; sideways ← 0", &[Step::Start]),
        line(1, "loop do", &[]),
        line(2, "if problem.IS-GOAL(current) then return current", &[Step::Select, Step::Goal]),
        line(2, "neighbour ← a successor of current with the lowest h    ▷ ties: one at random", &[Step::Evaluate]),
        line(2, "if h(neighbour) > h(current) then return failure    ▷ a local minimum", &[Step::Fail]),
        line(2, "if h(neighbour) = h(current) then    ▷ a plateau", &[]),
        line(3, "if sideways = MAX-SIDEWAYS then return failure", &[Step::Fail]),
        line(3, "sideways ← sideways + 1", &[]),
        line(2, "else sideways ← 0", &[]),
        line(2, "current ← neighbour", &[Step::Move]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    climb_end(p, ctx, Choose::Steepest, DEFAULT_SIDEWAYS)
}
