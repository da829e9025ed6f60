//! Beam search guided by pattern databases, for boards of 26 to 64 cells (the 35- and 48-puzzle
//! above all): the engine of [`crate::search::pdb_beam`].
//!
//! Depth by depth, the children of the kept boards are ranked and the best `width` distinct ones
//! kept. All boards of a depth have the same cost so far, so the rank is an estimate of the cost
//! still to go:
//!
//! > key = 4 · (D + M) + 20 · L + 7 · H + 2 · (R + O)
//!
//! where D is the additive pattern databases' sum, M the same in the position mirrored about
//! the main diagonal (M = D on a board that is not square), L the tiles
//! that must leave their goal row or column to let another pass (linear conflicts, counted over
//! every tile: the databases see conflicts within a pattern only), H the tiles on their goal
//! cells, R the inversions of the board read row by row and column by column, and O the pairs
//! of tiles whose vertical or horizontal order is the reverse of their goals'. D, M and L price
//! the tile moves left; R and O the disorder the tables, blind to the blank's work between
//! tiles, do not see; H counts against a board (a measured choice: with R and O, it shortens
//! the answers). Measured on random-walk boards of our own with one beam 25,000 wide, the
//! answers were 302.9 moves on 48 7×7 boards with the key before, D + M + 3 · L, and 274.5
//! with this one; 136.5 and 133.2 on 48 6×6 boards (`TABLE_W`, docs/any-size.md). Ties are
//! broken by the boards' Zobrist hashes, so a run is deterministic and does not depend on the
//! number of threads.
//!
//! A beam's answer depends on how its estimates see the board, and estimates that see it
//! differently make different mistakes: eight beams of 10,000 over the board turned and mirrored,
//! each searched from either end, give shorter answers (their shortest kept: 136.1 moves on ten
//! of DeepCubeA's boards) than one beam of 80,000 (138.1) for the same work. Each such way of
//! searching is a [`View`]: a symmetry of the board (the tables see the board through
//! differently placed patterns), and a direction (backward, the start's cells are the goal of
//! the tables). The tables serve any goal ([`AnyGoalSet`]), so every view reads them at full
//! strength. A view may be given a bound, the length of the best answer so far: children that
//! cannot lead to a shorter one by the databases' admissible estimate are dropped, which saves a
//! fifth of the work of later views.
//!
//! Better still for the same work is to re-solve the answer piece by piece ([`solve`]): since
//! the tables serve any goal, a beam from one board of the answer to a board 60 to 120 moves
//! later sees its goal as well as the views see the puzzle's, over a trip short enough for its
//! width, and finds a shorter way there more often than more views find a shorter answer. Two
//! views and then pieces, half the budget each, gave 133.7 and 300.4 moves on ten of
//! DeepCubeA's 35- and 48-puzzle boards, against 135.5 and 305.6 for eight views
//! (docs/any-size.md).
//!
//! A board's state is its label per cell and cell per label (labels are goal cells of the
//! view), each table's value, each line's conflicts, its shape (H, R and O), and a hash: a move
//! looks up one table directly and one mirrored, recounts a line's conflicts only when the moved
//! tile belongs to the line it leaves or enters, and updates the shape from the tiles of the
//! row or column the tile crosses. A node is expanded in two passes over a batch of parents, so
//! the table entries of the children are fetched while others are being computed.

