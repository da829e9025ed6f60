//! Simulated annealing (Russell and Norvig, *AIMA*, figure 4.5), descending h. Each step draws
//! one neighbour of the current state at random; a move that does not raise h (Δ = h(next) −
//! h(current) ≤ 0) is always made, a worse one with probability e^(−Δ/T). The schedule is
//! T = T0·α^t at step t (`--temperature T0`, `--cooling α`), and the run stops without the goal
//! when T falls below [`TEMPERATURE_FLOOR`]: a step limit of ⌈ln(floor/T0) / ln α⌉ steps. Every
//! draw comes from the seed. The solution is every move made, bad ones included; never claimed
//! optimal.

use super::info::{self, GoalTest, Info, Param, line, Step};
use super::local::{check, delta, legal_moves, neighbour, uniform, Stuck, Why, TEMPERATURE_FLOOR};
use super::observer::{Event, Observer};
use super::{Ctx, End, Problem};
use crate::generate::Rng;
use crate::state::State;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "annealing",
    aliases: &["simulated-annealing", "sa"],
    title: "Simulated annealing",
    summary: "random moves, worse ones accepted with probability e^(−Δ/T) as T = T0·α^t cools; local search, not optimal",
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
    params: &[Param::Seed, Param::Temperature, Param::Cooling, Param::MaxSteps],
    words: info::PLAIN,
    pseudocode: &[
        line(0, "function SIMULATED-ANNEALING(problem, schedule) returns a solution or failure", &[]),
        line(1, "current ← problem.INITIAL", &[Step::Start]),
        line(1, "for t = 0 to ∞ do", &[]),
        line(2, "T ← schedule(t) = T0·α^t", &[]),
        line(2, "if problem.IS-GOAL(current) then return current", &[Step::Select, Step::Goal]),
        line(2, "if T < T-FLOOR then return failure    ▷ the temperature reached its floor", &[Step::Fail]),
        line(2, "next ← a randomly selected successor of current", &[Step::Evaluate]),
        line(2, "Δ ← h(next) − h(current)", &[]),
        line(2, "if Δ ≤ 0 then current ← next", &[Step::Move]),
        line(2, "else current ← next only with probability e^(−Δ/T)", &[Step::Move, Step::Reject]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut rng = Rng::new(p.params.seed());
    let (t0, alpha) = (p.params.temperature(), p.params.cooling());
    let mut moves = Vec::new();
    let mut cur = p.start.clone();
    let mut h = p.h(&cur);
    ctx.stats.generated_at(0);
    ctx.stats.frontier(1);
    let mut temperature = t0;
    let mut initial = true;
    loop {
        let memory = 2 * (std::mem::size_of::<S>() + cur.heap_bytes()) + moves.capacity();
        if let Err(kind) = check(p, ctx, memory) {
            return End::Limit(kind);
        }
        ctx.note(Event::LocalCurrent { state: &cur, h, initial, member: None, temperature: Some(temperature) });
        initial = false;
        if p.is_goal(&cur) {
            ctx.note::<S>(Event::LocalEnd { stuck: None });
            return End::Found(moves);
        }
        if temperature < TEMPERATURE_FLOOR {
            let stuck = Stuck::TemperatureFloor { h, steps: ctx.stats.expanded };
            ctx.note::<S>(Event::LocalEnd { stuck: Some(stuck) });
            return End::Stuck(stuck);
        }
        ctx.stats.expanded += 1;
        let (legal, n) = legal_moves(p, &cur);
        let m = legal[rng.below(n as u64) as usize];
        let next = neighbour(p, &cur, h, m).expect("a legal move");
        ctx.stats.generated_at(moves.len() as u32 + 1);
        ctx.note(Event::LocalNeighbour { mv: m, state: &next.state, h: next.h, member: None });
        let d = delta(h, next.h);
        let (accept, why) = if d <= 0.0 {
            (true, Why::Accepted { delta: d, temperature, probability: 1.0 })
        } else {
            let probability = (-d / temperature).exp();
            if uniform(&mut rng) < probability {
                (true, Why::Accepted { delta: d, temperature, probability })
            } else {
                (false, Why::Rejected { delta: d, temperature, probability })
            }
        };
        ctx.note::<S>(Event::LocalChoice { mv: m, h: next.h, why, member: None, from: None });
        if accept {
            moves.push(m);
            cur = next.state;
            h = next.h;
        }
        temperature *= alpha;
    }
}
