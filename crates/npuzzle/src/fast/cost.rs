//! The fast optimal engines under step costs ([`crate::cost::CostModel::Tile`]).
//!
//! - [`super::exact_walk`]: boards of up to 10 cells walk down an exact cost table (built by
//!   Dijkstra's algorithm): at each step a move whose tile's cost plus the child's cost is the
//!   current cost.
//! - [`ida`]: boards of up to 25 cells run IDA* on fixed arrays with pattern databases built
//!   with the costs ([`crate::heuristic::pdb::costed`]). Each move changes one tile, so only the
//!   table holding it is looked up again; nothing is allocated per node; the move that undoes
//!   the previous one is never made (with different costs a longer string that returns to a
//!   board can still be the cheaper one, so no deeper duplicate pruning is safe without more
//!   thought); children are searched smallest estimate first. Each bound is the smallest f that
//!   exceeded the last, as in unit IDA*; with costs from 1 to 15 bounds rise by small steps, so
//!   a heavy-tile board takes more iterations than a unit one, each re-searching the last.
//!
//! The unit-cost engines ([`super::ida`], [`super::exact_walk`]) are untouched by either:
//! [`crate::solve::solve`] comes here only for tables built with costs.

use crate::board::{Board, Move, MoveOrder};
use crate::clock::Instant;
use crate::heuristic::pdb::costed::{CostPdb, CostPdbHeuristic};
use crate::heuristic::pdb::neighbours;
use crate::limits::{LimitKind, Limits};
use crate::outcome::End;
use crate::stats::Stats;
use std::sync::atomic::Ordering;

const NONE: u8 = u8::MAX;
/// Nodes between checks of the limits.
const POLL: u64 = 1 << 14;
/// Most tiles (a 5×5 board).
const CELLS: usize = 32;

struct Engine<'a> {
    pdbs: Vec<&'a CostPdb>,
    /// Tile → its pattern, and what moving it costs.
    pattern_of: [u8; CELLS],
    weight: [u32; CELLS],
    nbr: Vec<[u8; 4]>,
    /// The user's move order, as indices of [`Move::ALL`].
    order: [u8; 4],
    board: [u8; CELLS],
    pos: [u8; CELLS],
    blank: u8,
    hp: [u32; 8],
    h: u32,
    path: Vec<u8>,
    bound: u32,
    next: u32,
    nodes: u64,
    expanded: u64,
    polled: u64,
    poll_every: u64,
    limits: &'a Limits,
    started: Instant,
    stop: Option<LimitKind>,
}

impl Engine<'_> {
    #[cold]
    fn poll(&mut self) {
        self.polled = self.nodes;
        let l = self.limits;
        self.stop = if l.nodes.is_some_and(|n| self.nodes >= n) {
            Some(LimitKind::Nodes)
        } else if l.time.is_some_and(|t| self.started.elapsed() >= t) {
            Some(LimitKind::Time)
        } else if l.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            Some(LimitKind::Cancelled)
        } else {
            None
        };
    }

    /// The value of tile `x`'s pattern once `x` sits in `cell`.
    #[inline(always)]
    fn value_with(&self, x: u8, cell: u8) -> u32 {
        let p = self.pdbs[self.pattern_of[x as usize] as usize];
        let tiles = p.tiles();
        p.value(|i| if tiles[i] as u8 == x { cell } else { self.pos[tiles[i] as usize] })
    }

    /// Depth-first below the current node, whose path cost is `g`; `last` is the previous move
    /// (an index of [`Move::ALL`]), [`NONE`] at the root. True at the goal.
    fn dfs(&mut self, g: u32, last: u8) -> bool {
        if self.h == 0 {
            return true;
        }
        self.expanded += 1;
        if self.nodes - self.polled >= self.poll_every {
            self.poll();
        }
        if self.stop.is_some() {
            return false;
        }
        let from = self.blank;
        // (direction, cell, pattern value, h, f)
        let mut kids = [(0u8, 0u8, 0u32, 0u32, 0u32); 4];
        let mut n = 0;
        for &d in &self.order {
            let to = self.nbr[from as usize][d as usize];
            if to == NONE || (last != NONE && d == last ^ 1) {
                continue;
            }
            self.nodes += 1;
            let x = self.board[to as usize];
            let p = self.pattern_of[x as usize] as usize;
            let v = self.value_with(x, from);
            let h = self.h - self.hp[p] + v;
            let f = g + self.weight[x as usize] + h;
            if f <= self.bound {
                kids[n] = (d, to, v, h, f);
                n += 1;
            } else if f < self.next {
                self.next = f;
            }
        }
        // Smallest estimate first; ties keep the move order.
        for i in 1..n {
            let mut j = i;
            while j > 0 && kids[j - 1].3 > kids[j].3 {
                kids.swap(j - 1, j);
                j -= 1;
            }
        }
        for &(d, to, v, h, _) in &kids[..n] {
            let x = self.board[to as usize];
            let p = self.pattern_of[x as usize] as usize;
            let (old_v, old_h) = (self.hp[p], self.h);
            self.board[from as usize] = x;
            self.board[to as usize] = NONE;
            self.pos[x as usize] = from;
            self.blank = to;
            self.hp[p] = v;
            self.h = h;
            self.path.push(d);
            if self.dfs(g + self.weight[x as usize], d) {
                return true;
            }
            self.path.pop();
            self.board[to as usize] = x;
            self.board[from as usize] = NONE;
            self.pos[x as usize] = to;
            self.blank = from;
            self.hp[p] = old_v;
            self.h = old_h;
            if self.stop.is_some() {
                return false;
            }
        }
        false
    }
}

