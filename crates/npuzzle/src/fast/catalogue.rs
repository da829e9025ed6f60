//! IDA* with a catalogue of additive partitions (Clausecker & Reinefeld 2021): the estimate is
//! the largest of several partitions' sums, each also taken in the position mirrored about the
//! main diagonal, and tables may keep one bit an entry.
//!
//! Every node keeps the value of every table in both orientations and every partition's two
//! sums. A move changes one tile, so only the tables holding that tile (or, mirrored, its
//! mirror image) are read again, and each partition's sum changes by the one table of it that
//! holds the tile. Tables of one bit an entry ([`Pdb::step`]) give a child's value from its
//! parent's, which the node keeps; the root's values are found by walking down each table
//! ([`Pdb::lookup`]). The node is small and `Copy`: children are made as copies and searched
//! smallest estimate first, so nothing is undone and nothing is allocated per node.
//!
//! Reads are what the search waits on, so they are made lazily: a child is first read only in
//! the partition that gave its parent its estimate, which alone puts about half the children
//! past the bound, and only the others are read in full (the nodes searched are the same).
//!
//! Before each big iteration a [`super::probe`] looks for an answer at most two moves longer than
//! the bound; once one is found, the iterations below its length prove it optimal and the last
//! iteration is not run ([`Probes`]).
//!
//! The rest is [`super::ida`]'s engine: the pruning automaton, the children's entries
//! prefetched before they are read, a mirrored lookup skipped when the direct sums alone put a
//! child past the bound, and big iterations split over the threads of the current rayon pool.

use super::ida::{to_moves_with, Shared};
use super::prune::Fsm;
use crate::board::Board;
use crate::clock::Instant;
use crate::heuristic::pdb::{neighbours, Pdb, PdbHeuristic, MAX_PATTERN};
use crate::limits::{LimitKind, Limits};
use crate::outcome::End;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use crate::stats::Stats;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};

pub(super) const NONE: u8 = u8::MAX;
/// Most tables a catalogue holds.
pub const MAX_TABLES: usize = 24;
/// Most partitions a catalogue holds.
pub const MAX_PARTITIONS: usize = 16;
/// Most tables one tile is in, in one orientation.
pub(super) const MAX_PER_TILE: usize = 8;
const MAX_PATH: usize = 255;
const POLL: u64 = 1 << 14;
const SPLIT_AFTER: u64 = 200_000;
const ORDER_TIES: bool = true;

/// Whether `h` needs this engine: several partitions, or tables of one bit an entry.
pub fn needed(h: &PdbHeuristic) -> bool {
    h.partitions().len() > 1 || h.pdbs().iter().any(|p| p.one_bit())
}

/// Whether this engine can take `h`: at most [`MAX_TABLES`] tables and [`MAX_PARTITIONS`]
/// partitions, each covering every tile once, and no tile in more than eight tables.
pub fn fits(h: &PdbHeuristic) -> bool {
    let n = h.goal().len();
    let most = (0..n as u8).map(|x| h.pdbs().iter().filter(|p| p.cells().contains(&x)).count()).max().unwrap_or(0);
    h.pdbs().len() <= MAX_TABLES && h.partitions().len() <= MAX_PARTITIONS && most <= MAX_PER_TILE && h.covers_board()
}

pub(super) struct Cat<'a> {
    pub(super) pdbs: Vec<&'a Pdb>,
    pub(super) one_bit: Vec<bool>,
    pub(super) labels: Vec<[u8; MAX_PATTERN]>,
    pub(super) mirror_labels: Vec<[u8; MAX_PATTERN]>,
    pub(super) transpose: [u8; 32],
    pub(super) reflect: bool,
    pub(super) parts: usize,
    /// `tabs[o][x]`: the tables whose value changes when tile `x` moves, in orientation `o`
    /// (0 direct, 1 mirrored); `ntabs[o][x]` of them.
    pub(super) tabs: [[[u8; MAX_PER_TILE]; 32]; 2],
    pub(super) ntabs: [[u8; 32]; 2],
    /// `part_tab[o][x][p]`: the table of partition `p` whose value changes when tile `x` moves.
    pub(super) part_tab: [[[u8; MAX_PARTITIONS]; 32]; 2],
    pub(super) nbr: Vec<[u8; 4]>,
    pub(super) order: [u8; 4],
    pub(super) fsm: &'a Fsm,
}

