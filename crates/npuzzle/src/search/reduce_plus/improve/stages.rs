//! The staged subgoal search: lines peeled like reduction's, each placed by a weighted A* over
//! only the tiles being placed and the blank.

use super::{block_rect, finish_block, Grid, ImproveOptions, StageVariant, Stop};
use crate::board::{neighbor, Board, Move};
use crate::search::reduce::{reduce, ExactFinisher, ReduceError, ReduceOptions};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How a staged run ended.
pub(super) enum Staged {
    /// The board is solved: the moves, the stages that ran out of nodes (reduction finished
    /// from the first of them) and the nodes generated.
    Done { moves: Vec<Move>, failed: u64, nodes: u64, expanded: u64, beam: bool },
    /// The stop function asked to stop.
    Stopped { nodes: u64, expanded: u64 },
}

/// A rectangle of cells, rows `r0..r1`, columns `c0..c1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    r0: usize,
    c0: usize,
    r1: usize,
    c1: usize,
}

/// Runs the stages on `start` → `goal`, then the final block.
pub(super) fn solve(
    start: &Board,
    goal: &Board,
    opts: &ImproveOptions,
    variant: &StageVariant,
    beam_depth: u64,
    finisher: &mut ExactFinisher,
    stop: Stop<'_>,
) -> Result<Staged, ReduceError> {
    let (w, h) = (start.width(), start.height());
    let mut g = Grid::new(start, goal);
    let (r0, c0, r1, c1) = block_rect(w, h, goal.blank(), 9);
    let block = Rect { r0, c0, r1, c1 };
    let mut region = Rect { r0: 0, c0: 0, r1: h, c1: w };
    let mut free = vec![true; w * h];
    let mut moves = Vec::new();
    let mut search = StageSearch::new(w * h);
    let mut failed = 0;
    let mut beam = BeamWork::default();
    // Regions of at most this many cells are handed to the beam; after a failure, only smaller.
    let mut beam_below = opts.beam_cells.min(super::beam::MAX_CELLS);
    loop {
        let area = (region.r1 - region.r0) * (region.c1 - region.c0);
        if opts.beam_width > 0 && area <= beam_below {
            beam_below = area * 2 / 3;
            beam.ran = true;
            let before = search.total;
            match beam_region(&mut g, region, opts.beam_width, beam_depth, &mut |nodes| stop(before + beam.nodes + nodes)) {
                super::beam::Beamed::Solved { moves: found, nodes, expanded } => {
                    beam.nodes += nodes;
                    beam.expanded += expanded;
                    moves.extend_from_slice(&found);
                    if !g.solved() {
                        return Err(ReduceError::Internal("the beam's answer does not reach the goal".into()));
                    }
                    return Ok(beam.done(moves, failed, &search));
                }
                super::beam::Beamed::Failed { nodes, expanded, partial } => {
                    // The staged run goes on from the best board the beam reached.
                    beam.nodes += nodes;
                    beam.expanded += expanded;
                    moves.extend_from_slice(&partial);
                }
                super::beam::Beamed::Stopped { nodes, expanded } => {
                    return Ok(Staged::Stopped {
                        nodes: search.total + beam.nodes + nodes,
                        expanded: search.expanded + beam.expanded + expanded,
                    })
                }
            }
        }
        let Some((cells, next)) = next_line(region, block, w, variant.columns_first) else { break };
        let groups = cells.len().div_ceil(variant.group.clamp(2, search.max_tiles));
        let mut from = 0;
        for k in 0..groups {
            let to = cells.len() * (k + 1) / groups;
            let group = &cells[from..to];
            from = to;
            if stop(search.total + beam.nodes) {
                return Ok(Staged::Stopped { nodes: search.total + beam.nodes, expanded: search.expanded + beam.expanded });
            }
            // A group that runs out of nodes is placed in two halves of at least two tiles each
            // (a line's last tile cannot be placed alone).
            let mut pending = vec![group];
            let mut placed = true;
            while let Some(part) = pending.pop() {
                match search.run(&g, &free, part, opts.stage_nodes, variant.weight_tenths) {
                    Some(path) => {
                        for &m in &path {
                            g.apply(m);
                        }
                        moves.extend_from_slice(&path);
                        for &c in part {
                            free[c] = false;
                        }
                    }
                    None if part.len() >= 4 => {
                        failed += 1;
                        let half = part.len() / 2;
                        pending.push(&part[half..]);
                        pending.push(&part[..half]);
                    }
                    None => {
                        placed = false;
                        break;
                    }
                }
            }
            match placed {
                true => {}
                false => {
                    // Out of nodes: reduction finishes the board from here.
                    failed += 1;
                    let now = Board::new(w, h, g.lab.iter().map(|&l| goal.tiles()[l as usize]).collect())
                        .map_err(|e| ReduceError::Internal(e.to_string()))?;
                    reduce(&now, goal, &ReduceOptions::default(), finisher, &mut |m| moves.push(m), &|_| false)?;
                    return Ok(beam.done(moves, failed, &search));
                }
            }
        }
        region = next;
    }
    finish_block(&mut g, (r0, c0, r1, c1), goal, finisher, &mut moves)?;
    if !g.solved() {
        return Err(ReduceError::Internal("the staged answer does not reach the goal".into()));
    }
    Ok(beam.done(moves, failed, &search))
}

