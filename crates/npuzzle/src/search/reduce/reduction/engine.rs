//! The reduction itself: lines placed one after another, then the final block.
//!
//! Tiles are relabelled by their goal cell, so the tile that belongs in cell `c` is called `c`
//! and the goal is the identity. `cells[c]` is the label now in cell `c`; the blank's label is
//! the goal's blank cell. Only the tiles of the line being placed are followed (their cells are
//! found by one scan of the region when the line starts): keeping every tile's cell up to date
//! would cost a write to a random place in a 4 MB array per move on a 1000×1000 board, a cache
//! miss each time. Every move updates the board in O(1) and goes straight to the output.
//!
//! A line is a row or a column on one side of the unsolved region. Its cells are filled one
//! tile at a time in whatever order is cheapest, except that no single unfilled cell may be left
//! between filled ones (a pocket the blank can only enter from below, so no tile can be pushed
//! into it); gaps of two cells are filled by the two-tile rotation. A tile travels by pushes:
//! the blank walks to the cell in front of it (a priced route, see [`Dims::toward`]) and moves
//! once. Its last steps, next to placed cells, are an exact search in a small window.

use super::around::Around;
use super::local::{LocalSolver, MAX_WINDOW};
use super::route::{dir, step_cell, Dims, Pricing, Router};
use super::{Finisher, ReduceError};
use crate::board::{Board, Move, Tile};

/// Moves kept back from the sink, so that a move undone by the next one can be dropped.
const KEEP: usize = 1 << 15;
/// Moves held at most before the oldest are released.
const HOLD: usize = 1 << 16;

/// Bytes the engine holds per cell of the board: the board as goal cells (4), the placed flags
/// (1), the router's stamps, distances and moves (9), and the goal's cell per tile while the
/// engine is set up (8), rounded up for the router's buckets.
pub(super) const BYTES_PER_CELL: u64 = 24;

/// Bytes the engine holds whatever the board: the held moves and the window searches' tables,
/// rounded up.
pub(super) const FIXED_BYTES: u64 = 1 << 20;

/// How hard the engine works for short solutions, set from the board's size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tuning {
    /// A tile within this many rows and columns of its cell finishes with the window search.
    pub near: usize,
    /// Radius of the square searched for the blank's walk before each push.
    pub radius: usize,
    /// Price of a move that takes a tile away from its goal (1 for a move that brings one
    /// nearer).
    pub bad: u32,
    /// Pricing of the blank's longer trips (to the next tile to move).
    pub trip: Pricing,
    /// A trip longer than this is routed by shortest paths only, whatever `trip` says.
    pub priced_trip: usize,
    /// On a square region, peel a row (else a column).
    pub rows_first: bool,
    /// Fill a line from anywhere that leaves no single-cell gap (else only from the ends of its
    /// unfilled runs).
    pub split: bool,
    /// Weight of the blank's distance to a tile when choosing the next cell (the tile's own
    /// estimated cost weighs 2).
    pub trip_weight: usize,
}

impl Tuning {
    /// The tuning for a `w`×`h` board. Priced trips cost searches that grow with the square of
    /// a trip's length, and a 7×7 walk search per push is dear too: boards up to 110 wide
    /// afford both (100×100 in about a second). Up to 200, trips start greedily and only their
    /// last 16 cells are priced, in a 5×5 square. Beyond, walks round a tile are the
    /// closed-form ring and trips greedy, which keeps a 1000×1000 board near a minute; priced
    /// searches there would take about 6 times as long for 9 % fewer moves (measured at
    /// 300×300).
    pub(super) fn for_board(w: usize, h: usize) -> Tuning {
        let n = w.max(h);
        let quality = Tuning::variant(1, 3, 15, false, false, 3);
        if n <= 110 {
            quality
        } else if n <= 200 {
            Tuning { radius: 2, priced_trip: 16, ..quality }
        } else {
            Tuning { radius: 1, priced_trip: 0, ..quality }
        }
    }