impl<'a> Cat<'a> {
    fn new(h: &'a PdbHeuristic, order: [u8; 4], fsm: &'a Fsm) -> Cat<'a> {
        let f = h.frame();
        let pdbs: Vec<&Pdb> = h.pdbs().iter().map(|p| &**p).collect();
        let t = h.transpose();
        let mut transpose = [0u8; 32];
        transpose[..t.len()].copy_from_slice(t);
        let reflect = f.reflect && !h.mirror_pdbs().is_empty();
        let mut labels = Vec::new();
        let mut mirror_labels = Vec::new();
        let mut holder = vec![[NONE; 32]; pdbs.len()];
        for (i, p) in pdbs.iter().enumerate() {
            let mut l = [0u8; MAX_PATTERN];
            let mut m = [0u8; MAX_PATTERN];
            for (j, &c) in p.cells().iter().enumerate() {
                l[j] = c;
                m[j] = transpose[c as usize];
                holder[i][c as usize] = j as u8;
            }
            labels.push(l);
            mirror_labels.push(m);
        }
        let n = f.width * f.height;
        let mut tabs = [[[0u8; MAX_PER_TILE]; 32]; 2];
        let mut ntabs = [[0u8; 32]; 2];
        let mut part_tab = [[[0u8; MAX_PARTITIONS]; 32]; 2];
        for o in 0..2 {
            for x in 0..n {
                // In the mirrored orientation, tile `x` stands where its mirror image's label is.
                let label = if o == 0 { x } else { transpose[x] as usize };
                for (i, hold) in holder.iter().enumerate() {
                    if hold[label] != NONE {
                        tabs[o][x][ntabs[o][x] as usize] = i as u8;
                        ntabs[o][x] += 1;
                    }
                }
                for (p, part) in h.partitions().iter().enumerate() {
                    part_tab[o][x][p] = part.iter().copied().find(|&i| holder[i][label] != NONE).map_or(NONE, |i| i as u8);
                }
            }
        }
        let nbr = neighbours(f.width, f.height);
        let one_bit = pdbs.iter().map(|p| p.one_bit()).collect();
        Cat {
            pdbs,
            one_bit,
            labels,
            mirror_labels,
            transpose,
            reflect,
            parts: h.partitions().len(),
            tabs,
            ntabs,
            part_tab,
            nbr,
            order,
            fsm,
        }
    }
}

impl Cat<'_> {
    /// Where the child of `s` whose blank moves to `to` (tile `x` moving to `s.blank`) is in
    /// table `i` read in orientation `o` (0 direct, 1 mirrored): the entry and its Manhattan
    /// part.
    #[inline(always)]
    pub(super) fn locate(&self, s: &Node, o: usize, i: usize, x: u8, to: u8) -> (u64, u32) {
        let cell = |label: u8| if label == x { s.blank } else { s.pos[label as usize] };
        if o == 0 {
            let l = &self.labels[i];
            self.pdbs[i].locate(|j| cell(l[j]), to)
        } else {
            let l = &self.mirror_labels[i];
            self.pdbs[i].locate(|j| self.transpose[cell(l[j]) as usize], self.transpose[to as usize])
        }
    }

    /// The children of `s` (automaton state `state`) the automaton allows, each located and
    /// prefetched in the table of the partition and orientation that gives `s` its estimate.
    #[inline(always)]
    pub(super) fn lead(&self, s: &Node, state: u32) -> Lead {
        let (mut lo, mut lp) = (0usize, 0usize);
        for o in 0..1 + self.reflect as usize {
            for p in 0..self.parts {
                if s.s[o][p] > s.s[lo][lp] {
                    (lo, lp) = (o, p);
                }
            }
        }
        let mut out = Lead { lo, lp, reads: [(0, 0); 4], dirs: [(0, 0, 0, 0); 4], m: 0 };
        for &d in &self.order {
            let to = self.nbr[s.blank as usize][d as usize];
            if to == NONE {
                continue;
            }
            let step = self.fsm.step(state, d);
            if step.forbid >> to & 1 != 0 {
                continue;
            }
            let x = s.board[to as usize];
            let i = self.part_tab[lo][x as usize][lp] as usize;
            let (idx, md) = self.locate(s, lo, i, x, to);
            self.pdbs[i].prefetch(idx);
            out.reads[out.m] = (idx, md as u8);
            out.dirs[out.m] = (d, to, step.next, x);
            out.m += 1;
        }
        out
    }

    /// The sum of `lead`'s partition (and orientation) for child `k` of `s`: a lower bound on
    /// the child's estimate.
    #[inline(always)]
    pub(super) fn lead_sum(&self, s: &Node, lead: &Lead, k: usize) -> u32 {
        let (lo, lp, x) = (lead.lo, lead.lp, lead.dirs[k].3);
        let i = self.part_tab[lo][x as usize][lp] as usize;
        let (idx, md) = lead.reads[k];
        let v = self.value(i, idx, md, s.v[lo][i]);
        (s.s[lo][lp] as i32 + v as i32 - s.v[lo][i] as i32) as u32
    }

    /// Locates the child of `s` whose blank moves to `to` (tile `x` moving) in every table
    /// holding `x`, in both orientations, and prefetches the entries.
    #[inline(always)]
    pub(super) fn locate_all(&self, s: &Node, x: u8, to: u8, spots: &mut [[u64; MAX_PER_TILE]; 2], mds: &mut [[u8; MAX_PER_TILE]; 2]) {
        for o in 0..1 + self.reflect as usize {
            for j in 0..self.ntabs[o][x as usize] as usize {
                let t = self.tabs[o][x as usize][j] as usize;
                let (idx, md) = self.locate(s, o, t, x, to);
                self.pdbs[t].prefetch(idx);
                spots[o][j] = idx;
                mds[o][j] = md as u8;
            }
        }
    }

    /// The value of table `i` at entry `idx` (Manhattan part `md`), for a child of a board
    /// where the table reads `parent`.
    #[inline(always)]
    pub(super) fn value(&self, i: usize, idx: u64, md: u8, parent: u8) -> u8 {
        if self.one_bit[i] {
            self.pdbs[i].step(idx, parent)
        } else {
            self.pdbs[i].read(idx, md as u32)
        }
    }
}

