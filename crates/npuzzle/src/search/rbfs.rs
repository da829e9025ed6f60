//! Recursive best-first search (Korf, 1993): best-first order in memory linear in the depth.
//! Each call explores its best child while that child's stored value F stays within the
//! bound set by the best alternative elsewhere; on the way back it stores the smallest f seen
//! below (the backed-up value), so a forgotten subtree is re-entered at the right time.
//! States already on the current path are not generated again. Optimal with an admissible
//! heuristic.

use super::conventions::{Conventions, Duplicates, Ties};
use super::info::{self, GoalTest, Info, Param, line, Step};
use super::observer::{Event, Fate, NodeId, Observer};
use super::memory::{state_heap, Footprint};
use super::{Ctx, End, LimitKind, Problem};
use crate::board::Slide;
use crate::cost::Cost;
use crate::state::State;
use rustc_hash::FxHashSet;

/// Deepest recursion allowed; a deeper path ends the search with [`LimitKind::Depth`] rather
/// than overflowing the thread's stack.
pub const MAX_DEPTH: usize = 4096;

struct Node<S> {
    state: S,
    g: u32,
    h: Cost,
    mv: Option<Slide>,
    id: NodeId,
}

struct Run<'p, 'c, 'l, S: State, O: Observer> {
    p: &'p Problem<S>,
    ctx: &'c mut Ctx<'l, O>,
    path: Vec<Slide>,
    on_path: FxHashSet<S>,
    rules: Conventions,
}

enum Res {
    Found,
    Fail(Cost),
}

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "rbfs",
    aliases: &["recursive-best-first"],
    title: "Recursive best-first search",
    summary: "best-first order in linear memory, backing up the best f of forgotten subtrees; optimal",
    optimal: true,
    uses_heuristic: true,
    keeps: info::Keeps::NodePerMove,
    kind: info::Kind::Tree,
    needs: info::Needs::Heuristic,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[crate::search::Duplicates::Path, crate::search::Duplicates::None, crate::search::Duplicates::Parent],
    frontier: "children of the current node (best F first)",
    params: &[Param::Rules, Param::Duplicates, Param::Ties],
    words: info::PLAIN,
    pseudocode: &[
        line(0, "function RECURSIVE-BEST-FIRST-SEARCH(problem) returns a solution or failure", &[]),
        line(1, "solution, fvalue ← RBFS(problem, NODE(problem.INITIAL), ∞)", &[Step::Start]),
        line(1, "return solution", &[]),
        line(0, "function RBFS(problem, node, f_limit) returns a solution or failure, and a new f-cost limit", &[]),
        line(1, "if problem.IS-GOAL(node.STATE) then return node", &[Step::Goal]),
        line(1, "successors ← EXPAND(node)    ▷ states on the current path are left out", &[Step::Add, Step::Duplicate]),
        line(1, "if successors is empty then return failure, ∞", &[]),
        line(1, "for each s in successors do    ▷ inherit the parent's backed-up value", &[]),
        line(2, "s.f ← max(s.PATH-COST + h(s), node.f)", &[]),
        line(1, "loop do", &[]),
        line(2, "best ← the node in successors with the lowest f-value", &[Step::Select]),
        line(2, "if best.f > f_limit then return failure, best.f", &[]),
        line(2, "alternative ← the second-lowest f-value among successors", &[]),
        line(2, "result, best.f ← RBFS(problem, best, MIN(f_limit, alternative))", &[Step::BackUp]),
        line(2, "if result ≠ failure then return result, best.f", &[]),
    ],
};

/// Runs the search; see the module documentation.
pub fn search<S: State, O: Observer>(p: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    let h0 = p.h(&p.start);
    let id = ctx.id();
    ctx.stats.generated_at(0);
    ctx.generated(id, None, None, 0, h0, h0, &p.start, Fate::Added);
    let root = Node { state: p.start.clone(), g: 0, h: h0, mv: None, id };
    let rules = Conventions::of(&INFO, &p.params);
    let mut run = Run { p, ctx, path: Vec::new(), on_path: FxHashSet::default(), rules };
    run.on_path.insert(p.start.clone());
    match run.rbfs(&root, h0, Cost::INFINITY) {
        Ok(Res::Found) => End::Found(crate::board::expand(&run.path)),
        Ok(Res::Fail(_)) => End::Exhausted,
        Err(kind) => End::Limit(kind),
    }
}