    /// Tunings to try on a `w`×`h` board, keeping the one with the fewest moves: on small
    /// boards a few variants cost milliseconds and the best of eight saves 4-6 % of the moves
    /// (6×6 and 8×8; under 2 % from 20×20 on, where they are not tried).
    pub(super) fn portfolio(w: usize, h: usize) -> Vec<Tuning> {
        if w * h > 256 {
            return vec![Tuning::for_board(w, h)];
        }
        vec![
            Tuning::variant(1, 3, 15, false, false, 3),
            Tuning::variant(1, 2, 15, true, false, 2),
            Tuning::variant(1, 2, 15, false, false, 2),
            Tuning::variant(1, 2, 15, true, true, 2),
            Tuning::variant(1, 2, 15, true, false, 4),
            Tuning::variant(1, 3, 10, false, false, 1),
            Tuning::variant(1, 2, 7, true, true, 4),
            Tuning::variant(2, 2, 5, false, true, 2),
        ]
    }

    /// A tuning with priced trips of any length.
    fn variant(near: usize, radius: usize, bad: u32, rows_first: bool, split: bool, trip_weight: usize) -> Tuning {
        Tuning {
            near,
            radius,
            bad,
            trip: Pricing { bad, inflate: 1, budget: u64::MAX },
            priced_trip: usize::MAX,
            rows_first,
            split,
            trip_weight,
        }
    }
}

/// A rectangle of cells, rows `r0..r1` and columns `c0..c1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rect {
    pub r0: usize,
    pub c0: usize,
    pub r1: usize,
    pub c1: usize,
}

impl Rect {
    /// The smallest rectangle holding every cell of `cells` (non-empty).
    fn around(d: Dims, cells: &[usize]) -> Rect {
        let mut r = Rect { r0: usize::MAX, c0: usize::MAX, r1: 0, c1: 0 };
        for &c in cells {
            let (row, col) = d.rc(c);
            r.r0 = r.r0.min(row);
            r.c0 = r.c0.min(col);
            r.r1 = r.r1.max(row + 1);
            r.c1 = r.c1.max(col + 1);
        }
        r
    }

    fn union(self, o: Rect) -> Rect {
        Rect { r0: self.r0.min(o.r0), c0: self.c0.min(o.c0), r1: self.r1.max(o.r1), c1: self.c1.max(o.c1) }
    }

    /// Grown by `k` on every side, clipped to `within`.
    fn grow(self, k: usize, within: Rect) -> Rect {
        Rect {
            r0: self.r0.saturating_sub(k).max(within.r0),
            c0: self.c0.saturating_sub(k).max(within.c0),
            r1: (self.r1 + k).min(within.r1),
            c1: (self.c1 + k).min(within.c1),
        }
    }

    fn contains(&self, d: Dims, cell: usize) -> bool {
        let (r, c) = d.rc(cell);
        (self.r0..self.r1).contains(&r) && (self.c0..self.c1).contains(&c)
    }

    pub(super) fn width(&self) -> usize {
        self.c1 - self.c0
    }

    pub(super) fn height(&self) -> usize {
        self.r1 - self.r0
    }
}

/// Moves on their way to the sink, held back a little so that a move followed by its inverse
/// never reaches it.
struct Output<'s> {
    held: Vec<Move>,
    sink: &'s mut dyn FnMut(Move),
    emitted: u64,
    cancelled: u64,
}

impl Output<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.held.last() == Some(&m.inverse()) {
            self.held.pop();
            self.cancelled += 1;
            return;
        }
        if self.held.len() == HOLD {
            for m in self.held.drain(..HOLD - KEEP) {
                (self.sink)(m);
            }
            self.emitted += (HOLD - KEEP) as u64;
        }
        self.held.push(m);
    }

    fn flush(&mut self) {
        self.emitted += self.held.len() as u64;
        for m in self.held.drain(..) {
            (self.sink)(m);
        }
    }
}

/// What to fill next in a line: one cell (in the unfilled run `lo..=hi`), or the two cells
/// `j` and `j + 1` together.
#[derive(Clone, Copy, Debug)]
enum Pick {
    One { j: usize, lo: usize, hi: usize },
    Two { j: usize },
}

/// A line to place: `len` cells from `start`, each next one a step `along`; the region lies on
/// the `inward` side, and `rest` is the region once the line is done.
struct Line {
    start: usize,
    along: Move,
    len: usize,
    inward: Move,
    rest: Rect,
}

/// The stop function asked to stop: the cheap error of the inner loops, a
/// [`ReduceError::Cancelled`] outside.
#[derive(Debug)]
pub(super) struct Halt;

impl From<Halt> for ReduceError {
    fn from(_: Halt) -> ReduceError {
        ReduceError::Cancelled
    }
}

/// Counters the engine reports.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counts {
    pub made: u64,
    pub emitted: u64,
    pub cancelled: u64,
    pub placed: u64,
    pub finisher_moves: u64,
    pub routed: u64,
    pub searches: u64,
}

