//! What the local searches share (Russell and Norvig, *AIMA*, chapter 4): why a run stopped
//! without the goal ([`Stuck`]), why a move was made ([`Why`]), the climb that hill climbing, first-choice and random-restart hill climbing all
//! make, and the random numbers, every one drawn from the run's seed.
//!
//! A local search keeps only its current state (local beam: its K states), not a tree. Its
//! solution is the sequence of moves it actually made, bad moves included, so it is never
//! claimed optimal; a run that stops without the goal ends with [`End::Stuck`] and the reason.
//!
//! Statistics: `expanded` counts steps (each state whose neighbours were looked at: one per
//! iteration of the main loop, K per step of a beam), `generated` the neighbours evaluated
//! (and the start), `max_frontier` the states held at once (1, or the beam's size),
//! `iterations` the climbs of random-restart hill climbing.

use super::observer::{Event, Observer};
use super::{Ctx, End, LimitKind, Problem, Succ};
use crate::board::{Move, Slide};
use crate::cost::Cost;
use crate::generate::Rng;
use crate::state::State;

pub use super::params::{DEFAULT_BEAM_WIDTH, DEFAULT_COOLING, DEFAULT_RESTARTS, DEFAULT_TEMPERATURE, MAX_BEAM_WIDTH};
pub use super::why::Why;
pub use crate::outcome::{Stuck, TEMPERATURE_FLOOR};

/// A uniform number in `[0, 1)`.
pub(crate) fn uniform(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The signed difference `b − a`, in moves.
pub(crate) fn delta(a: Cost, b: Cost) -> f64 {
    (b.0 as f64 - a.0 as f64) / Cost::ONE as f64
}

/// The neighbour of `s` (whose estimate is `h`) reached by move `m`, if it stays on the board.
#[inline]
pub(crate) fn neighbour<S: State>(p: &Problem<S>, s: &S, h: Cost, m: Move) -> Option<Succ<S>> {
    let blank = s.blank();
    let to = p.table.target(blank, m)?;
    let mut child = s.clone();
    let tile = child.slide(to);
    let h = p.heuristic.update(&child, h, tile, to, blank);
    Some(Succ { mv: Slide::one(m), state: child, h, cost: p.cost.step(tile) })
}

/// The moves that keep the blank on the board from `s`, in the problem's order, and how many.
#[inline]
pub(crate) fn legal_moves<S: State>(p: &Problem<S>, s: &S) -> ([Move; 4], usize) {
    let mut out = [Move::Up; 4];
    let mut n = 0;
    for m in p.order.moves() {
        if p.table.target(s.blank(), m).is_some() {
            out[n] = m;
            n += 1;
        }
    }
    (out, n)
}

/// Checks the run's limits and its step limit before a step: `steps` taken so far, `memory`
/// bytes held.
#[inline]
pub(crate) fn check<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>, memory: usize) -> Result<(), LimitKind> {
    if p.params.max_steps.is_some_and(|m| ctx.stats.expanded >= m) {
        return Err(LimitKind::Steps);
    }
    ctx.check(memory)
}

/// Bytes a climb holds: its current state and neighbours, and the moves made.
fn climb_memory<S: State>(s: &S, moves: &Vec<Move>) -> usize {
    5 * (std::mem::size_of::<S>() + s.heap_bytes()) + moves.capacity() * std::mem::size_of::<Move>()
}

/// How a climb picks its next state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choose {
    /// Steepest ascent: look at every neighbour, take the best.
    Steepest,
    /// First choice: draw neighbours at random until one is better.
    FirstChoice,
}

/// How a climb ended.
pub(crate) enum Climbed<S> {
    /// At the goal.
    Goal,
    /// Stuck here.
    Stuck(Stuck, S),
}

