//! The engine shared by uniform-cost, greedy, A* and LC-search: a binary heap with lazy
//! deletion over an arena of nodes. The heap holds (priority, tie key, index); by default equal
//! priorities leave in generation order (FIFO), so runs are reproducible and ties follow
//! `--order`. The conventions ([`super::conventions`]) choose the goal test, the repeated states
//! skipped and the tie-breaking.

use super::conventions::{Conventions, Duplicates};
use super::memory::{state_heap, Footprint};
use super::observer::{Discard, Event, Fate, Observer};
use super::{path_to, Ctx, End, Problem, Room, TreeNode};
use crate::cost::Cost;
use crate::state::State;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How a best-first variant behaves.
pub(crate) struct Spec<F> {
    /// Priority of a node from g and h (smaller first).
    pub priority: F,
    /// Put a state back on the open list when a cheaper path reaches it (under the reached-table
    /// convention).
    pub improve: bool,
    /// The course's rules: the goal test, the repeated states skipped, the tie-breaking.
    pub conventions: Conventions,
}

pub(crate) fn search<S: State, O: Observer, F: Fn(u32, Cost) -> Cost>(p: &Problem<S>, ctx: &mut Ctx<'_, O>, spec: Spec<F>) -> End {
    // Natively, the usual rules get a search of their own, with the other rules' tests compiled
    // away; the page's WebAssembly keeps one search for every rule (its size has a budget).
    #[cfg(not(target_arch = "wasm32"))]
    if spec.conventions.duplicates == Duplicates::Reached && spec.conventions.ties == super::conventions::Ties::Fifo {
        return run::<S, O, F, true>(p, ctx, spec);
    }
    run::<S, O, F, false>(p, ctx, spec)
}

