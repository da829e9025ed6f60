//! The explicit-stack depth-first pass shared by iterative deepening, IDA* and depth-first
//! branch and bound. One stack and one path buffer are reused for the whole search; no
//! recursion, so depth is bounded by memory, not the call stack.
//!
//! Each expansion generates all children at once (the way a hand execution does), asks the
//! algorithm whether to admit each one, and pushes the admitted ones so the first in order (or
//! the lowest f, when sorting) is taken next.

use super::memory::{state_heap, Footprint};
use super::observer::{Event, Fate, NodeId, Observer};
use super::{Ctx, LimitKind, Problem};
use crate::board::Move;
use crate::cost::Cost;
use crate::state::State;

/// A node waiting on the stack.
pub(crate) struct Entry<S> {
    pub state: S,
    /// Path cost, in the cost model's units.
    pub g: u32,
    /// Moves from the root.
    pub depth: u32,
    pub h: Cost,
    pub mv: Option<Move>,
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
    /// Stop the search: a limit was reached (e.g. the explored set could not grow).
    Halt(LimitKind),
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
    path: Vec<Move>,
    kids: Vec<(Entry<S>, Cost)>,
}

impl<S> Default for Buffers<S> {
    fn default() -> Self {
        Buffers { stack: Vec::new(), path: Vec::new(), kids: Vec::new() }
    }
}

/// One depth-first pass from the root. `Ok(Some(path))` when a goal said stop, `Ok(None)` when
/// the stack emptied.
pub(crate) fn pass<S, O, F, A, V, G>(
    p: &Problem<S>,
    ctx: &mut Ctx<'_, O>,
    hooks: &mut Hooks<F, A, V, G>,
    buf: &mut Buffers<S>,
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
    buf.stack.clear();
    buf.path.clear();
    let h0 = p.h(&p.start);
    let root_id = ctx.id();
    ctx.stats.generated_at(0);
    let f0 = (hooks.f)(0, h0);
    ctx.generated(root_id, None, None, 0, h0, f0, &p.start, Fate::Added);
    buf.stack.push(Entry { state: p.start.clone(), g: 0, depth: 0, h: h0, mv: None, id: root_id });
    ctx.stats.frontier(1);
    emit_frontier(ctx, &buf.stack);
    let sh = state_heap(&p.start);

    while let Some(e) = buf.stack.pop() {
        let mut footprint = Footprint::default();
        footprint.vec(&buf.stack, sh).vec(&buf.path, 0).vec(&buf.kids, sh);
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
            Visit::Halt(kind) => return Err(kind),
        };
        buf.path.truncate(e.depth.saturating_sub(1) as usize);
        if let Some(m) = e.mv {
            buf.path.push(m);
        }
        ctx.note(Event::Selected { id: e.id, g: e.g, h: e.h, f, state: &e.state });
        if p.is_goal(&e.state) {
            ctx.note::<S>(Event::Goal { id: e.id });
            match (hooks.goal)(&buf.path, e.g, e.id) {
                AtGoal::Stop => return Ok(Some(buf.path.clone())),
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
        for succ in p.successors(&e.state, e.h, e.mv) {
            let g2 = e.g + succ.cost;
            ctx.stats.generated_at(d2);
            let f2 = (hooks.f)(g2, succ.h);
            let id = ctx.id();
            let fate = (hooks.admit)(&succ.state, g2, f2);
            ctx.generated(id, Some(e.id), Some(succ.mv), g2, succ.h, f2, &succ.state, fate);
            if fate == Fate::Added {
                buf.kids.push((Entry { state: succ.state, g: g2, depth: d2, h: succ.h, mv: Some(succ.mv), id }, f2));
            }
        }
        if hooks.sort {
            buf.kids.sort_by_key(|k| k.1);
        }
        buf.stack.try_reserve(buf.kids.len()).map_err(|_| LimitKind::Memory)?;
        buf.stack.extend(buf.kids.drain(..).rev().map(|k| k.0));
        ctx.stats.frontier(buf.stack.len());
        emit_frontier(ctx, &buf.stack);
    }
    Ok(None)
}

fn emit_frontier<S: State, O: Observer>(ctx: &mut Ctx<'_, O>, stack: &[Entry<S>]) {
    if O::ENABLED && ctx.obs.wants_frontier() {
        let ids: Vec<NodeId> = stack.iter().rev().map(|e| e.id).collect();
        ctx.obs.event::<S>(&Event::Frontier { ids: &ids });
    }
}