/// The beam's share of a staged run's work.
#[derive(Default)]
struct BeamWork {
    nodes: u64,
    expanded: u64,
    ran: bool,
}

impl BeamWork {
    /// The run's end with `moves`, its work counted with the stage searches'.
    fn done(&self, moves: Vec<Move>, failed: u64, search: &StageSearch) -> Staged {
        Staged::Done { moves, failed, nodes: search.total + self.nodes, expanded: search.expanded + self.expanded, beam: self.ran }
    }
}

/// Runs the beam search on `region` of `g` (every tile outside it placed, the blank inside) as
/// a board of its own, at most `max_depth` moves deep; makes its moves on `g` (when it stalls,
/// the moves to the best board it reached).
fn beam_region(g: &mut Grid, region: Rect, width: usize, max_depth: u64, stop: Stop<'_>) -> super::beam::Beamed {
    let (rw, rh) = (region.c1 - region.c0, region.r1 - region.r0);
    let local = |cell: usize| (cell / g.w - region.r0) * rw + cell % g.w - region.c0;
    let mut lab = Vec::with_capacity(rw * rh);
    for r in region.r0..region.r1 {
        for c in region.c0..region.c1 {
            lab.push(local(g.lab[r * g.w + c] as usize) as u32);
        }
    }
    let sub = Grid { w: rw, h: rh, lab, blank: local(g.blank) };
    let bound = (4 * super::lower_bound_grid(&sub) + 64).min(max_depth) as usize;
    let found = super::beam::beam(&sub, width, bound, stop);
    if let super::beam::Beamed::Solved { moves, .. } | super::beam::Beamed::Failed { partial: moves, .. } = &found {
        for &m in moves {
            g.apply(m);
        }
    }
    found
}

/// The next line to place, its cells in order along it, and the region left once it is placed;
/// `None` when only the block is left. Rows are peeled from a region taller than wide, columns
/// from one wider than tall (from a square one, as `columns_first` says), each from the side
/// farther from the block.
fn next_line(region: Rect, block: Rect, w: usize, columns_first: bool) -> Option<(Vec<usize>, Rect)> {
    let (top, bottom) = (block.r0 - region.r0, region.r1 - block.r1);
    let (left, right) = (block.c0 - region.c0, region.c1 - block.c1);
    let rows = top + bottom > 0;
    let cols = left + right > 0;
    if !rows && !cols {
        return None;
    }
    let (height, width) = (region.r1 - region.r0, region.c1 - region.c0);
    let take_row = rows && (!cols || height > width || (height == width && !columns_first));
    Some(if take_row {
        let r = if top >= bottom { region.r0 } else { region.r1 - 1 };
        let next = if top >= bottom { Rect { r0: region.r0 + 1, ..region } } else { Rect { r1: region.r1 - 1, ..region } };
        ((region.c0..region.c1).map(|c| r * w + c).collect(), next)
    } else {
        let c = if left >= right { region.c0 } else { region.c1 - 1 };
        let next = if left >= right { Rect { c0: region.c0 + 1, ..region } } else { Rect { c1: region.c1 - 1, ..region } };
        ((region.r0..region.r1).map(|r| r * w + c).collect(), next)
    })
}

/// Most cells a state holds: the blank and the tiles being placed.
const MAX_POS: usize = 16;

/// One node of a stage search.
#[derive(Clone, Copy)]
struct Node {
    key: u128,
    parent: u32,
    mv: u8,
}

/// The weighted A* of one stage, its buffers kept from stage to stage.
struct StageSearch {
    /// Bits per cell in a key: 8 up to 256 cells, else 16.
    bits: u32,
    /// Most tiles a key holds beside the blank.
    max_tiles: usize,
    nodes: Vec<Node>,
    g: Vec<u32>,
    open: BinaryHeap<Reverse<(u32, u32, u32)>>,
    seen: FxHashMap<u128, u32>,
    /// Nodes generated by every stage so far.
    total: u64,
    /// Nodes expanded by every stage so far.
    expanded: u64,
}

impl StageSearch {
    fn new(cells: usize) -> StageSearch {
        let bits = if cells <= 256 { 8 } else { 16 };
        let max_tiles = (128 / bits as usize - 1).min(MAX_POS - 1);
        StageSearch {
            bits,
            max_tiles,
            nodes: Vec::new(),
            g: Vec::new(),
            open: BinaryHeap::new(),
            seen: FxHashMap::default(),
            total: 0,
            expanded: 0,
        }
    }