/// The search; `PLAIN`: a reached table and ties first in, first out.
fn run<S: State, O: Observer, F: Fn(u32, Cost) -> Cost, const PLAIN: bool>(p: &Problem<S>, ctx: &mut Ctx<'_, O>, spec: Spec<F>) -> End {
    let conv = spec.conventions;
    let goal_on_generate = conv.goal_on_generate();
    let (reached, explored, path_rule) = if PLAIN {
        (true, false, false)
    } else {
        (conv.duplicates == Duplicates::Reached, conv.duplicates == Duplicates::Explored, conv.duplicates == Duplicates::Path)
    };
    let tie = |seq: u64, g: u32, h: Cost| if PLAIN { seq } else { conv.tie_key(seq, g, h) };
    let mut nodes: Vec<TreeNode<S>> = Vec::new();
    // Reached table: each state's best node. Explored set: each state expanded (the value unused).
    let mut best: FxHashMap<S, u32> = FxHashMap::default();
    // `closed[i]`: node i was taken, superseded by a cheaper path, or (on the frontier) is a goal.
    let mut closed: Vec<bool> = Vec::new();
    let mut heap: BinaryHeap<Reverse<(Cost, u64, u32)>> = BinaryHeap::new();
    let mut seq = 0u64;

    let h0 = p.h(&p.start);
    let root = TreeNode { state: p.start.clone(), parent: 0, mv: None, g: 0, depth: 0, h: h0, id: ctx.id() };
    ctx.stats.generated_at(0);
    let f0 = (spec.priority)(0, h0);
    let root_goal = p.is_goal(&p.start);
    let fate = if root_goal && goal_on_generate { Fate::Goal } else { Fate::Added };
    ctx.generated(root.id, None, None, 0, h0, f0, &root.state, fate);
    if root_goal && goal_on_generate {
        return End::Found(Vec::new());
    }
    if reached {
        best.insert(p.start.clone(), 0);
    }
    nodes.push(root);
    closed.push(false);
    heap.push(Reverse((f0, tie(seq, 0, h0), 0)));
    ctx.stats.frontier(1);
    if O::ENABLED && ctx.obs.wants_frontier() {
        frontier_event(ctx, &heap, &nodes, &closed);
    }

    while let Some(Reverse((f, _, idx))) = heap.pop() {
        let i = idx as usize;
        if closed[i] {
            continue;
        }
        let sh = state_heap(&p.start);
        let mem = Footprint::default().vec(&nodes, sh).map(&best, sh).heap(&heap, 0).vec(&closed, 0).total();
        if let Err(kind) = ctx.check(mem) {
            return End::Limit(kind);
        }
        closed[i] = true;
        let (g, depth, h, id, mv) = (nodes[i].g, nodes[i].depth, nodes[i].h, nodes[i].id, nodes[i].mv);
        if explored {
            // A state expanded before is not expanded again (the goal is never among them: it
            // ended the search when first taken).
            if best.contains_key(&nodes[i].state) {
                ctx.note::<S>(Event::Discarded { id, why: Discard::Expanded });
                continue;
            }
            if let Err(kind) = best.room() {
                return End::Limit(kind);
            }
            best.insert(nodes[i].state.clone(), idx);
        }
        ctx.note(Event::Selected { id, g, h, f, state: &nodes[i].state });
        if !goal_on_generate && p.is_goal(&nodes[i].state) {
            ctx.note::<S>(Event::Goal { id });
            return End::Found(path_to(&nodes, i));
        }
        ctx.stats.expanded += 1;
        let parent_state = nodes[i].state.clone();
        let back = if PLAIN || conv.skips_parent() { mv } else { None };
        for succ in p.successors(&parent_state, h, back) {
            let g2 = g + succ.cost;
            ctx.stats.generated_at(depth + 1);
            let f2 = (spec.priority)(g2, succ.h);
            let child_id = ctx.id();
            let prior = if reached { best.get(&succ.state).copied() } else { None };
            let fate = match prior {
                Some(j) if !spec.improve || nodes[j as usize].g <= g2 => Fate::Duplicate,
                _ if path_rule && on_path(&nodes, i, &succ.state) => Fate::Duplicate,
                _ if goal_on_generate && p.is_goal(&succ.state) => Fate::Goal,
                _ => Fate::Added,
            };
            ctx.generated(child_id, Some(id), Some(succ.mv), g2, succ.h, f2, &succ.state, fate);
            if fate == Fate::Duplicate {
                continue;
            }
            if let Err(kind) = nodes.room().and(closed.room()).and(best.room()).and(heap.room()) {
                return End::Limit(kind);
            }
            if let Some(j) = prior {
                closed[j as usize] = true;
            }
            let k = nodes.len() as u32;
            nodes.push(TreeNode {
                state: succ.state.clone(),
                parent: idx,
                mv: Some(succ.mv),
                g: g2,
                depth: depth + 1,
                h: succ.h,
                id: child_id,
            });
            closed.push(false);
            if fate == Fate::Goal {
                return End::Found(path_to(&nodes, k as usize));
            }
            if reached {
                best.insert(succ.state, k);
            }
            seq += 1;
            heap.push(Reverse((f2, tie(seq, g2, succ.h), k)));
        }
        ctx.stats.frontier(heap.len());
        if O::ENABLED && ctx.obs.wants_frontier() {
            frontier_event(ctx, &heap, &nodes, &closed);
        }
    }
    End::Exhausted
}

/// Whether `state` is node `i`'s own or one of its ancestors' (the path convention).
pub(crate) fn on_path<S: State>(nodes: &[TreeNode<S>], mut i: usize, state: &S) -> bool {
    loop {
        if nodes[i].state == *state {
            return true;
        }
        if nodes[i].mv.is_none() {
            return false;
        }
        i = nodes[i].parent as usize;
    }
}

fn frontier_event<S: State, O: Observer>(
    ctx: &mut Ctx<'_, O>,
    heap: &BinaryHeap<Reverse<(Cost, u64, u32)>>,
    nodes: &[TreeNode<S>],
    closed: &[bool],
) {
    let mut entries: Vec<(Cost, u64, u32)> = heap.iter().map(|r| r.0).filter(|e| !closed[e.2 as usize]).collect();
    entries.sort_unstable();
    let ids: Vec<u64> = entries.iter().map(|e| nodes[e.2 as usize].id).collect();
    ctx.obs.event::<S>(&super::observer::Event::Frontier { ids: &ids });
}
