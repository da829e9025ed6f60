//! IDA* specialised for pattern databases.
//!
//! The board lives in fixed arrays in the goal's canonical frame (tiles relabelled by goal
//! cell): the tile per cell, the cell per tile, and the blank. Each move changes one tile, so
//! only the one table holding that tile (and the one holding its mirror image) is looked up
//! again; the other tables' values are kept. Nothing is allocated per node. A finite-state
//! machine over the blank's moves ([`super::prune`]) forbids move strings that only repeat a
//! board a shorter or shortlex-smaller string reaches (the move that undoes the previous one
//! among them); the step is dropped before the move is made.
//!
//! The children of a node are generated first and searched smallest estimate first, which
//! meets the solution early in the last iteration (the only one whose count depends on the
//! order).
//!
//! Once an iteration is big enough, the next ones split the tree: the nodes at a shallow depth
//! within the bound become tasks, listed in the serial search's order, that every thread of
//! the rayon pool takes in turn. Any solution found within the current bound is optimal, so
//! the first one found ends the iteration for every task.

use super::catalogue::Probes;
use super::prune::Fsm;
use crate::board::{Board, Move, MoveOrder};
use crate::clock::Instant;
use crate::heuristic::pdb::{neighbours, Pdb, PdbHeuristic, MAX_PATTERN};
use crate::limits::{LimitKind, Limits};
use crate::outcome::End;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use crate::stats::Stats;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};

const NONE: u8 = u8::MAX;
/// Deepest solution the fixed path buffer holds (the 24-puzzle needs at most 205 moves).
const MAX_PATH: usize = 255;
/// Nodes between checks of the limits and the stop flag.
const POLL: u64 = 1 << 14;
/// An iteration that generated this many nodes makes the next one run in parallel.
const SPLIT_AFTER: u64 = 200_000;

/// The heuristic's tables flattened for the inner loop.
struct Tables<'a> {
    pdbs: Vec<&'a Pdb>,
    labels: Vec<[u8; MAX_PATTERN]>,
    mirror_labels: Vec<[u8; MAX_PATTERN]>,
    pattern_of: [u8; 32],
    mirror_pattern_of: [u8; 32],
    transpose: [u8; 32],
    reflect: bool,
    nbr: Vec<[u8; 4]>,
    order: [u8; 4],
    fsm: &'a Fsm,
}

impl<'a> Tables<'a> {
    fn new(h: &'a PdbHeuristic, order: MoveOrder, fsm: &'a Fsm) -> Tables<'a> {
        let f = h.frame();
        let pdbs: Vec<&Pdb> = h.pdbs().iter().map(|p| &**p).collect();
        let t = h.transpose();
        let mut transpose = [0u8; 32];
        transpose[..t.len()].copy_from_slice(t);
        let mut pattern_of = [NONE; 32];
        let mut labels = Vec::new();
        let mut mirror_labels = Vec::new();
        for (i, p) in pdbs.iter().enumerate() {
            let mut l = [0u8; MAX_PATTERN];
            let mut m = [0u8; MAX_PATTERN];
            for (j, &c) in p.cells().iter().enumerate() {
                l[j] = c;
                m[j] = transpose[c as usize];
                pattern_of[c as usize] = i as u8;
            }
            labels.push(l);
            mirror_labels.push(m);
        }
        let mut mirror_pattern_of = [NONE; 32];
        for x in 0..t.len() {
            mirror_pattern_of[x] = pattern_of[transpose[x] as usize];
        }
        let nbr = neighbours(f.width, f.height);
        let canon = canonical_order(h, order, &nbr);
        assert!(fsm.neighbours() == nbr.as_slice(), "the pruning automaton is for another board");
        Tables { pdbs, labels, mirror_labels, pattern_of, mirror_pattern_of, transpose, reflect: f.reflect, nbr, order: canon, fsm }
    }

    #[inline(always)]
    fn direct(&self, p: usize, pos: &[u8; 32], blank: u8) -> u8 {
        let l = &self.labels[p];
        let pdb = self.pdbs[p];
        pdb.lookup(|i| pos[l[i] as usize], blank)
    }

    #[inline(always)]
    fn mirrored(&self, p: usize, pos: &[u8; 32], blank: u8) -> u8 {
        let l = &self.mirror_labels[p];
        let pdb = self.pdbs[p];
        pdb.lookup(|i| self.transpose[pos[l[i] as usize] as usize], self.transpose[blank as usize])
    }
}

