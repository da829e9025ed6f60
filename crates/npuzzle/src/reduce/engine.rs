//! The reduction itself: lines placed one after another, then the final block.
//!
//! Tiles are relabelled by their goal cell, so the tile that belongs in cell `c` is called `c`
//! and the goal is the identity. `cells[c]` is the label now in cell `c`, `pos[l]` the cell of
//! label `l`; the blank's label is the goal's blank cell. Every move updates both in O(1) and
//! goes straight to the output.
//!
//! A line is a row or a column on one side of the unsolved region. Its cells are filled one
//! tile at a time in whatever order is cheapest, except that no single unfilled cell may be left
//! between filled ones (a pocket the blank can only enter from below, so no tile can be pushed
//! into it); gaps of two cells are filled by the two-tile rotation. A tile first travels by
//! greedy pushes (the blank routed to the cell in front of it, then one move), then finishes
//! with an exact search in a small window around its cell.

use super::local::{LocalSolver, MAX_WINDOW};
use super::route::{dir, manhattan, step_cell, Router};
use super::{Finisher, ReduceError};
use crate::board::{Board, Move, Tile};

/// A tile within this many rows and columns of its cell finishes with the window search.
const NEAR: usize = 2;
/// Moves kept back from the sink, so that a move undone by the next one can be dropped.
const KEEP: usize = 1 << 15;
/// Moves held at most before the oldest are released.
const HOLD: usize = 1 << 16;

/// A rectangle of cells, rows `r0..r1` and columns `c0..c1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rect {
    pub r0: usize,
    pub c0: usize,
    pub r1: usize,
    pub c1: usize,
}