    fn pack(&self, pos: &[usize]) -> u128 {
        pos.iter().enumerate().fold(0u128, |k, (i, &p)| k | (p as u128) << (i as u32 * self.bits))
    }

    fn unpack(&self, key: u128, pos: &mut [usize]) {
        let mask = (1u128 << self.bits) - 1;
        for (i, p) in pos.iter_mut().enumerate() {
            *p = (key >> (i as u32 * self.bits) & mask) as usize;
        }
    }

    /// Moves placing the tiles whose goal cells are `group` (their labels on `g`), the blank
    /// staying on `free` cells, or `None` when the node budget runs out first.
    fn run(&mut self, g: &Grid, free: &[bool], group: &[usize], budget: usize, wt: u32) -> Option<Vec<Move>> {
        let k = group.len();
        let w = g.w;
        // pos[0] is the blank, pos[1..=k] the tiles, goals[i] the goal cell of pos[i].
        let mut pos = [0usize; MAX_POS];
        let mut goals = [0usize; MAX_POS];
        pos[0] = g.blank;
        for (i, &cell) in group.iter().enumerate() {
            goals[i + 1] = cell;
            pos[i + 1] = g.lab.iter().position(|&l| l as usize == cell).expect("every label is on the board");
        }
        let row_line = k < 2 || group[0] / w == group[1] / w;
        let estimate = |pos: &[usize]| -> u32 {
            let mut md = 0;
            let mut near = usize::MAX;
            let (br, bc) = (pos[0] / w, pos[0] % w);
            for i in 1..=k {
                let (r, c) = (pos[i] / w, pos[i] % w);
                let (gr, gc) = (goals[i] / w, goals[i] % w);
                let d = r.abs_diff(gr) + c.abs_diff(gc);
                if d > 0 {
                    md += d;
                    near = near.min(r.abs_diff(br) + c.abs_diff(bc));
                }
            }
            if md == 0 {
                return 0;
            }
            // Linear conflicts among the tiles already in their goal line: the tiles of the
            // line in the order they stand; each tile outside a longest increasing run of goal
            // positions must leave the line and come back.
            let mut keys = [(0usize, 0usize); MAX_POS];
            let mut n = 0;
            for i in 1..=k {
                let (r, c) = (pos[i] / w, pos[i] % w);
                let (gr, gc) = (goals[i] / w, goals[i] % w);
                if row_line && r == gr {
                    keys[n] = (c, gc);
                    n += 1;
                } else if !row_line && c == gc {
                    keys[n] = (r, gr);
                    n += 1;
                }
            }
            let keys = &mut keys[..n];
            keys.sort_unstable();
            let mut lis = [0usize; MAX_POS];
            let mut best = 0;
            for i in 0..n {
                lis[i] = 1 + (0..i).filter(|&j| keys[j].1 < keys[i].1).map(|j| lis[j]).max().unwrap_or(0);
                best = best.max(lis[i]);
            }
            (md + 2 * (n - best) + near - 1) as u32
        };
        self.nodes.clear();
        self.g.clear();
        self.open.clear();
        self.seen.clear();
        let key = self.pack(&pos[..=k]);
        self.nodes.push(Node { key, parent: u32::MAX, mv: 0 });
        self.g.push(0);
        self.seen.insert(key, 0);
        let h0 = estimate(&pos[..=k]);
        self.open.push(Reverse((h0 * wt, 0, 0)));
        let h = g.h;
        while let Some(Reverse((_, _, idx))) = self.open.pop() {
            let node = self.nodes[idx as usize];
            let gn = self.g[idx as usize];
            self.unpack(node.key, &mut pos[..=k]);
            if (1..=k).all(|i| pos[i] == goals[i]) {
                let mut path = Vec::with_capacity(gn as usize);
                let mut i = idx as usize;
                while self.nodes[i].parent != u32::MAX {
                    path.push(Move::ALL[self.nodes[i].mv as usize]);
                    i = self.nodes[i].parent as usize;
                }
                path.reverse();
                return Some(path);
            }
            if self.nodes.len() >= budget {
                return None;
            }
            self.expanded += 1;
            let blank = pos[0];
            for (mi, &m) in Move::ALL.iter().enumerate() {
                let Some(to) = neighbor(w, h, blank, m) else { continue };
                if !free[to] {
                    continue;
                }
                let mut child = pos;
                if let Some(i) = (1..=k).find(|&i| pos[i] == to) {
                    child[i] = blank;
                }
                child[0] = to;
                let ck = self.pack(&child[..=k]);
                if self.seen.contains_key(&ck) {
                    continue;
                }
                let ci = self.nodes.len() as u32;
                self.seen.insert(ck, ci);
                self.nodes.push(Node { key: ck, parent: idx, mv: mi as u8 });
                self.g.push(gn + 1);
                self.total += 1;
                let hc = estimate(&child[..=k]);
                self.open.push(Reverse((10 * (gn + 1) + wt * hc, u32::MAX - (gn + 1), ci)));
            }
        }
        None
    }
}