/// IDA* with pattern databases built with step costs, from `start` to the goal `h` was built
/// for. The patterns must cover every tile ([`CostPdbHeuristic::covers_board`]) on a board of
/// up to 25 cells; [`crate::solve::solve`] runs other sets on the general IDA*.
///
/// # Panics
/// When the set leaves a tile uncovered or the board has more than 25 cells.
pub fn ida(h: &CostPdbHeuristic, start: &Board, order: MoveOrder, limits: &Limits) -> (End, Stats) {
    assert!(h.covers_board() && start.len() <= 25, "the fast engine needs patterns covering every tile of a board of at most 25 cells");
    let started = Instant::now();
    if let Some(kind) = limits.reached_at_start() {
        return (End::Limit(kind), Stats { iterations: 1, time: started.elapsed(), ..Stats::default() });
    }
    let (w, hh) = (start.width(), start.height());
    let mut pattern_of = [NONE; CELLS];
    for (i, p) in h.pdbs().iter().enumerate() {
        for &t in p.tiles() {
            pattern_of[t as usize] = i as u8;
        }
    }
    let mut weight = [0u32; CELLS];
    for (t, wt) in weight.iter_mut().enumerate().take(start.len()) {
        *wt = h.cost().step(t as u32);
    }
    let mut dirs = [0u8; 4];
    for (d, m) in dirs.iter_mut().zip(order.moves()) {
        *d = Move::ALL.iter().position(|&x| x == m).expect("one of the four moves") as u8;
    }
    let mut board = [NONE; CELLS];
    let mut pos = [NONE; CELLS];
    for (c, &t) in start.tiles().iter().enumerate() {
        if t != 0 {
            board[c] = t as u8;
        }
        pos[t as usize] = c as u8;
    }
    let pdbs: Vec<&CostPdb> = h.pdbs().iter().map(|p| &**p).collect();
    let mut e = Engine {
        pdbs,
        pattern_of,
        weight,
        nbr: neighbours(w, hh),
        order: dirs,
        board,
        pos,
        blank: start.blank() as u8,
        hp: [0; 8],
        h: 0,
        path: Vec::new(),
        bound: 0,
        next: u32::MAX,
        nodes: 1,
        expanded: 0,
        polled: 0,
        poll_every: limits.nodes.map_or(POLL, |n| (n / 64).clamp(1, POLL)),
        limits,
        started,
        stop: None,
    };
    for (i, p) in e.pdbs.iter().enumerate() {
        e.hp[i] = p.value(|j| e.pos[p.tiles()[j] as usize]);
    }
    e.h = e.hp.iter().sum();
    let mut stats = Stats::default();
    let mut bound = e.h;
    let end = loop {
        stats.iterations += 1;
        e.bound = bound;
        e.next = u32::MAX;
        e.path.clear();
        let found = e.dfs(0, NONE);
        stats.max_depth = stats.max_depth.max(e.path.len() as u64);
        if found {
            break End::Found(e.path.iter().map(|&d| Move::ALL[d as usize]).collect());
        }
        if let Some(k) = e.stop {
            break End::Limit(k);
        }
        if e.next == u32::MAX {
            break End::Exhausted;
        }
        bound = e.next;
    };
    stats.generated = e.nodes;
    stats.expanded = e.expanded;
    stats.time = started.elapsed();
    if let End::Found(m) = &end {
        stats.search_depth = m.len() as u64;
        stats.max_frontier = m.len() as u64;
    }
    (end, stats)
}