/// The user's move order, seen in the canonical frame of `h` (`nbr`: its neighbours).
fn canonical_order(h: &PdbHeuristic, order: MoveOrder, nbr: &[[u8; 4]]) -> [u8; 4] {
    let f = h.frame();
    let (w, hh) = (f.width, f.height);
    let mut canon = [0u8; 4];
    for (i, m) in order.moves().into_iter().enumerate() {
        let a = (0..w * hh).find(|&a| crate::board::neighbor(w, hh, a, m).is_some()).expect("a board has a move in every direction");
        let b = crate::board::neighbor(w, hh, a, m).expect("checked");
        let (ca, cb) = (f.cell_map[a], f.cell_map[b]);
        canon[i] = (0..4).find(|&d| nbr[ca as usize][d] == cb).expect("symmetries keep neighbours") as u8;
    }
    canon
}

/// A board in the canonical frame with its per-table values.
#[derive(Clone, Copy)]
struct Node {
    board: [u8; 32],
    pos: [u8; 32],
    blank: u8,
    hn: [u8; 8],
    hr: [u8; 8],
    sn: u32,
    sr: u32,
}

impl Node {
    fn new(t: &Tables, h: &PdbHeuristic, start: &Board) -> Node {
        let f = h.frame();
        let all = f.positions(|c| start.tiles()[c]);
        let mut pos = [0u8; 32];
        pos.copy_from_slice(&all[..32]);
        let mut board = [NONE; 32];
        for (label, &c) in pos.iter().enumerate().take(start.len()) {
            if label as u8 != f.blank {
                board[c as usize] = label as u8;
            }
        }
        let mut n = Node { board, pos, blank: pos[f.blank as usize], hn: [0; 8], hr: [0; 8], sn: 0, sr: 0 };
        for p in 0..t.pdbs.len() {
            n.hn[p] = t.direct(p, &n.pos, n.blank);
            n.sn += n.hn[p] as u32;
            if t.reflect {
                n.hr[p] = t.mirrored(p, &n.pos, n.blank);
                n.sr += n.hr[p] as u32;
            }
        }
        n
    }

    #[inline(always)]
    fn h(&self) -> u32 {
        self.sn.max(self.sr)
    }
}

/// What a move changed, to undo it.
#[derive(Clone, Copy)]
struct Undo {
    from: u8,
    p: u8,
    old: u8,
    q: u8,
    old_r: u8,
}

/// A generated child whose table entries are being fetched.
#[derive(Clone, Copy, Default)]
struct Found {
    d: u8,
    to: u8,
    next: u32,
    /// The direct table that changes, and its entry and Manhattan part.
    p: u8,
    ni: u64,
    nmd: u32,
    /// The mirrored table that changes ([`NONE`] without the mirror lookup), likewise.
    q: u8,
    ri: u64,
    rmd: u32,
}

/// A child within the bound, to search after its siblings were generated.
#[derive(Clone, Copy, Default)]
struct Kid {
    d: u8,
    to: u8,
    next: u32,
    h: u32,
    hn: u8,
    hr: u8,
}

/// Shared between the tasks of one search.
pub(super) struct Shared<'l> {
    pub(super) limits: &'l Limits,
    pub(super) started: Instant,
    pub(super) nodes: AtomicU64,
    pub(super) found: AtomicBool,
    pub(super) limit: AtomicU8,
}

const LIMIT_KINDS: [LimitKind; 4] = [LimitKind::Nodes, LimitKind::Time, LimitKind::Cancelled, LimitKind::Memory];

impl Shared<'_> {
    /// Adds a task's nodes since its last poll (`nodes` now, `polled` then) and checks the
    /// limits and whether another task already finished the iteration: whether to stop, and
    /// the new `polled`.
    pub(super) fn poll(&self, nodes: u64, polled: u64) -> (bool, u64) {
        let total = self.nodes.fetch_add(nodes - polled, Ordering::Relaxed) + nodes - polled;
        if self.found.load(Ordering::Relaxed) || self.limit().is_some() {
            return (true, nodes);
        }
        let l = self.limits;
        let hit = if l.nodes.is_some_and(|n| total >= n) {
            Some(LimitKind::Nodes)
        } else if l.time.is_some_and(|t| self.started.elapsed() >= t) {
            Some(LimitKind::Time)
        } else if l.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            Some(LimitKind::Cancelled)
        } else {
            None
        };
        if let Some(k) = hit {
            self.set_limit(k);
            return (true, nodes);
        }
        (false, nodes)
    }

    pub(super) fn limit(&self) -> Option<LimitKind> {
        match self.limit.load(Ordering::Relaxed) {
            0 => None,
            k => Some(LIMIT_KINDS[k as usize - 1]),
        }
    }

    fn set_limit(&self, k: LimitKind) {
        let i = LIMIT_KINDS.iter().position(|&x| x == k).unwrap_or(0) as u8 + 1;
        let _ = self.limit.compare_exchange(0, i, Ordering::Relaxed, Ordering::Relaxed);
    }
}

