//! Bidirectional breadth-first search: one breadth-first search from the start and one from
//! the goal (moves are reversible, so the goal's side uses the same moves). Each round expands
//! one whole layer of the smaller side; when a generated state is already known to the other
//! side, the round finishes and the shortest meeting found is returned. Optimal in moves, with
//! roughly the square root of the nodes of one-sided breadth-first search.

use super::info::{self, GoalTest, Info, Words, line, Step};
use super::observer::{Event, Fate, NodeId, Observer};
use super::memory::{state_heap, Footprint};
use super::{path_to, Ctx, End, Problem, Room, TreeNode};
use crate::board::Move;
use crate::cost::Cost;
use crate::state::State;
use rustc_hash::FxHashMap;

struct Side<S> {
    nodes: Vec<TreeNode<S>>,
    index: FxHashMap<S, u32>,
    layer: Vec<u32>,
}

impl<S: State> Side<S> {
    fn new<O: Observer>(root: &S, ctx: &mut Ctx<'_, O>) -> Side<S> {
        let id = ctx.id();
        ctx.stats.generated_at(0);
        ctx.generated(id, None, None, 0, Cost::ZERO, Cost::ZERO, root, Fate::Added);
        let mut index = FxHashMap::default();
        index.insert(root.clone(), 0);
        Side { nodes: vec![TreeNode { state: root.clone(), parent: 0, mv: None, g: 0, h: Cost::ZERO, id }], index, layer: vec![0] }
    }
}

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "bidirectional",
    aliases: &["bibfs", "bidir"],
    title: "Bidirectional search",
    summary: "breadth-first from the start and from the goal until they meet; optimal in moves",
    optimal: true,
    uses_heuristic: false,
    keeps: info::Keeps::NodePerMove,
    local: false,
    reduces: false,
    two_roots: true,
    fast_engine: false,
    goal_test: GoalTest::OnGeneration,
    frontier: "queue (front first)",
    params: &[],
    words: Words { tested: Some(("not met by the other search; added", "met by the other search; goal")), bound: None },
    pseudocode: &[
        line(0, "function BIDIRECTIONAL-BREADTH-FIRST-SEARCH(problem) returns a solution or failure", &[]),
        line(1, "frontier_F ← a FIFO queue with NODE(problem.INITIAL)    ▷ the S tree", &[Step::Start]),
        line(1, "frontier_B ← a FIFO queue with NODE(problem.GOAL)    ▷ the G tree; moves are reversible", &[Step::Start]),
        line(1, "reached_F ← {problem.INITIAL}; reached_B ← {problem.GOAL}", &[]),
        line(1, "while neither frontier is empty do", &[]),
        line(2, "expand the whole layer of the smaller frontier:", &[]),
        line(3, "node ← POP(layer)", &[Step::Select]),
        line(3, "for each child in EXPAND(problem, node) do", &[]),
        line(4, "if child.STATE is in this side's reached then skip child", &[Step::Duplicate]),
        line(4, "if child.STATE is in the other side's reached then note the meeting", &[Step::Goal]),
        line(4, "add child to this side's reached and its next layer", &[Step::Add]),
        line(2, "if the searches met then return the shortest joined path", &[]),
        line(1, "return failure", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut fwd = Side::new(&p.start, ctx);
    if p.is_goal(&p.start) {
        return End::Found(Vec::new());
    }
    let mut bwd = Side::new(&p.goal, ctx);
    let mut next: Vec<u32> = Vec::new();
    loop {
        if fwd.layer.is_empty() || bwd.layer.is_empty() {
            return End::Exhausted;
        }
        let forward = fwd.layer.len() <= bwd.layer.len();
        let (this, other) = if forward { (&mut fwd, &bwd) } else { (&mut bwd, &fwd) };
        // Best meeting in this layer: (total moves, index in `this`, index in `other`).
        let mut meet: Option<(u32, u32, u32)> = None;
        next.clear();
        for li in 0..this.layer.len() {
            let idx = this.layer[li];
            let i = idx as usize;
            let sh = state_heap(&p.start);
            let mem = Footprint::default()
                .vec(&this.nodes, sh)
                .map(&this.index, sh)
                .vec(&this.layer, 0)
                .vec(&next, 0)
                .vec(&other.nodes, sh)
                .map(&other.index, sh)
                .vec(&other.layer, 0)
                .total();
            if let Err(kind) = ctx.check(mem) {
                return End::Limit(kind);
            }
            let (g, id, mv) = (this.nodes[i].g, this.nodes[i].id, this.nodes[i].mv);
            ctx.note(Event::Selected { id, g, h: Cost::ZERO, f: Cost::moves(g), state: &this.nodes[i].state });
            ctx.stats.expanded += 1;
            let state = this.nodes[i].state.clone();
            for succ in p.successors(&state, Cost::ZERO, mv) {
                let g2 = g + 1;
                ctx.stats.generated_at(g2);
                let child_id = ctx.id();
                let known = this.index.contains_key(&succ.state);
                let across = other.index.get(&succ.state).copied();
                let fate = if known {
                    Fate::Duplicate
                } else if across.is_some() {
                    Fate::Goal
                } else {
                    Fate::Added
                };
                ctx.generated(child_id, Some(id), Some(succ.mv), g2, Cost::ZERO, Cost::moves(g2), &succ.state, fate);
                if known {
                    continue;
                }
                if let Err(kind) = this.nodes.room().and(this.index.room()).and(next.room()) {
                    return End::Limit(kind);
                }
                let k = this.nodes.len() as u32;
                this.nodes.push(TreeNode { state: succ.state.clone(), parent: idx, mv: Some(succ.mv), g: g2, h: Cost::ZERO, id: child_id });
                if let Some(j) = across {
                    let total = g2 + other.nodes[j as usize].g;
                    if meet.is_none_or(|m| total < m.0) {
                        meet = Some((total, k, j));
                    }
                }
                this.index.insert(succ.state, k);
                next.push(k);
            }
        }
        ctx.stats.frontier(next.len() + other.layer.len());
        if let Some((_, k, j)) = meet {
            ctx.note::<S>(Event::Goal { id: this.nodes[k as usize].id });
            let (fi, bi) = if forward { (k, j) } else { (j, k) };
            let mut moves = path_to(&fwd.nodes, fi as usize);
            let back: Vec<Move> = path_to(&bwd.nodes, bi as usize);
            moves.extend(back.iter().rev().map(|m| m.inverse()));
            return End::Found(moves);
        }
        std::mem::swap(&mut this.layer, &mut next);
        if O::ENABLED && ctx.obs.wants_frontier() {
            let ids: Vec<NodeId> =
                fwd.layer.iter().map(|&i| fwd.nodes[i as usize].id).chain(bwd.layer.iter().map(|&i| bwd.nodes[i as usize].id)).collect();
            ctx.obs.event::<S>(&Event::Frontier { ids: &ids });
        }
    }
}
