//! Local beam search (Russell and Norvig, *AIMA*, section 4.1.3), descending h. The beam starts
//! as the start state alone; each step generates every successor of every state in the beam
//! (each state once, none already in the beam) and keeps the K best (`--beam-width K`, ties in
//! generation order). With `--stochastic`, the K are drawn at random instead, each successor
//! with weight e^(−(h − h_min)), so better ones are likelier but not certain (stochastic beam
//! search). It stops at the goal, or when the beam's best h has not fallen for `--sideways N`
//! steps in a row. The solution is the moves of the beam state that reached the goal, from the
//! start; never claimed optimal.

use super::info::{self, GoalTest, Info, Param, line, Step};
use super::local::{check, uniform, Stuck, Why};
use super::observer::{Event, Observer};
use super::{Ctx, End, Problem};
use crate::board::Move;
use crate::cost::Cost;
use crate::generate::Rng;
use crate::state::State;
use rustc_hash::FxHashSet;

/// Steps in a row the beam's best h may stay the same or rise unless told otherwise.
pub const DEFAULT_SIDEWAYS: u32 = 10;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "local-beam",
    aliases: &["beam", "local-beam-search"],
    title: "Local beam search",
    summary: "keeps the K best successors of K states (--beam-width K; --stochastic draws them at random); local search, not optimal",
    optimal: false,
    uses_heuristic: true,
    keeps: info::Keeps::FewBoards,
    kind: info::Kind::Local,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[],
    frontier: "beam",
    params: &[Param::Seed, Param::Sideways, Param::BeamWidth, Param::Stochastic, Param::MaxSteps],
    words: info::PLAIN,
    pseudocode: &[
        line(0, "function LOCAL-BEAM-SEARCH(problem, k) returns a solution or failure", &[]),
        line(1, "beam ← {problem.INITIAL}; best ← h(problem.INITIAL); stalled ← 0", &[Step::Start]),
        line(1, "loop do", &[]),
        line(2, "if some state s in beam has problem.IS-GOAL(s) then return s", &[Step::Select, Step::Goal]),
        line(2, "successors ← every successor of every state in beam, once each, none in beam", &[Step::Evaluate]),
        line(2, "beam ← the k successors with the lowest h    ▷ stochastic: k drawn, weight e^(−(h − h_min))", &[Step::Move]),
        line(2, "if min h(beam) < best then best ← min h(beam); stalled ← 0", &[]),
        line(2, "else if stalled = MAX-SIDEWAYS then return failure else stalled ← stalled + 1", &[Step::Fail]),
    ],
};

struct Member<S> {
    state: S,
    h: Cost,
    /// Its index in the arena of moves.
    node: u32,
}