struct Search<'a, 'l> {
    t: &'a Tables<'a>,
    s: Node,
    path: [u8; MAX_PATH],
    bound: u32,
    next: u32,
    nodes: u64,
    expanded: u64,
    polled: u64,
    /// Nodes between polls: [`POLL`], or fewer under a small node limit so that the search
    /// stops near it rather than up to [`POLL`] nodes past it.
    poll_every: u64,
    shared: &'a Shared<'l>,
    stop: bool,
    /// Depth of the goal, once found.
    depth: u32,
}

impl<'a, 'l> Search<'a, 'l> {
    fn new(t: &'a Tables<'a>, s: Node, shared: &'a Shared<'l>, bound: u32) -> Self {
        let poll_every = shared.limits.nodes.map_or(POLL, |n| (n / 64).clamp(1, POLL));
        Search {
            t,
            s,
            path: [0; MAX_PATH],
            bound,
            next: u32::MAX,
            nodes: 0,
            expanded: 0,
            polled: 0,
            poll_every,
            shared,
            stop: false,
            depth: 0,
        }
    }

    /// Makes a child's move again with the table values found when it was generated.
    #[inline(always)]
    fn redo(&mut self, k: &Kid) -> Undo {
        let t = self.t;
        let s = &mut self.s;
        let to = k.to;
        let x = s.board[to as usize];
        let from = s.blank;
        s.board[from as usize] = x;
        s.board[to as usize] = NONE;
        s.pos[x as usize] = from;
        s.blank = to;
        let p = t.pattern_of[x as usize];
        let old = s.hn[p as usize];
        s.hn[p as usize] = k.hn;
        s.sn = s.sn + k.hn as u32 - old as u32;
        let (mut q, mut old_r) = (NONE, 0);
        if t.reflect {
            q = t.mirror_pattern_of[x as usize];
            old_r = s.hr[q as usize];
            s.hr[q as usize] = k.hr;
            s.sr = s.sr + k.hr as u32 - old_r as u32;
        }
        Undo { from, p, old, q, old_r }
    }

    #[inline(always)]
    fn undo(&mut self, u: Undo) {
        let s = &mut self.s;
        let to = s.blank;
        let x = s.board[u.from as usize];
        s.board[to as usize] = x;
        s.board[u.from as usize] = NONE;
        s.pos[x as usize] = to;
        s.blank = u.from;
        let p = u.p as usize;
        s.sn = s.sn + u.old as u32 - s.hn[p] as u32;
        s.hn[p] = u.old;
        if u.q != NONE {
            let q = u.q as usize;
            s.sr = s.sr + u.old_r as u32 - s.hr[q] as u32;
            s.hr[q] = u.old_r;
        }
    }

