//! Random-restart hill climbing (Russell and Norvig, *AIMA*, section 4.1.1): steepest-ascent
//! hill climbing, and when it gets stuck, again from a new random state, up to `--restarts N`
//! times. On the puzzle a random state must be reachable from the start and the solution must
//! start there, so each restart begins from a random walk of the start (two moves per cell,
//! never undoing the previous one): the solution is that walk followed by the climb that
//! reached the goal. `--sideways N` applies to every climb. Every draw comes from the seed.
//! Never claimed optimal.

use super::info::{self, GoalTest, Info, Param, line, Step};
use super::local::{check, climb, legal_moves, neighbour, Choose, Climbed, Stuck};
use super::observer::{Event, Observer};
use super::{Ctx, End, Problem};
use crate::board::Move;
use crate::generate::Rng;
use crate::state::State;

/// Sideways moves allowed in a row in each climb unless told otherwise.
pub const DEFAULT_SIDEWAYS: u32 = 0;

/// Moves of each restart's random walk from the start, per cell of the board.
pub const WALK_PER_CELL: usize = 2;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "random-restart",
    aliases: &["random-restart-hill-climbing", "rrhc"],
    title: "Random-restart hill climbing",
    summary: "hill climbing, restarted from random walks of the start when stuck (--restarts N); local search, not optimal",
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
    params: &[Param::Seed, Param::Sideways, Param::Restarts, Param::MaxSteps],
    words: info::PLAIN,
    pseudocode: &[
        line(0, "function RANDOM-RESTART-HILL-CLIMBING(problem) returns a solution or failure", &[]),
        line(1, "for restart = 0 to MAX-RESTARTS do", &[]),
        line(2, "if restart = 0 then current ← problem.INITIAL", &[Step::Start]),
        line(2, "else current ← a random walk of 2·cells moves from problem.INITIAL", &[Step::Restart]),
        line(2, "loop do    ▷ HILL-CLIMBING from current", &[]),
        line(3, "if problem.IS-GOAL(current) then return the walk and the climb", &[Step::Select, Step::Goal]),
        line(3, "neighbour ← a successor of current with the lowest h    ▷ ties: one at random", &[Step::Evaluate]),
        line(3, "if h(neighbour) ≥ h(current) (and no sideways move is left) then break", &[]),
        line(3, "current ← neighbour", &[Step::Move]),
        line(1, "return failure    ▷ restarts exhausted", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut rng = Rng::new(p.params.seed());
    let sideways = p.params.sideways.unwrap_or(DEFAULT_SIDEWAYS);
    let restarts = p.params.restarts();
    let walk_len = WALK_PER_CELL * p.table.cells();
    let mut moves = Vec::new();
    let mut best_h = p.h(&p.start);
    ctx.stats.generated_at(0);
    ctx.stats.frontier(1);
    for restart in 0..=restarts {
        moves.clear();
        let mut cur = p.start.clone();
        let mut h = p.h(&cur);
        if restart > 0 {
            ctx.stats.iterations += 1;
            for _ in 0..walk_len {
                if let Err(kind) = check(p, ctx, 0) {
                    return End::Limit(kind);
                }
                let (mut legal, mut n) = legal_moves(p, &cur);
                if let Some(i) = moves.last().and_then(|m: &Move| legal[..n].iter().position(|&l| l == m.inverse())) {
                    legal[i..n].rotate_left(1);
                    n -= 1;
                }
                let m = legal[rng.below(n as u64) as usize];
                let succ = neighbour(p, &cur, h, m).expect("a legal move");
                moves.push(m);
                cur = succ.state;
                h = succ.h;
            }
            ctx.note::<S>(Event::LocalRestart { number: restart, walk: &moves });
        }
        match climb(p, ctx, &mut rng, Choose::Steepest, sideways, cur, h, &mut moves) {
            Err(kind) => return End::Limit(kind),
            Ok(Climbed::Goal) => return End::Found(moves),
            Ok(Climbed::Stuck(stuck, _)) => {
                let h = match stuck {
                    Stuck::LocalMinimum { h } | Stuck::Plateau { h, .. } => h,
                    _ => best_h,
                };
                best_h = best_h.min(h);
            }
        }
    }
    let stuck = Stuck::RestartsExhausted { restarts, best_h };
    ctx.note::<S>(Event::LocalEnd { stuck: Some(stuck) });
    End::Stuck(stuck)
}
