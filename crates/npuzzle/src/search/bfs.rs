//! Breadth-first search: expands nodes level by level from a FIFO queue, testing each child
//! for the goal as it is generated. Optimal in moves. Every state is generated at most once
//! (an explored set drops repeats).

use super::info::{self, GoalTest, Info, line, Step, Param};
use super::best_first::on_path;
use super::conventions::{Conventions, Duplicates};
use super::observer::{Discard, Event, Fate, Observer};
use super::memory::{state_heap, Footprint};
use super::{path_to, Ctx, End, Problem, Room, TreeNode};
use crate::cost::Cost;
use crate::state::State;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "bfs",
    aliases: &["breadth-first"],
    title: "Breadth-first search",
    summary: "expands nodes level by level from a FIFO queue, testing each child as it is generated; optimal in moves (so not under tile costs)",
    optimal: true,
    uses_heuristic: false,
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: Some("breadth-first search finds the fewest moves, and when moves cost different amounts the fewest moves need not be the cheapest: its answer is not optimal in cost (uniform-cost search is)"),
    goal_test: GoalTest::OnGeneration,
    duplicates: &[crate::search::Duplicates::Reached, crate::search::Duplicates::None, crate::search::Duplicates::Parent, crate::search::Duplicates::Path, crate::search::Duplicates::Explored],
    frontier: "queue (front first)",
    params: &[Param::Rules, Param::GoalTest, Param::Duplicates],
    words: info::GOAL_TEST_AT_GENERATION,
    pseudocode: &[
        line(0, "function BREADTH-FIRST-SEARCH(problem) returns a solution node or failure", &[]),
        line(1, "node ← NODE(problem.INITIAL)", &[Step::Start]),
        line(1, "if problem.IS-GOAL(node.STATE) then return node", &[]),
        line(1, "frontier ← a FIFO queue, with node as an element", &[Step::Start]),
        line(1, "reached ← {problem.INITIAL}", &[]),
        line(1, "while not IS-EMPTY(frontier) do", &[]),
        line(2, "node ← POP(frontier)    ▷ the oldest first", &[Step::Select]),
        line(2, "for each child in EXPAND(problem, node) do", &[]),
        line(3, "s ← child.STATE", &[]),
        line(3, "if s is in reached then skip child", &[Step::Duplicate]),
        line(3, "if problem.IS-GOAL(s) then return child    ▷ the goal test at generation", &[Step::Goal]),
        line(3, "add s to reached", &[]),
        line(3, "add child to frontier", &[Step::Add]),
        line(1, "return failure", &[Step::Fail]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    linear_search(p, ctx, Discipline::Queue, &INFO)
}

/// Whether the open list is a queue (breadth-first) or a stack (depth-first).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Discipline {
    Queue,
    Stack,
}

/// Breadth- or depth-first search, by default a graph search with the goal test at generation.
///
/// The explored set maps each state to the depth it was first reached at. Breadth-first search
/// reaches every state at its least depth first, so a state seen before is always a duplicate.
/// A depth-first search under a depth limit may first reach a state deep in one branch and later
/// shallower in another; it then reopens the state at the shallower depth, so every state within
/// the limit is eventually expanded at the least depth any path found for it, and no solution
/// within the limit is missed. (A reopened state's deeper entry has always left the stack by
/// then: entries above a node on the stack are all deeper than it.)
///
/// The conventions ([`super::conventions`]) may move the goal test to selection and change the
/// repeated states skipped: none, the parent, the node's path, or the states already expanded
/// (a node whose state was expanded is skipped when taken). `info` is the description of the
/// search that runs it (breadth- or depth-first), whose rules the conventions read.
pub(crate) fn linear_search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>, discipline: Discipline, info: &Info) -> End {
    let conv = Conventions::of(info, &p.params);
    // Natively, the usual rules get a search of their own, with the other rules' tests compiled
    // away; the page's WebAssembly keeps one search for every rule (its size has a budget).
    #[cfg(not(target_arch = "wasm32"))]
    if conv == Conventions::own(info) {
        return linear::<S, O, true>(p, ctx, discipline, conv);
    }
    linear::<S, O, false>(p, ctx, discipline, conv)
}