    /// Checks the limits and whether another task already finished the iteration.
    #[cold]
    fn poll(&mut self) {
        let sh = self.shared;
        let total = sh.nodes.fetch_add(self.nodes - self.polled, Ordering::Relaxed) + self.nodes - self.polled;
        self.polled = self.nodes;
        if sh.found.load(Ordering::Relaxed) || sh.limit().is_some() {
            self.stop = true;
            return;
        }
        let l = sh.limits;
        let hit = if l.nodes.is_some_and(|n| total >= n) {
            Some(LimitKind::Nodes)
        } else if l.time.is_some_and(|t| sh.started.elapsed() >= t) {
            Some(LimitKind::Time)
        } else if l.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            Some(LimitKind::Cancelled)
        } else {
            None
        };
        if let Some(k) = hit {
            sh.set_limit(k);
            self.stop = true;
        }
    }

    /// Generates the children of the current node at depth `g1 - 1` that the automaton in
    /// `state` allows, and writes those within the bound to `kids`, smallest estimate first
    /// (ties in move order); returns how many. Children past the bound lower `self.next`.
    ///
    /// Every child's table entries are located and prefetched first, then read: the cache
    /// misses of up to four children (eight with the mirrored lookups) overlap instead of
    /// following one another. The board itself is not touched; [`Search::redo`] makes the
    /// chosen moves with the values found here.
    ///
    /// Only the last iteration's count depends on the order, and there the child nearest the
    /// goal by the estimate is the likeliest to lead to it: on 24-puzzle #38 this order
    /// expands 45 M nodes where the move order expands 68 M.
    #[inline(always)]
    fn children(&mut self, g1: u32, state: u32, kids: &mut [Kid; 4]) -> usize {
        let t = self.t;
        let s = &self.s;
        let from = s.blank;
        let mut found = [Found::default(); 4];
        let mut m = 0;
        for &d in &t.order {
            let to = t.nbr[from as usize][d as usize];
            if to == NONE {
                continue;
            }
            let step = t.fsm.step(state, d);
            if step.forbid >> to & 1 != 0 {
                continue;
            }
            // The child: tile `x` moves from `to` into `from`, the blank into `to`.
            let x = s.board[to as usize];
            let cell = |label: u8| if label == x { from } else { s.pos[label as usize] };
            let p = t.pattern_of[x as usize];
            let l = &t.labels[p as usize];
            let (ni, nmd) = t.pdbs[p as usize].locate(|i| cell(l[i]), to);
            t.pdbs[p as usize].prefetch(ni);
            let (mut q, mut ri, mut rmd) = (NONE, 0, 0);
            if t.reflect {
                q = t.mirror_pattern_of[x as usize];
                let ml = &t.mirror_labels[q as usize];
                (ri, rmd) = t.pdbs[q as usize].locate(|i| t.transpose[cell(ml[i]) as usize], t.transpose[to as usize]);
                t.pdbs[q as usize].prefetch(ri);
            }
            found[m] = Found { d, to, next: step.next, p, q, ni, nmd, ri, rmd };
            m += 1;
        }
        self.nodes += m as u64;
        let mut n = 0;
        for c in &found[..m] {
            let hn = t.pdbs[c.p as usize].read(c.ni, c.nmd);
            let sn = s.sn + hn as u32 - s.hn[c.p as usize] as u32;
            // The direct sum alone may already put the child past the bound, and past the
            // least value seen for the next one: then the mirrored lookup cannot matter.
            let lower = g1 + sn;
            if lower > self.bound && lower >= self.next {
                continue;
            }
            let (mut hr, mut sr) = (0, 0);
            if c.q != NONE {
                hr = t.pdbs[c.q as usize].read(c.ri, c.rmd);
                sr = s.sr + hr as u32 - s.hr[c.q as usize] as u32;
            }
            let h = sn.max(sr);
            let f = g1 + h;
            if f <= self.bound {
                // The child's own steps are read as soon as it is searched.
                t.fsm.prefetch(c.next);
                kids[n] = Kid { d: c.d, to: c.to, next: c.next, h, hn, hr };
                n += 1;
            } else if f < self.next {
                self.next = f;
            }
        }
        // Insertion sort of at most four, stable: ties keep the move order.
        for i in 1..n {
            let mut j = i;
            while j > 0 && kids[j - 1].h > kids[j].h {
                kids.swap(j - 1, j);
                j -= 1;
            }
        }
        n
    }

    /// Depth-first below the current node at depth `g`, with the pruning automaton in `state`.
    /// True when the goal is reached; the path is then in `self.path[..depth]`.
    fn dfs(&mut self, g: u32, state: u32) -> bool {
        if self.s.sn == 0 {
            self.depth = g;
            return true;
        }
        self.expanded += 1;
        if self.nodes - self.polled >= self.poll_every {
            self.poll();
        }
        if self.stop {
            return false;
        }
        let g1 = g + 1;
        let mut kids = [Kid::default(); 4];
        let n = self.children(g1, state, &mut kids);
        for k in &kids[..n] {
            let u = self.redo(k);
            self.path[g as usize] = k.d;
            if self.dfs(g1, k.next) {
                return true;
            }
            self.undo(u);
            if self.stop {
                return false;
            }
        }
        false
    }

    /// Like [`Search::dfs`], but stops at depth `depth` and records those nodes as tasks.
    fn collect(&mut self, g: u32, state: u32, depth: u32, out: &mut Vec<Task>) -> bool {
        if self.s.sn == 0 {
            self.depth = g;
            return true;
        }
        if g == depth {
            out.push(Task { node: self.s, g, state, prefix: self.path[..g as usize].to_vec() });
            return false;
        }
        self.expanded += 1;
        let g1 = g + 1;
        let mut kids = [Kid::default(); 4];
        let n = self.children(g1, state, &mut kids);
        for k in &kids[..n] {
            let u = self.redo(k);
            self.path[g as usize] = k.d;
            if self.collect(g1, k.next, depth, out) {
                return true;
            }
            self.undo(u);
        }
        false
    }
}

