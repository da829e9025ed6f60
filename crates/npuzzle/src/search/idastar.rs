//! IDA* (Korf, 1985): depth-first passes bounded by f = g + h. The first bound is h(start);
//! each next bound is the smallest f that exceeded the last. Memory linear in the depth, no
//! hash table, and the move that undoes the last one is never generated. Optimal with an
//! admissible heuristic.

use super::info::{self, Bound, GoalTest, Info, Param, Words, line, Step};
use super::observer::{Event, Fate, Observer};
use super::conventions::Conventions;
use super::stack::{run_pass, AtGoal, Buffers, Hooks, Visit};
use super::classic::{self, widths};
use super::{Ctx, End, Problem, Request};
use crate::board::Move;
use crate::cost::Cost;
use crate::error::Error;
use crate::fast;
use crate::outcome::{Outcome, Status};
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
    keeps: info::Keeps::PathMoves,
    kind: info::Kind::FastTree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[crate::search::Duplicates::Parent, crate::search::Duplicates::None, crate::search::Duplicates::Path, crate::search::Duplicates::Explored, crate::search::Duplicates::Reached],
    frontier: "stack (top first)",
    params: &[Param::Rules, Param::GoalTest, Param::Duplicates],
    words: Words { tested: None, bound: Some(Bound::F) },
    pseudocode: &[
        line(0, "function IDA*(problem) returns a solution node or failure", &[]),
        line(1, "bound ← h(problem.INITIAL)", &[]),
        line(1, "loop do", &[]),
        line(2, "start a depth-first pass bounded by f = g + h ≤ bound", &[Step::Iteration]),
        line(2, "frontier ← a LIFO stack with NODE(problem.INITIAL) as an element", &[Step::Start]),
        line(2, "next ← ∞", &[]),
        line(2, "while not IS-EMPTY(frontier) do", &[]),
        line(3, "node ← POP(frontier)", &[Step::Select]),
        line(3, "if problem.IS-GOAL(node.STATE) then return node", &[Step::Goal]),
        line(3, "for each child in EXPAND(problem, node) do    ▷ never the move that undoes the last", &[]),
        line(4, "if f(child) > bound then next ← MIN(next, f(child)); prune child", &[Step::Prune]),
        line(4, "else push child on frontier", &[Step::Add]),
        line(2, "if next = ∞ then return failure", &[Step::Fail]),
        line(2, "bound ← next    ▷ the smallest f that was cut off", &[Step::RaiseBound]),
    ],
};

/// IDA*'s entry. With no observer and a table heuristic it runs on a fast engine
/// ([`crate::fast`]): the exact table walked, or IDA* over the pattern databases (under step
/// costs, their costed forms); else the classic [`search`]. A limit that stops the fast IDA*
/// over the pattern databases leaves the length its finished iterations proved.
pub fn run<O: Observer>(req: &Request, obs: O, _sink: Option<&mut dyn FnMut(Move)>) -> Result<(Outcome, O), Error> {
    if let Some(out) = classic::stopped_at_once(req) {
        return Ok((out, obs));
    }
    let heuristic = classic::heuristic(req)?;
    // The fast engines run IDA*'s own rules.
    if !O::ENABLED && Conventions::of(&INFO, &req.params) == Conventions::own(&INFO) {
        let fast = if let Some(p) = heuristic.cost_pdb().filter(|p| p.covers_board()) {
            Some(fast::cost::ida(p, &req.start, req.order, &req.limits))
        } else if let Some(e) = heuristic.cost_exact() {
            Some(fast::exact_walk(&**e, &req.start, req.order, &req.limits))
        } else if let Some(p) = heuristic.pdb().filter(|p| p.covers_board()) {
            let (end, stats) = fast::ida::search(p, &req.start, req.order, &req.limits, req.parallel, req.tables.prune().map(|f| &**f));
            let mut outcome = Outcome::from_end(end, stats);
            if outcome.status == Status::Limit && req.cost.is_unit() {
                super::bound::set_searched_bound(&mut outcome, req);
            }
            return Ok((outcome, obs));
        } else {
            heuristic.exact().map(|e| fast::exact_walk(&**e, &req.start, req.order, &req.limits))
        };
        if let Some((end, stats)) = fast {
            return Ok((Outcome::from_end(end, stats), obs));
        }
    }
    classic::run_with(req, heuristic, obs, widths!(search))
}

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut buf = Buffers::default();
    let rules = Conventions::of(&INFO, &p.params);
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
            goal: |_: &[_], _, _| AtGoal::Stop,
            sort: false,
        };
        match run_pass(p, ctx, &mut hooks, &mut buf, rules, &|_| {}) {
            Err(kind) => return End::Limit(kind),
            Ok(Some(path)) => return End::Found(path),
            Ok(None) => {
                // Solutions cost whole units (moves, or tile costs), so a fractional bound
                // (Euclidean h) can be raised to the next whole number without skipping any
                // solution.
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
