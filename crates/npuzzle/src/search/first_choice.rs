//! First-choice hill climbing (Russell and Norvig, *AIMA*, section 4.1.1): each step draws the
//! current state's neighbours at random, one at a time, and moves to the first that lowers h.
//! When none does, it stops (a local minimum, or a plateau once `--sideways N` moves in a row
//! to an equally good neighbour, drawn at random, are used up). Every draw comes from the
//! seed. The solution is the moves made; never claimed optimal.

use super::info::{self, GoalTest, Info, Param, line, Step};
use super::local::{climb_end, Choose};
use super::observer::Observer;
use super::{Ctx, End, Problem};
use crate::state::State;

/// Sideways moves allowed in a row unless told otherwise.
pub const DEFAULT_SIDEWAYS: u32 = 0;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "first-choice",
    aliases: &["first-choice-hill-climbing", "fchc"],
    title: "First-choice hill climbing",
    summary: "moves to the first random neighbour that lowers h; local search, can get stuck, not optimal",
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
        line(0, "function FIRST-CHOICE-HILL-CLIMBING(problem) returns a state that is a goal or a local minimum", &[]),
        line(1, "current ← problem.INITIAL; sideways ← 0", &[Step::Start]),
        line(1, "loop do", &[]),
        line(2, "if problem.IS-GOAL(current) then return current", &[Step::Select, Step::Goal]),
        line(2, "repeat: neighbour ← a successor of current not yet drawn, at random", &[Step::Evaluate]),
        line(2, "until h(neighbour) < h(current) or every successor was drawn", &[]),
        line(2, "if no successor is better then", &[]),
        line(3, "if none is as good, or sideways = MAX-SIDEWAYS, then return failure", &[Step::Fail]),
        line(3, "neighbour ← an equally good successor, at random; sideways ← sideways + 1", &[]),
        line(2, "else sideways ← 0", &[]),
        line(2, "current ← neighbour", &[Step::Move]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    climb_end(p, ctx, Choose::FirstChoice, DEFAULT_SIDEWAYS)
}