/// A subtree to search in parallel.
struct Task {
    node: Node,
    g: u32,
    state: u32,
    prefix: Vec<u8>,
}

/// One iteration's result.
struct Pass {
    found: Option<Vec<u8>>,
    next: u32,
    nodes: u64,
    expanded: u64,
}

fn serial_pass(t: &Tables, root: Node, shared: &Shared, bound: u32) -> Pass {
    let mut s = Search::new(t, root, shared, bound);
    s.nodes = 1;
    let found = s.dfs(0, Fsm::START);
    Pass { found: found.then(|| path_of(&s)), next: s.next, nodes: s.nodes, expanded: s.expanded }
}

fn path_of(s: &Search) -> Vec<u8> {
    s.path[..s.depth as usize].to_vec()
}

fn parallel_pass(t: &Tables, root: Node, shared: &Shared, bound: u32) -> Pass {
    let threads = rayon::current_num_threads().max(1);
    let mut nodes = 1u64;
    let mut expanded = 0u64;
    let mut next = u32::MAX;
    let mut tasks = Vec::new();
    for depth in (4..=bound).step_by(2) {
        let mut s = Search::new(t, root, shared, bound);
        tasks.clear();
        let found = s.collect(0, Fsm::START, depth, &mut tasks);
        if found {
            return Pass { found: Some(path_of(&s)), next: s.next, nodes: nodes + s.nodes, expanded: expanded + s.expanded };
        }
        if tasks.len() >= 64 * threads || depth + 2 > bound {
            nodes += s.nodes;
            expanded += s.expanded;
            next = s.next;
            break;
        }
    }
    // Every thread takes the next task in the serial search's order, so the last iteration
    // meets the solution about as early as a serial search would.
    let cursor = AtomicUsize::new(0);
    let results: Vec<Pass> = (0..threads)
        .into_par_iter()
        .with_max_len(1)
        .map(|_| {
            let mut acc = Pass { found: None, next: u32::MAX, nodes: 0, expanded: 0 };
            while let Some(task) = tasks.get(cursor.fetch_add(1, Ordering::Relaxed)) {
                if shared.found.load(Ordering::Relaxed) || shared.limit().is_some() {
                    break;
                }
                let mut s = Search::new(t, task.node, shared, bound);
                s.path[..task.prefix.len()].copy_from_slice(&task.prefix);
                let found = s.dfs(task.g, task.state);
                acc.nodes += s.nodes;
                acc.expanded += s.expanded;
                acc.next = acc.next.min(s.next);
                if found {
                    shared.found.store(true, Ordering::Relaxed);
                    acc.found = Some(path_of(&s));
                    break;
                }
            }
            acc
        })
        .collect();
    let mut pass = Pass { found: None, next, nodes, expanded };
    for r in results {
        pass.nodes += r.nodes;
        pass.expanded += r.expanded;
        pass.next = pass.next.min(r.next);
        if pass.found.is_none() {
            pass.found = r.found;
        }
    }
    pass
}

/// Runs IDA* with `h` from `start` to the goal `h` was built for. `parallel` lets big
/// iterations use every thread of the current rayon pool. Returns how it ended (moves in the
/// actual frame) and the counters.
///
/// Duplicate paths are pruned with `prune`, an automaton for the goal's board in its canonical
/// frame (`Fsm::for_board(frame.width, frame.height, depth)`, as
/// [`crate::tables::TableStore::prepare`] supplies). Without one, or with one for another board,
/// the search prunes only the moves that undo the previous one (depth 2), which finds the same
/// optimal lengths with more nodes.
///
/// A catalogue of several partitions, or tables of one bit an entry, run on
/// [`super::catalogue`]'s engine.
///
/// # Panics
/// When the set leaves a tile uncovered ([`PdbHeuristic::covers_board`]); every named set
/// covers the board, and [`crate::solve::solve`] runs such sets on the general IDA*.
pub fn search(h: &PdbHeuristic, start: &Board, order: MoveOrder, limits: &Limits, parallel: bool, prune: Option<&Fsm>) -> (End, Stats) {
    search_probing(h, start, order, limits, parallel, prune, Probes::default())
}