#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use super::views::View;
use crate::board::{Board, Move};
use crate::error::Error;
use crate::heuristic::pdb::{AnyGoalSet, Pdb, PdbHeuristic, SetSpec, MAX_PATTERN};
use crate::learnt::{Net, MAX_UNITS};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Fewest cells of a board the beam takes (smaller boards are solved optimally).
pub const MIN_CELLS: usize = 26;
/// Most cells of a board the beam takes (the tables' limit).
pub const MAX_CELLS: usize = crate::heuristic::pdb::MAX_CELLS;
/// Longest side of a board the beam takes.
pub const MAX_SIDE: usize = 12;
/// Most lines (rows and columns) of a board the engine takes.
const MAX_LINES: usize = 2 * MAX_SIDE;
/// The key's weights, in quarters of a unit of one table sum ([`Engine::child`]): a tile
/// lifted out of its line counts five units, a tile on its goal cell 1.75, an inversion of a
/// reading or of an order half a unit. Measured on random-walk boards of our own (48 7×7
/// boards, `npuzzle generate --size 7x7 --walk 1500 --seed 2002 --count 40` then seed 2003, one
/// forward view 25,000 boards wide; docs/any-size.md#the-key): the databases with lifts at
/// three units 302.9 moves; the readings and orders added 286.5; lifts at five 282.1; tiles
/// home too 274.5. The readings carry most of it: without them, lifts at five and tiles home
/// gave 308.1.
const TABLE_W: u32 = 4;
/// Weight of a tile lifted out of its line (see [`TABLE_W`]).
const LIFT_W: u32 = 20;
/// Weight of a tile on its goal cell (see [`TABLE_W`]).
const HOME_W: i32 = 7;
/// Weight of an inversion of the row-major or column-major reading (see [`TABLE_W`]).
const READING_W: i32 = 2;
/// Weight of a pair of tiles in reversed vertical or horizontal order (see [`TABLE_W`]).
const ORDER_W: i32 = 2;
/// Parents expanded by one task.
const CHUNK: usize = 1024;
/// Parents whose children's table entries are fetched together.
const BATCH: usize = 16;
/// log2 of the entries of the table of recently kept boards.
const SEEN_BITS: u32 = 22;

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
/// the goal reachable) in `view` with a beam `width` boards wide, for at most `max_depth` moves,
/// looking only for answers shorter than `bound` moves. `stop` is asked after every layer, given
/// the children generated so far.
#[allow(clippy::too_many_arguments)]
pub fn beam(
    set: &AnyGoalSet,
    net: Option<&Net>,
    start: &Board,
    goal: &Board,
    view: View,
    width: usize,
    max_depth: usize,
    bound: Option<usize>,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<Beamed, Error> {
    let to = if view.backward { view.symmetry.board(start) } else { view.symmetry.board(goal) };
    let heur = set.bind(&to)?;
    beam_with(&heur, net, start, goal, view, width, max_depth, bound, stop)
}

/// [`beam`] with the tables already bound: `heur` estimates the moves to the view's goal in the
/// view's frame (the start turned by the view's symmetry when searching backward, else the
/// goal). With `net`, and where it fits the view's goal ([`Net::fits`]), the boards are ranked by
/// the learnt estimate instead of the tables' key; the tables still drop the children that
/// cannot beat `bound` and still recognise the goal.
#[allow(clippy::too_many_arguments)]
pub fn beam_with(
    heur: &PdbHeuristic,
    net: Option<&Net>,
    start: &Board,
    goal: &Board,
    view: View,
    width: usize,
    max_depth: usize,
    bound: Option<usize>,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<Beamed, Error> {
    let (w, h) = (start.width(), start.height());
    let n = w * h;
    if !(MIN_CELLS..=MAX_CELLS).contains(&n) || w.max(h) > MAX_SIDE || width == 0 {
        return Err(Error::Invalid(format!(
            "the pattern-database beam covers boards of {MIN_CELLS} to {MAX_CELLS} cells, at most {MAX_SIDE} a side, not {w}×{h}"
        )));
    }
    start.check_same_size(goal)?;
    let tables = heur.pdbs().len() + heur.mirror_pdbs().len();
    if tables == 0 || tables > MAX_TABLES {
        return Err(Error::Unsupported(format!(
            "the pattern-database beam reads 1 to {MAX_TABLES} tables a view, and this set has {tables} on {w}×{h}: use reduce-plus"
        )));
    }
    let (s, g) = (view.symmetry.board(start), view.symmetry.board(goal));
    let (from, to) = if view.backward { (g, s) } else { (s, g) };
    if heur.goal() != &to {
        return Err(Error::Invalid(format!("the tables are bound to {}, not to the view's goal {to}", heur.goal())));
    }
    let bound = bound.map_or(u32::MAX, |b| b.min(u32::MAX as usize) as u32);
    let found = if n <= 36 {
        Engine::<36>::new(heur, bound, &to, net).run(&from, width, max_depth, stop)
    } else if n <= 49 {
        Engine::<49>::new(heur, bound, &to, net).run(&from, width, max_depth, stop)
    } else {
        Engine::<64>::new(heur, bound, &to, net).run(&from, width, max_depth, stop)
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

impl Beamed {
    /// Children generated and boards expanded, whatever the outcome.
    pub(super) fn work(&self) -> (u64, u64) {
        match *self {
            Beamed::Solved { nodes, expanded, .. } | Beamed::Failed { nodes, expanded } | Beamed::Stopped { nodes, expanded } => {
                (nodes, expanded)
            }
        }
    }
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

/// Sums a board keeps: the tables read directly, and in the mirrored position.
const MAX_COMPS: usize = 2;
/// Most tables of a view, over both sums (a partition of 64 cells into groups of at least
/// four, with one cell to spare, twice).
const MAX_TABLES: usize = 2 * MAX_PATTERNS;

/// Most patterns of a set the beam reads (each looked up directly and mirrored): groups of at
/// least four cells on 64 cells. Sets of smaller groups (the row-major sets of 3-tile groups
/// from 56 cells up) are refused, and the default leaves those sizes to `reduce-plus`.
pub const MAX_PATTERNS: usize = 17;

/// Whether the beam reads `spec`'s tables: 26 to 64 cells, at most 12 a side, at most
/// [`MAX_PATTERNS`] patterns.
pub fn fits(spec: &SetSpec) -> bool {
    let n = spec.width * spec.height;
    (MIN_CELLS..=MAX_CELLS).contains(&n) && spec.width.max(spec.height) <= MAX_SIDE && spec.patterns.len() <= MAX_PATTERNS
}

/// A board in the beam: `N` is at least its cells.
#[derive(Clone, Copy)]
struct Node<const N: usize> {
    /// Label (goal cell) per cell; the blank's cell holds the blank's label.
    cells: [u8; N],
    /// Cell per label.
    pos: [u8; N],
    /// Each table's value.
    hv: [u8; MAX_TABLES],
    /// Each component's sum.
    sum: [u16; MAX_COMPS],
    /// Tiles each line must lift out (rows, then columns).
    lc: [u8; MAX_LINES],
    /// Their sum.
    lct: u16,
    blank: u8,
    /// The cell the blank came from (no move back).
    back: u8,
    /// The key's terms of the board's shape: tiles on their goal cells, inversions of the
    /// readings and of the orders, weighted.
    shape: u32,
    hash: u64,
}

/// A child: what it takes to rank it and to make it.
#[derive(Clone, Copy, Default)]
struct Cand {
    key: u32,
    /// The parent's index and the blank's new cell: `parent << 8 | to`.
    step: u32,
    hash: u64,
    v: [u8; MAX_COMPS],
    lca: u8,
    lcb: u8,
    /// An admissible estimate of the moves still to make: the largest component sum.
    lb: u16,
    /// The board's [`Node::shape`].
    shape: u32,
}

/// Where a child's table entries are, one per sum: the index and the Manhattan part.
type Located = [(u64, u32); MAX_COMPS];

/// One additive estimate: a set's tables, read directly or in the mirrored position.
struct Comp<'a> {
    tables: Vec<(&'a Pdb, [u8; MAX_PATTERN])>,
    mirrored: bool,
    /// Label → the index (in [`Node::hv`]) of the table the label's move changes.
    table_of: [u8; 64],
    /// The index of the first table in [`Node::hv`].
    first: usize,
}

/// A view's tables, flattened for the inner loop.
struct Engine<'a, const N: usize> {
    w: usize,
    h: usize,
    comps: Vec<Comp<'a>>,
    /// Children that cannot lead to an answer shorter than this are dropped.
    bound: u32,
    tr: [u8; 64],
    /// Label → its place in the goal's column-major reading.
    col_rank: [u8; 64],
    /// Cell (or label) → its row and its column: no division by the width in the hot loops.
    row: [u8; 64],
    col: [u8; 64],
    blank_label: u8,
    /// Tile → its cell on the view's goal (its label).
    label: Vec<u8>,
    nbr: Vec<[u8; 4]>,
    z: Vec<u64>,
    /// The learnt estimate that ranks the boards, when one fits the view's goal.
    net: Option<&'a Net>,
    /// Its first layer's units (0 without one).
    units: usize,
}

impl<'a, const N: usize> Engine<'a, N> {
    fn new(heur: &'a PdbHeuristic, bound: u32, goal: &Board, net: Option<&'a Net>) -> Engine<'a, N> {
        let (w, h) = (goal.width(), goal.height());
        let n = w * h;
        debug_assert!(n <= N);
        let mut tr = [0u8; 64];
        for (c, t) in tr.iter_mut().enumerate().take(n) {
            *t = if w == h { ((c % w) * w + c / w) as u8 } else { c as u8 };
        }
        let mut comps: Vec<Comp<'a>> = Vec::new();
        let mut first = 0;
        {
            for (mirrored, pdbs) in [(false, heur.pdbs()), (true, heur.mirror_pdbs())] {
                if pdbs.is_empty() {
                    continue;
                }
                let tables: Vec<(&'a Pdb, [u8; MAX_PATTERN])> = pdbs
                    .iter()
                    .map(|p| {
                        let mut l = [0u8; MAX_PATTERN];
                        l[..p.cells().len()].copy_from_slice(p.cells());
                        (&**p, l)
                    })
                    .collect();
                let mut of_cell = [u8::MAX; 64];
                for (g, (p, _)) in tables.iter().enumerate() {
                    for &c in p.cells() {
                        of_cell[c as usize] = (first + g) as u8;
                    }
                }
                let mut table_of = [u8::MAX; 64];
                for l in 0..n {
                    table_of[l] = of_cell[if mirrored { tr[l] as usize } else { l }];
                }
                let len = tables.len();
                comps.push(Comp { tables, mirrored, table_of, first });
                first += len;
            }
        }
        debug_assert!(first <= MAX_TABLES && !comps.is_empty(), "beam_with checks the tables' count");
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
        let (mut row, mut col, mut col_rank) = ([0u8; 64], [0u8; 64], [0u8; 64]);
        for c in 0..n {
            (row[c], col[c], col_rank[c]) = ((c / w) as u8, (c % w) as u8, ((c % w) * h + c / w) as u8);
        }
        // Without the `learnt` feature no store hands out a network: the code that reads one is
        // left out.
        let net = net.filter(|n| cfg!(feature = "learnt") && n.fits(goal));
        let units = net.map_or(0, |n| n.units().0);
        Engine { w, h, comps, bound, tr, col_rank, row, col, blank_label: goal.blank() as u8, label, nbr, z, net, units }
    }

    /// The value of `comp`'s table `t` for the positions `pos` (cell per label).
    #[inline(always)]
    fn value(&self, comp: &Comp<'a>, t: usize, pos: impl Fn(usize) -> u8) -> (u64, u32) {
        let (p, labels) = &comp.tables[t];
        if comp.mirrored {
            let tr = &self.tr;
            p.locate(|i| tr[pos(tr[labels[i] as usize] as usize) as usize], 0)
        } else {
            p.locate(|i| pos(labels[i] as usize), 0)
        }
    }

    fn node(&self, board: &Board) -> Node<N> {
        let mut nd = Node {
            cells: [0; N],
            pos: [0; N],
            hv: [0; MAX_TABLES],
            sum: [0; MAX_COMPS],
            lc: [0; MAX_LINES],
            lct: 0,
            blank: 0,
            back: u8::MAX,
            shape: 0,
            hash: 0,
        };
        for (c, &t) in board.tiles().iter().enumerate() {
            let l = self.label[t as usize];
            nd.cells[c] = l;
            nd.pos[l as usize] = c as u8;
            nd.hash ^= self.z[l as usize * 64 + c];
        }
        nd.blank = nd.pos[self.blank_label as usize];
        for (k, comp) in self.comps.iter().enumerate() {
            for t in 0..comp.tables.len() {
                let (idx, md) = self.value(comp, t, |x| nd.pos[x]);
                let v = comp.tables[t].0.read(idx, md);
                nd.hv[comp.first + t] = v;
                nd.sum[k] += v as u16;
            }
        }
        for line in 0..self.w + self.h {
            nd.lc[line] = self.lifts(|c| nd.cells[c], line);
            nd.lct += nd.lc[line] as u16;
        }
        nd.shape = self.shape(&nd.cells[..self.w * self.h]);
        nd
    }

    /// The key's shape terms of a board given as its label per cell ([`Node::shape`]): tiles on
    /// their goal cells; inversions of the row-major reading (pairs read in the other order than
    /// on the goal) and of the column-major reading; pairs of tiles one above the other in the
    /// other order than their goal rows, and one left of the other in the other order than
    /// their goal columns.
    fn shape(&self, cells: &[u8]) -> u32 {
        let (w, h) = (self.w, self.h);
        let n = w * h;
        let tiles = || (0..n).filter(move |&c| cells[c] != self.blank_label);
        let home = tiles().filter(|&c| cells[c] as usize == c).count() as i32;
        let row: Vec<u8> = tiles().map(|c| cells[c]).collect();
        let col: Vec<u8> =
            (0..n).map(|i| cells[(i % h) * w + i / h]).filter(|&l| l != self.blank_label).map(|l| self.col_rank[l as usize]).collect();
        let mut reading = 0;
        for list in [&row, &col] {
            for (i, &a) in list.iter().enumerate() {
                reading += list[i + 1..].iter().filter(|&&b| b < a).count() as i32;
            }
        }
        let mut order = 0;
        for a in tiles() {
            let la = cells[a] as usize;
            for b in tiles() {
                let lb = cells[b] as usize;
                order += i32::from(a / w < b / w && la / w > lb / w) + i32::from(a % w < b % w && la % w > lb % w);
            }
        }
        (HOME_W * home + READING_W * reading + ORDER_W * order) as u32
    }

    /// How [`Self::shape`] changes when tile `l` moves from cell `q` to the blank's cell `b`.
    /// A move along a column passes the `w - 1` tiles between `q` and `b` in the row-major
    /// reading and changes the tile's row; one along a row passes `h - 1` in the column-major
    /// reading and changes its column. Only pairs with the tiles passed, or with the tiles of the
    /// rows (columns) left and joined, change.
    #[inline(always)]
    fn shape_change(&self, cells: &[u8], l: u8, q: u8, b: u8) -> i32 {
        let (w, h) = (self.w, self.h);
        let (lu, qu, bu) = (l as usize, q as usize, b as usize);
        let home = i32::from(lu == bu) - i32::from(lu == qu);
        // The pair of the tile (ranked `rank` in a reading) with a tile it passes (`other`) was
        // inverted when the tile came first and ranked higher, and is after the move when it
        // comes last and ranks lower.
        let passed = |rank: u8, other: u8, forward: bool| -> i32 {
            let (lower, higher) = (i32::from(other < rank), i32::from(other > rank));
            if forward {
                higher - lower
            } else {
                lower - higher
            }
        };
        // The order pairs with the tiles of the line left (`count` cells from `from`, `stride`
        // apart), which are beside the tile after the move and count, and of the line joined
        // (from `to`), which are in one line with it after and no longer do. `goal` gives a
        // label's goal line across the move, `g` the tile's; `ahead`: the move goes up the lines.
        let order_change = |from: usize, to: usize, stride: usize, count: usize, goal: &[u8; 64], g: u8, ahead: bool| {
            let mut d = 0;
            for i in 0..count {
                let (c, t) = (from + i * stride, cells[from + i * stride]);
                if c != qu && t != self.blank_label {
                    let tg = goal[t as usize];
                    d += i32::from(if ahead { g < tg } else { g > tg });
                }
                let (c, t) = (to + i * stride, cells[to + i * stride]);
                if c != bu && t != self.blank_label {
                    let tg = goal[t as usize];
                    d -= i32::from(if ahead { g > tg } else { g < tg });
                }
            }
            d
        };
        let mut reading = 0;
        let order = if self.row[qu] == self.row[bu] {
            // Along a row: the column-major reading, and the columns.
            let rank = self.col_rank[lu];
            let (cq, cb) = (self.col[qu] as usize, self.col[bu] as usize);
            // The column-major reading between the two cells: the rest of the left one's
            // column below the row, then the right one's column above it.
            let (r, forward) = (self.row[qu] as usize, cb > cq);
            let (left, right) = if forward { (cq, cb) } else { (cb, cq) };
            let pass = |t: u8| if t == self.blank_label { 0 } else { passed(rank, self.col_rank[t as usize], forward) };
            for rr in r + 1..h {
                reading += pass(cells[rr * w + left]);
            }
            for rr in 0..r {
                reading += pass(cells[rr * w + right]);
            }
            order_change(cq, cb, w, h, &self.col, self.col[lu], forward)
        } else {
            // Along a column: the row-major reading, and the rows.
            let forward = qu < bu;
            let (lo, hi) = if forward { (qu + 1, bu) } else { (bu + 1, qu) };
            for &t in &cells[lo..hi] {
                if t != self.blank_label {
                    reading += passed(l, t, forward);
                }
            }
            let (rq, rb) = (self.row[qu] as usize, self.row[bu] as usize);
            order_change(rq * w, rb * w, 1, w, &self.row, self.row[lu], forward)
        };
        HOME_W * home + READING_W * reading + ORDER_W * order
    }

    /// Whether every table reads 0: every pattern home.
    fn home(&self, nd: &Node<N>) -> bool {
        nd.sum[0] == 0
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
                if l != self.blank_label && self.row[l as usize] as usize == line {
                    goals[k] = self.col[l as usize];
                    k += 1;
                }
            }
        } else {
            let col = line - self.h;
            for r in 0..self.h {
                let l = cell(r * w + col);
                if l != self.blank_label && self.col[l as usize] as usize == col {
                    goals[k] = self.row[l as usize];
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

    /// Where a child's entries are, one per component; the entries are prefetched.
    #[inline(always)]
    fn locate(&self, nd: &Node<N>, q: u8) -> Located {
        let l = nd.cells[q as usize];
        let b = nd.blank;
        let pos = |x: usize| if x == l as usize { b } else { nd.pos[x] };
        let mut at = [(0u64, 0u32); MAX_COMPS];
        for (k, comp) in self.comps.iter().enumerate() {
            let t = comp.table_of[l as usize] as usize - comp.first;
            at[k] = self.value(comp, t, pos);
            comp.tables[t].0.prefetch(at[k].0);
        }
        at
    }

    /// The learnt estimate's key for the child of `nd` whose blank goes to `q`, from the
    /// parent's first-layer sums `acc`: eight units a move (as the tables' key counts about
    /// eight a move: four for each of two sums).
    #[inline]
    fn learnt_key(&self, net: &Net, nd: &Node<N>, q: u8, acc: &[i32]) -> u32 {
        let (piece, h2) = (nd.cells[q as usize], net.units().1);
        // Scratch for the second layer, on the stack and no larger than it needs to be.
        let y = if h2 <= 64 {
            let mut hidden = [0f32; 64];
            net.output_after_slide(acc, piece, q as usize, nd.blank as usize, &mut hidden[..h2])
        } else {
            let mut hidden = [0f32; MAX_UNITS];
            net.output_after_slide(acc, piece, q as usize, nd.blank as usize, &mut hidden[..h2])
        };
        (y.max(0.0) * 8.0).round().min(u32::MAX as f32 / 2.0) as u32
    }

    #[inline(always)]
    fn child(&self, nd: &Node<N>, q: u8, at: &Located, acc: &[i32]) -> Cand {
        let l = nd.cells[q as usize];
        let b = nd.blank;
        let mut v = [0u8; MAX_COMPS];
        let mut key = 0u32;
        let mut lb = 0u32;
        for (k, comp) in self.comps.iter().enumerate() {
            let t = comp.table_of[l as usize] as usize;
            v[k] = comp.tables[t - comp.first].0.read(at[k].0, at[k].1);
            let sum = nd.sum[k] as u32 + v[k] as u32 - nd.hv[t] as u32;
            lb = lb.max(sum);
            key += sum;
        }
        if self.comps.len() == 1 {
            // No mirror lookup: the direct sum counts twice, as the two sums would.
            key *= 2;
        }
        key *= TABLE_W;
        // A move along a row changes two columns, one along a column two rows; a line's
        // conflicts change only when the moved tile is one of its own.
        let (row, col) = (&self.row, &self.col);
        let (ia, ib, home) = if row[q as usize] == row[b as usize] {
            (self.h + col[q as usize] as usize, self.h + col[b as usize] as usize, self.h + col[l as usize] as usize)
        } else {
            (row[q as usize] as usize, row[b as usize] as usize, row[l as usize] as usize)
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
        let lca = if home == ia { self.lifts(cell, ia) } else { nd.lc[ia] };
        let lcb = if home == ib { self.lifts(cell, ib) } else { nd.lc[ib] };
        let lct = nd.lct as u32 + lca as u32 + lcb as u32 - nd.lc[ia] as u32 - nd.lc[ib] as u32;
        key += LIFT_W * lct;
        let shape = (nd.shape as i32 + self.shape_change(&nd.cells, l, q, b)) as u32;
        key += shape;
        let (l6, bl6) = (l as usize * 64, self.blank_label as usize * 64);
        let hash = nd.hash ^ self.z[l6 + q as usize] ^ self.z[l6 + b as usize] ^ self.z[bl6 + q as usize] ^ self.z[bl6 + b as usize];
        if let (true, Some(net)) = (cfg!(feature = "learnt"), self.net) {
            key = self.learnt_key(net, nd, q, acc);
        }
        // A key of 0 only for the goal: every tile home by the direct tables.
        let home = nd.sum[0] as u32 + v[0] as u32 == nd.hv[self.comps[0].table_of[l as usize] as usize] as u32;
        let key = if home { 0 } else { key.max(1) };
        Cand { key, step: q as u32, hash, v, lca, lcb, lb: lb as u16, shape }
    }

    fn apply(&self, nd: &Node<N>, c: &Cand) -> Node<N> {
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
        for (k, comp) in self.comps.iter().enumerate() {
            let t = comp.table_of[l as usize] as usize;
            n.sum[k] = n.sum[k] + c.v[k] as u16 - n.hv[t] as u16;
            n.hv[t] = c.v[k];
        }
        let (qu, bu) = (q as usize, b as usize);
        let (ia, ib) = if self.row[qu] == self.row[bu] {
            (self.h + self.col[qu] as usize, self.h + self.col[bu] as usize)
        } else {
            (self.row[qu] as usize, self.row[bu] as usize)
        };
        n.lct = n.lct + c.lca as u16 + c.lcb as u16 - n.lc[ia] as u16 - n.lc[ib] as u16;
        n.lc[ia] = c.lca;
        n.lc[ib] = c.lcb;
        n.hash = c.hash;
        n.shape = c.shape;
        n
    }

    /// The children of `parents` (the layer's boards from index `first`; `accs`, their
    /// first-layer sums when a net ranks them) that may still beat the bound.
    fn expand(&self, parents: &[Node<N>], accs: &[i32], first: usize, depth: u32, out: &mut Vec<Cand>) {
        out.clear();
        let mut at: Vec<(u32, u8, Located)> = Vec::with_capacity(4 * BATCH);
        for (bi, batch) in parents.chunks(BATCH).enumerate() {
            at.clear();
            for (i, nd) in batch.iter().enumerate() {
                for &q in &self.nbr[nd.blank as usize] {
                    if q != u8::MAX && q != nd.back {
                        at.push(((bi * BATCH + i) as u32, q, self.locate(nd, q)));
                    }
                }
            }
            for (i, q, loc) in &at {
                let u = self.units;
                let acc = &accs[(*i as usize * u).min(accs.len())..((*i as usize + 1) * u).min(accs.len())];
                let mut c = self.child(&parents[*i as usize], *q, loc, acc);
                if depth + 1 + c.lb as u32 >= self.bound {
                    continue;
                }
                c.step |= ((first + *i as usize) as u32) << 8;
                out.push(c);
            }
        }
    }

    fn run(&self, start: &Board, width: usize, max_depth: usize, stop: &mut dyn FnMut(u64) -> bool) -> Run {
        let root = self.node(start);
        let (mut nodes, mut expanded) = (1u64, 0u64);
        if self.home(&root) {
            return Run::Solved { blanks: vec![root.blank], nodes, expanded };
        }
        let mut layer: Vec<Node<N>> = vec![root];
        // The layer's first-layer sums, `units` a board, when a net ranks the boards.
        let u = self.units;
        let mut accs: Vec<i32> = vec![0; u];
        let mut next_accs: Vec<i32> = Vec::new();
        if let (true, Some(net)) = (cfg!(feature = "learnt"), self.net) {
            net.first_layer(&root.cells[..self.w * self.h], &mut accs);
        }
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
                let hi = (lo + CHUNK).min(layer.len());
                self.expand(&layer[lo..hi], &accs[lo * u..hi * u], lo, depth as u32, out);
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
            if let (true, Some(net)) = (cfg!(feature = "learnt"), self.net) {
                next_accs.clear();
                next_accs.resize(chosen.len() * u, 0);
                next_accs.par_chunks_mut(u).zip(chosen.par_iter()).for_each(|(a, c)| {
                    let p = (c.step >> 8) as usize;
                    a.copy_from_slice(&accs[p * u..(p + 1) * u]);
                    let q = (c.step & 0xFF) as u8;
                    let parent = &layer[p];
                    net.slide(a, parent.cells[q as usize], q as usize, parent.blank as usize);
                });
                std::mem::swap(&mut accs, &mut next_accs);
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_solvable, Rng};
    use crate::goal::Goal;
    use crate::tables::TableStore;

    /// Along random walks on 6×5 and 5×6 boards, for two goals, the state a move makes from
    /// its parent's (table values and sums, each line's lifts, the shape terms, the hash) is
    /// the state computed afresh from the board.
    #[test]
    fn a_moves_state_is_the_boards_state_computed_afresh() {
        let store = TableStore::in_memory();
        let mut rng = Rng::new(7);
        for (w, h) in [(6, 5), (5, 6)] {
            let set = store.any_goal(&SetSpec::strongest(w, h), false, &|_| {}, None).unwrap();
            for goal in [Goal::BlankLast, Goal::Snail] {
                let goal = goal.board(w, h).unwrap();
                let heur = set.bind(&goal).unwrap();
                let engine = Engine::<36>::new(&heur, u32::MAX, &goal, None);
                let mut nd = engine.node(&random_solvable(&goal, &mut rng));
                for _ in 0..400 {
                    let moves: Vec<u8> = engine.nbr[nd.blank as usize].iter().copied().filter(|&q| q != u8::MAX).collect();
                    let q = moves[rng.below(moves.len() as u64) as usize];
                    let child = engine.child(&nd, q, &engine.locate(&nd, q), &[]);
                    nd = engine.apply(&nd, &child);
                    let tiles = (0..w * h).map(|c| goal.tiles()[nd.cells[c] as usize]).collect();
                    let fresh = engine.node(&Board::new(w, h, tiles).unwrap());
                    assert_eq!(
                        (fresh.shape, fresh.hv, fresh.sum, fresh.lc, fresh.lct, fresh.hash),
                        (nd.shape, nd.hv, nd.sum, nd.lc, nd.lct, nd.hash),
                        "{w}×{h}"
                    );
                    let key = TABLE_W * 2 * nd.sum[0] as u32 + LIFT_W * nd.lct as u32 + nd.shape;
                    assert!(child.key == key || (child.key == 0 && nd.sum[0] == 0), "{} against {key}", child.key);
                }
            }
        }
    }
}
