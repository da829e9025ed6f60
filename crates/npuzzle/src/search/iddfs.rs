//! Iterative deepening (Korf, 1985): depth-limited depth-first passes with limits 0, 1, 2, …
//! Each pass keeps only the current path and its siblings, and skips the move that undoes the
//! last one. Optimal in moves, with memory linear in the depth.

use super::info::{Bound, GoalTest, Info, Words};
use super::observer::{Event, Fate, Observer};
use super::stack::{pass, AtGoal, Buffers, Hooks, Visit};
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;
use std::cell::Cell;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "iddfs",
    aliases: &["ids", "iterative-deepening"],
    title: "Iterative deepening",
    summary: "depth-limited depth-first passes with limits 0, 1, 2, …; optimal in moves, memory linear in the depth",
    optimal: true,
    uses_heuristic: false,
    goal_test: GoalTest::OnSelection,
    frontier: "stack (top first)",
    params: &[],
    words: Words { tested: None, bound: Some(Bound::Depth) },
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut buf = Buffers::default();
    let mut limit = 0u32;
    loop {
        ctx.stats.iterations = limit as u64 + 1;
        ctx.note::<S>(Event::Iteration { number: limit as u64 + 1, bound: Cost::moves(limit) });
        // Whether some node sat at the limit with children left unexplored.
        let cut = Cell::new(false);
        let mut hooks = Hooks {
            f: |g, _h| Cost::moves(g),
            admit: |_: &S, _g, _f| Fate::Added,
            visit: |g, _f| {
                if g < limit {
                    Visit::Expand
                } else {
                    cut.set(true);
                    Visit::Leaf
                }
            },
            goal: |_: &[_], _| AtGoal::Stop,
            sort: false,
        };
        match pass(p, ctx, &mut hooks, &mut buf, &|_| {}) {
            Err(kind) => return End::Limit(kind),
            Ok(Some(path)) => return End::Found(path),
            Ok(None) if !cut.get() => {
                ctx.note::<S>(Event::IterationEnd { next: None });
                return End::Exhausted;
            }
            Ok(None) => {
                limit += 1;
                ctx.note::<S>(Event::IterationEnd { next: Some(Cost::moves(limit)) });
            }
        }
    }
}
