//! Beam search guided by pattern databases, for boards of 26 to 64 cells (the 35- and 48-puzzle
//! above all).
//!
//! Depth by depth, the children of the kept boards are ranked and the best `width` distinct ones
//! kept. All boards of a depth have the same cost so far, so the rank is an estimate of the cost
//! still to go:
//!
//! > key = 2 · max(D, M) + min(D, M) + 4 · L
//!
//! where D is the additive pattern databases' sum, M the same in the position mirrored about the
//! main diagonal (M = D on a board that is not square), and L the tiles that must leave their
//! goal row or column to let another pass (linear conflicts, counted over every tile: the
//! databases see conflicts within a pattern only). Measured on random-walk 6×6 boards, the
//! conflicts are worth as much as a beam ten times wider, and the smaller sum breaks the many
//! ties of the larger. Ties are broken by the boards' Zobrist hashes, so a run is deterministic
//! and does not depend on the number of threads.
//!
//! A beam's mistakes are made early: from a board 15 moves along an optimal path, a beam of a few
//! thousand finds the rest optimally, while the beam from the start is led by estimates that
//! miss the cost of the tiles' interplay far from the goal. A wider beam barely helps there; a
//! beam that looks at the problem another way does. So the engine runs several **views** and
//! keeps the shortest answer: the board as it is and turned or mirrored (the tables see each
//! through differently shaped patterns), each searched from the start toward the goal and from
//! the goal toward the start (backward, the start's cells are the goal of the tables). The
//! tables serve any goal ([`AnyGoalSet`]), so every view reads them at full strength.
//!
//! A board's state is its label per cell and cell per label (labels are goal cells of the
//! view), each pattern's value directly and mirrored, each line's conflicts, and a hash: a move
//! looks up one table directly and one mirrored, and recounts a line's conflicts only when the
//! moved tile belongs to the line it leaves or enters. A node is expanded in two passes over
//! a batch of parents, so the table entries of the children are fetched while others are being
//! computed.

use crate::board::{Board, Move};
use crate::heuristic::pdb::{AnyGoalSet, Pdb, PdbHeuristic, MAX_PATTERN};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Most patterns a view reads (a partition of 64 cells into groups of at least four, and one
/// more).
const MAX_GROUPS: usize = 20;
/// Most lines (rows and columns) of a board the engine takes.
const MAX_LINES: usize = 24;
/// Parents expanded by one task.
const CHUNK: usize = 1024;
/// Parents whose children's table entries are fetched together.
const BATCH: usize = 16;
/// log2 of the entries of the table of recently kept boards.
const SEEN_BITS: u32 = 22;

/// A symmetry of the board a view searches in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The board as it is.
    Identity,
    /// Turned half way round.
    HalfTurn,
    /// Mirrored top to bottom.
    FlipRows,
    /// Mirrored left to right.
    FlipColumns,
}

impl Symmetry {
    /// Every symmetry, in the order views use them.
    pub const ALL: [Symmetry; 4] = [Symmetry::Identity, Symmetry::HalfTurn, Symmetry::FlipRows, Symmetry::FlipColumns];

    /// The cell `c` of a `w`×`h` board maps to (its own inverse).
    pub fn map(self, w: usize, h: usize, c: usize) -> usize {
        let (r, col) = (c / w, c % w);
        let (r2, c2) = match self {
            Symmetry::Identity => (r, col),
            Symmetry::HalfTurn => (h - 1 - r, w - 1 - col),
            Symmetry::FlipRows => (h - 1 - r, col),
            Symmetry::FlipColumns => (r, w - 1 - col),
        };
        r2 * w + c2
    }

    fn board(self, b: &Board) -> Board {
        let (w, h) = (b.width(), b.height());
        let mut tiles = vec![0; b.len()];
        for (c, &t) in b.tiles().iter().enumerate() {
            tiles[self.map(w, h, c)] = t;
        }
        Board::new(w, h, tiles).expect("a symmetry keeps a board a board")
    }
}

/// One way of searching a board: a symmetry, and a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The board's symmetry the search runs in.
    pub symmetry: Symmetry,
    /// Search from the goal toward the start.
    pub backward: bool,
}

impl View {
    /// The first `count` views: forward and backward for each symmetry in turn.
    pub fn first(count: usize) -> Vec<View> {
        Symmetry::ALL.iter().flat_map(|&symmetry| [false, true].map(|backward| View { symmetry, backward })).take(count).collect()
    }
}

