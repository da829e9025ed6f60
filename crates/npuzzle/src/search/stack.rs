//! The explicit-stack depth-first pass shared by iterative deepening, IDA* and depth-first
//! branch and bound. One stack and one path buffer are reused for the whole search; no
//! recursion, so depth is bounded by memory, not the call stack.
//!
//! Each expansion generates all children at once (the way a hand execution does), asks the
//! algorithm whether to admit each one, and pushes the admitted ones so the first in order (or
//! the lowest f, when sorting) is taken next.
//!
//! A course's rules ([`super::conventions`]) may test the goal as each child is generated, and
//! choose the repeated states skipped: none (even the move back), the parent (the move back is
//! not generated), the states on the node's path, the states taken in this pass (a node whose
//! state was taken before is skipped when taken), or a table of the least g each state was reached
//! at in this pass. Ties among children of equal f follow the tie rule when they are sorted.

use super::conventions::{Conventions, Duplicates, Ties};
use super::memory::{state_heap, Footprint};
use super::observer::{Discard, Event, Fate, NodeId, Observer};
use super::{Ctx, LimitKind, Problem, Room};
use crate::board::{self, Move, Slide};
use crate::cost::Cost;
use crate::state::State;
use rustc_hash::FxHashMap;

/// A node waiting on the stack.
pub(crate) struct Entry<S> {
    pub state: S,
    /// Path cost, in the cost model's units.
    pub g: u32,
    /// Moves from the root.
    pub depth: u32,
    pub h: Cost,
    pub mv: Option<Slide>,
    pub id: NodeId,
}

/// What to do with a node taken from the stack.
pub(crate) enum Visit {
    /// Test it and expand it.
    Expand,
    /// Test it, but do not expand it (a depth limit).
    Leaf,
    /// A bound tightened since it was pushed: drop it.
    Discard,
}

/// What to do after reaching the goal.
pub(crate) enum AtGoal {
    /// Return this path.
    Stop,
    /// It is the new incumbent: report it and keep searching (branch and bound).
    Incumbent,
}

/// The algorithm-specific parts of a pass.
pub(crate) struct Hooks<F, A, V, G> {
    /// Ordering and bounding value of a node.
    pub f: F,
    /// Fate of a generated child: `Added`, `Pruned` or `Duplicate`.
    pub admit: A,
    /// Decision for a node taken from the stack, from its depth (in moves) and f.
    pub visit: V,
    /// Called at a goal with the path, its cost and the goal's id.
    pub goal: G,
    /// Try children in order of f (stable, so ties keep `--order`).
    pub sort: bool,
}

/// Reusable buffers for passes.
pub(crate) struct Buffers<S> {
    stack: Vec<Entry<S>>,
    path: Vec<Slide>,
    kids: Vec<(Entry<S>, Cost)>,
    /// The states along the current path, the root first (the path rule).
    states: Vec<S>,
    /// The states expanded in this pass (the explored rule), or the least g each state was
    /// reached at (the reached rule).
    seen: FxHashMap<S, u32>,
}

impl<S> Default for Buffers<S> {
    fn default() -> Self {
        Buffers { stack: Vec::new(), path: Vec::new(), kids: Vec::new(), states: Vec::new(), seen: FxHashMap::default() }
    }
}

/// Runs [`pass`] under `rules`; natively, the usual rules of iterative deepening and IDA* (the
/// goal tested when a node is taken, only the move back skipped, ties in generation order) get
/// a pass of their own with the other rules' tests compiled away. The page's WebAssembly keeps
/// one pass for every rule (its size has a budget).
pub(crate) fn run_pass<S, O, F, A, V, G>(
    p: &Problem<S>,
    ctx: &mut Ctx<'_, O>,
    hooks: &mut Hooks<F, A, V, G>,
    buf: &mut Buffers<S>,
    rules: Conventions,
    extra_memory: &dyn Fn(&mut Footprint),
) -> Result<Option<Vec<Move>>, LimitKind>
where
    S: State,
    O: Observer,
    F: Fn(u32, Cost) -> Cost,
    A: FnMut(&S, u32, Cost) -> Fate,
    V: FnMut(u32, Cost) -> Visit,
    G: FnMut(&[Move], u32, NodeId) -> AtGoal,
{
    #[cfg(not(target_arch = "wasm32"))]
    if rules == Conventions::PARENT_ONLY {
        return pass::<S, O, F, A, V, G, true>(p, ctx, hooks, buf, rules, extra_memory);
    }
    pass::<S, O, F, A, V, G, false>(p, ctx, hooks, buf, rules, extra_memory)
}