struct Cand<S> {
    state: S,
    h: Cost,
    mv: Move,
    /// The beam member it came from.
    from: u32,
    /// Sort key: h (deterministic), or the weighted-sampling key (stochastic, larger first).
    key: f64,
}

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut rng = Rng::new(p.params.seed());
    let k = p.params.beam_width() as usize;
    let stochastic = p.params.stochastic();
    let allowed = p.params.sideways.unwrap_or(DEFAULT_SIDEWAYS);
    // Every beam state's (parent, move), so the one that reaches the goal gives its moves.
    let mut arena: Vec<(u32, Option<Move>)> = vec![(u32::MAX, None)];
    let h0 = p.h(&p.start);
    ctx.stats.generated_at(0);
    let mut beam = vec![Member { state: p.start.clone(), h: h0, node: 0 }];
    ctx.stats.frontier(1);
    let mut next: Vec<Member<S>> = Vec::with_capacity(k);
    let mut cands: Vec<Cand<S>> = Vec::with_capacity(4 * k);
    let mut seen: FxHashSet<S> = FxHashSet::default();
    let mut best = h0;
    let mut stalled = 0u32;
    let mut depth = 0u32;
    let state_bytes = std::mem::size_of::<S>() + p.start.heap_bytes();
    loop {
        let memory = arena.capacity() * 8 + (beam.capacity() + next.capacity() + cands.capacity() + 2 * seen.capacity()) * (state_bytes + 24);
        if let Err(kind) = check(p, ctx, memory) {
            return End::Limit(kind);
        }
        for (i, m) in beam.iter().enumerate() {
            ctx.note(Event::LocalCurrent { state: &m.state, h: m.h, initial: depth == 0, member: Some(i as u32), temperature: None });
        }
        if let Some(m) = beam.iter().find(|m| p.is_goal(&m.state)) {
            ctx.note::<S>(Event::LocalEnd { stuck: None });
            return End::Found(moves_to(&arena, m.node));
        }
        depth += 1;
        seen.clear();
        seen.extend(beam.iter().map(|m| m.state.clone()));
        cands.clear();
        for (i, m) in beam.iter().enumerate() {
            ctx.stats.expanded += 1;
            for succ in p.successors(&m.state, m.h, None) {
                ctx.stats.generated_at(depth);
                ctx.note(Event::LocalNeighbour { mv: succ.mv.mv, state: &succ.state, h: succ.h, member: Some(i as u32) });
                if seen.insert(succ.state.clone()) {
                    cands.push(Cand { state: succ.state, h: succ.h, mv: succ.mv.mv, from: i as u32, key: 0.0 });
                }
            }
        }
        if cands.is_empty() {
            // Every successor is already in the beam: nowhere new to go.
            let stuck = Stuck::LocalMinimum { h: best };
            ctx.note::<S>(Event::LocalEnd { stuck: Some(stuck) });
            return End::Stuck(stuck);
        }
        let h_min = cands.iter().map(|c| c.h).min().expect("candidates");
        let total: f64 = if stochastic { cands.iter().map(|c| weight(c.h, h_min)).sum() } else { 0.0 };
        if stochastic {
            // Weighted sampling without replacement (Efraimidis and Spirakis): the k largest
            // keys u^(1/w) are distributed as k successive weighted draws.
            for c in &mut cands {
                let u = uniform(&mut rng).max(f64::MIN_POSITIVE);
                c.key = u.ln() / weight(c.h, h_min);
            }
            cands.sort_by(|a, b| b.key.total_cmp(&a.key));
        } else {
            cands.sort_by_key(|c| c.h);
        }
        next.clear();
        for (j, c) in cands.drain(..).take(k).enumerate() {
            let why = if stochastic { Why::BeamDrawn { probability: weight(c.h, h_min) / total } } else { Why::BeamBest };
            ctx.note::<S>(Event::LocalChoice { mv: c.mv, h: c.h, why, member: Some(j as u32), from: Some(c.from) });
            let parent = beam[c.from as usize].node;
            arena.push((parent, Some(c.mv)));
            next.push(Member { state: c.state, h: c.h, node: arena.len() as u32 - 1 });
        }
        std::mem::swap(&mut beam, &mut next);
        ctx.stats.frontier(beam.len());
        let new_best = beam.iter().map(|m| m.h).min().expect("a non-empty beam");
        if new_best < best {
            best = new_best;
            stalled = 0;
        } else if beam.iter().any(|m| p.is_goal(&m.state)) {
            // The goal is in the beam: the next step returns it.
        } else if stalled >= allowed {
            let stuck = if new_best > best { Stuck::LocalMinimum { h: best } } else { Stuck::Plateau { h: best, sideways: stalled } };
            ctx.note::<S>(Event::LocalEnd { stuck: Some(stuck) });
            return End::Stuck(stuck);
        } else {
            stalled += 1;
        }
    }
}

/// A successor's weight in a stochastic beam's draw.
fn weight(h: Cost, h_min: Cost) -> f64 {
    (-super::local::delta(h_min, h)).exp()
}

/// The moves from the start to arena node `i`.
fn moves_to(arena: &[(u32, Option<Move>)], mut i: u32) -> Vec<Move> {
    let mut moves = Vec::new();
    while let (parent, Some(m)) = arena[i as usize] {
        moves.push(m);
        i = parent;
    }
    moves.reverse();
    moves
}