/// A board in the canonical frame with every table's value and every partition's sum, in both
/// orientations.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) board: [u8; 32],
    pub(super) pos: [u8; 32],
    pub(super) blank: u8,
    pub(super) v: [[u8; MAX_TABLES]; 2],
    pub(super) s: [[u8; MAX_PARTITIONS]; 2],
    pub(super) h: u8,
}

impl Node {
    fn new(c: &Cat, h: &PdbHeuristic, start: &Board) -> Node {
        let f = h.frame();
        let all = f.positions(|x| start.tiles()[x]);
        let mut pos = [0u8; 32];
        pos.copy_from_slice(&all[..32]);
        let mut board = [NONE; 32];
        for (label, &cell) in pos.iter().enumerate().take(start.len()) {
            if label as u8 != f.blank {
                board[cell as usize] = label as u8;
            }
        }
        let blank = pos[f.blank as usize];
        let mut n = Node { board, pos, blank, v: [[0; MAX_TABLES]; 2], s: [[0; MAX_PARTITIONS]; 2], h: 0 };
        for (i, p) in c.pdbs.iter().enumerate() {
            let l = &c.labels[i];
            n.v[0][i] = p.lookup(|j| pos[l[j] as usize], blank);
            if c.reflect {
                let m = &c.mirror_labels[i];
                n.v[1][i] = p.lookup(|j| c.transpose[pos[m[j] as usize] as usize], c.transpose[blank as usize]);
            }
        }
        for (p, part) in h.partitions().iter().enumerate() {
            for o in 0..2 {
                let sum: u32 = part.iter().map(|&i| n.v[o][i] as u32).sum();
                n.s[o][p] = sum.min(u8::MAX as u32) as u8;
            }
        }
        n.h = (0..c.parts).flat_map(|p| [n.s[0][p], n.s[1][p]]).max().unwrap_or(0);
        n
    }
}

/// A node's children located in its lead table: the partition `lp` and orientation `lo`
/// whose sum is its estimate, and for each of the `m` children the automaton allows, its entry
/// and Manhattan part there (`reads`) and its direction, blank cell, automaton state and
/// moving tile (`dirs`).
pub(super) struct Lead {
    pub(super) lo: usize,
    pub(super) lp: usize,
    pub(super) reads: [(u64, u8); 4],
    pub(super) dirs: [(u8, u8, u32, u8); 4],
    pub(super) m: usize,
}

