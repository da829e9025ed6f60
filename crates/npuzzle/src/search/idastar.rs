//! IDA* (Korf, 1985): depth-first passes bounded by f = g + h. The first bound is h(start);
//! each next bound is the smallest f that exceeded the last. Memory linear in the depth, no
//! hash table, and the move that undoes the last one is never generated. Optimal with an
//! admissible heuristic.

use super::info::{Bound, GoalTest, Info, Words};
use super::observer::{Event, Fate, Observer};
use super::stack::{pass, AtGoal, Buffers, Hooks, Visit};
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;
use std::cell::Cell;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "idastar",
    aliases: &["ida*", "ida"],
    title: "IDA*",
    summary: "depth-first passes bounded by f, the bound raised to the smallest f cut off; optimal, memory linear in the depth",
    optimal: true,
    uses_heuristic: true,
    goal_test: GoalTest::OnSelection,
    frontier: "stack (top first)",
    params: &[],
    words: Words { tested: None, bound: Some(Bound::F) },
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut buf = Buffers::default();
    let mut bound = p.h(&p.start);
    let mut number = 0u64;
    loop {
        number += 1;
        ctx.stats.iterations = number;
        ctx.note::<S>(Event::Iteration { number, bound });
        let next = Cell::new(Cost::INFINITY);
        let mut hooks = Hooks {
            f: |g, h| Cost::moves(g) + h,
            admit: |_: &S, _g, f: Cost| {
                if f > bound {
                    next.set(next.get().min(f));
                    Fate::Pruned
                } else {
                    Fate::Added
                }
            },
            visit: |_g, _f| Visit::Expand,
            goal: |_: &[_], _| AtGoal::Stop,
            sort: false,
        };
        match pass(p, ctx, &mut hooks, &mut buf, &|_| {}) {
            Err(kind) => return End::Limit(kind),
            Ok(Some(path)) => return End::Found(path),
            Ok(None) => {
                // Solutions cost whole moves, so a fractional bound (Euclidean h) can be raised
                // to the next whole number without skipping any solution.
                let n = next.get();
                let next_bound = (n != Cost::INFINITY).then(|| Cost::moves(n.ceil_moves() as u32));
                ctx.note::<S>(Event::IterationEnd { next: next_bound });
                match next_bound {
                    Some(b) => bound = b,
                    None => return End::Exhausted,
                }
            }
        }
    }
}
