//! Iterative deepening (Korf, 1985): depth-limited depth-first passes with limits 0, 1, 2, …
//! Each pass keeps only the current path and its siblings, and skips the move that undoes the
//! last one. Optimal in moves, with memory linear in the depth.

use super::info::{self, Bound, GoalTest, Info, Param, Words, line, Step};
use super::observer::{Event, Fate, Observer};
use super::conventions::Conventions;
use super::stack::{run_pass, AtGoal, Buffers, Hooks, Visit};
use super::{Ctx, End, Problem};
use crate::cost::Cost;
use crate::state::State;
use std::cell::Cell;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "iddfs",
    aliases: &["ids", "iterative-deepening"],
    title: "Iterative deepening",
    summary: "depth-limited depth-first passes with limits 0, 1, 2, …; optimal in moves (so not under tile costs), memory linear in the depth",
    optimal: true,
    uses_heuristic: false,
    keeps: info::Keeps::PathMoves,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: Some("iterative deepening bounds the depth, so it finds the fewest moves, and when moves cost different amounts the fewest moves need not be the cheapest: its answer is not optimal in cost (IDA* with h = 0 bounds the cost instead)"),
    goal_test: GoalTest::OnSelection,
    duplicates: &[crate::search::Duplicates::Parent, crate::search::Duplicates::None, crate::search::Duplicates::Path, crate::search::Duplicates::Explored, crate::search::Duplicates::Reached],
    frontier: "stack (top first)",
    params: &[Param::Rules, Param::GoalTest, Param::Duplicates],
    words: Words { tested: None, bound: Some(Bound::Depth) },
    pseudocode: &[
        line(0, "function ITERATIVE-DEEPENING-SEARCH(problem) returns a solution node or failure", &[]),
        line(1, "for depth ℓ = 0 to ∞ do", &[Step::Iteration]),
        line(2, "result ← DEPTH-LIMITED-SEARCH(problem, ℓ)", &[]),
        line(2, "if result ≠ cutoff then return result", &[Step::Fail]),
        line(2, "ℓ ← ℓ + 1    ▷ something lay past the limit: deepen", &[Step::RaiseBound]),
        line(0, "function DEPTH-LIMITED-SEARCH(problem, ℓ) returns a node or failure or cutoff", &[]),
        line(1, "frontier ← a LIFO stack with NODE(problem.INITIAL) as an element", &[Step::Start]),
        line(1, "result ← failure", &[]),
        line(1, "while not IS-EMPTY(frontier) do", &[]),
        line(2, "node ← POP(frontier)", &[Step::Select]),
        line(2, "if problem.IS-GOAL(node.STATE) then return node", &[Step::Goal]),
        line(2, "if DEPTH(node) ≥ ℓ then result ← cutoff    ▷ a leaf at the limit", &[]),
        line(2, "else for each child in EXPAND(problem, node) do    ▷ never the move that undoes the last", &[]),
        line(3, "push child on frontier", &[Step::Add]),
        line(1, "return result", &[]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut buf = Buffers::default();
    let rules = Conventions::of(&INFO, &p.params);
    let mut limit = 0u32;
    loop {
        ctx.stats.iterations = limit as u64 + 1;
        ctx.note::<S>(Event::Iteration { number: limit as u64 + 1, bound: Cost::moves(limit) });
        // Whether some node sat at the limit with children left unexplored.
        let cut = Cell::new(false);
        let mut hooks = Hooks {
            f: |g, _h| Cost::moves(g),
            admit: |_: &S, _g, _f| Fate::Added,
            visit: |depth, _f| {
                if depth < limit {
                    Visit::Expand
                } else {
                    cut.set(true);
                    Visit::Leaf
                }
            },
            goal: |_: &[_], _, _| AtGoal::Stop,
            sort: false,
        };
        match run_pass(p, ctx, &mut hooks, &mut buf, rules, &|_| {}) {
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