impl Rect {
    /// The smallest rectangle holding every cell of `cells` (non-empty) on a board `w` wide.
    fn around(w: usize, cells: &[usize]) -> Rect {
        let mut r = Rect { r0: usize::MAX, c0: usize::MAX, r1: 0, c1: 0 };
        for &c in cells {
            let (row, col) = (c / w, c % w);
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

    fn contains(&self, w: usize, cell: usize) -> bool {
        let (r, c) = (cell / w, cell % w);
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

/// What to fill next in a line: one cell, or the two cells `j` and `j + 1` together.
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

/// Counters the engine reports.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counts {
    pub emitted: u64,
    pub cancelled: u64,
    pub placed: u64,
    pub finisher_moves: u64,
    pub routed: u64,
    pub searches: u64,
}

/// The engine's state for one run.
pub(super) struct Engine<'s> {
    w: usize,
    h: usize,
    cells: Vec<u32>,
    pos: Vec<u32>,
    blank: usize,
    blank_label: u32,
    locked: Vec<bool>,
    router: Router,
    local: LocalSolver,
    path: Vec<Move>,
    out: Output<'s>,
    stop: &'s dyn Fn() -> bool,
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
        sink: &'s mut dyn FnMut(Move),
        stop: &'s dyn Fn() -> bool,
        poll_every: u64,
    ) -> Engine<'s> {
        let (w, h) = (start.width(), start.height());
        let goal_pos = goal.positions();
        let cells: Vec<u32> = start.tiles().iter().map(|&t| goal_pos[t as usize] as u32).collect();
        let mut pos = vec![0u32; cells.len()];
        for (c, &l) in cells.iter().enumerate() {
            pos[l as usize] = c as u32;
        }
        let poll_every = poll_every.max(1);
        Engine {
            w,
            h,
            blank: start.blank(),
            blank_label: goal.blank() as u32,
            pos,
            cells,
            locked: vec![false; w * h],
            router: Router::new(w, h),
            local: LocalSolver::default(),
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

    /// Places every line outside `block`, then has `finisher` solve the block.
    pub(super) fn run(&mut self, block: Rect, finisher: &mut dyn Finisher) -> Result<Counts, ReduceError> {
        let mut region = Rect { r0: 0, c0: 0, r1: self.h, c1: self.w };
        let mut line_cells = Vec::new();
        let mut filled = Vec::new();
        while let Some(line) = self.next_line(region, block) {
            line_cells.clear();
            line_cells.extend((0..line.len).scan(line.start, |c, j| {
                let cell = *c;
                if j + 1 < line.len {
                    *c = step_cell(self.w, *c, line.along);
                }
                Some(cell)
            }));
            filled.clear();
            filled.resize(line.len, false);
            self.place_line(&line_cells, &mut filled, line.inward, region)?;
            region = line.rest;
        }
        self.finish_block(block, finisher)?;
        if self.cells.iter().enumerate().any(|(c, &l)| l as usize != c) {
            return Err(ReduceError::Internal("the board is not at the goal after the final block".into()));
        }
        self.out.flush();
        Ok(Counts {
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
        let (br, bc) = (self.blank / self.w, self.blank % self.w);
        let w = self.w;
        if rows && (!cols || region.height() >= region.width()) {
            // Of two sides, the one nearer the blank: the first tile is then likely nearer too.
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

    /// One move of the blank: updates the board, hands the move on, polls for a stop.
    #[inline]
    fn step(&mut self, m: Move) -> Result<(), ReduceError> {
        let b = self.blank;
        let to = step_cell(self.w, b, m);
        let l = self.cells[to];
        self.cells[b] = l;
        self.pos[l as usize] = b as u32;
        self.cells[to] = self.blank_label;
        self.pos[self.blank_label as usize] = to as u32;
        self.blank = to;
        self.out.push(m);
        self.made += 1;
        if self.made >= self.next_poll {
            self.next_poll += self.poll_every;
            if (self.stop)() {
                return Err(ReduceError::Cancelled);
            }
        }
        Ok(())
    }

    /// Makes the moves in `self.path`.
    fn run_path(&mut self) -> Result<(), ReduceError> {
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

    /// Finds (into `self.path`) a shortest route of the blank to `to` that avoids `avoid` and
    /// the placed cells. Among equally short routes it prefers, move by move, to pull tiles
    /// towards their own goal cells: each move of the blank shifts one tile the other way.
    fn find_route(&mut self, to: usize, avoid: &[usize]) -> bool {
        let (w, cells) = (self.w, &self.cells);
        let prefer = |nb: usize, m: Move| -> i32 {
            let goal = cells[nb] as usize;
            let back = step_cell(w, nb, m.inverse());
            manhattan(w, nb, goal) as i32 - manhattan(w, back, goal) as i32
        };
        self.router.route(&self.locked, avoid, self.blank, to, &mut self.path, &prefer)
    }

    /// Moves the blank to `to` avoiding `avoid` and the placed cells.
    fn route_blank(&mut self, to: usize, avoid: &[usize]) -> Result<(), ReduceError> {
        if !self.find_route(to, avoid) {
            return Err(ReduceError::Internal(format!("no route for the blank from cell {} to cell {to}", self.blank)));
        }
        self.run_path()
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
        let deep = |c: usize| step_cell(self.w, step_cell(self.w, c, inward), inward);
        Rect::around(self.w, &[a, b, deep(a), deep(b)])
    }

    /// Estimated moves to push a tile from `p` to `t` in open space: a staircase costs about 3
    /// moves a step, a straight run 5.
    fn tile_cost(&self, p: usize, t: usize) -> usize {
        let (dr, dc) = ((p / self.w).abs_diff(t / self.w), (p % self.w).abs_diff(t % self.w));
        5 * dr.max(dc) + dr.min(dc)
    }

    /// The estimated cost of bringing label `l` to cell `t` now, the blank's trip included.
    fn single_cost(&self, l: usize, t: usize) -> usize {
        let p = self.pos[l] as usize;
        if p == t {
            return 0;
        }
        manhattan(self.w, self.blank, p) + self.tile_cost(p, t)
    }

    /// The cheapest allowed next step for a line: every unfilled run of cells is at least two
    /// long, so a single cell may only be filled if it leaves no run of one behind.
    fn pick(&self, line: &[usize], filled: &[bool]) -> Option<Pick> {
        let mut best: Option<(usize, Pick)> = None;
        let mut consider = |cost: usize, p: Pick| {
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, p));
            }
        };
        let mut j = 0;
        while j < line.len() {
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
                let (pa, pb) = (self.pos[a] as usize, self.pos[b] as usize);
                let cost = if pa == a && pb == b {
                    0
                } else {
                    manhattan(self.w, self.blank, pa).min(manhattan(self.w, self.blank, pb))
                        + self.tile_cost(pa, a)
                        + self.tile_cost(pb, b)
                        + 8
                };
                consider(cost, Pick::Two { j: lo });
            } else {
                for (k, &cell) in line.iter().enumerate().take(hi + 1).skip(lo) {
                    if k != lo + 1 && k + 1 != hi {
                        consider(self.single_cost(cell, cell), Pick::One { j: k, lo, hi });
                    }
                }
            }
        }
        best.map(|(_, p)| p)
    }

    /// Brings label `l` to cell `t` and locks it there. `guard` is a free area around `t`
    /// (three line cells, three deep) in which the final search always has a solution.
    fn place_single(&mut self, l: usize, t: usize, guard: Rect, inward: Move, region: Rect) -> Result<(), ReduceError> {
        loop {
            let p = self.pos[l] as usize;
            if p == t {
                break;
            }
            let (dr, dc) = ((p / self.w).abs_diff(t / self.w), (p % self.w).abs_diff(t % self.w));
            if dr <= NEAR && dc <= NEAR {
                self.endgame(&[(l, t)], guard, region)?;
                break;
            }
            self.push_toward(l, t, t, inward)?;
        }
        self.locked[t] = true;
        Ok(())
    }

    /// Pushes label `l` one cell towards `t`: of the (at most two) directions that bring it
    /// closer, the one the blank reaches in fewest moves, ties going to the longer way left, so
    /// the tile walks a staircase (3 moves a step) rather than a straight line (5).
    ///
    /// The tile keeps off the line being filled (the cells in line with `line` across
    /// `inward`) except to enter `t` itself: along the line, placed cells may stand between it
    /// and its cell, and the last steps are the window search's job anyway.
    fn push_toward(&mut self, l: usize, t: usize, line: usize, inward: Move) -> Result<(), ReduceError> {
        let w = self.w;
        let p = self.pos[l] as usize;
        let on_line = |c: usize| match inward {
            Move::Up | Move::Down => c / w == line / w,
            Move::Left | Move::Right => c % w == line % w,
        };
        let (pr, pc, tr, tc) = (p / w, p % w, t / w, t % w);
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
        let near = manhattan(w, self.blank, p) <= 3;
        let mut best: Option<(usize, usize)> = None;
        for d in dirs.into_iter().flatten() {
            let Some(q) = crate::board::neighbor(w, self.h, p, d) else { continue };
            if self.locked[q] || (on_line(q) && q != t) {
                continue;
            }
            let cost = if q == self.blank {
                0
            } else if near {
                if !self.find_route(q, &[p]) {
                    continue;
                }
                self.path.len()
            } else {
                manhattan(w, self.blank, q)
            };
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, q));
            }
        }
        if best.is_none() {
            // No way closer: the tile is on the line, beyond placed cells. Step off it.
            for d in [inward, inward.inverse(), Move::Up, Move::Down, Move::Left, Move::Right] {
                let Some(q) = crate::board::neighbor(w, self.h, p, d) else { continue };
                if !self.locked[q] && !on_line(q) && (q == self.blank || self.find_route(q, &[p])) {
                    best = Some((0, q));
                    break;
                }
            }
        }
        let Some((_, q)) = best else {
            return Err(ReduceError::Internal(format!("tile at cell {p} cannot move")));
        };
        self.route_blank(q, &[p])?;
        self.step(dir(w, q, p))
    }