/// Climbs from `start` (estimate `h0`), appending every move made to `moves`: the climb of
/// hill climbing, first-choice and random-restart hill climbing. Allows `sideways` moves in a
/// row to a neighbour with the same h. `initial` marks the first state as where a run begins.
#[allow(clippy::too_many_arguments)]
pub(crate) fn climb<S: State, O: Observer>(
    p: &Problem<S>,
    ctx: &mut Ctx<'_, O>,
    rng: &mut Rng,
    choose: Choose,
    sideways: u32,
    start: S,
    h0: Cost,
    moves: &mut Vec<Move>,
) -> Result<Climbed<S>, LimitKind> {
    let mut cur = start;
    let mut h = h0;
    let mut used = 0u32;
    let mut initial = true;
    // Neighbours of the current state that tie for the best h (steepest) or that are as good
    // as it (first choice): at most four, no allocation.
    let mut ties: [Option<Succ<S>>; 4] = [None, None, None, None];
    loop {
        check(p, ctx, climb_memory(&cur, moves))?;
        ctx.note(Event::LocalCurrent { state: &cur, h, initial, member: None, temperature: None });
        initial = false;
        if p.is_goal(&cur) {
            ctx.note::<S>(Event::LocalEnd { stuck: None });
            return Ok(Climbed::Goal);
        }
        ctx.stats.expanded += 1;
        let depth = moves.len() as u32 + 1;
        let mut n_ties = 0usize;
        let mut best = Cost::INFINITY;
        let mut chosen: Option<(Succ<S>, Why)> = None;
        match choose {
            Choose::Steepest => {
                for succ in p.successors(&cur, h, None) {
                    ctx.stats.generated_at(depth);
                    ctx.note(Event::LocalNeighbour { mv: succ.mv.mv, state: &succ.state, h: succ.h, member: None });
                    if succ.h < best {
                        best = succ.h;
                        n_ties = 0;
                    }
                    if succ.h == best {
                        ties[n_ties] = Some(succ);
                        n_ties += 1;
                    }
                }
                if best < h {
                    let pick = rng.below(n_ties as u64) as usize;
                    let succ = ties[pick].take().expect("a tied neighbour");
                    chosen = Some((succ, Why::BestImprovement { tied: n_ties as u32 }));
                }
            }
            Choose::FirstChoice => {
                let (mut order, n) = legal_moves(p, &cur);
                for i in 0..n {
                    // Draw the next untried move uniformly (a Fisher–Yates shuffle, one swap a draw).
                    let j = i + rng.below((n - i) as u64) as usize;
                    order.swap(i, j);
                    let succ = neighbour(p, &cur, h, order[i]).expect("a legal move");
                    let tried = i as u32 + 1;
                    ctx.stats.generated_at(depth);
                    ctx.note(Event::LocalNeighbour { mv: succ.mv.mv, state: &succ.state, h: succ.h, member: None });
                    best = best.min(succ.h);
                    if succ.h < h {
                        chosen = Some((succ, Why::FirstImprovement { tried }));
                        break;
                    }
                    if succ.h == h {
                        ties[n_ties] = Some(succ);
                        n_ties += 1;
                    }
                }
            }
        }
        let (succ, why) = match chosen {
            Some(c) => {
                used = 0;
                c
            }
            None if best > h || n_ties == 0 => {
                let stuck = Stuck::LocalMinimum { h };
                ctx.note::<S>(Event::LocalEnd { stuck: Some(stuck) });
                return Ok(Climbed::Stuck(stuck, cur));
            }
            None if used >= sideways => {
                let stuck = Stuck::Plateau { h, sideways: used };
                ctx.note::<S>(Event::LocalEnd { stuck: Some(stuck) });
                return Ok(Climbed::Stuck(stuck, cur));
            }
            None => {
                used += 1;
                let pick = rng.below(n_ties as u64) as usize;
                let succ = ties[pick].take().expect("a tied neighbour");
                (succ, Why::Sideways { used, allowed: sideways, tied: n_ties as u32 })
            }
        };
        ties = [None, None, None, None];
        ctx.note::<S>(Event::LocalChoice { mv: succ.mv.mv, h: succ.h, why, member: None, from: None });
        moves.push(succ.mv.mv);
        cur = succ.state;
        h = succ.h;
    }
}

/// The end of a single climb (hill climbing, first choice) as a search's end.
pub(crate) fn climb_end<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>, choose: Choose, default_sideways: u32) -> End {
    let mut rng = Rng::new(p.params.seed());
    let sideways = p.params.sideways.unwrap_or(default_sideways);
    let mut moves = Vec::new();
    let h0 = p.h(&p.start);
    ctx.stats.generated_at(0);
    // The "frontier" of a climb is its one current state.
    ctx.stats.frontier(1);
    match climb(p, ctx, &mut rng, choose, sideways, p.start.clone(), h0, &mut moves) {
        Err(kind) => End::Limit(kind),
        Ok(Climbed::Goal) => End::Found(moves),
        Ok(Climbed::Stuck(stuck, _)) => End::Stuck(stuck),
    }
}