/// One depth-first pass from the root. `Ok(Some(path))` when a goal said stop, `Ok(None)` when
/// the stack emptied. `PLAIN`: `rules` are [`Conventions::PARENT_ONLY`].
fn pass<S, O, F, A, V, G, const PLAIN: bool>(
    p: &Problem<S>,
    ctx: &mut Ctx<'_, O>,
    hooks: &mut Hooks<F, A, V, G>,
    buf: &mut Buffers<S>,
    rules: Conventions,
    extra_memory: &dyn Fn(&mut Footprint),
) -> Result<Option<Vec<Move>>, LimitKind>
where
    S: State,
    O: Observer,
    F: Fn(u32, Cost) -> Cost,
    A: FnMut(&S, u32, Cost) -> Fate,
    V: FnMut(u32, Cost) -> Visit,
    G: FnMut(&[Move], u32, NodeId) -> AtGoal,
{
    let goal_on_generate = !PLAIN && rules.goal_on_generate();
    let skip_parent = PLAIN || rules.skips_parent();
    let dups = if PLAIN { Duplicates::Parent } else { rules.duplicates };
    buf.stack.clear();
    buf.path.clear();
    buf.states.clear();
    buf.seen.clear();
    let h0 = p.h(&p.start);
    let root_id = ctx.id();
    ctx.stats.generated_at(0);
    let f0 = (hooks.f)(0, h0);
    if goal_on_generate && p.is_goal(&p.start) {
        ctx.generated(root_id, None, None, 0, h0, f0, &p.start, Fate::Goal);
        ctx.note::<S>(Event::Goal { id: root_id });
        if let AtGoal::Stop = (hooks.goal)(&[], 0, root_id) {
            return Ok(Some(Vec::new()));
        }
        ctx.note::<S>(Event::Incumbent { id: root_id, cost: 0 });
        return Ok(None);
    }
    ctx.generated(root_id, None, None, 0, h0, f0, &p.start, Fate::Added);
    if dups == Duplicates::Reached {
        buf.seen.insert(p.start.clone(), 0);
    }
    buf.stack.push(Entry { state: p.start.clone(), g: 0, depth: 0, h: h0, mv: None, id: root_id });
    ctx.stats.frontier(1);
    emit_frontier(ctx, &buf.stack);
    let sh = state_heap(&p.start);

    while let Some(e) = buf.stack.pop() {
        let mut footprint = Footprint::default();
        footprint.vec(&buf.stack, sh).vec(&buf.path, 0).vec(&buf.kids, sh);
        if !PLAIN {
            footprint.vec(&buf.states, sh).map(&buf.seen, sh);
        }
        extra_memory(&mut footprint);
        let mem = footprint.total();
        ctx.check(mem)?;
        let f = (hooks.f)(e.g, e.h);
        let expand = match (hooks.visit)(e.depth, f) {
            Visit::Discard => {
                if O::ENABLED {
                    ctx.obs.event::<S>(&Event::Discarded { id: e.id, why: super::observer::Discard::Bound });
                    emit_frontier(ctx, &buf.stack);
                }
                continue;
            }
            Visit::Expand => true,
            Visit::Leaf => false,
        };
        if !PLAIN && dups == Duplicates::Explored {
            if buf.seen.contains_key(&e.state) {
                if O::ENABLED {
                    ctx.obs.event::<S>(&Event::Discarded { id: e.id, why: Discard::Expanded });
                    emit_frontier(ctx, &buf.stack);
                }
                continue;
            }
            buf.seen.room()?;
            buf.seen.insert(e.state.clone(), e.g);
        }
        buf.path.truncate(e.depth.saturating_sub(1) as usize);
        if let Some(m) = e.mv {
            buf.path.push(m);
        }
        if !PLAIN && dups == Duplicates::Path {
            buf.states.truncate(e.depth as usize);
            buf.states.push(e.state.clone());
        }
        ctx.note(Event::Selected { id: e.id, g: e.g, h: e.h, f, state: &e.state });
        if !goal_on_generate && p.is_goal(&e.state) {
            ctx.note::<S>(Event::Goal { id: e.id });
            let path = board::expand(&buf.path);
            match (hooks.goal)(&path, e.g, e.id) {
                AtGoal::Stop => return Ok(Some(path)),
                AtGoal::Incumbent => {
                    ctx.note::<S>(Event::Incumbent { id: e.id, cost: e.g });
                    emit_frontier(ctx, &buf.stack);
                    continue;
                }
            }
        }
        if !expand {
            emit_frontier(ctx, &buf.stack);
            continue;
        }
        ctx.stats.expanded += 1;
        buf.kids.clear();
        let d2 = e.depth + 1;
        let back = if skip_parent { e.mv } else { None };
        for succ in p.successors(&e.state, e.h, back) {
            let g2 = e.g + succ.cost;
            ctx.stats.generated_at(d2);
            let f2 = (hooks.f)(g2, succ.h);
            let id = ctx.id();
            let mut fate = (hooks.admit)(&succ.state, g2, f2);
            if !PLAIN && fate == Fate::Added {
                fate = repeated(buf, dups, &succ.state, g2)?;
                if fate == Fate::Added && goal_on_generate && p.is_goal(&succ.state) {
                    fate = Fate::Goal;
                }
            }
            ctx.generated(id, Some(e.id), Some(succ.mv), g2, succ.h, f2, &succ.state, fate);
            if fate == Fate::Goal {
                ctx.note::<S>(Event::Goal { id });
                let mut path = board::expand(&buf.path);
                path.extend(std::iter::repeat_n(succ.mv.mv, succ.mv.run as usize));
                match (hooks.goal)(&path, g2, id) {
                    AtGoal::Stop => return Ok(Some(path)),
                    AtGoal::Incumbent => ctx.note::<S>(Event::Incumbent { id, cost: g2 }),
                }
            }
            if fate == Fate::Added {
                buf.kids.push((Entry { state: succ.state, g: g2, depth: d2, h: succ.h, mv: Some(succ.mv), id }, f2));
            }
        }
        if hooks.sort {
            if PLAIN || rules.ties == Ties::Fifo {
                // Stable: ties keep generation order.
                buf.kids.sort_by_key(|k| k.1);
            } else {
                // Ids grow in generation order.
                buf.kids.sort_by_key(|k| (k.1, rules.tie_key(k.0.id, k.0.g, k.0.h)));
            }
        }
        buf.stack.try_reserve(buf.kids.len()).map_err(|_| LimitKind::Memory)?;
        buf.stack.extend(buf.kids.drain(..).rev().map(|k| k.0));
        ctx.stats.frontier(buf.stack.len());
        emit_frontier(ctx, &buf.stack);
    }
    Ok(None)
}

/// The fate of an admitted child under the repeated-state rule `dups`: `Duplicate` when the
/// rule skips it, else `Added` (recording it where the rule keeps a table).
fn repeated<S: State>(buf: &mut Buffers<S>, dups: Duplicates, state: &S, g: u32) -> Result<Fate, LimitKind> {
    Ok(match dups {
        Duplicates::None | Duplicates::Parent | Duplicates::Explored => Fate::Added,
        Duplicates::Path if buf.states.contains(state) => Fate::Duplicate,
        Duplicates::Path => Fate::Added,
        Duplicates::Reached => match buf.seen.get_mut(state) {
            Some(old) if *old <= g => Fate::Duplicate,
            Some(old) => {
                *old = g;
                Fate::Added
            }
            None => {
                buf.seen.room()?;
                buf.seen.insert(state.clone(), g);
                Fate::Added
            }
        },
    })
}

fn emit_frontier<S: State, O: Observer>(ctx: &mut Ctx<'_, O>, stack: &[Entry<S>]) {
    if O::ENABLED && ctx.obs.wants_frontier() {
        let ids: Vec<NodeId> = stack.iter().rev().map(|e| e.id).collect();
        ctx.obs.event::<S>(&Event::Frontier { ids: &ids });
    }
}