    /// Finishes the tracked tiles `(label, target)` by an exact search in a window holding
    /// them, their targets, the blank and `guard`, inside `region`.
    fn endgame(&mut self, tracked: &[(usize, usize)], guard: Rect, region: Rect) -> Result<(), ReduceError> {
        let w = self.w;
        let mut pts = [0usize; 4];
        for (i, &(l, t)) in tracked.iter().enumerate() {
            pts[2 * i] = self.pos[l] as usize;
            pts[2 * i + 1] = t;
        }
        let pts = &pts[..2 * tracked.len()];
        let grow = if tracked.len() == 1 { 1 } else { 0 };
        let mut rect = Rect::around(w, pts).union(guard).grow(grow, region);
        if !rect.contains(w, self.blank) {
            // Bring the blank into the window by the shortest way.
            let avoid: Vec<usize> = tracked.iter().map(|&(l, _)| self.pos[l] as usize).collect();
            let mut spots: Vec<usize> = (rect.r0..rect.r1)
                .flat_map(|r| (rect.c0..rect.c1).map(move |c| r * w + c))
                .filter(|&c| !self.locked[c] && !avoid.contains(&c))
                .collect();
            spots.sort_by_key(|&c| manhattan(w, self.blank, c));
            let mut moved = false;
            for c in spots {
                if self.find_route(c, &avoid) {
                    self.run_path()?;
                    moved = true;
                    break;
                }
            }
            if !moved {
                return Err(ReduceError::Internal("the blank cannot reach the tile".into()));
            }
        }
        for _ in 0..4 {
            let (ww, wh) = (rect.width(), rect.height());
            if ww * wh > MAX_WINDOW {
                break;
            }
            let local = |c: usize| (c / w - rect.r0) * ww + (c % w - rect.c0);
            let mut mask = 0u64;
            for r in rect.r0..rect.r1 {
                for c in rect.c0..rect.c1 {
                    if !self.locked[r * w + c] {
                        mask |= 1 << local(r * w + c);
                    }
                }
            }
            let mut tiles = [(0usize, 0usize); 2];
            for (i, &(l, t)) in tracked.iter().enumerate() {
                tiles[i] = (local(self.pos[l] as usize), local(t));
            }
            self.path.clear();
            let mut path = std::mem::take(&mut self.path);
            let ok = self.local.solve(ww, wh, mask, local(self.blank), &tiles[..tracked.len()], &mut path);
            self.path = path;
            if ok {
                return self.run_path();
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
        let w = self.w;
        if self.pos[a] as usize != a || self.pos[b] as usize != b {
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
            let aim = step_cell(w, other, inward);
            while !band.contains(w, self.pos[other] as usize) {
                self.push_toward(other, aim, other, inward)?;
            }
            self.locked[spot] = false;
            self.endgame(&[(a, a), (b, b)], band, region)?;
        }
        self.locked[a] = true;
        self.locked[b] = true;
        Ok(())
    }

    /// Solves the final block with `finisher` and checks its answer.
    fn finish_block(&mut self, block: Rect, finisher: &mut dyn Finisher) -> Result<(), ReduceError> {
        let w = self.w;
        let (bw, bh) = (block.width(), block.height());
        let global = |i: usize| (block.r0 + i / bw) * w + block.c0 + i % bw;
        // Tiles numbered 1.. in the block's row-major order of their goal cells.
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
            if !block.contains(w, l) {
                return Err(ReduceError::Internal("a tile outside the final block was not placed".into()));
            }
            start.push(number[(l / w - block.r0) * bw + l % w - block.c0]);
        }
        let bad = |e: crate::error::BoardError| ReduceError::Internal(format!("final block: {e}"));
        let start = Board::new(bw, bh, start).map_err(bad)?;
        let goal = Board::new(bw, bh, number).map_err(bad)?;
        let moves = finisher.finish(&start, &goal).map_err(ReduceError::Finisher)?;
        for m in moves {
            let b = self.blank;
            let (r, c) = (b / w - block.r0, b % w - block.c0);
            if crate::board::neighbor(bw, bh, r * bw + c, m).is_none() {
                return Err(ReduceError::Finisher(format!("move {} leaves the final block", m.letter())));
            }
            self.step(m)?;
            self.finisher_moves += 1;
        }
        let solved = (0..bw * bh).all(|i| self.cells[global(i)] as usize == global(i));
        if !solved {
            return Err(ReduceError::Finisher("the finisher's moves do not solve the final block".into()));
        }
        Ok(())
    }
}