/// What one beam did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Beamed {
    /// The moves from the start to the goal.
    Solved {
        /// The moves, in the board's own frame.
        moves: Vec<Move>,
        /// Children generated.
        nodes: u64,
        /// Boards expanded.
        expanded: u64,
    },
    /// No board reached the goal within the depth bound.
    Failed {
        /// Children generated.
        nodes: u64,
        /// Boards expanded.
        expanded: u64,
    },
    /// The stop function ended it.
    Stopped {
        /// Children generated.
        nodes: u64,
        /// Boards expanded.
        expanded: u64,
    },
}

/// Bytes the beam holds at most, `width` boards wide and `depth` moves deep on a board of
/// `cells` cells: two layers of boards, the children and their keys, the history of parents and
/// moves, and the tables of boards seen.
pub fn bytes(cells: usize, width: usize, depth: u64) -> u64 {
    let node = node_bytes(cells) as u64;
    let cand = std::mem::size_of::<Cand>() as u64;
    let dedup = 16 * (2 * width as u64).next_power_of_two();
    (1u64 << SEEN_BITS) * 8 + width as u64 * (2 * node + 4 * cand + 4 * depth) + dedup
}

fn node_bytes(cells: usize) -> usize {
    if cells <= 36 {
        std::mem::size_of::<Node<36>>()
    } else if cells <= 49 {
        std::mem::size_of::<Node<49>>()
    } else {
        std::mem::size_of::<Node<64>>()
    }
}