/// The search; `PLAIN`: the goal tested at generation and a reached table.
fn linear<S: State, O: Observer, const PLAIN: bool>(p: &Problem<S>, ctx: &mut Ctx<'_, O>, discipline: Discipline, conv: Conventions) -> End {
    let goal_on_generate = PLAIN || conv.goal_on_generate();
    let reached = PLAIN || conv.duplicates == Duplicates::Reached;
    let (explored, path_rule) =
        if PLAIN { (false, false) } else { (conv.duplicates == Duplicates::Explored, conv.duplicates == Duplicates::Path) };
    let mut nodes: Vec<TreeNode<S>> = Vec::new();
    // Reached: each state's depth when first reached. Explored: the states expanded.
    let mut seen: FxHashMap<S, u32> = FxHashMap::default();
    let mut open: VecDeque<u32> = VecDeque::new();
    let f_of = |g: u32| Cost::moves(g);
    // The explored set keeps each state's depth (the depth limit is on moves); g, what the trace
    // shows, is the path cost.
    // Only a depth-limited depth-first search can reach a state shallower than it first did.
    let reopen = discipline == Discipline::Stack && p.max_depth.is_some();

    let root = TreeNode { state: p.start.clone(), parent: 0, mv: None, g: 0, depth: 0, h: Cost::ZERO, id: ctx.id() };
    ctx.stats.generated_at(0);
    let root_goal = p.is_goal(&p.start);
    let fate = if root_goal && goal_on_generate { Fate::Goal } else { Fate::Added };
    ctx.generated(root.id, None, None, 0, Cost::ZERO, f_of(0), &root.state, fate);
    if root_goal && goal_on_generate {
        return End::Found(Vec::new());
    }
    if reached {
        seen.insert(p.start.clone(), 0);
    }
    nodes.push(root);
    open.push_back(0);
    ctx.stats.frontier(1);
    emit_frontier(ctx, &open, &nodes, discipline);
    let mut children: Vec<u32> = Vec::with_capacity(4);

    loop {
        let next = match discipline {
            Discipline::Queue => open.pop_front(),
            Discipline::Stack => open.pop_back(),
        };
        let Some(idx) = next else { return End::Exhausted };
        let i = idx as usize;
        let sh = state_heap(&p.start);
        let mem = Footprint::default().vec(&nodes, sh).map(&seen, sh).deque(&open, 0).total();
        if let Err(kind) = ctx.check(mem) {
            return End::Limit(kind);
        }
        let (g, depth, id, mv) = (nodes[i].g, nodes[i].depth, nodes[i].id, nodes[i].mv);
        if explored {
            if seen.contains_key(&nodes[i].state) {
                ctx.note::<S>(Event::Discarded { id, why: Discard::Expanded });
                continue;
            }
            if let Err(kind) = seen.room() {
                return End::Limit(kind);
            }
            seen.insert(nodes[i].state.clone(), depth);
        }
        ctx.note(Event::Selected { id, g, h: Cost::ZERO, f: f_of(g), state: &nodes[i].state });
        if !goal_on_generate && p.is_goal(&nodes[i].state) {
            ctx.note::<S>(Event::Goal { id });
            return End::Found(path_to(&nodes, i));
        }
        if p.max_depth.is_some_and(|d| depth >= d) {
            // Depth limit reached: this node's children would lie past it.
            continue;
        }
        ctx.stats.expanded += 1;
        let parent_state = nodes[i].state.clone();
        children.clear();
        let back = if PLAIN || conv.skips_parent() { mv } else { None };
        for succ in p.successors(&parent_state, Cost::ZERO, back) {
            let (g2, d2) = (g + succ.cost, depth + 1);
            ctx.stats.generated_at(d2);
            let child_id = ctx.id();
            let before = if reached { seen.get(&succ.state).copied() } else { None };
            let fate = match before {
                Some(before) if !reopen || before <= d2 => Fate::Duplicate,
                _ if path_rule && on_path(&nodes, i, &succ.state) => Fate::Duplicate,
                _ if goal_on_generate && p.is_goal(&succ.state) => Fate::Goal,
                _ => Fate::Added,
            };
            ctx.generated(child_id, Some(id), Some(succ.mv), g2, Cost::ZERO, f_of(g2), &succ.state, fate);
            if fate == Fate::Duplicate {
                continue;
            }
            if let Err(kind) = nodes.room().and(seen.room()).and(open.room()) {
                return End::Limit(kind);
            }
            let k = nodes.len() as u32;
            nodes.push(TreeNode { state: succ.state.clone(), parent: idx, mv: Some(succ.mv), g: g2, depth: d2, h: Cost::ZERO, id: child_id });
            if fate == Fate::Goal {
                ctx.note::<S>(Event::Goal { id: child_id });
                return End::Found(path_to(&nodes, k as usize));
            }
            if reached {
                seen.insert(succ.state, d2);
            }
            children.push(k);
        }
        match discipline {
            Discipline::Queue => open.extend(children.iter().copied()),
            // Pushed in reverse so the first child in `--order` is taken first.
            Discipline::Stack => open.extend(children.iter().rev().copied()),
        }
        ctx.stats.frontier(open.len());
        emit_frontier(ctx, &open, &nodes, discipline);
    }
}

fn emit_frontier<S: State, O: Observer>(ctx: &mut Ctx<'_, O>, open: &VecDeque<u32>, nodes: &[TreeNode<S>], discipline: Discipline) {
    if O::ENABLED && ctx.obs.wants_frontier() {
        let ids: Vec<u64> = match discipline {
            Discipline::Queue => open.iter().map(|&i| nodes[i as usize].id).collect(),
            Discipline::Stack => open.iter().rev().map(|&i| nodes[i as usize].id).collect(),
        };
        ctx.obs.event::<S>(&Event::Frontier { ids: &ids });
    }
}