/// The engine's state for one run.
pub(super) struct Engine<'s> {
    d: Dims,
    tuning: Tuning,
    cells: Vec<u32>,
    /// First cell of the line being placed, and whether it runs down a column.
    line_start: usize,
    line_down: bool,
    /// Cell of each tile of that line, by its index along the line.
    line_pos: Vec<u32>,
    blank: usize,
    blank_label: u32,
    locked: Vec<bool>,
    router: Router,
    local: LocalSolver,
    around: Around,
    path: Vec<Move>,
    out: Output<'s>,
    stop: &'s dyn Fn(u64) -> bool,
    poll_every: u64,
    next_poll: u64,
    made: u64,
    placed: u64,
    finisher_moves: u64,
}

impl<'s> Engine<'s> {
    /// An engine for `start` → `goal` (same size, checked by the caller).
    pub(super) fn new(
        start: &Board,
        goal: &Board,
        tuning: Tuning,
        sink: &'s mut dyn FnMut(Move),
        stop: &'s dyn Fn(u64) -> bool,
        poll_every: u64,
    ) -> Engine<'s> {
        let d = Dims::new(start.width(), start.height());
        let goal_pos = goal.positions();
        let cells: Vec<u32> = start.tiles().iter().map(|&t| goal_pos[t as usize] as u32).collect();
        let poll_every = poll_every.max(1);
        Engine {
            d,
            tuning,
            blank: start.blank(),
            blank_label: goal.blank() as u32,
            line_start: 0,
            line_down: false,
            line_pos: Vec::new(),
            locked: vec![false; cells.len()],
            cells,
            router: Router::new(d),
            local: LocalSolver::default(),
            around: Around::default(),
            path: Vec::new(),
            out: Output { held: Vec::with_capacity(HOLD), sink, emitted: 0, cancelled: 0 },
            stop,
            poll_every,
            next_poll: poll_every,
            made: 0,
            placed: 0,
            finisher_moves: 0,
        }
    }

    /// Places every line outside `block`.
    pub(super) fn reduce_lines(&mut self, block: Rect) -> Result<(), ReduceError> {
        let mut region = Rect { r0: 0, c0: 0, r1: self.d.h, c1: self.d.w };
        let mut line_cells = Vec::new();
        let mut filled = Vec::new();
        while let Some(line) = self.next_line(region, block) {
            line_cells.clear();
            let mut c = line.start;
            for j in 0..line.len {
                line_cells.push(c);
                if j + 1 < line.len {
                    c = step_cell(self.d.w, c, line.along);
                }
            }
            filled.clear();
            filled.resize(line.len, false);
            self.follow(&line, region);
            self.place_line(&line_cells, &mut filled, line.inward, region)?;
            region = line.rest;
        }
        Ok(())
    }

    /// Moves made so far, those later cancelled included.
    pub(super) fn made(&self) -> u64 {
        self.made
    }

    /// Moves made so far, less those cancelled.
    pub(super) fn moves_so_far(&self) -> u64 {
        self.out.emitted + self.out.held.len() as u64
    }

    /// Has `finisher` solve `block` (all else placed), checks the whole board and hands the
    /// last moves to the sink.
    pub(super) fn finish(&mut self, block: Rect, finisher: &mut dyn Finisher) -> Result<Counts, ReduceError> {
        self.finish_block(block, finisher)?;
        if self.cells.iter().enumerate().any(|(c, &l)| l as usize != c) {
            return Err(ReduceError::Internal("the board is not at the goal after the final block".into()));
        }
        self.out.flush();
        Ok(Counts {
            made: self.made,
            emitted: self.out.emitted,
            cancelled: self.out.cancelled,
            placed: self.placed,
            finisher_moves: self.finisher_moves,
            routed: self.router.expanded,
            searches: self.local.searches,
        })
    }

    /// The next line to peel off `region`, or `None` when only `block` is left. The longer side
    /// shrinks first: its lines are the shorter ones, and a squarer region keeps every later
    /// tile's trip short.
    fn next_line(&self, region: Rect, block: Rect) -> Option<Line> {
        let (top, bottom) = (region.r0 < block.r0, region.r1 > block.r1);
        let (left, right) = (region.c0 < block.c0, region.c1 > block.c1);
        let rows = top || bottom;
        let cols = left || right;
        if !rows && !cols {
            return None;
        }
        let (br, bc) = self.d.rc(self.blank);
        let w = self.d.w;
        if rows && (!cols || region.height() > region.width() || (region.height() == region.width() && self.tuning.rows_first)) {
            // Of two sides, the one nearer the blank.
            let use_top = top && (!bottom || br - region.r0 <= region.r1 - 1 - br);
            let row = if use_top { region.r0 } else { region.r1 - 1 };
            let mut rest = region;
            if use_top {
                rest.r0 += 1;
            } else {
                rest.r1 -= 1;
            }
            Some(Line {
                start: row * w + region.c0,
                along: Move::Right,
                len: region.width(),
                inward: if use_top { Move::Down } else { Move::Up },
                rest,
            })
        } else {
            let use_left = left && (!right || bc - region.c0 <= region.c1 - 1 - bc);
            let col = if use_left { region.c0 } else { region.c1 - 1 };
            let mut rest = region;
            if use_left {
                rest.c0 += 1;
            } else {
                rest.c1 -= 1;
            }
            Some(Line {
                start: region.r0 * w + col,
                along: Move::Down,
                len: region.height(),
                inward: if use_left { Move::Right } else { Move::Left },
                rest,
            })
        }
    }

    /// Starts following the tiles of `line`: finds their cells by one scan of `region`.
    fn follow(&mut self, line: &Line, region: Rect) {
        self.line_start = line.start;
        self.line_down = line.along == Move::Down;
        self.line_pos.clear();
        self.line_pos.resize(line.len, 0);
        // No tile of the line is followed while scanning, so none is missed or misplaced.
        let len = line.len;
        for r in region.r0..region.r1 {
            for c in region.c0..region.c1 {
                let cell = r * self.d.w + c;
                let l = self.cells[cell] as usize;
                if let Some(j) = self.line_index_in(l, len) {
                    self.line_pos[j] = cell as u32;
                }
            }
        }
    }

    /// The index along the current line of label `l`'s cell, if `l` belongs to that line.
    #[inline(always)]
    fn line_index(&self, l: usize) -> Option<usize> {
        self.line_index_in(l, self.line_pos.len())
    }

    #[inline(always)]
    fn line_index_in(&self, l: usize, len: usize) -> Option<usize> {
        let off = l.checked_sub(self.line_start)?;
        if self.line_down {
            let (r, c) = self.d.rc(off);
            (c == 0 && r < len).then_some(r)
        } else {
            (off < len).then_some(off)
        }
    }

    /// The cell of label `l`, a tile of the current line.
    #[inline]
    fn pos(&self, l: usize) -> usize {
        let j = self.line_index(l);
        debug_assert!(j.is_some(), "label {l} is not on the current line");
        self.line_pos[j.unwrap_or(0)] as usize
    }

    /// One move of the blank: updates the board, hands the move on, polls for a stop.
    #[inline(always)]
    fn step(&mut self, m: Move) -> Result<(), Halt> {
        let b = self.blank;
        let to = step_cell(self.d.w, b, m);
        let l = self.cells[to];
        self.cells[b] = l;
        if let Some(j) = self.line_index(l as usize) {
            self.line_pos[j] = b as u32;
        }
        self.cells[to] = self.blank_label;
        self.blank = to;
        self.out.push(m);
        self.made += 1;
        if self.made >= self.next_poll {
            self.next_poll += self.poll_every;
            if (self.stop)(self.made) {
                return Err(Halt);
            }
        }
        Ok(())
    }

    /// Makes the moves in `self.path`.
    fn run_path(&mut self) -> Result<(), Halt> {
        let path = std::mem::take(&mut self.path);
        let mut result = Ok(());
        for &m in &path {
            result = self.step(m);
            if result.is_err() {
                break;
            }
        }
        self.path = path;
        result
    }

    /// Finds (into `self.path`) a route of the blank to `to` that avoids `avoid` and the placed
    /// cells, priced as the tuning says (falling back to a shortest route when a priced search
    /// runs out of budget). Returns its price.
    fn find_route(&mut self, to: usize, avoid: &[usize]) -> Option<u32> {
        let t = self.tuning;
        if self.d.manhattan(self.blank, to) <= t.priced_trip {
            let found = self.router.route(&self.cells, &self.locked, avoid, self.blank, to, t.trip, &mut self.path);
            if found.is_some() {
                return found;
            }
        }
        // Shortest routes, helpful moves first among equals.
        let shortest = Pricing { bad: 1, inflate: 1, budget: u64::MAX };
        self.router.route(&self.cells, &self.locked, avoid, self.blank, to, shortest, &mut self.path)
    }

    /// Takes the blank to `to` avoiding `avoid` and the placed cells; false if it cannot get
    /// there. A trip longer than the tuning prices starts greedily: each move brings the blank
    /// closer, helping the tile it displaces when it can, until the way is blocked or the rest
    /// is short enough to route.
    fn travel(&mut self, to: usize, avoid: &[usize]) -> Result<bool, Halt> {
        let d = self.d;
        let (tr, tc) = d.rc(to);
        loop {
            let (br, bc) = d.rc(self.blank);
            let (dr, dc) = (br.abs_diff(tr), bc.abs_diff(tc));
            if dr + dc <= self.tuning.priced_trip.max(1) {
                break;
            }
            let vert = if tr < br { Move::Up } else { Move::Down };
            let horiz = if tc < bc { Move::Left } else { Move::Right };
            let (first, second) = if dr >= dc { (vert, horiz) } else { (horiz, vert) };
            let mut pick: Option<(bool, Move)> = None;
            for (m, remaining) in [(first, dr.max(dc)), (second, dr.min(dc))] {
                if remaining == 0 {
                    continue;
                }
                let next = step_cell(d.w, self.blank, m);
                if self.locked[next] || avoid.contains(&next) {
                    continue;
                }
                let (nr, nc) = d.rc(next);
                let helps = d.toward(self.cells[next] as usize, nr, nc, m.inverse());
                if pick.is_none_or(|(h, _)| helps && !h) {
                    pick = Some((helps, m));
                }
            }
            let Some((_, m)) = pick else { break };
            self.step(m)?;
        }
        if self.find_route(to, avoid).is_none() {
            return Ok(false);
        }
        self.run_path()?;
        Ok(true)
    }

    /// Fills one line: cells in the order that looks cheapest, gaps of two by the rotation.
    fn place_line(&mut self, line: &[usize], filled: &mut [bool], inward: Move, region: Rect) -> Result<(), ReduceError> {
        while let Some(pick) = self.pick(line, filled) {
            match pick {
                Pick::One { j, lo, hi } => {
                    let a = j.saturating_sub(1).clamp(lo, hi - 2);
                    let guard = self.band(line[a], line[a + 2], inward);
                    self.place_single(line[j], line[j], guard, inward, region)?;
                    self.placed += 1;
                    filled[j] = true;
                }
                Pick::Two { j } => {
                    let a = j.saturating_sub(1);
                    let b = (j + 2).min(line.len() - 1);
                    let guard = self.band(line[a], line[b], inward);
                    self.place_pair(line[j], line[j + 1], guard, inward, region)?;
                    self.placed += 2;
                    filled[j] = true;
                    filled[j + 1] = true;
                }
            }
        }
        Ok(())
    }

    /// The rectangle from line cells `a` to `b` reaching three cells deep into the region.
    fn band(&self, a: usize, b: usize, inward: Move) -> Rect {
        let deep = |c: usize| step_cell(self.d.w, step_cell(self.d.w, c, inward), inward);
        Rect::around(self.d, &[a, b, deep(a), deep(b)])
    }

    /// Estimated moves to push a tile from `p` to `t` in open space: a staircase costs about 3
    /// moves a step, a straight run 5.
    fn tile_cost(&self, p: usize, t: usize) -> usize {
        let ((pr, pc), (tr, tc)) = (self.d.rc(p), self.d.rc(t));
        let (dr, dc) = (pr.abs_diff(tr), pc.abs_diff(tc));
        5 * dr.max(dc) + dr.min(dc)
    }

    /// The estimated cost of bringing label `l` to cell `t` now, the blank's trip included.
    fn single_cost(&self, l: usize, t: usize) -> usize {
        let p = self.pos(l);
        if p == t {
            return 0;
        }
        (self.tuning.trip_weight * self.d.manhattan(self.blank, p) + 2 * self.tile_cost(p, t)) / 2
    }

    /// The cheapest allowed next step for a line. Every unfilled run of cells stays at least
    /// two long, and a run is only split where that leaves no new two-cell gap: each gap costs
    /// a rotation, which measured more than the freedom to split is worth.
    fn pick(&self, line: &[usize], filled: &[bool]) -> Option<Pick> {
        let mut best: Option<(usize, Pick)> = None;
        let mut consider = |cost: usize, p: Pick| {
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, p));
            }
        };
        // Filled only from run ends, a line keeps a single run: skip straight to it.
        let (mut j, end) = if self.tuning.split {
            (0, line.len())
        } else {
            let lo = filled.iter().position(|&f| !f).unwrap_or(line.len());
            let hi = filled.iter().rposition(|&f| !f).map_or(lo, |h| h + 1);
            (lo, hi)
        };
        while j < end {
            if filled[j] {
                j += 1;
                continue;
            }
            let lo = j;
            while j < line.len() && !filled[j] {
                j += 1;
            }
            let hi = j - 1;
            if hi == lo + 1 {
                let (a, b) = (line[lo], line[hi]);
                let cost = if self.pos(a) == a && self.pos(b) == b { 0 } else { self.single_cost(a, a).min(self.single_cost(b, b)) };
                consider(cost, Pick::Two { j: lo });
            } else if self.tuning.split {
                for (k, &cell) in line.iter().enumerate().take(hi + 1).skip(lo) {
                    if k != lo + 1 && k + 1 != hi {
                        consider(self.single_cost(cell, cell), Pick::One { j: k, lo, hi });
                    }
                }
            } else {
                consider(self.single_cost(line[lo], line[lo]), Pick::One { j: lo, lo, hi });
                consider(self.single_cost(line[hi], line[hi]), Pick::One { j: hi, lo, hi });
            }
        }
        best.map(|(_, p)| p)
    }

    /// Brings label `l` to cell `t` and locks it there. `guard` is a free area around `t`
    /// (line cells three deep) in which the final search always has a solution.
    fn place_single(&mut self, l: usize, t: usize, guard: Rect, inward: Move, region: Rect) -> Result<(), ReduceError> {
        loop {
            let p = self.pos(l);
            if p == t {
                break;
            }
            let ((pr, pc), (tr, tc)) = (self.d.rc(p), self.d.rc(t));
            if pr.abs_diff(tr) <= self.tuning.near && pc.abs_diff(tc) <= self.tuning.near {
                self.endgame(&[(l, t)], guard, region)?;
                break;
            }
            self.push_toward(l, t, t, inward)?;
        }
        self.locked[t] = true;
        Ok(())
    }

    /// Pushes label `l` one cell towards `t`. Of the (at most two) directions that bring it
    /// closer, the one whose front cell the blank reaches for the least price; ties go to the
    /// longer way left. Mostly that makes the tile walk a staircase (3 moves a step) rather
    /// than a straight line (5).
    ///
    /// The tile keeps off the line being filled (the cells in line with `line` across
    /// `inward`) except to enter `t` itself: along the line, placed cells may stand between it
    /// and its cell, and the last steps are the window search's job anyway.
    fn push_toward(&mut self, l: usize, t: usize, line: usize, inward: Move) -> Result<(), ReduceError> {
        let d = self.d;
        let p = self.pos(l);
        let (lr, lc) = d.rc(line);
        let on_line = |c: usize| match inward {
            Move::Up | Move::Down => d.row(c) == lr,
            Move::Left | Move::Right => d.rc(c).1 == lc,
        };
        let ((pr, pc), (tr, tc)) = (d.rc(p), d.rc(t));
        let vert = match tr.cmp(&pr) {
            std::cmp::Ordering::Less => Some(Move::Up),
            std::cmp::Ordering::Greater => Some(Move::Down),
            std::cmp::Ordering::Equal => None,
        };
        let horiz = match tc.cmp(&pc) {
            std::cmp::Ordering::Less => Some(Move::Left),
            std::cmp::Ordering::Greater => Some(Move::Right),
            std::cmp::Ordering::Equal => None,
        };
        let dirs = if pr.abs_diff(tr) >= pc.abs_diff(tc) { [vert, horiz] } else { [horiz, vert] };
        let mut fronts = [0usize; 2];
        let mut nf = 0;
        for m in dirs.into_iter().flatten() {
            let Some(q) = d.neighbor(p, m) else { continue };
            if !self.locked[q] && (!on_line(q) || q == t) {
                fronts[nf] = q;
                nf += 1;
            }
        }
        let fronts = &fronts[..nf];
        // The blank close by: price the walks to every front cell at once.
        let radius = self.tuning.radius;
        let (br, bc) = d.rc(self.blank);
        if !fronts.is_empty() && br.abs_diff(pr) <= radius && bc.abs_diff(pc) <= radius {
            let bad = self.tuning.bad as u16;
            if radius == 1 {
                let costs = Around::ring(d, &self.cells, &self.locked, p, self.blank, bad, fronts);
                let mut best: Option<(u16, usize, bool)> = None;
                for (&q, c) in fronts.iter().zip(costs) {
                    if let Some((c, cw)) = c {
                        if best.is_none_or(|(bc, _, _)| c < bc) {
                            best = Some((c, q, cw));
                        }
                    }
                }
                if let Some((_, q, cw)) = best {
                    self.path.clear();
                    Around::ring_walk(d, p, self.blank, q, cw, &mut self.path);
                    self.run_path()?;
                    return Ok(self.step(dir(d.w, q, p))?);
                }
            } else {
                let costs = self.around.search(d, &self.cells, &self.locked, p, self.blank, radius, bad, fronts);
                let mut best: Option<(u16, usize)> = None;
                for (&q, c) in fronts.iter().zip(costs) {
                    if let Some(c) = c {
                        if best.is_none_or(|(bc, _)| c < bc) {
                            best = Some((c, q));
                        }
                    }
                }
                if let Some((_, q)) = best {
                    self.path.clear();
                    self.around.walk(d, p, radius, q, &mut self.path);
                    self.run_path()?;
                    return Ok(self.step(dir(d.w, q, p))?);
                }
            }
        }
        // Farther: head for the front cell nearest the blank.
        let mut order = [0usize; 2];
        order[..nf].copy_from_slice(fronts);
        if nf == 2 && d.manhattan(self.blank, order[1]) < d.manhattan(self.blank, order[0]) {
            order.swap(0, 1);
        }
        for &q in &order[..nf] {
            if self.travel(q, &[p])? {
                return Ok(self.step(dir(d.w, q, p))?);
            }
        }
        // No way closer: the tile is on the line, beyond placed cells. Step off it.
        for m in [inward, inward.inverse(), Move::Up, Move::Down, Move::Left, Move::Right] {
            let Some(q) = d.neighbor(p, m) else { continue };
            if !self.locked[q] && !on_line(q) && self.travel(q, &[p])? {
                return Ok(self.step(dir(d.w, q, p))?);
            }
        }
        Err(ReduceError::Internal(format!("tile at cell {p} cannot move")))
    }

    /// Finishes the tracked tiles `(label, target)` by an exact search in a window holding
    /// them, their targets, the blank and `guard`, inside `region`.
    fn endgame(&mut self, tracked: &[(usize, usize)], guard: Rect, region: Rect) -> Result<(), ReduceError> {
        let d = self.d;
        let w = d.w;
        let mut pts = [0usize; 4];
        let mut avoid = [usize::MAX; 2];
        for (i, &(l, t)) in tracked.iter().enumerate() {
            pts[2 * i] = self.pos(l);
            pts[2 * i + 1] = t;
            avoid[i] = self.pos(l);
        }
        let pts = &pts[..2 * tracked.len()];
        let avoid = &avoid[..tracked.len()];
        let grow = if tracked.len() == 1 { 1 } else { 0 };
        let mut rect = Rect::around(d, pts).union(guard).grow(grow, region);
        if !rect.contains(d, self.blank) {
            // Bring the blank into the window: to its free cells in order of distance until
            // one is reachable (the tracked tiles may wall one off).
            let mut spots = [(0usize, 0usize); MAX_WINDOW];
            let mut ns = 0;
            for r in rect.r0..rect.r1 {
                for c in rect.c0..rect.c1 {
                    let cell = r * w + c;
                    if ns < MAX_WINDOW && !self.locked[cell] && !avoid.contains(&cell) {
                        spots[ns] = (d.manhattan(self.blank, cell), cell);
                        ns += 1;
                    }
                }
            }
            spots[..ns].sort_unstable();
            let mut inside = false;
            for &(_, cell) in &spots[..ns] {
                if self.travel(cell, avoid)? {
                    inside = true;
                    break;
                }
            }
            if !inside {
                return Err(ReduceError::Internal("the blank cannot reach the endgame window".into()));
            }
        }
        for _ in 0..4 {
            let (ww, wh) = (rect.width(), rect.height());
            if ww * wh > MAX_WINDOW {
                break;
            }
            let local = |c: usize| {
                let (r, col) = d.rc(c);
                (r - rect.r0) * ww + (col - rect.c0)
            };
            let mut mask = 0u64;
            for r in rect.r0..rect.r1 {
                for c in rect.c0..rect.c1 {
                    if !self.locked[r * w + c] {
                        mask |= 1 << ((r - rect.r0) * ww + (c - rect.c0));
                    }
                }
            }
            let mut tiles = [(0usize, 0usize); 2];
            for (i, &(l, t)) in tracked.iter().enumerate() {
                tiles[i] = (local(self.pos(l)), local(t));
            }
            self.path.clear();
            let ok = self.local.solve(ww, wh, mask, local(self.blank), &tiles[..tracked.len()], &mut self.path);
            if ok {
                return Ok(self.run_path()?);
            }
            rect = rect.grow(1, region);
        }
        Err(ReduceError::Internal("no endgame found in the window".into()))
    }

    /// Fills the two adjacent cells `a` and `b` of a line together. One of their tiles first
    /// goes to either cell (in the line it blocks nothing), the other is brought into the band
    /// below, then an exact search over both tiles and the blank in that band finishes: it
    /// covers every special case of the classic rotation.
    fn place_pair(&mut self, a: usize, b: usize, band: Rect, inward: Move, region: Rect) -> Result<(), ReduceError> {
        if self.pos(a) != a || self.pos(b) != b {
            // Which tile goes first, and to which of the two cells.
            let mut best = (usize::MAX, a, a);
            for (l, t) in [(a, a), (a, b), (b, a), (b, b)] {
                let c = self.single_cost(l, t);
                if c < best.0 {
                    best = (c, l, t);
                }
            }
            let (_, first, spot) = best;
            let other = if first == a { b } else { a };
            self.place_single(first, spot, band, inward, region)?;
            let aim = step_cell(self.d.w, other, inward);
            while !band.contains(self.d, self.pos(other)) {
                self.push_toward(other, aim, other, inward)?;
            }
            self.locked[spot] = false;
            self.endgame(&[(a, a), (b, b)], band, region)?;
        }
        self.locked[a] = true;
        self.locked[b] = true;
        Ok(())
    }

    /// The final block as a standalone board (tiles numbered 1.. in the block's row-major order
    /// of their goal cells) and its goal.
    pub(super) fn block_boards(&self, block: Rect) -> Result<(Board, Board), ReduceError> {
        let d = self.d;
        let (bw, bh) = (block.width(), block.height());
        let global = |i: usize| (block.r0 + i / bw) * d.w + block.c0 + i % bw;
        let mut number = vec![0 as Tile; bw * bh];
        let mut next = 1;
        for (i, n) in number.iter_mut().enumerate() {
            if global(i) != self.blank_label as usize {
                *n = next;
                next += 1;
            }
        }
        let mut start = Vec::with_capacity(bw * bh);
        for i in 0..bw * bh {
            let l = self.cells[global(i)] as usize;
            if !block.contains(d, l) {
                return Err(ReduceError::Internal("a tile outside the final block was not placed".into()));
            }
            let (r, c) = d.rc(l);
            start.push(number[(r - block.r0) * bw + c - block.c0]);
        }
        let bad = |e: crate::error::BoardError| ReduceError::Internal(format!("final block: {e}"));
        Ok((Board::new(bw, bh, start).map_err(bad)?, Board::new(bw, bh, number).map_err(bad)?))
    }

    /// Solves the final block with `finisher` and checks its answer.
    fn finish_block(&mut self, block: Rect, finisher: &mut dyn Finisher) -> Result<(), ReduceError> {
        let d = self.d;
        let (bw, bh) = (block.width(), block.height());
        let global = |i: usize| (block.r0 + i / bw) * d.w + block.c0 + i % bw;
        let (start, goal) = self.block_boards(block)?;
        let moves = finisher.finish(&start, &goal).map_err(ReduceError::Finisher)?;
        for m in moves {
            let (r, c) = d.rc(self.blank);
            if crate::board::neighbor(bw, bh, (r - block.r0) * bw + c - block.c0, m).is_none() {
                return Err(ReduceError::Finisher(format!("move {} leaves the final block", m.letter())));
            }
            self.step(m)?;
            self.finisher_moves += 1;
        }
        if (0..bw * bh).any(|i| self.cells[global(i)] as usize != global(i)) {
            return Err(ReduceError::Finisher("the finisher's moves do not solve the final block".into()));
        }
        Ok(())
    }
}