/// A child within the bound.
#[derive(Clone, Copy)]
struct Kid {
    node: Node,
    d: u8,
    next: u32,
    /// The order children are searched in: the estimate, then the sum of every partition's
    /// sums (ORDER_TIES).
    key: u32,
}

impl Kid {
    /// A slot before a child is made in it.
    const EMPTY: Kid = Kid {
        node: Node { board: [0; 32], pos: [0; 32], blank: 0, v: [[0; MAX_TABLES]; 2], s: [[0; MAX_PARTITIONS]; 2], h: 0 },
        d: 0,
        next: 0,
        key: 0,
    };
}

struct Search<'a, 'l> {
    c: &'a Cat<'a>,
    path: [u8; MAX_PATH],
    bound: u32,
    next: u32,
    nodes: u64,
    expanded: u64,
    polled: u64,
    poll_every: u64,
    shared: &'a Shared<'l>,
    stop: bool,
    depth: u32,
}

impl<'a, 'l> Search<'a, 'l> {
    fn new(c: &'a Cat<'a>, shared: &'a Shared<'l>, bound: u32) -> Self {
        let poll_every = shared.limits.nodes.map_or(POLL, |n| (n / 64).clamp(1, POLL));
        Search {
            c,
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

    #[cold]
    fn poll(&mut self) {
        let (stop, polled) = self.shared.poll(self.nodes, self.polled);
        self.polled = polled;
        self.stop = stop;
    }

    /// The children of `s` (at depth `g1 − 1`, automaton in `state`) within the bound, written
    /// to `kids`; returns how many, and the order to search them in: smallest estimate first
    /// (ties in move order). Children past the bound lower `self.next`.
    ///
    /// Reads are lazy. The partition (and orientation) that gives `s` its estimate is read first
    /// for every child: about half the children it puts past the bound, on one read each. Only
    /// the others are located in every table, in both orientations. A child dropped on the
    /// lead's sum alone is dropped only when that sum is no lower than the least value already
    /// seen for the next bound, so the next bound is the one the full estimate gives, and the
    /// nodes searched are the same.
    #[inline(always)]
    fn children(&mut self, s: &Node, g1: u32, state: u32, kids: &mut [Kid; 4]) -> (usize, [u8; 4]) {
        let c = self.c;
        let from = s.blank;
        let lead = c.lead(s, state);
        let (dirs, m) = (lead.dirs, lead.m);
        self.nodes += m as u64;
        // Children the lead alone puts past the bound are dropped; the others are located in
        // every table holding the moved tile, and their entries prefetched.
        let mut spots = [[[0u64; MAX_PER_TILE]; 2]; 4];
        let mut mds = [[[0u8; MAX_PER_TILE]; 2]; 4];
        let mut live = [0usize; 4];
        let mut n_live = 0;
        for k in 0..m {
            let (_, to, _, x) = lead.dirs[k];
            let f = g1 + c.lead_sum(s, &lead, k);
            if f > self.bound && f >= self.next {
                continue;
            }
            c.locate_all(s, x, to, &mut spots[k], &mut mds[k]);
            live[n_live] = k;
            n_live += 1;
        }
        let mut n = 0;
        for &k in &live[..n_live] {
            let (sp, md, (d, to, next, x)) = (&spots[k], &mds[k], dirs[k]);
            // The child is made in its slot: no copy when it is kept.
            let kid = &mut kids[n];
            kid.node = *s;
            let child = &mut kid.node;
            let mut best = 0u8;
            // Direct first: when its sums alone put the child past the bound (and past the
            // least value seen for the next one), the mirrored reads cannot matter.
            for o in 0..2 {
                if o == 1 {
                    if !c.reflect {
                        break;
                    }
                    let lower = g1 + best as u32;
                    if lower > self.bound && lower >= self.next {
                        break;
                    }
                }
                let xi = x as usize;
                for j in 0..c.ntabs[o][xi] as usize {
                    let i = c.tabs[o][xi][j] as usize;
                    let idx = sp[o][j];
                    child.v[o][i] = c.value(i, idx, md[o][j], s.v[o][i]);
                }
                for p in 0..c.parts {
                    let i = c.part_tab[o][xi][p] as usize;
                    let sum = s.s[o][p] as i32 + child.v[o][i] as i32 - s.v[o][i] as i32;
                    child.s[o][p] = sum as u8;
                    best = best.max(sum as u8);
                }
            }
            let f = g1 + best as u32;
            if f > self.bound {
                if f < self.next {
                    self.next = f;
                }
                continue;
            }
            child.h = best;
            let key = if ORDER_TIES {
                let all: u32 = (0..c.parts).map(|p| child.s[0][p] as u32 + child.s[1][p] as u32).sum();
                (best as u32) << 16 | all
            } else {
                best as u32
            };
            child.board[from as usize] = x;
            child.board[to as usize] = NONE;
            child.pos[x as usize] = from;
            child.blank = to;
            c.fsm.prefetch(next);
            (kid.d, kid.next, kid.key) = (d, next, key);
            n += 1;
        }
        // The search order, as indices into `kids`: sorting them moves no boards.
        let mut order = [0u8, 1, 2, 3];
        for i in 1..n {
            let mut j = i;
            while j > 0 && kids[order[j - 1] as usize].key > kids[order[j] as usize].key {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        (n, order)
    }

    fn dfs(&mut self, s: &Node, g: u32, state: u32) -> bool {
        if s.h == 0 {
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
        let mut kids = [Kid::EMPTY; 4];
        let (n, order) = self.children(s, g1, state, &mut kids);
        for &i in &order[..n] {
            let k = &kids[i as usize];
            self.path[g as usize] = k.d;
            if self.dfs(&k.node, g1, k.next) {
                return true;
            }
            if self.stop {
                return false;
            }
        }
        false
    }

    fn collect(&mut self, s: &Node, g: u32, state: u32, depth: u32, out: &mut Vec<Task>) -> bool {
        if s.h == 0 {
            self.depth = g;
            return true;
        }
        if g == depth {
            out.push(Task { node: *s, g, state, prefix: self.path[..g as usize].to_vec() });
            return false;
        }
        self.expanded += 1;
        let g1 = g + 1;
        let mut kids = [Kid::EMPTY; 4];
        let (n, order) = self.children(s, g1, state, &mut kids);
        for &i in &order[..n] {
            let k = &kids[i as usize];
            self.path[g as usize] = k.d;
            if self.collect(&k.node, g1, k.next, depth, out) {
                return true;
            }
        }
        false
    }

    fn path(&self) -> Vec<u8> {
        self.path[..self.depth as usize].to_vec()
    }
}

struct Task {
    node: Node,
    g: u32,
    state: u32,
    prefix: Vec<u8>,
}

struct Pass {
    found: Option<Vec<u8>>,
    next: u32,
    nodes: u64,
    expanded: u64,
}

fn serial_pass(c: &Cat, root: &Node, shared: &Shared, bound: u32) -> Pass {
    let mut s = Search::new(c, shared, bound);
    s.nodes = 1;
    let found = s.dfs(root, 0, Fsm::START);
    Pass { found: found.then(|| s.path()), next: s.next, nodes: s.nodes, expanded: s.expanded }
}

fn parallel_pass(c: &Cat, root: &Node, shared: &Shared, bound: u32) -> Pass {
    let threads = rayon::current_num_threads().max(1);
    let mut nodes = 1u64;
    let mut expanded = 0u64;
    let mut next = u32::MAX;
    let mut tasks = Vec::new();
    for depth in (4..=bound).step_by(2) {
        let mut s = Search::new(c, shared, bound);
        tasks.clear();
        if s.collect(root, 0, Fsm::START, depth, &mut tasks) {
            return Pass { found: Some(s.path()), next: s.next, nodes: nodes + s.nodes, expanded: expanded + s.expanded };
        }
        if tasks.len() >= 64 * threads || depth + 2 > bound {
            nodes += s.nodes;
            expanded += s.expanded;
            next = s.next;
            break;
        }
    }
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
                let mut s = Search::new(c, shared, bound);
                s.path[..task.prefix.len()].copy_from_slice(&task.prefix);
                let found = s.dfs(&task.node, task.g, task.state);
                acc.nodes += s.nodes;
                acc.expanded += s.expanded;
                acc.next = acc.next.min(s.next);
                if found {
                    shared.found.store(true, Ordering::Relaxed);
                    acc.found = Some(s.path());
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

/// IDA* with the catalogue `h` from `start`, with the pruning automaton `fsm` and the user's
/// move order `order` in the canonical frame (as [`super::ida::search`] prepares them).
pub(super) fn search_with(
    h: &PdbHeuristic,
    start: &Board,
    order: [u8; 4],
    limits: &Limits,
    parallel: bool,
    fsm: &Fsm,
    probes: Probes,
) -> (End, Stats) {
    let started = Instant::now();
    let c = Cat::new(h, order, fsm);
    let root = Node::new(&c, h, start);
    let shared = Shared { limits, started, nodes: AtomicU64::new(0), found: AtomicBool::new(false), limit: AtomicU8::new(0) };
    let mut stats = Stats::default();
    let mut bound = root.h as u32;
    let mut last_nodes = 0u64;
    let mut upper: Option<Vec<u8>> = None;
    let end = loop {
        if let Some(u) = &upper {
            if bound as usize >= u.len() {
                break End::Found(to_moves_with(h, root.blank, u, &c.nbr));
            }
        }
        stats.iterations += 1;
        let split = parallel && rayon::current_num_threads() > 1 && last_nodes >= SPLIT_AFTER;
        if bound as usize >= MAX_PATH {
            break End::Limit(LimitKind::Depth);
        }
        let pass = if split { parallel_pass(&c, &root, &shared, bound) } else { serial_pass(&c, &root, &shared, bound) };
        stats.generated += pass.nodes;
        stats.expanded += pass.expanded;
        // The bound of the last iteration begun: no answer is shorter, which is the lower
        // bound a limit's outcome reports (`solve::Outcome::lower_bound`).
        stats.max_depth = stats.max_depth.max(bound as u64);
        stats.max_frontier = stats.max_frontier.max(bound as u64);
        last_nodes = pass.nodes;
        if let Some(dirs) = pass.found {
            break End::Found(to_moves_with(h, root.blank, &dirs, &c.nbr));
        }
        if let Some(k) = shared.limit() {
            break End::Limit(k);
        }
        if pass.next == u32::MAX {
            break End::Exhausted;
        }
        bound = pass.next;
        // Before a big iteration, a probe (`super::probe`) for an answer at most `PROBE_SLACK`
        // longer than its bound. Once one is found, the iterations below its length prove it
        // optimal, and the last iteration is never run.
        let width = probes.width(pass.nodes, bound);
        if width > 0 && upper.is_none() {
            let most = (bound + PROBE_SLACK).min(MAX_PATH as u32 - 1);
            let mut polled = 0u64;
            let mut stop = |n: u64| {
                let (stop, p) = shared.poll(n, polled);
                polled = p;
                stop
            };
            let p = super::probe::beam(&c, &root, h.goal().len(), width, most, &mut stop);
            stats.generated += p.generated;
            stats.expanded += p.expanded;
            if let Some(k) = shared.limit() {
                break End::Limit(k);
            }
            upper = p.dirs;
        }
    };
    stats.time = started.elapsed();
    if let End::Found(m) = &end {
        stats.search_depth = m.len() as u64;
    }
    (end, stats)
}

/// When IDA* runs a probe ([`super::probe`]) before an iteration, and how wide: after an
/// iteration that generated `nodes` children, `nodes × 4 ÷ 5 ÷ bound` boards, about a quarter
/// of the next iteration's expected work (some seven times this one's, over `bound` depths of
/// about 2.2 children), at most `most`; none when that is under `least`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probes {
    /// The narrowest probe worth running (boards a depth): a narrower one is not run. With 0,
    /// a probe at least one board wide runs before every iteration but the first.
    pub least: usize,
    /// The widest probe.
    pub most: usize,
}

impl Default for Probes {
    /// From 20,000 to 400,000 boards a depth (at most about 200 MB while it runs): on the 24-puzzle
    /// the first probe comes before iterations of some 15 M children (docs/24-puzzle-nodes.md).
    fn default() -> Self {
        Probes { least: 20_000, most: 400_000 }
    }
}

impl Probes {
    /// No probes.
    pub const NONE: Probes = Probes { least: usize::MAX, most: 0 };
    /// A probe before every iteration but the first, as wide as the rule gives, at most `most`.
    pub const fn every(most: usize) -> Probes {
        Probes { least: 0, most }
    }

    fn width(&self, nodes: u64, bound: u32) -> usize {
        let w = (nodes.saturating_mul(4) / 5 / u64::from(bound.max(1))).min(usize::MAX as u64) as usize;
        if w < self.least {
            0
        } else {
            w.clamp(1, self.most.max(1))
        }
    }
}

/// How much longer than the next bound a probe's answer may be: 2, the next two iterations.
const PROBE_SLACK: u32 = 2;
