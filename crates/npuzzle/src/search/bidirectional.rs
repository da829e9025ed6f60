//! Bidirectional search: one search from the start and one from the goal (moves are
//! reversible, and a move back slides the same tile, so the goal's side uses the same moves at
//! the same costs). Each round expands one whole layer of the smaller side; when a generated
//! state is already known to the other side, the cheapest meeting is kept, and the search stops
//! once no cheaper one can come. Under unit costs the layers are breadth-first levels, and it is
//! bidirectional breadth-first search, with roughly the square root of the nodes of one-sided
//! breadth-first search; under other step costs each side is a uniform-cost search and a layer
//! is the open nodes of least g. Optimal under either.

use super::info::{self, GoalTest, Info, Words, line, Step};
use super::observer::{Event, Fate, NodeId, Observer};
use super::memory::{state_heap, Footprint};
use super::{path_to, Ctx, End, Problem, Room, TreeNode};
use crate::board::Move;
use crate::cost::Cost;
use crate::state::State;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

struct Side<S> {
    nodes: Vec<TreeNode<S>>,
    /// Each state's best node.
    index: FxHashMap<S, u32>,
    /// Nodes to expand, least g first, ties in generation order: under unit costs a whole
    /// breadth-first layer at a time.
    open: BinaryHeap<Reverse<(u32, u64, u32)>>,
    /// `closed[i]`: node i was expanded, or a cheaper node of its state replaced it.
    closed: Vec<bool>,
    /// Entries of `open` still live.
    live: usize,
}

impl<S: State> Side<S> {
    fn new<O: Observer>(root: &S, ctx: &mut Ctx<'_, O>, seq: &mut u64) -> Side<S> {
        let id = ctx.id();
        ctx.stats.generated_at(0);
        ctx.generated(id, None, None, 0, Cost::ZERO, Cost::ZERO, root, Fate::Added);
        let mut index = FxHashMap::default();
        index.insert(root.clone(), 0);
        let mut open = BinaryHeap::new();
        open.push(Reverse((0, *seq, 0)));
        *seq += 1;
        Side {
            nodes: vec![TreeNode { state: root.clone(), parent: 0, mv: None, g: 0, depth: 0, h: Cost::ZERO, id }],
            index,
            open,
            closed: vec![false],
            live: 1,
        }
    }

    /// The least g on the open list (dropping stale entries from its top).
    fn least(&mut self) -> Option<u32> {
        while let Some(Reverse((g, _, i))) = self.open.peek().copied() {
            if !self.closed[i as usize] {
                return Some(g);
            }
            self.open.pop();
        }
        None
    }