impl<S: State, O: Observer> Run<'_, '_, '_, S, O> {
    fn rbfs(&mut self, node: &Node<S>, stored: Cost, bound: Cost) -> Result<Res, LimitKind> {
        // The path's set, and each level's children (up to four, with their stored values).
        let sh = state_heap(&self.p.start);
        let kids = self.path.len() * 4 * (std::mem::size_of::<(Node<S>, Cost)>() + sh);
        self.ctx.check(Footprint::default().set(&self.on_path, sh).vec(&self.path, 0).total() + kids)?;
        if self.path.len() >= MAX_DEPTH {
            return Err(LimitKind::Depth);
        }
        let f = Cost::moves(node.g) + node.h;
        self.ctx.note(Event::Selected { id: node.id, g: node.g, h: node.h, f: stored, state: &node.state });
        if self.p.is_goal(&node.state) {
            self.ctx.note::<S>(Event::Goal { id: node.id });
            return Ok(Res::Found);
        }
        self.ctx.stats.expanded += 1;
        let d2 = self.path.len() as u32 + 1;
        // (child, its stored value F, its tie key)
        let mut kids: Vec<(Node<S>, Cost, u64)> = Vec::with_capacity(4);
        let back = if self.rules.skips_parent() { node.mv } else { None };
        for succ in self.p.successors(&node.state, node.h, back) {
            let g2 = node.g + succ.cost;
            self.ctx.stats.generated_at(d2);
            let id = self.ctx.id();
            let fc = Cost::moves(g2) + succ.h;
            let on_path = self.rules.duplicates == Duplicates::Path && self.on_path.contains(&succ.state);
            // A child inherits its parent's backed-up value if the parent was explored before.
            let big_f = if f < stored { stored.max(fc) } else { fc };
            let fate = if on_path { Fate::Duplicate } else { Fate::Added };
            self.ctx.generated(id, Some(node.id), Some(succ.mv), g2, succ.h, big_f, &succ.state, fate);
            if !on_path {
                let tie = self.rules.tie_key(kids.len() as u64, g2, succ.h);
                kids.push((Node { state: succ.state, g: g2, h: succ.h, mv: Some(succ.mv), id }, big_f, tie));
            }
        }
        if kids.is_empty() {
            return Ok(Res::Fail(Cost::INFINITY));
        }
        self.ctx.stats.frontier(kids.len());
        loop {
            if self.rules.ties == Ties::Fifo {
                // Stable: ties keep the order they stood in.
                kids.sort_by_key(|k| k.1);
            } else {
                kids.sort_by_key(|k| (k.1, k.2));
            }
            if O::ENABLED && self.ctx.obs.wants_frontier() {
                let ids: Vec<NodeId> = kids.iter().map(|k| k.0.id).collect();
                self.ctx.obs.event::<S>(&Event::Frontier { ids: &ids });
            }
            let best_f = kids[0].1;
            if best_f > bound || best_f == Cost::INFINITY {
                return Ok(Res::Fail(best_f));
            }
            let alt = kids.get(1).map_or(Cost::INFINITY, |k| k.1);
            let child = &kids[0].0;
            self.path.push(child.mv.expect("child has a move"));
            self.on_path.insert(child.state.clone());
            let res = self.rbfs(child, best_f, bound.min(alt))?;
            match res {
                Res::Found => return Ok(Res::Found),
                Res::Fail(v) => {
                    self.path.pop();
                    self.on_path.remove(&kids[0].0.state);
                    kids[0].1 = v;
                    self.ctx.note::<S>(Event::BackedUp { id: kids[0].0.id, f: v });
                }
            }
        }
    }
}