/// Searches `start` → `goal` (the same size, 26 to 64 cells, on at most 12 rows and columns;
/// the goal reachable) in `view` with a beam `width` boards wide, for at most `max_depth` moves.
/// `stop` is asked after every layer, given the children generated so far.
pub fn beam(
    set: &AnyGoalSet,
    start: &Board,
    goal: &Board,
    view: View,
    width: usize,
    max_depth: usize,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<Beamed, crate::error::Error> {
    let (w, h) = (start.width(), start.height());
    let n = w * h;
    if !(26..=64).contains(&n) || w + h > MAX_LINES || width == 0 {
        return Err(crate::error::Error::Invalid(format!("the pattern-database beam covers boards of 26 to 64 cells, not {w}×{h}")));
    }
    let (s, g) = (view.symmetry.board(start), view.symmetry.board(goal));
    let (from, to) = if view.backward { (g, s) } else { (s, g) };
    let heur = set.bind(&to)?;
    let found = if n <= 36 {
        Engine::<36>::new(&heur, &to).run(&from, width, max_depth, stop)
    } else if n <= 49 {
        Engine::<49>::new(&heur, &to).run(&from, width, max_depth, stop)
    } else {
        Engine::<64>::new(&heur, &to).run(&from, width, max_depth, stop)
    };
    Ok(match found {
        Run::Solved { blanks, nodes, expanded } => {
            // `blanks`: the blank's cell at every board of the path in the view's frame,
            // `from` first. Backward, the path is walked the other way.
            let mut cells: Vec<usize> = blanks.iter().map(|&c| view.symmetry.map(w, h, c as usize)).collect();
            if view.backward {
                cells.reverse();
            }
            let moves = cells.windows(2).map(|p| move_between(w, p[0], p[1])).collect();
            Beamed::Solved { moves, nodes, expanded }
        }
        Run::Failed { nodes, expanded } => Beamed::Failed { nodes, expanded },
        Run::Stopped { nodes, expanded } => Beamed::Stopped { nodes, expanded },
    })
}

/// The move that takes the blank from cell `a` to the neighbouring cell `b`.
fn move_between(w: usize, a: usize, b: usize) -> Move {
    if b + w == a {
        Move::Up
    } else if b == a + w {
        Move::Down
    } else if b + 1 == a {
        Move::Left
    } else {
        Move::Right
    }
}

enum Run {
    Solved { blanks: Vec<u8>, nodes: u64, expanded: u64 },
    Failed { nodes: u64, expanded: u64 },
    Stopped { nodes: u64, expanded: u64 },
}

/// A board in the beam: `N` is at least its cells.
#[derive(Clone, Copy)]
struct Node<const N: usize> {
    /// Label (goal cell) per cell; the blank's cell holds the blank's label.
    cells: [u8; N],
    /// Cell per label.
    pos: [u8; N],
    /// Each pattern's value.
    hd: [u8; MAX_GROUPS],
    /// Each mirror pattern's value.
    hm: [u8; MAX_GROUPS],
    /// Tiles each line must lift out (rows, then columns).
    lc: [u8; MAX_LINES],
    blank: u8,
    /// The cell the blank came from (no move back).
    back: u8,
    hash: u64,
}

/// A child: what it takes to rank it and to make it.
#[derive(Clone, Copy, Default)]
struct Cand {
    key: u32,
    /// The parent's index and the blank's new cell: `parent << 8 | to`.
    step: u32,
    hash: u64,
    vd: u8,
    vm: u8,
    lca: u8,
    lcb: u8,
}

/// A view's tables, flattened for the inner loop.
struct Engine<'a, const N: usize> {
    w: usize,
    h: usize,
    direct: Vec<(&'a Pdb, [u8; MAX_PATTERN])>,
    mirror: Vec<(&'a Pdb, [u8; MAX_PATTERN])>,
    /// Label → its direct pattern.
    group_of: [u8; 64],
    /// Label → the mirror pattern its mirror image is in.
    mgroup_of: [u8; 64],
    tr: [u8; 64],
    blank_label: u8,
    /// Tile → its cell on the view's goal (its label).
    label: Vec<u8>,
    nbr: Vec<[u8; 4]>,
    z: Vec<u64>,
}

impl<'a, const N: usize> Engine<'a, N> {
    fn new(heur: &'a PdbHeuristic, goal: &Board) -> Engine<'a, N> {
        let (w, h) = (goal.width(), goal.height());
        let n = w * h;
        debug_assert!(n <= N);
        let flat = |pdbs: &'a [std::sync::Arc<Pdb>]| -> Vec<(&'a Pdb, [u8; MAX_PATTERN])> {
            pdbs.iter()
                .map(|p| {
                    let mut l = [0u8; MAX_PATTERN];
                    l[..p.cells().len()].copy_from_slice(p.cells());
                    (&**p, l)
                })
                .collect()
        };
        let direct = flat(heur.pdbs());
        let mirror = flat(heur.mirror_pdbs());
        let mut tr = [0u8; 64];
        for (c, t) in tr.iter_mut().enumerate().take(n) {
            *t = if mirror.is_empty() { c as u8 } else { ((c % w) * w + c / w) as u8 };
        }
        let mut group_of = [u8::MAX; 64];
        for (g, (p, _)) in direct.iter().enumerate() {
            for &c in p.cells() {
                group_of[c as usize] = g as u8;
            }
        }
        let mut of_cell = [u8::MAX; 64];
        for (g, (p, _)) in mirror.iter().enumerate() {
            for &c in p.cells() {
                of_cell[c as usize] = g as u8;
            }
        }
        let mut mgroup_of = [u8::MAX; 64];
        for l in 0..n {
            mgroup_of[l] = of_cell[tr[l] as usize];
        }
        let nbr = crate::heuristic::pdb::neighbours(w, h);
        // Zobrist keys from a fixed generator: the same on every run.
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let z = (0..64 * 64)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s
            })
            .collect();
        let label = goal.positions().iter().map(|&c| c as u8).collect();
        Engine { w, h, direct, mirror, group_of, mgroup_of, tr, blank_label: goal.blank() as u8, label, nbr, z }
    }

    fn node(&self, board: &Board) -> Node<N> {
        let mut nd = Node {
            cells: [0; N],
            pos: [0; N],
            hd: [0; MAX_GROUPS],
            hm: [0; MAX_GROUPS],
            lc: [0; MAX_LINES],
            blank: 0,
            back: u8::MAX,
            hash: 0,
        };
        for (c, &t) in board.tiles().iter().enumerate() {
            let l = self.label[t as usize];
            nd.cells[c] = l;
            nd.pos[l as usize] = c as u8;
            nd.hash ^= self.z[l as usize * 64 + c];
        }
        nd.blank = nd.pos[self.blank_label as usize];
        for (g, (p, labels)) in self.direct.iter().enumerate() {
            nd.hd[g] = p.lookup(|i| nd.pos[labels[i] as usize], 0);
        }
        for (g, (p, labels)) in self.mirror.iter().enumerate() {
            nd.hm[g] = p.lookup(|i| self.tr[nd.pos[self.tr[labels[i] as usize] as usize] as usize], 0);
        }
        for line in 0..self.w + self.h {
            nd.lc[line] = self.lifts(|c| nd.cells[c], line);
        }
        nd
    }

    /// Tiles of line `line` (rows first, then columns) that must leave it to let the others
    /// pass: the line's own tiles less the longest run of them already in order.
    #[inline]
    fn lifts(&self, cell: impl Fn(usize) -> u8, line: usize) -> u8 {
        let w = self.w;
        let mut goals = [0u8; 12];
        let mut k = 0;
        if line < self.h {
            for c in 0..w {
                let l = cell(line * w + c);
                if l != self.blank_label && l as usize / w == line {
                    goals[k] = (l as usize % w) as u8;
                    k += 1;
                }
            }
        } else {
            let col = line - self.h;
            for r in 0..self.h {
                let l = cell(r * w + col);
                if l != self.blank_label && l as usize % w == col {
                    goals[k] = (l as usize / w) as u8;
                    k += 1;
                }
            }
        }
        if k < 2 {
            return 0;
        }
        // Longest increasing run by patience: tails[j] is the least end of a run of j + 1.
        let mut tails = [0u8; 12];
        let mut len = 0;
        for &x in &goals[..k] {
            let j = tails[..len].partition_point(|&t| t < x);
            tails[j] = x;
            len = len.max(j + 1);
        }
        (k - len) as u8
    }

    #[inline(always)]
    fn key(&self, hd: &[u8; MAX_GROUPS], hm: &[u8; MAX_GROUPS], lc: &[u8; MAX_LINES]) -> u32 {
        let d: u32 = hd[..self.direct.len()].iter().map(|&x| x as u32).sum();
        let m: u32 = if self.mirror.is_empty() { d } else { hm[..self.mirror.len()].iter().map(|&x| x as u32).sum() };
        let l: u32 = lc[..self.w + self.h].iter().map(|&x| x as u32).sum();
        2 * d.max(m) + d.min(m) + 4 * l
    }

    /// Where a child's entries are: the direct and mirror tables' indices and Manhattan parts;
    /// the entries are prefetched.
    #[inline(always)]
    fn locate(&self, nd: &Node<N>, q: u8) -> (u64, u32, u64, u32) {
        let l = nd.cells[q as usize];
        let b = nd.blank;
        let pos = |x: usize| if x == l as usize { b } else { nd.pos[x] };
        let (p, labels) = &self.direct[self.group_of[l as usize] as usize];
        let (id, md) = p.locate(|i| pos(labels[i] as usize), 0);
        p.prefetch(id);
        if self.mirror.is_empty() {
            return (id, md, 0, 0);
        }
        let (pm, lm) = &self.mirror[self.mgroup_of[l as usize] as usize];
        let t = &self.tr;
        let (im, mm) = pm.locate(|i| t[pos(t[lm[i] as usize] as usize) as usize], 0);
        pm.prefetch(im);
        (id, md, im, mm)
    }

    #[inline(always)]
    fn child(&self, nd: &Node<N>, q: u8, at: (u64, u32, u64, u32)) -> Cand {
        let w = self.w;
        let l = nd.cells[q as usize];
        let b = nd.blank;
        let g = self.group_of[l as usize] as usize;
        let vd = self.direct[g].0.read(at.0, at.1);
        let mut hd = nd.hd;
        hd[g] = vd;
        let mut hm = nd.hm;
        let mut vm = 0;
        if !self.mirror.is_empty() {
            let gm = self.mgroup_of[l as usize] as usize;
            vm = self.mirror[gm].0.read(at.2, at.3);
            hm[gm] = vm;
        }
        // A move along a row changes two columns, one along a column two rows; a line's
        // conflicts change only when the moved tile is one of its own.
        let (ia, ib, home) = if q as usize / w == b as usize / w {
            (self.h + q as usize % w, self.h + b as usize % w, self.h + l as usize % w)
        } else {
            (q as usize / w, b as usize / w, l as usize / w)
        };
        let cell = |c: usize| {
            if c == b as usize {
                l
            } else if c == q as usize {
                self.blank_label
            } else {
                nd.cells[c]
            }
        };
        let mut lc = nd.lc;
        let lca = if home == ia { self.lifts(cell, ia) } else { lc[ia] };
        let lcb = if home == ib { self.lifts(cell, ib) } else { lc[ib] };
        lc[ia] = lca;
        lc[ib] = lcb;
        let (l6, bl6) = (l as usize * 64, self.blank_label as usize * 64);
        let hash = nd.hash ^ self.z[l6 + q as usize] ^ self.z[l6 + b as usize] ^ self.z[bl6 + q as usize] ^ self.z[bl6 + b as usize];
        Cand { key: self.key(&hd, &hm, &lc), step: q as u32, hash, vd, vm, lca, lcb }
    }

    fn apply(&self, nd: &Node<N>, c: &Cand) -> Node<N> {
        let w = self.w;
        let mut n = *nd;
        let q = (c.step & 0xFF) as u8;
        let l = nd.cells[q as usize];
        let b = nd.blank;
        n.cells[b as usize] = l;
        n.cells[q as usize] = self.blank_label;
        n.pos[l as usize] = b;
        n.pos[self.blank_label as usize] = q;
        n.blank = q;
        n.back = b;
        n.hd[self.group_of[l as usize] as usize] = c.vd;
        if !self.mirror.is_empty() {
            n.hm[self.mgroup_of[l as usize] as usize] = c.vm;
        }
        let (ia, ib) = if q as usize / w == b as usize / w {
            (self.h + q as usize % w, self.h + b as usize % w)
        } else {
            (q as usize / w, b as usize / w)
        };
        n.lc[ia] = c.lca;
        n.lc[ib] = c.lcb;
        n.hash = c.hash;
        n
    }

    fn expand(&self, parents: &[Node<N>], first: usize, out: &mut Vec<Cand>) {
        out.clear();
        let mut at: Vec<(u32, u8, (u64, u32, u64, u32))> = Vec::with_capacity(4 * BATCH);
        for (bi, batch) in parents.chunks(BATCH).enumerate() {
            at.clear();
            for (i, nd) in batch.iter().enumerate() {
                for &q in &self.nbr[nd.blank as usize] {
                    if q != u8::MAX && q != nd.back {
                        at.push(((bi * BATCH + i) as u32, q, self.locate(nd, q)));
                    }
                }
            }
            for &(i, q, loc) in &at {
                let mut c = self.child(&parents[i as usize], q, loc);
                c.step |= ((first + i as usize) as u32) << 8;
                out.push(c);
            }
        }
    }

    fn run(&self, start: &Board, width: usize, max_depth: usize, stop: &mut dyn FnMut(u64) -> bool) -> Run {
        let root = self.node(start);
        let (mut nodes, mut expanded) = (1u64, 0u64);
        if root.hd[..self.direct.len()].iter().all(|&v| v == 0) {
            return Run::Solved { blanks: vec![root.blank], nodes, expanded };
        }
        let mut layer: Vec<Node<N>> = vec![root];
        let mut next: Vec<Node<N>> = Vec::with_capacity(width);
        let mut parts: Vec<Vec<Cand>> = Vec::new();
        let mut chosen: Vec<Cand> = Vec::with_capacity(width);
        let mut history: Vec<Vec<u32>> = Vec::new();
        let seen: Vec<AtomicU64> = (0..1usize << SEEN_BITS).map(|_| AtomicU64::new(0)).collect();
        let dedup_bits = (2 * width).next_power_of_two().trailing_zeros();
        let dedup: Vec<(AtomicU64, AtomicU32)> = (0..1usize << dedup_bits).map(|_| (AtomicU64::new(0), AtomicU32::new(u32::MAX))).collect();
        for depth in 0..max_depth {
            if stop(nodes) {
                return Run::Stopped { nodes, expanded };
            }
            // Children, one list per chunk of parents.
            let chunks = layer.len().div_ceil(CHUNK);
            parts.resize_with(chunks, Vec::new);
            parts.par_iter_mut().enumerate().for_each(|(ci, out)| {
                let lo = ci * CHUNK;
                self.expand(&layer[lo..(lo + CHUNK).min(layer.len())], lo, out);
            });
            expanded += layer.len() as u64;
            let total: usize = parts[..chunks].iter().map(Vec::len).sum();
            nodes += total as u64;
            // The key that lets `width` children through: below it all, at it the least hashes.
            chosen.clear();
            if total <= width {
                for p in &parts[..chunks] {
                    chosen.extend_from_slice(p);
                }
            } else {
                let top = parts[..chunks].iter().flat_map(|p| p.iter().map(|c| c.key)).max().unwrap_or(0) as usize;
                let hist = parts[..chunks]
                    .par_iter()
                    .fold(
                        || vec![0u32; top + 1],
                        |mut h, p| {
                            for c in p {
                                h[c.key as usize] += 1;
                            }
                            h
                        },
                    )
                    .reduce(
                        || vec![0u32; top + 1],
                        |mut a, b| {
                            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                            a
                        },
                    );
                let (mut below, mut cut) = (0usize, top);
                for (k, &c) in hist.iter().enumerate() {
                    if below + c as usize >= width {
                        cut = k;
                        break;
                    }
                    below += c as usize;
                }
                let cut = cut as u32;
                let lists: Vec<Vec<Cand>> =
                    parts[..chunks].par_iter().map(|p| p.iter().filter(|c| c.key <= cut).copied().collect()).collect();
                let mut ties = Vec::new();
                for l in lists {
                    for c in l {
                        if c.key < cut {
                            chosen.push(c);
                        } else {
                            ties.push(c);
                        }
                    }
                }
                let need = width - chosen.len();
                if ties.len() > need {
                    ties.select_nth_unstable_by_key(need, |c| (c.hash, c.step));
                    ties.truncate(need);
                }
                chosen.extend_from_slice(&ties);
            }
            // Duplicates: of two children that are one board, the one with the least step stays
            // (whatever order the threads claim them in); a board kept at an earlier depth is
            // dropped.
            let mask = (1u64 << dedup_bits) - 1;
            let stamp = depth as u64 + 1;
            chosen.par_iter().for_each(|c| {
                let mut i = (c.hash & mask) as usize;
                loop {
                    let (k, tag) = &dedup[i];
                    // 0 marks a free slot, so the key stored is the hash with its lowest bit set.
                    let want = c.hash | 1;
                    let cur = k.load(Ordering::Relaxed);
                    if cur == want {
                        tag.fetch_min(c.step, Ordering::Relaxed);
                        break;
                    }
                    if cur == 0 {
                        match k.compare_exchange(0, want, Ordering::Relaxed, Ordering::Relaxed) {
                            Ok(_) => {
                                tag.fetch_min(c.step, Ordering::Relaxed);
                                break;
                            }
                            Err(now) if now == want => {
                                tag.fetch_min(c.step, Ordering::Relaxed);
                                break;
                            }
                            Err(_) => {}
                        }
                    }
                    i = (i + 1) & mask as usize;
                }
            });
            let seen_mask = (1u64 << SEEN_BITS) - 1;
            let fingerprint = |h: u64| (stamp << 40) | (h >> 24);
            let unseen = |h: u64| seen[(h & seen_mask) as usize].load(Ordering::Relaxed) & ((1 << 40) - 1) != h >> 24;
            let keep: Vec<bool> = chosen
                .par_iter()
                .map(|c| {
                    let mut i = (c.hash & mask) as usize;
                    while dedup[i].0.load(Ordering::Relaxed) != c.hash | 1 {
                        i = (i + 1) & mask as usize;
                    }
                    dedup[i].1.load(Ordering::Relaxed) == c.step && unseen(c.hash)
                })
                .collect();
            let mut k = keep.iter();
            chosen.retain(|_| *k.next().expect("one flag a child"));
            // The kept boards are remembered, the latest depth winning a shared slot whatever the
            // order of the writes; the claims are cleared for the next depth.
            chosen.par_iter().for_each(|c| {
                seen[(c.hash & seen_mask) as usize].fetch_max(fingerprint(c.hash), Ordering::Relaxed);
            });
            dedup.par_iter().with_min_len(4096).for_each(|(k, tag)| {
                if k.load(Ordering::Relaxed) != 0 {
                    k.store(0, Ordering::Relaxed);
                    tag.store(u32::MAX, Ordering::Relaxed);
                }
            });
            if chosen.is_empty() {
                return Run::Failed { nodes, expanded };
            }
            // The layer's order depends only on the last one's, never on the threads.
            next.clear();
            next.par_extend(chosen.par_iter().map(|c| self.apply(&layer[(c.step >> 8) as usize], c)));
            history.push(chosen.iter().map(|c| c.step).collect());
            // A key of 0: every pattern home.
            if let Some(i) = chosen.iter().position(|c| c.key == 0) {
                return Run::Solved { blanks: self.path(&history, i, root.blank), nodes, expanded };
            }
            std::mem::swap(&mut layer, &mut next);
        }
        Run::Failed { nodes, expanded }
    }

    /// The blank's cells along the path to board `i` of the last layer, the root's first.
    fn path(&self, history: &[Vec<u32>], mut i: usize, root_blank: u8) -> Vec<u8> {
        let mut cells = Vec::with_capacity(history.len() + 1);
        for layer in history.iter().rev() {
            let step = layer[i];
            cells.push((step & 0xFF) as u8);
            i = (step >> 8) as usize;
        }
        cells.push(root_blank);
        cells.reverse();
        cells
    }
}