/// [`search`] with the catalogue engine's probes set by `probes` ([`Probes::NONE`]: none).
pub fn search_probing(
    h: &PdbHeuristic,
    start: &Board,
    order: MoveOrder,
    limits: &Limits,
    parallel: bool,
    prune: Option<&Fsm>,
    probes: Probes,
) -> (End, Stats) {
    let f = h.frame();
    match prune.filter(|p| p.fits(f.width, f.height)) {
        Some(fsm) => search_with(h, start, order, limits, parallel, fsm, probes),
        None => search_with(h, start, order, limits, parallel, &Fsm::for_board(f.width, f.height, 2), probes),
    }
}

fn search_with(
    h: &PdbHeuristic,
    start: &Board,
    order: MoveOrder,
    limits: &Limits,
    parallel: bool,
    fsm: &Fsm,
    probes: Probes,
) -> (End, Stats) {
    if super::catalogue::needed(h) {
        assert!(super::catalogue::fits(h), "catalogue {} is too large for the fast engine", h.name());
        let f = h.frame();
        let canon = canonical_order(h, order, &neighbours(f.width, f.height));
        return super::catalogue::search_with(h, start, canon, limits, parallel, fsm, probes);
    }
    let started = Instant::now();
    let t = Tables::new(h, order, fsm);
    let root = Node::new(&t, h, start);
    let shared = Shared { limits, started, nodes: AtomicU64::new(0), found: AtomicBool::new(false), limit: AtomicU8::new(0) };
    let mut stats = Stats::default();
    let mut bound = root.h();
    let mut last_nodes = 0u64;
    let end = loop {
        stats.iterations += 1;
        let split = parallel && rayon::current_num_threads() > 1 && last_nodes >= SPLIT_AFTER;
        if bound as usize >= MAX_PATH {
            break End::Limit(LimitKind::Depth);
        }
        let pass = if split { parallel_pass(&t, root, &shared, bound) } else { serial_pass(&t, root, &shared, bound) };
        stats.generated += pass.nodes;
        stats.expanded += pass.expanded;
        // The bound of the last iteration begun: no answer is shorter, which is the lower
        // bound a limit's outcome reports (`solve::Outcome::lower_bound`).
        stats.max_depth = stats.max_depth.max(bound as u64);
        stats.max_frontier = stats.max_frontier.max(bound as u64);
        last_nodes = pass.nodes;
        if let Some(dirs) = pass.found {
            break End::Found(to_moves(h, root.blank, &dirs, &t));
        }
        if let Some(k) = shared.limit() {
            break End::Limit(k);
        }
        if pass.next == u32::MAX {
            break End::Exhausted;
        }
        bound = pass.next;
    };
    stats.time = started.elapsed();
    if let End::Found(m) = &end {
        stats.search_depth = m.len() as u64;
    }
    (end, stats)
}

/// Canonical directions from canonical cell `blank` → moves of the blank on the actual board.
fn to_moves(h: &PdbHeuristic, blank: u8, dirs: &[u8], t: &Tables) -> Vec<Move> {
    to_moves_with(h, blank, dirs, &t.nbr)
}

/// [`to_moves`] with the canonical frame's neighbours `nbr`.
pub(super) fn to_moves_with(h: &PdbHeuristic, mut blank: u8, dirs: &[u8], nbr: &[[u8; 4]]) -> Vec<Move> {
    let f = h.frame();
    let w = f.width;
    dirs.iter()
        .map(|&d| {
            let to = nbr[blank as usize][d as usize];
            let (a, b) = (f.cell_inv[blank as usize] as usize, f.cell_inv[to as usize] as usize);
            blank = to;
            if b + w == a {
                Move::Up
            } else if a + w == b {
                Move::Down
            } else if b + 1 == a {
                Move::Left
            } else {
                Move::Right
            }
        })
        .collect()
}