    /// The live open nodes, next first (for the frontier snapshot).
    fn open_ids(&self) -> Vec<NodeId> {
        let mut e: Vec<(u32, u64, u32)> = self.open.iter().map(|r| r.0).filter(|e| !self.closed[e.2 as usize]).collect();
        e.sort_unstable();
        e.iter().map(|e| self.nodes[e.2 as usize].id).collect()
    }
}

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "bidirectional",
    aliases: &["bibfs", "bidir"],
    title: "Bidirectional search",
    summary: "breadth-first (uniform-cost under step costs) from the start and from the goal until they meet; optimal",
    optimal: true,
    uses_heuristic: false,
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::TwoTrees,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnGeneration,
    duplicates: &[crate::search::Duplicates::Reached],
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
        line(4, "if child.STATE is in the other side's reached then μ ← MIN(μ, cost of the joined path)", &[Step::Goal]),
        line(4, "add child to this side's reached and its next layer", &[Step::Add]),
        line(2, "if μ ≤ least g open forward + least g open backward then return the cheapest joined path", &[]),
        line(1, "return failure", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
///
/// Under unit costs each round expands one whole breadth-first layer of the smaller side, and
/// the search stops after the first round in which the two sides meet: every later meeting
/// would be longer. Under other step costs the two sides are uniform-cost searches, a round
/// expands the open nodes of least g on the smaller side, and the search stops once the best
/// meeting μ costs no more than the least g left open on each side added up (Pohl's stopping
/// rule), which keeps it optimal; under unit costs that rule holds as soon as the sides meet,
/// so both read the same.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let mut seq = 0u64;
    let mut fwd = Side::new(&p.start, ctx, &mut seq);
    if p.is_goal(&p.start) {
        return End::Found(Vec::new());
    }
    let mut bwd = Side::new(&p.goal, ctx, &mut seq);
    // Best meeting so far: (total cost, index in `fwd`, index in `bwd`, the generated node that
    // met the other side).
    let mut meet: Option<(u32, u32, u32, NodeId)> = None;
    let mut layer: Vec<u32> = Vec::new();
    loop {
        let (lf, lb) = (fwd.least(), bwd.least());
        if let Some((mu, fi, bi, met)) = meet {
            if lf.is_none_or(|a| lb.is_none_or(|b| mu <= a + b)) {
                ctx.note::<S>(Event::Goal { id: met });
                let mut moves = path_to(&fwd.nodes, fi as usize);
                let back: Vec<Move> = path_to(&bwd.nodes, bi as usize);
                moves.extend(back.iter().rev().map(|m| m.inverse()));
                return End::Found(moves);
            }
        }
        let (Some(lf), Some(lb)) = (lf, lb) else { return End::Exhausted };
        let forward = fwd.live <= bwd.live;
        let (this, other, least) = if forward { (&mut fwd, &bwd, lf) } else { (&mut bwd, &fwd, lb) };
        // This round's layer: every open node of the least g.
        layer.clear();
        while let Some(Reverse((g, _, i))) = this.open.peek().copied() {
            if g != least {
                break;
            }
            this.open.pop();
            if !this.closed[i as usize] {
                this.closed[i as usize] = true;
                this.live -= 1;
                layer.push(i);
            }
        }
        for &idx in &layer {
            let i = idx as usize;
            let sh = state_heap(&p.start);
            let mem = Footprint::default()
                .vec(&this.nodes, sh)
                .map(&this.index, sh)
                .heap(&this.open, 0)
                .vec(&this.closed, 0)
                .vec(&other.nodes, sh)
                .map(&other.index, sh)
                .heap(&other.open, 0)
                .vec(&other.closed, 0)
                .total();
            if let Err(kind) = ctx.check(mem) {
                return End::Limit(kind);
            }
            let (g, depth, id, mv) = (this.nodes[i].g, this.nodes[i].depth, this.nodes[i].id, this.nodes[i].mv);
            ctx.note(Event::Selected { id, g, h: Cost::ZERO, f: Cost::moves(g), state: &this.nodes[i].state });
            ctx.stats.expanded += 1;
            let state = this.nodes[i].state.clone();
            for succ in p.successors(&state, Cost::ZERO, mv) {
                let g2 = g + succ.cost;
                ctx.stats.generated_at(depth + 1);
                let child_id = ctx.id();
                let prior = this.index.get(&succ.state).copied();
                let known = prior.is_some_and(|j| this.nodes[j as usize].g <= g2);
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
                if let Err(kind) = this.nodes.room().and(this.index.room()).and(this.open.room()).and(this.closed.room()) {
                    return End::Limit(kind);
                }
                if let Some(j) = prior {
                    // A cheaper path to a state still open: the old node is dropped.
                    if !std::mem::replace(&mut this.closed[j as usize], true) {
                        this.live -= 1;
                    }
                }
                let k = this.nodes.len() as u32;
                this.nodes.push(TreeNode {
                    state: succ.state.clone(),
                    parent: idx,
                    mv: Some(succ.mv),
                    g: g2,
                    depth: depth + 1,
                    h: Cost::ZERO,
                    id: child_id,
                });
                this.closed.push(false);
                if let Some(j) = across {
                    let total = g2 + other.nodes[j as usize].g;
                    if meet.is_none_or(|m| total < m.0) {
                        meet = Some(if forward { (total, k, j, child_id) } else { (total, j, k, child_id) });
                    }
                }
                this.index.insert(succ.state, k);
                this.open.push(Reverse((g2, seq, k)));
                seq += 1;
                this.live += 1;
            }
        }
        ctx.stats.frontier(fwd.live + bwd.live);
        // A round after which the search stops shows no frontier: the goal comes next.
        if let Some((mu, ..)) = meet {
            let (lf, lb) = (fwd.least(), bwd.least());
            if lf.is_none_or(|a| lb.is_none_or(|b| mu <= a + b)) {
                continue;
            }
        }
        if O::ENABLED && ctx.obs.wants_frontier() {
            let ids: Vec<NodeId> = fwd.open_ids().into_iter().chain(bwd.open_ids()).collect();
            ctx.obs.event::<S>(&Event::Frontier { ids: &ids });
        }
    }
}
